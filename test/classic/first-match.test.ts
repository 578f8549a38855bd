// A record's decider in one syntax (src/classic/first-match.ts): the
// compiled record (up to FEW_RULES rules tried in order, more indexed)
// against a plain reference, every rule tried in file order with Google's
// position-set glob (docs/behaviour.md §4.3 to §4.5); and the first tier,
// DirectRules, which answers as the compiled record and hands over to it.
import test from 'ava';
import fc from 'fast-check';
import { compilePaths, compileRecord, compileRules, DirectRules, parseRobots, PAYBACK, SCAN_LIMIT } from '../../src/internal.js';
import type { RecordDecider, Rule } from '../../src/internal.js';
import { RobotExclusionRulesParser } from '../../src/index.js';
import { GYM2008, MK1996, type Syntax } from '../../src/syntax.js';
import { assertProperty } from '../helpers/robots.js';
import { globMatch } from '../helpers/reference.js';

/** The first rule that matches, in file order, or -1. */
function reference(rules: readonly string[], path: string, syntax: Syntax): number {
  return rules.findIndex((rule) => (syntax === GYM2008 && (rule.includes('*') || rule.endsWith('$')) ? globMatch(path, rule) : path.startsWith(rule)));
}

// Few characters, so that rules and paths share prefixes, keys and near misses.
const ruleChars = fc.constantFrom('/', '/', 'a', 'b', 'c', '?', '&', '=', '.', '*', '*', '$');
const pathChars = fc.constantFrom('/', 'a', 'b', 'c', '?', '&', '=', '.', '*', '$');
const rule = fc.oneof(
  fc.string({ unit: ruleChars, maxLength: 7 }).map((s) => '/' + s),
  fc.string({ unit: ruleChars, maxLength: 6 }),
);
const path = fc.string({ unit: pathChars, maxLength: 16 }).map((s) => '/' + s);
/** Query-key wildcards as large real files have them (`*?name*`, `*&name*`): keys opening with two characters. */
const queryRule = fc
  .tuple(
    fc.constantFrom('*?', '*&', '/*?', '/a*&'),
    fc.string({ unit: fc.constantFrom('a', 'b', 'c', '='), minLength: 1, maxLength: 3 }),
    fc.constantFrom('*', '', '$'),
  )
  .map((p) => p.join(''));
const queryPath = fc
  .tuple(path, fc.array(fc.tuple(fc.constantFrom('?', '&'), fc.string({ unit: fc.constantFrom('a', 'b', 'c', '='), maxLength: 4 })), { maxLength: 3 }))
  .map(([p, q]) => p + q.flat().join(''));

function agrees(rules: readonly string[], paths: readonly string[], syntax: Syntax): boolean {
  const match = compilePaths(rules, syntax);
  return paths.every((p) => match(p) === reference(rules, p, syntax));
}

test('GYM2008 matchers of up to 24 rules find the first matching rule', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(rule, { minLength: 1, maxLength: 24 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, GYM2008)),
    { numRuns: 400 },
  );
});

test('GYM2008 matchers of more than 24 rules find the first matching rule', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(rule, { minLength: 25, maxLength: 120 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, GYM2008)),
    { numRuns: 300 },
  );
});

test('MK1996 matchers of up to 24 rules find the first rule that is a prefix', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(rule, { minLength: 1, maxLength: 24 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, MK1996)),
    { numRuns: 400 },
  );
});

test('MK1996 matchers of more than 24 rules find the first rule that is a prefix', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(rule, { minLength: 25, maxLength: 120 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, MK1996)),
    { numRuns: 300 },
  );
});

test('many query-key wildcards are found wherever their key occurs', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(fc.oneof(queryRule, rule), { minLength: 25, maxLength: 150 }), fc.array(queryPath, { maxLength: 30 }), (rules, paths) =>
      agrees(rules, paths, GYM2008),
    ),
    { numRuns: 300 },
  );
});

/** Wildcards whose words mostly open with `ab` (`/*ab…`, as a hostile file writes them), so that they crowd the key scanner. */
const crowdedRule = fc
  .tuple(
    fc.constantFrom('/*ab', '/*ab', '*ab', '/x*ab', '/*ba'),
    fc.string({ unit: fc.constantFrom('a', 'b', 'c', '*'), maxLength: 4 }),
    fc.constantFrom('', '$', '*'),
  )
  .map((p) => p.join(''));
const crowdedPath = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/', 'x'), maxLength: 24 }).map((s) => '/' + s);

test('many wildcards whose words share one opening are found wherever their word occurs', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(crowdedRule, { minLength: 30, maxLength: 150 }), fc.array(crowdedPath, { maxLength: 30 }), (rules, paths) =>
      agrees(rules, paths, GYM2008),
    ),
    { numRuns: 300 },
  );
});

/** Patterns of several short parts over three letters, and long paths of them: a path holds the words of many patterns, which are all tried. */
const manyPartRule = fc
  .array(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 4 })
  .chain((parts) => fc.constantFrom('', '$').map((end) => '/*' + parts.join('*') + end));
const longPath = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/'), minLength: 10, maxLength: 60 }).map((s) => '/' + s);

test('many patterns whose words one path holds are all tried as the reference tries them', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(manyPartRule, { minLength: 40, maxLength: 150 }), fc.array(longPath, { minLength: 1, maxLength: 10 }), (rules, paths) =>
      agrees(rules, paths, GYM2008),
    ),
    { numRuns: 300 },
  );
});

test('a parsed record answers as the reference in both syntaxes', (t) => {
  const property = fc.property(fc.array(rule, { minLength: 1, maxLength: 60 }), fc.array(path, { maxLength: 20 }), (rules, paths) => {
    const text = ['User-agent: *', ...rules.map((r, k) => `${k % 3 === 0 ? 'Allow' : 'Disallow'}: ${r}`)].join('\n');
    const record = parseRobots(text).records[0]!;
    return paths.every(
      (p) => record.decider(MK1996).ruleForPath(p) === reference(rules, p, MK1996) && record.decider(GYM2008).ruleForPath(p) === reference(rules, p, GYM2008),
    );
  });
  assertProperty(t, property, { numRuns: 300 });
});

// compileRules -----------------------------------------------------------------------

const ruleOf = (path: string, allow = false, line = 0): Rule => ({ allow, raw: path, path, line });

test('compileRules: no rules match nothing', (t) => {
  t.is(compileRules([], GYM2008)('/x'), -1);
  t.is(compileRules([], MK1996)('/x'), -1);
});

test('compileRules: the index of the first matching rule in file order', (t) => {
  const rules = [ruleOf('/b'), ruleOf('/a/b', true), ruleOf('/a'), ruleOf('/a/b/c')];
  for (const syntax of [MK1996, GYM2008] as const) {
    const m = compileRules(rules, syntax);
    t.is(m('/a/b/c'), 1);
    t.is(m('/a/x'), 2);
    t.is(m('/c'), -1);
  }
});

test('compileRules: an empty path matches everything, and rules after it never decide', (t) => {
  const rules = [ruleOf('/x'), ruleOf(''), ruleOf('/')];
  for (const syntax of [MK1996, GYM2008] as const) {
    const m = compileRules(rules, syntax);
    t.is(m('/x'), 0);
    t.is(m('/y'), 1);
    t.is(m(''), 1);
  }
});

test('compileRules: GYM2008 treats * and $ as wildcards, MK1996 as literals', (t) => {
  const rules = [ruleOf('/a*b'), ruleOf('/c$'), ruleOf('/')];
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
  for (let k = 0; k < 30; k++) rules.push(ruleOf(`/p${k % 7}`));
  for (const syntax of [MK1996, GYM2008] as const) {
    const m = compileRules(rules, syntax);
    for (let k = 0; k < 7; k++) t.is(m(`/p${k}/x`), k);
  }
});

test('compileRules: many literal rules sharing prefixes answer the first match', (t) => {
  const paths = ['/a/b/c', '/a/b', '/a', '/a/bc', '/a/b/cd', '/ab', '/b', '/a/b/c/d', '/a/', '/', '/a/b/', '/a/b/c/', '/zz', '/a/bd'];
  const rules = paths.map((p) => ruleOf(p));
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
  const rules = [
    ruleOf('/*xyz'),
    ruleOf('/*abc$'),
    ruleOf('/q*'),
    ruleOf('/*.pdf$'),
    ruleOf('/*.gif$'),
    ruleOf('/a*bc*de'),
    ruleOf('/*?s=*'),
    ruleOf('*x'),
    ruleOf('/lit'),
  ];
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

// compileRules against the reference ------------------------------------------------

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
    test(`compileRules (${syntax === MK1996 ? 'MK1996' : 'GYM2008'}, ${label} rules) gives the same index as the reference`, (t) => {
      assertProperty(
        t,
        fc.property(fc.array(rulePath, { minLength: min, maxLength: max }), fc.array(urlPathArb, { minLength: 1, maxLength: 20 }), (paths, urls) => {
          const m = compileRules(
            paths.map((p) => ruleOf(p)),
            syntax,
          );
          for (const url of urls) {
            const got = m(url);
            const want = reference(paths, url, syntax);
            if (got !== want) throw new Error(`rules ${JSON.stringify(paths)} path ${JSON.stringify(url)}: got ${got}, want ${want}`);
          }
        }),
        { seed: 20240517 + syntax + min, numRuns: 400 },
      );
    });
  }
}

test('compileRules: many long wildcard rules with shared openings give the same index as the reference', (t) => {
  const part = fc.constantFrom('ab', 'abc', 'bca', 'cab', 'x', '/', 'aa', 'b');
  const pattern = fc
    .tuple(fc.array(part, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.constantFrom('', '/', '*'))
    .map(([parts, anchored, lead]) => lead + parts.join('*') + (anchored ? '$' : ''));
  const path = fc.array(fc.constantFrom('a', 'b', 'c', 'ab', 'ca', '/', 'x'), { maxLength: 16 }).map((cs) => '/' + cs.join(''));
  assertProperty(
    t,
    fc.property(fc.array(fc.oneof(pattern, rulePath), { minLength: 5, maxLength: 40 }), fc.array(path, { minLength: 1, maxLength: 20 }), (paths, urls) => {
      const m = compileRules(
        paths.map((p) => ruleOf(p)),
        GYM2008,
      );
      for (const url of urls) {
        const got = m(url);
        const want = reference(paths, url, GYM2008);
        if (got !== want) throw new Error(`rules ${JSON.stringify(paths)} path ${JSON.stringify(url)}: got ${got}, want ${want}`);
      }
    }),
    { seed: 777, numRuns: 400 },
  );
});

test('compileRules: a compiled matcher answers the same when asked again (no state leaks between calls)', (t) => {
  const paths = ['/*ab*c', '/*bc$', '/*abc', '/*cab', '/*xab', '/lit', '/*b*a', '/*ba'];
  const m = compileRules(
    paths.map((p) => ruleOf(p)),
    GYM2008,
  );
  const urls = ['/abc', '/xbc', '/cab', '/ba', '/zzz', '/abc'];
  const first = urls.map((u) => m(u));
  const want = urls.map((u) => reference(paths, u, GYM2008));
  t.deepEqual(first, want);
  for (let round = 0; round < 3; round++)
    t.deepEqual(
      urls.map((u) => m(u)),
      want,
    );
});

// DirectRules, the first tier -------------------------------------------------------

const KINDS = { ruleAllows: (i: number): boolean => i % 3 === 0 };
const escapedRule = fc.array(fc.constantFrom('/', 'a', 'b', '*', '$', '?', '%2F', 'é'), { maxLength: 5 }).map((xs) => xs.join(''));
const escapedPath = fc.array(fc.constantFrom('/', 'a', 'b', 'ab', '?', '$', '%2F', 'é'), { maxLength: 8 }).map((xs) => '/' + xs.join(''));

test('a direct scan finds the rule the compiled record finds, few rules or many, in both syntaxes', (t) => {
  assertProperty(
    t,
    fc.property(
      fc.array(escapedRule, { maxLength: 40 }),
      fc.array(escapedPath, { minLength: 1, maxLength: 5 }),
      fc.constantFrom(MK1996, GYM2008),
      (paths, targets, syntax) =>
        targets.every((p) => new DirectRules(paths, syntax, KINDS).ruleForPath(p) === compileRecord(paths, syntax, KINDS).ruleForPath(p)),
    ),
    { seed: 1919, numRuns: 1500 },
  );
});

test('a direct scan answers URLs as the compiled record does', (t) => {
  const paths = ['/a', '/b/*.php$', '', '/c%2Fd'];
  for (const syntax of [MK1996, GYM2008] as const) {
    for (const url of ['https://x.org/a?q', 'https://x.org/b/y.php', 'https://x.org/b/y.php?z', '/c%2fd', '/c/d', 'x', '']) {
      t.is(new DirectRules(paths, syntax, KINDS).allows(url), compileRecord(paths, syntax, KINDS).allows(url), `${syntax} ${url}`);
    }
  }
});

/** The decider as a first tier: fails the test when it is not one. */
function direct(decider: RecordDecider): DirectRules {
  if (!(decider instanceof DirectRules)) throw new Error('not a first tier');
  return decider;
}

test('a record hands over to its compiled rules once scans have looked at PAYBACK times its rules', (t) => {
  const record = parseRobots('User-agent: *\nDisallow: /a\nDisallow: /b\n').records[0]!;
  const first = direct(record.decider(GYM2008));
  // A path no rule matches looks at both rules each time.
  for (let k = 0; k < PAYBACK; k++) t.true(first.allows('/zzz'));
  t.is(first.built, null);
  t.true(first.allows('/zzz'));
  const settled = record.decider(GYM2008);
  t.false(settled instanceof DirectRules);
  t.is(settled, first.built!);
  t.false(settled.allows('/a/x'));
});

test('a path too long for a bounded scan of many wildcard rules compiles the record at once', (t) => {
  const rules = 2000;
  const text = 'User-agent: *\n' + Array.from({ length: rules }, (_, i) => `Disallow: /*x${i}y`).join('\n');
  const record = parseRobots(text).records[0]!;
  const first = direct(record.decider(GYM2008));
  const url = '/' + 'a'.repeat(Math.ceil(SCAN_LIMIT / rules) + 1);
  t.true(first.allows(url));
  t.not(first.built, null);
  // A short path is scanned.
  const other = direct(parseRobots(text).records[0]!.decider(GYM2008));
  t.false(other.allows('/x17y'));
  t.is(other.built, null);
});

test('wildcard rules whose characters pass the scan limit compile the record at once, whatever the path', (t) => {
  // Each try reads its pattern too: 300 rules of 4,000 characters are past SCAN_LIMIT on a path of two.
  const text = 'User-agent: *\n' + Array.from({ length: 300 }, (_, i) => `Disallow: /*${'a'.repeat(4000)}${i}*q`).join('\n');
  const first = direct(parseRobots(text).records[0]!.decider(GYM2008));
  t.true(first.allows('/x'));
  t.not(first.built, null);
});

test('the parser keeps the compiled record once it exists, and answers the same throughout', (t) => {
  const p = new RobotExclusionRulesParser();
  p.parse('User-agent: *\nDisallow: /private\nAllow: /private/ok\nDisallow: /*.pdf$\n');
  const urls = ['/private/x', '/private/ok', '/a.pdf', '/a.pdf?x', '/'];
  const expected = [false, false, false, true, true];
  for (let round = 0; round < 3 * PAYBACK; round++) urls.forEach((url, k) => t.is(p.isAllowed('bot', url), expected[k]!));
});
