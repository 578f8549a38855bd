// The LRU that RobotsCache and RobotRules keep their origins in: bounded by
// count and by weight, least recently used dropped first.
import test from 'ava';
import { Lru } from '../../src/hosts/lru.js';

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
