// The index of many rules (src/engine/rule-index.ts): the lowest-ranked
// pattern that matches, whatever the patterns repeat or share.
import test from 'ava';
import fc from 'fast-check';
import { GYM2008, MK1996, RFC9309, RobotExclusionRulesParser } from '../../src/index.js';
import { compileRanked, keyScanner, matchParts, MAX_KEY, OVER_BOUND, splitPattern } from '../../src/internal.js';
import { assertProperty } from '../helpers/robots.js';
import { ample, firstPlaces } from '../helpers/work.js';

/** The lowest rank whose pattern matches `path`, tried one by one. */
function reference(patterns: readonly string[], path: string): number {
  return patterns.findIndex((pattern) => {
    const split = splitPattern(pattern);
    if (split === null) return path.startsWith(pattern);
    if (typeof split === 'string') return path.startsWith(split);
    return matchParts(split.parts, split.anchored, path);
  });
}

test('a pattern written many times decides at its first rank, as if written once', (t) => {
  const patterns = ['/x', ...Array.from({ length: 300 }, () => '/*aa*q'), '/*a', '/*aa*q$'];
  const match = compileRanked(patterns, true);
  for (const path of ['/aaaa', '/aaq', '/xaaq', '/q', '/', '/baa', '/aaqq']) t.is(match(path), reference(patterns, path), path);
});

test('many rules sharing one word, some repeated, answer as tried one by one', (t) => {
  const patterns: string[] = [];
  for (let i = 0; i < 200; i++) patterns.push(`/*aa*q${i % 37}`, `/*aa${i % 11}*q`, '/*aa*z');
  const match = compileRanked(patterns, true);
  for (const path of ['/aaaa', '/aaq5', '/aa3q', '/aa10q', '/aaz', '/a'.repeat(50), '/aa'.repeat(40) + 'q36']) {
    t.is(match(path), reference(patterns, path), path);
  }
});

test('the key scanner visits each key once a scan, however many keys share a word and however often it occurs', (t) => {
  // 60 copies of one word: one trie node holds them all, and `aa` occurs at every position.
  const keys = Array.from({ length: 60 }, () => 'aa');
  const scan = keyScanner(
    keys,
    Int32Array.from(keys, (_, k) => k),
  );
  const visits: number[] = [];
  scan(
    '/' + 'a'.repeat(500),
    0x7fffffff,
    (slot) => {
      visits.push(slot);
      return 0x7fffffff;
    },
    ample(),
  );
  t.deepEqual(
    [...visits].sort((a, b) => a - b),
    keys.map((_, k) => k),
  );
});

test('words longer than the key scanner reads whole answer as tried one by one', (t) => {
  // Openings of MAX_KEY characters shared by many words, and words that differ only past them.
  const opening = 'w'.repeat(MAX_KEY);
  const patterns: string[] = [];
  for (let i = 0; i < 60; i++) patterns.push(`/*${opening}${i}*z`, `/*${opening}x${i}`, `/x*${opening}${'w'.repeat(i)}y*`);
  const match = compileRanked(patterns, true);
  const paths = ['/' + opening, `/${opening}7z`, `/a${opening}x12`, `/x${opening}wwwy`, `/x${'w'.repeat(80)}y`, `/${opening}${opening}59z`, '/w'.repeat(40)];
  for (const path of paths) t.is(match(path), reference(patterns, path), path);
});

test('property: the key scanner finds words longer than its openings where they first occur', (t) => {
  assertProperty(
    t,
    fc.property(
      fc.array(fc.string({ unit: fc.constantFrom('a', 'b'), minLength: MAX_KEY - 2, maxLength: MAX_KEY + 6 }), { minLength: 30, maxLength: 60 }),
      fc.string({ unit: fc.constantFrom('a', 'b', '/'), maxLength: 80 }),
      (keys, path) => {
        const seen = firstPlaces(keys, path);
        return keys.every((key, slot) => (seen.get(slot) ?? -1) === path.indexOf(key));
      },
    ),
    { numRuns: 300, seed: 5010 },
  );
});

/** Rules whose words share long openings that a path of `a`s meets at every place, and never match. */
const slowRules = Array.from({ length: 90 }, (_, k) => `/*${'a'.repeat(1000)}${k}*q`);

test('a check past its work bound answers OVER_BOUND, whatever rules it would have found', (t) => {
  const match = compileRanked(slowRules, true);
  t.is(match('/' + 'a'.repeat(16_000)), OVER_BOUND);
  // The same rules on paths that are quick to answer, as tried one by one.
  for (const path of ['/b', '/' + 'a'.repeat(10) + 'q', '/q' + 'a'.repeat(15)]) t.is(match(path), reference(slowRules, path), path);
});

test('past the work bound every syntax with wildcards disallows, and explain says why', (t) => {
  const parser = new RobotExclusionRulesParser();
  parser.parse('User-agent: *\n' + slowRules.map((r) => `Disallow: ${r}\n`).join(''));
  const url = 'https://example.com/' + 'a'.repeat(16_000);
  for (const syntax of [GYM2008, RFC9309] as const) {
    t.false(parser.isAllowed('bot', url, syntax), String(syntax));
    t.deepEqual(parser.explain('bot', url, syntax), { allowed: false, rule: null, overBound: true, record: { names: ['*'], line: 1 } }, String(syntax));
    // A short URL is still answered: no rule matches it.
    t.deepEqual(parser.explain('bot', 'https://example.com/b', syntax), { allowed: true, record: { names: ['*'], line: 1 }, rule: null }, String(syntax));
  }
  // MK1996 reads the stars as written: literal prefixes, no search.
  t.true(parser.isAllowed('bot', url, MK1996));
});

test('a bucket of keys that differ late finds each key that occurs, whichever keys before it matched', (t) => {
  // Up to CROWDED keys sharing an opening stay in one bucket, sorted, each compared from where the one before it stopped.
  const keys = ['abcdefghijklmnoZ', 'abcdefghijklmnoA', 'abcdefghijklmno', 'abcdefghij', 'abcdefghijklmnoQ', 'abX', 'abcdefghijklmnoQrs', 'ab'];
  for (const path of ['/abcdefghijklmnoQ', '/abcdefghijklmnoArs', '/abX/abcdefghijklmno', '/ab', '/abcdefghijklmnoQrs/abcdefghijklmnoZ', '/abcdefghij']) {
    const seen = firstPlaces(keys, path);
    t.deepEqual(
      keys.map((_, slot) => seen.get(slot) ?? -1),
      keys.map((key) => path.indexOf(key)),
      path,
    );
  }
});

test('a trie node of many children finds each of them: crowded buckets of ten openings', (t) => {
  // 30 keys on each of ten openings crowd ten buckets; the trie's root then
  // has ten children, searched by halving (a child found at the halving point was lost).
  const keys: string[] = [];
  for (let o = 0; o < 10; o++) for (let k = 0; k < 30; k++) keys.push(`${String.fromCharCode(0x61 + o)}${o}${k}z`);
  for (let o = 0; o < 10; o++) {
    const path = `/x${String.fromCharCode(0x61 + o)}${o}17z/${String.fromCharCode(0x61 + o)}${o}3z`;
    const seen = firstPlaces(keys, path);
    t.deepEqual(
      keys.map((_, slot) => seen.get(slot) ?? -1),
      keys.map((key) => path.indexOf(key)),
      path,
    );
  }
  const patterns = keys.map((key) => `/*${key}*q$`);
  const match = compileRanked(patterns, true);
  for (const path of ['/e417zq', '/j93zxq', '/a0q', '/f529zq']) t.is(match(path), reference(patterns, path), path);
});

test('an index past 65,535 rules, keys and trie nodes (four-byte arrays) answers as tried one by one', (t) => {
  // 70,000 rules `/*k<i>*` and `/q*j<i>*z`, no word inside another: ranks,
  // slots, key offsets and trie nodes all pass two bytes (engine/indexes.ts).
  const patterns: string[] = [];
  for (let i = 0; i < 35_000; i++) {
    const n = String(i).padStart(5, '0');
    patterns.push(`/*k${n}*`, `/q*j${n}*z`);
  }
  const match = compileRanked(patterns, true);
  const paths = ['/k34999', '/xk12345', '/qj34998z', '/qj34998', '/q/j00007z/k30000', '/', '/k3499', '/qqj10000z', '/a/k99999'];
  for (const path of paths) t.is(match(path), reference(patterns, path), path);
  t.true(match('/k34999') > 0xffff);
});

test('a trie walk is charged its first two code units as one step, as the bucket that sent it there found them', (t) => {
  // 60 words sharing `ababababc` fill one bucket's trie; on 80,000 characters
  // of `abab…` every other place walks it 9 units deep. Charged a step a
  // unit from the first, this check passed its work bound.
  const patterns = Array.from({ length: 60 }, (_, i) => '/*ababababc' + String.fromCharCode(0x100 + i) + '*');
  patterns.push('/*ababababcz*');
  const path = '/' + 'ab'.repeat(40_000) + 'cz';
  t.is(compileRanked(patterns, true)(path), 60);
});
