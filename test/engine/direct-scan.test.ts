// The first tier (src/engine/direct-scan.ts): patterns matched as written,
// and the budget that says when an index pays or a scan would be too long.
import test from 'ava';
import fc from 'fast-check';
import {
  longestScanned,
  longestScannedOf,
  matchParts,
  matchPattern,
  matchSpan,
  PAYBACK,
  SCAN_LIMIT,
  scanBudget,
  scansDirectly,
  splitPattern,
} from '../../src/internal.js';
import { assertProperty } from '../helpers/robots.js';
import { globMatch } from '../helpers/reference.js';

/** The compiled reading of a pattern: splitPattern, then a prefix or matchParts. */
function compiledMatch(pattern: string, path: string): boolean {
  const split = splitPattern(pattern);
  if (split === null) return path.startsWith(pattern);
  if (typeof split === 'string') return path.startsWith(split);
  return matchParts(split.parts, split.anchored, path);
}

// Runs longer than 32 characters are compared by another way than short ones (engine/pattern.ts, sameAt).
const LONG = 'ab'.repeat(20);
const piece = fc.constantFrom('/', 'a', 'b', 'ab', '*', '**', '$', '?', '%2F', LONG);
const pattern = fc.array(piece, { maxLength: 7 }).map((xs) => xs.join(''));
const path = fc.array(fc.constantFrom('/', 'a', 'b', 'ab', 'ba', '$', '*', '?', '%2F', LONG, LONG + 'a'), { maxLength: 9 }).map((xs) => xs.join(''));

test('matchPattern answers as the split pattern does, and as the reference matcher', (t) => {
  assertProperty(
    t,
    fc.property(pattern, path, (p, s) => matchPattern(p, s) === compiledMatch(p, s) && matchPattern(p, s) === globMatch(s, p)),
    { seed: 1926, numRuns: 4000 },
  );
});

test('matchSpan answers in place, within its span of a longer text, as matchPattern of the span', (t) => {
  const around = fc.array(fc.constantFrom('a', '*', '$', '/', 'b*'), { maxLength: 4 }).map((xs) => xs.join(''));
  assertProperty(
    t,
    fc.property(around, pattern, around, path, (before, p, after, s) => {
      const text = before + p + after;
      const ps = before.length;
      const pe = ps + p.length;
      const star = text.indexOf('*', ps);
      return matchSpan(text, ps, pe, star < 0 ? text.length : star, s) === matchPattern(p, s);
    }),
    { seed: 2611, numRuns: 4000 },
  );
});

test('matchPattern: anchors, stars and literals', (t) => {
  t.true(matchPattern('/a*b$', '/axxb'));
  t.false(matchPattern('/a*b$', '/axxbc'));
  t.true(matchPattern('/a$', '/a'));
  t.false(matchPattern('/a$', '/ab'));
  t.true(matchPattern('/a***', '/ab'));
  t.true(matchPattern('*', ''));
  t.true(matchPattern('$', ''));
  t.false(matchPattern('$', '/'));
  t.true(matchPattern('/*.php', '/x/y.php?z'));
  t.false(matchPattern('/*.php', 'x.php'));
});

test('a budget scans until the rules looked at reach PAYBACK times the rules', (t) => {
  let left = scanBudget(10);
  for (let k = 0; k < PAYBACK; k++) {
    t.true(scansDirectly(left, Infinity, 20));
    left -= 10;
  }
  t.false(scansDirectly(left, Infinity, 20));
});

test('a budget does not scan a path whose length times the wildcard rules, with their characters, passes SCAN_LIMIT', (t) => {
  const left = scanBudget(5000);
  const longest = longestScanned(1000, 0);
  t.true(scansDirectly(left, longest, Math.floor(SCAN_LIMIT / 1000)));
  t.false(scansDirectly(left, longest, Math.floor(SCAN_LIMIT / 1000) + 1));
  // Rules of 500 characters each leave half the steps to the path.
  t.is(longestScanned(1000, 500_000), Math.floor((SCAN_LIMIT - 500_000) / 1000));
  // Rules whose characters alone pass the limit scan no path.
  t.false(scansDirectly(left, longestScanned(1000, SCAN_LIMIT + 1), 0));
  // Literal rules alone read each rule at most to its end: any path is scanned.
  t.true(scansDirectly(scanBudget(50_000), longestScanned(0, 0), 100_000));
});

test('longestScannedOf counts the patterns with a star and their characters', (t) => {
  t.is(longestScannedOf(['/a', '/*b', '/c$', '/d**', '*']), longestScanned(3, 3 + 4 + 1));
  t.is(longestScannedOf(['/a', '/c$']), Infinity);
});
