// Unit tests of patterns (src/engine/pattern.ts), and compiled records against a naive first-match scan.
import test from 'ava';
import fc from 'fast-check';
import { compileRules, matchParts, splitPattern } from '../../src/internal.js';
import type { Rule } from '../../src/internal.js';
import { GYM2008, MK1996, type Syntax } from '../../src/syntax.js';
import { assertProperty } from '../helpers/robots.js';

/** Matches a GYM2008 path with the pattern as written (behaviour.md §4.4), via splitPattern + matchParts. */
function globMatch(pattern: string, path: string): boolean {
  const split = splitPattern(pattern);
  if (split === null) return path.startsWith(pattern);
  if (typeof split === 'string') return path.startsWith(split);
  return matchParts(split.parts, split.anchored, path);
}

// splitPattern -----------------------------------------------------------------

test('splitPattern: a rule without * or a trailing $ is literal (null)', (t) => {
  t.is(splitPattern('/a/b'), null);
  t.is(splitPattern(''), null);
  t.is(splitPattern('/a$b'), null);
});

test('splitPattern: a rule whose only stars are trailing is the literal prefix before them', (t) => {
  t.is(splitPattern('/a*'), '/a');
  t.is(splitPattern('/a***'), '/a');
  t.is(splitPattern('*'), '');
  t.is(splitPattern('/a$b*'), '/a$b');
});

test('splitPattern: other stars and a trailing $ make a pattern', (t) => {
  t.not(typeof splitPattern('/a*b'), 'string');
  t.not(splitPattern('/a*b'), null);
  t.not(splitPattern('/a$'), null);
  t.not(typeof splitPattern('/a$'), 'string');
  t.not(splitPattern('*.pdf$'), null);
});

// matchParts through patterns ------------------------------------------------------

const globCases: Array<[string, string, boolean]> = [
  ['/a*b', '/ab', true],
  ['/a*b', '/axxb', true],
  ['/a*b', '/axxbyy', true],
  ['/a*b', '/a', false],
  ['/a*b', '/xab', false],
  ['/a*b$', '/axxb', true],
  ['/a*b$', '/axxbc', false],
  ['/a*b$', '/abab', true],
  ['/a$', '/a', true],
  ['/a$', '/ab', false],
  ['/a$$', '/a$', true],
  ['/a$$', '/a', false],
  ['*.pdf$', '/x.pdf', true],
  ['*.pdf$', '.pdf', true],
  ['*.pdf$', '/x.pdf?', false],
  ['*', '', true],
  ['*$', '', true],
  ['$', '', true],
  ['$', '/', false],
  ['/a*a$', '/a', false],
  ['/a*a$', '/aa', true],
  ['/a*b*c', '/abc', true],
  ['/a*b*c', '/acb', false],
  ['/a*b*c', '/a-b-c-', true],
  ['/a*b*b$', '/ab', false],
  ['/a*b*b$', '/abb', true],
  ['/a*bc*bc$', '/abcbc', true],
  ['/a*bc*bc$', '/abcb', false],
  ['/a*aa*a$', '/aaaa', true],
  ['/a*aa*a$', '/aaa', false],
  ['**/x**y**$', '/1/x2y', true],
  ['/*/*/', '///', true],
  ['/*/*/', '//', false],
];

for (const [pattern, path, expected] of globCases) {
  test(`4.4 GYM2008 pattern ${JSON.stringify(pattern)} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(path)}`, (t) => {
    t.is(globMatch(pattern, path), expected);
  });
}

// compileRules -----------------------------------------------------------------------

const rule = (path: string, allow = false, line = 0): Rule => ({ allow, raw: path, path, line });

test('compileRules: no rules match nothing', (t) => {
  t.is(compileRules([], GYM2008)('/x'), -1);
  t.is(compileRules([], MK1996)('/x'), -1);
});

test('compileRules: the index of the first matching rule in file order', (t) => {
  const rules = [rule('/b'), rule('/a/b', true), rule('/a'), rule('/a/b/c')];
  for (const syntax of [MK1996, GYM2008] as const) {
    const m = compileRules(rules, syntax);
    t.is(m('/a/b/c'), 1);
    t.is(m('/a/x'), 2);
    t.is(m('/c'), -1);
  }
});

test('compileRules: an empty path matches everything, and rules after it never decide', (t) => {
  const rules = [rule('/x'), rule(''), rule('/')];
  for (const syntax of [MK1996, GYM2008] as const) {
    const m = compileRules(rules, syntax);
    t.is(m('/x'), 0);
    t.is(m('/y'), 1);
    t.is(m(''), 1);
  }
});

test('compileRules: GYM2008 treats * and $ as wildcards, MK1996 as literals', (t) => {
  const rules = [rule('/a*b'), rule('/c$'), rule('/')];
  const gym = compileRules(rules, GYM2008);
  const mk = compileRules(rules, MK1996);
  t.is(gym('/axb'), 0);
  t.is(mk('/axb'), 2);
  t.is(mk('/a*b'), 0);
  t.is(gym('/c'), 1);
  t.is(mk('/c'), 2);
  t.is(mk('/c$'), 1);
  t.is(gym('/c$'), 2);
});

test('compileRules: duplicate paths give the first index, even with many rules', (t) => {
  const rules: Rule[] = [];
  for (let k = 0; k < 30; k++) rules.push(rule(`/p${k % 7}`));
  for (const syntax of [MK1996, GYM2008] as const) {
    const m = compileRules(rules, syntax);
    for (let k = 0; k < 7; k++) t.is(m(`/p${k}/x`), k);
  }
});

test('compileRules: many literal rules sharing prefixes answer the first match', (t) => {
  const paths = ['/a/b/c', '/a/b', '/a', '/a/bc', '/a/b/cd', '/ab', '/b', '/a/b/c/d', '/a/', '/', '/a/b/', '/a/b/c/', '/zz', '/a/bd'];
  const rules = paths.map((p) => rule(p));
  for (const syntax of [MK1996, GYM2008] as const) {
    const m = compileRules(rules, syntax);
    t.is(m('/a/b/c/d/e'), 0);
    t.is(m('/a/b/x'), 1);
    t.is(m('/a/x'), 2);
    t.is(m('/ab'), 2);
    t.is(m('/abc'), 2);
    t.is(m('/b'), 6);
    t.is(m('/c'), 9);
    t.is(m(''), -1);
  }
});

test('compileRules: many patterns (beyond any small-set path) answer the first match', (t) => {
  const rules = [rule('/*xyz'), rule('/*abc$'), rule('/q*'), rule('/*.pdf$'), rule('/*.gif$'), rule('/a*bc*de'), rule('/*?s=*'), rule('*x'), rule('/lit')];
  const m = compileRules(rules, GYM2008);
  t.is(m('/1/xyz/abc'), 0);
  t.is(m('/1/abc'), 1);
  t.is(m('/q'), 2);
  t.is(m('/a.pdf'), 3);
  t.is(m('/a.gif'), 4);
  t.is(m('/abcde'), 5);
  t.is(m('/p?s=1'), 6);
  t.is(m('/px'), 7);
  t.is(m('/lit'), 8);
  t.is(m('/none'), -1);
});

// compileRules against a naive reference ----------------------------------------------

/** behaviour.md §4.4 written as directly as possible: a backtracking glob, independent of match.ts. */
function naiveGlob(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const go = (pi: number, si: number): boolean => {
    if (pi === body.length) return !anchored || si === path.length;
    if (body[pi] === '*') {
      for (let k = si; k <= path.length; k++) if (go(pi + 1, k)) return true;
      return false;
    }
    return si < path.length && path[si] === body[pi] && go(pi + 1, si + 1);
  };
  return go(0, 0);
}

function naiveFirstMatch(paths: readonly string[], syntax: Syntax, path: string): number {
  for (let i = 0; i < paths.length; i++) {
    const p = paths[i]!;
    const wild = syntax === GYM2008 && (p.includes('*') || p.endsWith('$'));
    if (wild ? naiveGlob(p, path) : path.startsWith(p)) return i;
  }
  return -1;
}

// A small alphabet so that rules share prefixes and collide often.
const ruleChar = fc.constantFrom('/', 'a', 'b', 'ab', '/a', '*', '$', 'c', 'é', '?', '=');
const pathChar = fc.constantFrom('/', 'a', 'b', 'c', 'é', '?', '=', '*', '$', 'ab');
// Empty rules are rare, so that most rule sets are not cut short at an empty one.
const rulePath = fc.oneof(
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 60, arbitrary: fc.array(ruleChar, { minLength: 1, maxLength: 6 }).map((cs) => cs.join('')) },
);
const urlPathArb = fc.array(pathChar, { maxLength: 10 }).map((cs) => cs.join(''));

for (const syntax of [MK1996, GYM2008] as const) {
  for (const [label, min, max] of [
    ['few', 0, 6],
    ['many', 13, 60],
  ] as const) {
    test(`compileRules (${syntax === MK1996 ? 'MK1996' : 'GYM2008'}, ${label} rules) gives the same index as a naive first-match scan`, (t) => {
      assertProperty(
        t,
        fc.property(fc.array(rulePath, { minLength: min, maxLength: max }), fc.array(urlPathArb, { minLength: 1, maxLength: 20 }), (paths, urls) => {
          const m = compileRules(
            paths.map((p) => rule(p)),
            syntax,
          );
          for (const url of urls) {
            const got = m(url);
            const want = naiveFirstMatch(paths, syntax, url);
            if (got !== want) throw new Error(`rules ${JSON.stringify(paths)} path ${JSON.stringify(url)}: got ${got}, want ${want}`);
          }
        }),
        { seed: 20240517 + syntax + min, numRuns: 400 },
      );
    });
  }
}

test('compileRules: many long wildcard rules with shared openings give the same index as a naive scan', (t) => {
  const part = fc.constantFrom('ab', 'abc', 'bca', 'cab', 'x', '/', 'aa', 'b');
  const pattern = fc
    .tuple(fc.array(part, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.constantFrom('', '/', '*'))
    .map(([parts, anchored, lead]) => lead + parts.join('*') + (anchored ? '$' : ''));
  const path = fc.array(fc.constantFrom('a', 'b', 'c', 'ab', 'ca', '/', 'x'), { maxLength: 16 }).map((cs) => '/' + cs.join(''));
  assertProperty(
    t,
    fc.property(fc.array(fc.oneof(pattern, rulePath), { minLength: 5, maxLength: 40 }), fc.array(path, { minLength: 1, maxLength: 20 }), (paths, urls) => {
      const m = compileRules(
        paths.map((p) => rule(p)),
        GYM2008,
      );
      for (const url of urls) {
        const got = m(url);
        const want = naiveFirstMatch(paths, GYM2008, url);
        if (got !== want) throw new Error(`rules ${JSON.stringify(paths)} path ${JSON.stringify(url)}: got ${got}, want ${want}`);
      }
    }),
    { seed: 777, numRuns: 400 },
  );
});

test('compileRules: a compiled matcher answers the same when asked again (no state leaks between calls)', (t) => {
  const paths = ['/*ab*c', '/*bc$', '/*abc', '/*cab', '/*xab', '/lit', '/*b*a', '/*ba'];
  const m = compileRules(
    paths.map((p) => rule(p)),
    GYM2008,
  );
  const urls = ['/abc', '/xbc', '/cab', '/ba', '/zzz', '/abc'];
  const first = urls.map((u) => m(u));
  const want = urls.map((u) => naiveFirstMatch(paths, GYM2008, u));
  t.deepEqual(first, want);
  for (let round = 0; round < 3; round++)
    t.deepEqual(
      urls.map((u) => m(u)),
      want,
    );
});
