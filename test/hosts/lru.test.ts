// The LRU that RobotsCache and RobotRules keep their origins in: bounded by
// count and by weight, least recently used dropped first.
import test from 'ava';
import fc from 'fast-check';
import { Lru } from '../../src/hosts/lru.js';
import { assertProperty } from '../helpers/robots.js';

const keys = (lru: Lru<string, number>): string[] => lru.entries().map(([k]) => k);

test('past maxEntries the least recently set entry is dropped', (t) => {
  const lru = new Lru<string, number>(2, 1_000);
  lru.set('a', 1, 10);
  lru.set('b', 2, 10);
  lru.set('a', 1, 10);
  lru.set('c', 3, 10);
  t.deepEqual(keys(lru), ['a', 'c']);
  t.is(lru.weight, 20);
});

test('past maxWeight the least recently set entries are dropped until the rest fit', (t) => {
  const lru = new Lru<string, number>(100, 100);
  lru.set('a', 1, 40);
  lru.set('b', 2, 40);
  lru.set('c', 3, 10);
  lru.set('d', 4, 45);
  t.deepEqual(keys(lru), ['b', 'c', 'd']);
  t.is(lru.weight, 95);
  lru.set('e', 5, 90);
  t.deepEqual(keys(lru), ['e']);
  t.is(lru.weight, 90);
});

test('the entry just set is kept even when it alone weighs more than maxWeight', (t) => {
  const lru = new Lru<string, number>(100, 100);
  lru.set('a', 1, 10);
  lru.set('big', 2, 500);
  t.deepEqual(keys(lru), ['big']);
  t.is(lru.weight, 500);
  lru.set('b', 3, 10);
  t.deepEqual(keys(lru), ['b']);
});

test('peek leaves the order; setting again re-weighs; delete and clear give the weight back', (t) => {
  const lru = new Lru<string, number>(2, 1_000);
  lru.set('a', 1, 10);
  lru.set('b', 2, 10);
  t.is(lru.peek('a'), 1);
  lru.set('c', 3, 10);
  t.is(lru.peek('a'), undefined);
  lru.set('b', 2, 30);
  t.is(lru.weight, 40);
  lru.reweigh('b', 5);
  t.is(lru.weight, 15);
  t.deepEqual(keys(lru), ['c', 'b']);
  t.true(lru.delete('c'));
  t.false(lru.delete('c'));
  t.is(lru.weight, 5);
  lru.clear();
  t.is(lru.size, 0);
  t.is(lru.weight, 0);
});

test('an entry reweighed heavier drops the least recently used others past maxWeight, and is kept', (t) => {
  const lru = new Lru<string, number>(100, 100);
  lru.set('a', 1, 30);
  lru.set('b', 2, 30);
  lru.set('c', 3, 30);
  lru.reweigh('b', 60);
  t.deepEqual(keys(lru), ['b', 'c']);
  t.is(lru.weight, 90);
  lru.reweigh('b', 200);
  t.deepEqual(keys(lru), ['b']);
  t.is(lru.weight, 200);
});

test('a hit makes the entry the most recently used; peek and reweigh leave it in place', (t) => {
  const lru = new Lru<string, number>(10, 1_000);
  for (const k of ['a', 'b', 'c', 'd']) lru.set(k, 0, 1);
  lru.set('b', 0, 1);
  t.deepEqual(keys(lru), ['a', 'c', 'd', 'b']);
  lru.peek('a');
  lru.reweigh('c', 2);
  t.deepEqual(keys(lru), ['a', 'c', 'd', 'b']);
  lru.set('a', 0, 1);
  t.deepEqual(keys(lru), ['c', 'd', 'b', 'a']);
  lru.reweigh('missing', 500);
  t.is(lru.size, 4);
  t.is(lru.weight, 5);
});

test('a value set again replaces the old one and takes the new weight', (t) => {
  const lru = new Lru<string, string>(2, 100);
  lru.set('a', 'old', 10);
  lru.set('a', 'new', 70);
  t.is(lru.peek('a'), 'new');
  t.is(lru.size, 1);
  t.is(lru.weight, 70);
  lru.set('b', 'b', 40);
  t.deepEqual(
    lru.entries().map(([k]) => k),
    ['b'],
  );
});

test('with maxEntries 1 each new key replaces the last one', (t) => {
  const lru = new Lru<string, number>(1, 1_000);
  lru.set('a', 1, 1);
  lru.set('b', 2, 1);
  lru.set('b', 3, 1);
  t.deepEqual(lru.entries(), [['b', 3]]);
  lru.set('c', 4, 1);
  t.deepEqual(lru.entries(), [['c', 4]]);
  t.is(lru.weight, 1);
});

test('an entry reweighed lighter drops nothing, and the next set trims from the least recently used', (t) => {
  const lru = new Lru<string, number>(100, 100);
  lru.set('a', 1, 10);
  lru.set('big', 2, 500);
  t.deepEqual(keys(lru), ['big']);
  lru.set('c', 3, 10);
  lru.reweigh('c', 5);
  t.deepEqual(keys(lru), ['c']);
  lru.set('d', 4, 50);
  lru.reweigh('c', 40);
  t.deepEqual(keys(lru), ['c', 'd']);
  t.is(lru.weight, 90);
});

test('delete unlinks from the middle and both ends; the slots freed are used again', (t) => {
  const lru = new Lru<string, number>(5, 1_000);
  for (const k of ['a', 'b', 'c', 'd', 'e']) lru.set(k, 0, 1);
  t.true(lru.delete('c'));
  t.true(lru.delete('a'));
  t.true(lru.delete('e'));
  t.deepEqual(keys(lru), ['b', 'd']);
  for (const k of ['x', 'y', 'z']) lru.set(k, 0, 1);
  t.deepEqual(keys(lru), ['b', 'd', 'x', 'y', 'z']);
  lru.set('w', 0, 1);
  t.deepEqual(keys(lru), ['d', 'x', 'y', 'z', 'w']);
  t.is(lru.weight, 5);
  t.is(lru.peek('b'), undefined);
});

test('clear forgets every entry, and the map fills again afterwards', (t) => {
  const lru = new Lru<string, number>(3, 1_000);
  for (const k of ['a', 'b', 'c']) lru.set(k, 1, 7);
  lru.clear();
  t.deepEqual(lru.entries(), []);
  t.is(lru.peek('a'), undefined);
  t.false(lru.delete('a'));
  for (const k of ['c', 'd', 'e', 'f']) lru.set(k, 2, 1);
  t.deepEqual(keys(lru), ['d', 'e', 'f']);
  t.is(lru.weight, 3);
});

test('holds many more entries than it first allocated, in order, and evicts by count past them', (t) => {
  const n = 5_000;
  const lru = new Lru<number, number>(n, Number.POSITIVE_INFINITY);
  for (let i = 0; i < n; i++) lru.set(i, i * 2, 1);
  t.is(lru.size, n);
  for (let i = 0; i < n; i += 2) lru.set(i, i * 3, 2);
  const expected = [...Array.from({ length: n / 2 }, (_, i) => 2 * i + 1), ...Array.from({ length: n / 2 }, (_, i) => 2 * i)];
  t.deepEqual(
    lru.entries().map(([k]) => k),
    expected,
  );
  t.is(lru.peek(10), 30);
  t.is(lru.peek(11), 22);
  t.is(lru.weight, n + n / 2);
  for (let i = n; i < n + 100; i++) lru.set(i, i, 1);
  t.is(lru.size, n);
  t.is(lru.peek(1), undefined);
  t.is(lru.peek(199), undefined);
  t.is(lru.peek(201), 402);
  t.deepEqual(lru.entries().at(-1), [n + 99, n + 99]);
});

test('values and keys of any type are held as given', (t) => {
  const lru = new Lru<object, { n: number }>(2, 10);
  const k1 = {};
  const k2 = {};
  const v = { n: 1 };
  lru.set(k1, v, 1);
  lru.set(k2, { n: 2 }, 1);
  t.is(lru.peek(k1), v);
  t.is(lru.peek({}), undefined);
  lru.set({}, { n: 3 }, 1);
  t.is(lru.peek(k1), undefined);
  t.is(lru.peek(k2)?.n, 2);
});

/** The plain model of an Lru: an array, least recently used first, scanned on every call. */
class ModelLru {
  entries: [number, number, number][] = [];

  constructor(
    readonly maxEntries: number,
    readonly maxWeight: number,
  ) {}

  get weight(): number {
    return this.entries.reduce((sum, [, , w]) => sum + w, 0);
  }

  peek(key: number): number | undefined {
    return this.entries.find(([k]) => k === key)?.[1];
  }

  set(key: number, value: number, weight: number): void {
    this.delete(key);
    this.entries.push([key, value, weight]);
    this.#trim(key);
  }

  reweigh(key: number, weight: number): void {
    const held = this.entries.find(([k]) => k === key);
    if (held === undefined) return;
    held[2] = weight;
    this.#trim(key);
  }

  delete(key: number): boolean {
    const at = this.entries.findIndex(([k]) => k === key);
    if (at < 0) return false;
    this.entries.splice(at, 1);
    return true;
  }

  #trim(keep: number): void {
    while (this.entries.length > this.maxEntries || this.weight > this.maxWeight) {
      const at = this.entries.findIndex(([k]) => k !== keep);
      if (at < 0) return;
      this.entries.splice(at, 1);
    }
  }
}

type Op =
  | { op: 'set'; key: number; value: number; weight: number }
  | { op: 'reweigh'; key: number; weight: number }
  | { op: 'peek' | 'delete'; key: number }
  | { op: 'clear' };

const key = fc.integer({ min: 0, max: 40 });
const weight = fc.integer({ min: 0, max: 60 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('set' as const), key, value: fc.integer(), weight }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reweigh' as const), key, weight }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constantFrom('peek' as const, 'delete' as const), key }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const) }) },
);

test('property: any sequence of operations leaves the same entries, in the same order, as a plain model', (t) => {
  assertProperty(
    t,
    fc.property(
      fc.integer({ min: 1, max: 40 }),
      fc.oneof(fc.integer({ min: 0, max: 600 }), fc.constant(Number.POSITIVE_INFINITY)),
      fc.array(op, { maxLength: 300 }),
      (maxEntries, maxWeight, ops) => {
        const lru = new Lru<number, number>(maxEntries, maxWeight);
        const model = new ModelLru(maxEntries, maxWeight);
        for (const o of ops) {
          switch (o.op) {
            case 'set':
              lru.set(o.key, o.value, o.weight);
              model.set(o.key, o.value, o.weight);
              break;
            case 'reweigh':
              lru.reweigh(o.key, o.weight);
              model.reweigh(o.key, o.weight);
              break;
            case 'peek':
              if (lru.peek(o.key) !== model.peek(o.key)) return false;
              break;
            case 'delete':
              if (lru.delete(o.key) !== model.delete(o.key)) return false;
              break;
            case 'clear':
              lru.clear();
              model.entries = [];
          }
          if (lru.size !== model.entries.length || lru.weight !== model.weight) return false;
        }
        return JSON.stringify(lru.entries()) === JSON.stringify(model.entries.map(([k, v]) => [k, v]));
      },
    ),
    { numRuns: 2000, seed: 29 },
  );
});
