// The index of many rules (src/engine/rule-index.ts): the lowest-ranked
// pattern that matches, whatever the patterns repeat or share.
import test from 'ava';
import { compileRanked, keyScanner, matchParts, splitPattern } from '../../src/internal.js';

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
  scan('/' + 'a'.repeat(500), 0x7fffffff, (slot) => {
    visits.push(slot);
    return 0x7fffffff;
  });
  t.deepEqual(
    [...visits].sort((a, b) => a - b),
    keys.map((_, k) => k),
  );
});
