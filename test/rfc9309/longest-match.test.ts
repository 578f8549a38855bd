// The longest-match index and the shared helpers it is built from, checked
// against a plain reference: every rule tried, Google's position-set matcher.
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import { compileLongest, type LongestRule } from '../../src/internal.js';
import { keyScanner, PrefixChain } from '../../src/internal.js';
import { ample } from '../helpers/work.js';
import { assertProperty } from '../helpers/robots.js';
import { longestMatch } from '../helpers/reference.js';

const rule = (allow: boolean, pattern: string): LongestRule => ({ allow, pattern });

test('the longest matching rule decides and allow wins a tie', (t) => {
  const rules = [rule(false, '/'), rule(true, '/fish'), rule(false, '/fish/'), rule(true, '/fish/')];
  const match = compileLongest(rules);
  t.is(match('/x'), 0);
  t.is(match('/fishheads'), 1);
  t.is(match('/fish/salmon'), 3);
  t.is(compileLongest([])('/x'), -1);
});

test('a pattern ending in stars is a prefix but keeps its full length', (t) => {
  // `/a**` (4) is longer than `/ab` (3), though both are prefixes.
  const match = compileLongest([rule(true, '/ab'), rule(false, '/a**')]);
  t.is(match('/abc'), 1);
  t.is(match('/a'), 1);
});

test('empty patterns never decide and $ alone matches nothing', (t) => {
  const match = compileLongest([rule(false, ''), rule(false, '$'), rule(true, '')]);
  t.is(match('/'), -1);
  t.is(match('/x'), -1);
});

test('many literal rules: the index agrees with trying every rule', (t) => {
  const rules: LongestRule[] = [];
  for (let i = 0; i < 200; i++) rules.push(rule(i % 3 === 0, `/d${i % 17}/${'x'.repeat(i % 5)}`));
  // Trailing stars make a short prefix the longest pattern: `/d1/***` (7) beats `/d1/xx` (6).
  rules.push(rule(false, '/'), rule(true, '/d1'), rule(false, '/d1/***'), rule(true, '/d2**'));
  const match = compileLongest(rules);
  for (const path of ['/', '/d1', '/d1/', '/d1/xx', '/d10/xxxxx', '/d16/xxxy', '/e', '/d3/xxxx/more', '/d2/x'])
    t.is(match(path), longestMatch(rules, path), path);
  t.is(rules[match('/d1/xx')]!.pattern, '/d1/***');
});

test('many wildcard rules: an allow as long as the best disallow still wins', (t) => {
  const rules = [rule(false, '/shop/car'), rule(true, '*?page=1*'), ...['a', 'b', 'c', 'd', 'e'].map((x) => rule(false, `*?${x}x=*`))];
  const match = compileLongest(rules);
  // `*?page=1*` and `/shop/car` are both 9 long.
  t.is(match('/shop/cart?page=1'), 1);
  t.is(match('/shop/cart?page=2'), 0);
  t.is(match('/shop/cart?bx=1'), 0);
  t.is(match('/x?bx=1'), 3);
});

test('many wildcard rules: the index agrees with trying every rule', (t) => {
  const rules: LongestRule[] = [];
  for (let i = 0; i < 300; i++) rules.push(rule(i % 2 === 0, `*?name${i % 40}=*`), rule(i % 3 === 0, `/p${i % 7}/*.ext${i % 9}$`));
  const match = compileLongest(rules);
  for (const path of ['/p1/a.ext1', '/p2/b/c.ext8', '/x?name3=1&name17=2', '/p4/x?name39=', '/p6/.ext0', '/nothing']) {
    t.is(match(path), longestMatch(rules, path), path);
  }
});

const alphabet = fc.constantFrom('/', 'a', 'b', 'c', '.', '*', '$', '?', '=');
const pattern = fc.string({ unit: alphabet, maxLength: 7 }).map((s) => (s.startsWith('*') || s === '' ? s : '/' + s));
const path = fc.string({ unit: fc.constantFrom('/', 'a', 'b', 'c', '.', '$', '?', '=', '*'), maxLength: 12 }).map((s) => '/' + s);

test('property: the compiled index gives the deciding rule that trying every rule gives', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(fc.array(fc.record({ allow: fc.boolean(), pattern }), { maxLength: 60 }), fc.array(path, { minLength: 1, maxLength: 20 }), (rules, paths) => {
        const match = compileLongest(rules);
        for (const p of paths) if (match(p) !== longestMatch(rules, p)) return false;
        return true;
      }),
      { numRuns: 400 },
    ),
  );
});

test('the prefix chain finds the longest entry that is a prefix, and its ancestors are the others', (t) => {
  const chain = new PrefixChain(['/a', '/a/b', '/a/b/c', '/a/c', '/b', '']);
  const at = (p: string): string | null => {
    const i = chain.deepest(p);
    return i < 0 ? null : chain.entry(i);
  };
  t.is(at('/a/b/cd'), '/a/b/c');
  t.is(at('/a/bx'), '/a/b');
  t.is(at('/a/x'), '/a');
  t.is(at('/a/c'), '/a/c');
  t.is(at('/c'), '');
  const ancestors: string[] = [];
  for (let i = chain.deepest('/a/b/c'); i >= 0; i = chain.parentOf(i)) ancestors.push(chain.entry(i));
  t.deepEqual(ancestors, ['/a/b/c', '/a/b', '/a', '']);
  t.is(new PrefixChain(['/x']).deepest('/a'), -1);
});

test('property: the prefix chain finds the longest entry that is a prefix of any path', (t) => {
  // Often behind a long shared opening, where the search skips what is known shared.
  const text = fc
    .tuple(fc.constantFrom('', '', '/aaaaaaaa', '/aaaaaaaa/bbbb'), fc.string({ unit: fc.constantFrom('/', 'a', 'b', 'c'), maxLength: 6 }))
    .map(([opening, rest]) => opening + rest);
  assertProperty(
    t,
    fc.property(fc.uniqueArray(text, { maxLength: 40 }), fc.array(text, { minLength: 1, maxLength: 20 }), (entries, paths) => {
      const chain = new PrefixChain(entries);
      return paths.every((path) => {
        const longest = entries.filter((e) => path.startsWith(e)).sort((a, b) => b.length - a.length)[0];
        const at = chain.deepest(path);
        return longest === undefined ? at === -1 : chain.entry(at) === longest;
      });
    }),
    { numRuns: 500 },
  );
});

test('the key scanner reports each key found in a path once, skipping ranks at or above the bound', (t) => {
  const keys = ['ab', 'bc', 'abc', 'zz', '?q='];
  const scan = keyScanner(keys, Int32Array.from([0, 1, 2, 3, 4]));
  const found = (path: string, below: number): string[] => {
    const out: string[] = [];
    scan(
      path,
      below,
      (slot) => {
        out.push(keys[slot]!);
        return below;
      },
      ample(),
    );
    return out.sort();
  };
  t.deepEqual(found('/abcab?q=1', 99), ['?q=', 'ab', 'abc', 'bc']);
  t.deepEqual(found('/abcab?q=1', 2), ['ab', 'bc']);
  t.deepEqual(found('/nothing', 99), []);
  // The bound the callback returns applies at once.
  const seen: string[] = [];
  scan(
    '/ab/bc',
    99,
    (slot) => {
      seen.push(keys[slot]!);
      return 0;
    },
    ample(),
  );
  t.deepEqual(seen, ['ab']);
});

/** Wildcards whose words mostly open with `ab` (`/*ab…`, as a hostile file writes them), so that they crowd the key scanner. */
const crowdedPattern = fc
  .tuple(
    fc.constantFrom('/*ab', '/*ab', '*ab', '/x*ab', '/*ba'),
    fc.string({ unit: fc.constantFrom('a', 'b', 'c', '*'), maxLength: 4 }),
    fc.constantFrom('', '$', '*'),
  )
  .map((p) => p.join(''));
const crowdedPath = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/', 'x'), maxLength: 24 }).map((s) => '/' + s);

/** Asserts that the compiled index agrees with trying every rule, on many rules made of `pattern` and paths made by `path`. */
function agreesOnMany(
  t: ExecutionContext,
  pattern: fc.Arbitrary<string>,
  rules: { minLength: number; maxLength: number },
  path: fc.Arbitrary<string>,
  seed: number,
): void {
  assertProperty(
    t,
    fc.property(fc.array(fc.record({ allow: fc.boolean(), pattern }), rules), fc.array(path, { minLength: 1, maxLength: 20 }), (made, paths) => {
      const match = compileLongest(made);
      return paths.every((p) => match(p) === longestMatch(made, p));
    }),
    { numRuns: 300, seed },
  );
}

test('property: many wildcards sharing one opening give the deciding rule that trying every rule gives', (t) => {
  agreesOnMany(t, crowdedPattern, { minLength: 30, maxLength: 120 }, crowdedPath, 5002);
});

/** Patterns of several short parts over three letters, and long paths of them: a path holds the words of many patterns, which are all tried. */
const manyPartPattern = fc
  .array(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 4 })
  .chain((parts) => fc.constantFrom('', '$').map((end) => '/*' + parts.join('*') + end));
const longPath = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/'), minLength: 10, maxLength: 60 }).map((s) => '/' + s);

test('property: many patterns whose words one path holds give the deciding rule that trying every rule gives', (t) => {
  agreesOnMany(t, manyPartPattern, { minLength: 40, maxLength: 150 }, longPath, 5003);
});

// Keys of a few openings, so that many share one and the scanner walks them
// as a trie; code units past 0x7fff check its edge keys.
const KEY_UNITS = ['a', 'b', '?', '\u8000', '\uffff'];
const scannerCase = fc
  .record({
    keys: fc.array(
      fc
        .tuple(fc.constantFrom('ab', 'ab', 'ab', '\uffff\u8000', '\uffff\u8000', 'a?'), fc.array(fc.constantFrom(...KEY_UNITS), { maxLength: 3 }))
        .map(([opening, rest]) => opening + rest.join('')),
      { minLength: 1, maxLength: 80, size: 'max' },
    ),
    // Ranks are indexes; past 65,535 the trie keeps them in four bytes, not two (engine/indexes.ts).
    wide: fc.boolean(),
    ranks: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 80, maxLength: 80 }),
    path: fc.array(fc.constantFrom(...KEY_UNITS, '/'), { maxLength: 40, size: 'max' }).map((u) => u.join('')),
    below: fc.integer({ min: 0, max: 101 }),
  })
  .map(({ wide, ranks, below, ...rest }) => (wide ? { ...rest, ranks: ranks.map((r) => r + 0x10000), below: below + 0x10000 } : { ...rest, ranks, below }));

test('property: the key scanner reports each key that occurs below the bound once, crowded openings included', (t) => {
  assertProperty(
    t,
    fc.property(scannerCase, ({ keys, ranks, path, below }) => {
      const rank = Int32Array.from(keys, (_, slot) => ranks[slot]!);
      const seen: number[] = [];
      keyScanner(keys, rank)(
        path,
        below,
        (slot) => {
          seen.push(slot);
          return below;
        },
        ample(),
      );
      const want = keys.flatMap((key, slot) => (rank[slot]! < below && path.includes(key) ? [slot] : []));
      return JSON.stringify([...seen].sort((x, y) => x - y)) === JSON.stringify(want);
    }),
    { numRuns: 2000, seed: 5000 },
  );
});

test('property: a key scanner whose caller lowers the bound ends on the lowest rank among the keys that occur', (t) => {
  assertProperty(
    t,
    fc.property(scannerCase, ({ keys, ranks, path, below }) => {
      const rank = Int32Array.from(keys, (_, slot) => ranks[slot]!);
      let bound = below;
      keyScanner(keys, rank)(
        path,
        below,
        (slot) => {
          if (rank[slot]! >= bound) throw new Error(`slot ${slot} visited at or above the bound`);
          bound = rank[slot]!;
          return bound;
        },
        ample(),
      );
      const want = Math.min(below, ...keys.flatMap((key, slot) => (path.includes(key) ? [rank[slot]!] : [])));
      return bound === want;
    }),
    { numRuns: 2000, seed: 5001 },
  );
});
