// Wildcard patterns (src/engine/pattern.ts): how a rule splits at its stars,
// and what its parts match (docs/behaviour.md §4.4, §9.10).
import test from 'ava';
import { matchParts, splitPattern } from '../../src/internal.js';

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
