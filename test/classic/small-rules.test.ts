// SmallRules skips a rule that an earlier one covers: `covers` must only say
// so when every path the later rule matches is matched by the earlier one.
import test from 'ava';
import fc from 'fast-check';
import { covers, firstMatch as firstMatchOf, floatingKey, SmallRules, splitPattern } from '../../src/internal.js';
import { GYM2008, MK1996 } from '../../src/syntax.js';
import { assertProperty } from '../helpers/robots.js';

const firstMatch = (rules: SmallRules, s: string, start: number, inPlace: boolean, from = 0): number =>
  firstMatchOf(rules.tests, rules.table, s, start, inPlace, from);

/** A rule as covers takes it: parts and whether it is anchored (GYM2008 reading). */
function rule(path: string): [readonly string[], boolean] {
  const split = splitPattern(path);
  if (split === null || typeof split === 'string') return [[split ?? path], false];
  return [split.parts, split.anchored];
}

function covered(earlier: string, later: string): boolean {
  return covers(...rule(earlier), ...rule(later));
}

/** Naive GYM2008 match by backtracking, for short strings: `*` any run, a final `$` the end. */
function naive(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const go = (i: number, j: number): boolean => {
    if (i === body.length) return !anchored || j === path.length;
    if (body[i] === '*') {
      for (let k = j; k <= path.length; k++) if (go(i + 1, k)) return true;
      return false;
    }
    return j < path.length && body[i] === path[j] && go(i + 1, j + 1);
  };
  return go(0, 0);
}

test('covers: a literal prefix covers the rules it begins', (t) => {
  t.true(covered('/admin/', '/admin/help'));
  t.true(covered('/admin/', '/admin/*.php$'));
  t.true(covered('', '/anything'));
  t.false(covered('/admin/help', '/admin/'));
  t.false(covered('/admin/', '/*/admin/'));
});

test('covers: a pattern covers a later one whose parts hold its parts in order', (t) => {
  t.true(covered('/*/search/*', '/*/*/search/'));
  t.true(covered('/*x', '/a*bxc*y'));
  t.false(covered('/*x*y', '/*y*x'));
  t.false(covered('/*ab', '/*a*b'));
});

test('covers: an anchored rule covers only itself', (t) => {
  t.true(covered('/a$', '/a$'));
  t.false(covered('/a$', '/a'));
  t.false(covered('/*.php$', '/x/*.php$'));
});

const piece = fc.constantFrom('/', 'a', 'b', 'ab', '*', '*', '$', 'x');
const pattern = fc.array(piece, { maxLength: 6 }).map((parts) => '/' + parts.join(''));
const filler = fc.array(fc.constantFrom('', 'a', 'b', '/', 'x', 'ba'), { minLength: 8, maxLength: 8 });

test('property: when covers says so, every path the later rule matches the earlier one matches', (t) => {
  assertProperty(
    t,
    fc.property(pattern, pattern, filler, fc.constantFrom('', 'a', '/b'), (earlier, later, fills, tail) => {
      if (!covered(earlier, later)) return true;
      // A path the later rule matches: its stars filled in, and more after it unless anchored.
      let k = 0;
      const anchored = later.endsWith('$');
      const body = anchored ? later.slice(0, -1) : later;
      const path = body.replace(/\*/g, () => fills[k++ % fills.length]!) + (anchored ? '' : tail);
      return naive(later, path) && naive(earlier, path);
    }),
    { numRuns: 20000, seed: 2008 },
  );
});

test('a rule that an earlier one covers is never tried, and answers stay first-match', (t) => {
  const rules = new SmallRules(['/a', '/ab', '/*b', '/x*b', '/c'], GYM2008);
  t.is(firstMatch(rules, '/ab', 0, false), 0);
  t.is(firstMatch(rules, '/xb', 0, false), 2);
  t.is(firstMatch(rules, '/c', 0, false), 4);
  t.is(firstMatch(new SmallRules(['/a*', '/a*b'], MK1996), '/a*b', 0, false), 0);
  t.is(firstMatch(new SmallRules(['/a*', '/a*b'], MK1996), '/ab', 0, false), -1);
});

/** The floating key of a GYM2008 rule, or null. */
function keyOf(path: string): string | null {
  const split = splitPattern(path);
  return split === null || typeof split === 'string' ? null : floatingKey(split.parts, split.anchored);
}

test('floatingKey: /*key and /*key* are searched for their key alone', (t) => {
  t.is(keyOf('/*?s='), '?s=');
  t.is(keyOf('/*?s=*'), '?s=');
  t.is(keyOf('/*/search/**'), '/search/');
  t.is(keyOf('/**ning'), 'ning');
  t.is(keyOf('/*a$'), null);
  t.is(keyOf('/*a*b'), null);
  t.is(keyOf('/x*a'), null);
  t.is(keyOf('*a'), null);
});

test("a floating pattern matches its key anywhere after the path's opening /, before the fragment", (t) => {
  const rules = new SmallRules(['/*/a'], GYM2008);
  t.is(firstMatch(rules, '/x/a', 0, false), 0);
  t.is(firstMatch(rules, '/x/ab?q', 0, false), 0);
  // The key must start after the opening `/`, so `/a` alone is no match.
  t.is(firstMatch(rules, '/a', 0, false), -1);
  t.is(firstMatch(rules, 'x/a', 0, false), -1);
  t.is(firstMatch(rules, 'https://h/x/a', 9, true), 0);
  t.is(firstMatch(rules, 'https://h/x#/a', 9, true), -1);
  t.is(firstMatch(rules, 'https://h/x/#a', 9, true), -1);
  t.is(firstMatch(rules, 'https://h/x/a#', 9, true), 0);
});

test('floating patterns keep file order among the other rules', (t) => {
  const rules = new SmallRules(['/a', '/*b', '/ab', '/*c*', '/*b/c$'], GYM2008);
  t.is(firstMatch(rules, '/ab', 0, false), 0);
  t.is(firstMatch(rules, '/xb', 0, false), 1);
  t.is(firstMatch(rules, '/xc', 0, false), 3);
  t.is(firstMatch(rules, '/x', 0, false), -1);
});

test('property: a few rules with floating patterns find the first match a naive scan finds', (t) => {
  const floating = fc.array(fc.constantFrom('a', 'b', '/', '?', '='), { minLength: 1, maxLength: 3 }).map((key) => `/*${key.join('')}*`);
  const rules = fc.array(fc.oneof(floating, pattern), { minLength: 1, maxLength: 24 });
  const path = fc.array(fc.constantFrom('/', 'a', 'b', '?', '=', 'x'), { maxLength: 10 }).map((p) => '/' + p.join(''));
  assertProperty(
    t,
    fc.property(rules, path, (paths, p) => {
      const want = paths.findIndex((rule) => naive(rule, p));
      return firstMatch(new SmallRules(paths, GYM2008), p, 0, false) === want;
    }),
    { numRuns: 20000, seed: 1996 },
  );
});
