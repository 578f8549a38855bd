// The search for rules that never decide: the same answers as comparing
// every pair, in work that grows linearly with the rules (counted, not timed).
import test from 'ava';
import fc from 'fast-check';
import { covers, PATTERN_CAP, Precedence, shadowsOf, shadowWork, splitPattern, type ShadowRule } from '../../src/internal.js';
import { lint } from '../../src/index.js';
import { assertProperty } from '../helpers/robots.js';

/** A rule as the linter reads it under GYM2008 (first match) or RFC 9309 (longest match). */
function rule(kind: 'allow' | 'disallow', path: string, mode: Precedence): ShadowRule {
  const allow = kind === 'allow';
  const strength = mode === Precedence.LongestMatch ? path.length * 2 + (allow ? 1 : 0) : 0;
  const split = splitPattern(path);
  if (split === null) return { allow, key: path, parts: null, anchored: false, strength };
  if (typeof split === 'string') return { allow, key: split, parts: null, anchored: false, strength };
  return { allow, key: split.parts[0]!, parts: split.parts, anchored: split.anchored, strength };
}

/** Every pair compared: the earliest covering rule, or the strongest one that wins. */
function naive(rules: readonly ShadowRule[], mode: Precedence): number[] {
  return rules.map((inner, i) => {
    let found = -1;
    rules.forEach((outer, j) => {
      if (j === i || !covers(outer.parts ?? [outer.key], outer.anchored, inner.parts ?? [inner.key], inner.anchored)) return;
      const wins = mode === Precedence.FirstMatch ? j < i : outer.strength > inner.strength || (outer.strength === inner.strength && j < i);
      if (!wins) return;
      if (found < 0) found = j;
      else if (mode === Precedence.FirstMatch) found = Math.min(found, j);
      else if (outer.strength > rules[found]!.strength || (outer.strength === rules[found]!.strength && j < found)) found = j;
    });
    return found;
  });
}

const arbRules = fc.array(
  fc.record({
    kind: fc.constantFrom('allow' as const, 'disallow' as const),
    path: fc.stringMatching(/^\/[ab/*]{0,4}\$?$/),
  }),
  { maxLength: 12 },
);

for (const [name, mode] of [
  ['first match', Precedence.FirstMatch],
  ['longest match', Precedence.LongestMatch],
] as const) {
  test(`shadowsOf finds what comparing every pair finds, under ${name}`, (t) => {
    assertProperty(
      t,
      fc.property(arbRules, (list) => {
        const rules = list.map((r) => rule(r.kind, r.path, mode));
        return JSON.stringify([...shadowsOf(rules, mode)]) === JSON.stringify(naive(rules, mode));
      }),
      { numRuns: 2000, seed: 9309 },
    );
  });
}

test('shadowsOf: a literal far above still shadows, a blank classic rule shadows everything', (t) => {
  const rules = [rule('disallow', '/private/', Precedence.FirstMatch)];
  for (let i = 0; i < 5000; i++) rules.push(rule('allow', `/other${i}/`, Precedence.FirstMatch));
  rules.push(rule('allow', '/private/public/', Precedence.FirstMatch));
  t.is(shadowsOf(rules, Precedence.FirstMatch)[rules.length - 1], 0);
  const blank: ShadowRule = { allow: true, key: '', parts: null, anchored: false, strength: 0 };
  t.deepEqual([...shadowsOf([blank, rule('disallow', '/x', Precedence.FirstMatch)], Precedence.FirstMatch)], [-1, 0]);
});

test(`shadowsOf tries only the first ${PATTERN_CAP} wildcard rules of a group as covering ones`, (t) => {
  const rules: ShadowRule[] = [];
  for (let i = 0; i < PATTERN_CAP; i++) rules.push(rule('disallow', `/*x${i}y`, Precedence.FirstMatch));
  rules.push(rule('disallow', '/*z', Precedence.FirstMatch), rule('allow', '/az', Precedence.FirstMatch));
  t.is(shadowsOf(rules, Precedence.FirstMatch)[rules.length - 1], -1, 'the 65th wildcard rule is not tried');
  t.is(naive(rules, Precedence.FirstMatch)[rules.length - 1], PATTERN_CAP);
});

/** A group of `n` rules: literals that nest and wildcard rules, mixed. */
function group(n: number): string {
  const lines = ['User-agent: *'];
  for (let i = 0; i < n; i++) {
    lines.push(i % 4 === 0 ? `Disallow: /*.x${i}$` : `${i % 3 ? 'Disallow' : 'Allow'}: /d${i % 50}/${'p'.repeat(i % 7)}${i}`);
  }
  return lines.join('\n') + '\n';
}

test('the work of finding shadowed rules grows linearly with the rules', (t) => {
  const work = (n: number): number => {
    shadowWork.steps = 0;
    lint(group(n));
    return shadowWork.steps;
  };
  const small = work(1_000);
  const large = work(16_000);
  // Pairwise comparison would grow 256 times; linear work grows 16 times.
  t.true(large <= small * 20, `${small} steps for 1,000 rules, ${large} for 16,000`);
});

test('lint finds as much in a file repeated as in each copy: no finding is lost or made up as files grow', (t) => {
  const one = 'User-agent: a\nDisallow: /x\nAllow: /x/y\nDisallow: /q$/r\nCrawl-delay: 1s\n\n';
  const copies = (k: number): string => Array.from({ length: k }, (_, i) => one.replace('User-agent: a', `User-agent: a${'b'.repeat(i)}`)).join('');
  const base = lint(copies(1)).length;
  t.is(lint(copies(200)).length, 200 * base);
});
