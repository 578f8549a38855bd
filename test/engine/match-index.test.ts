// The indexes behind matching (rules tried in order up to 24, the prefix
// chain and the key scanner above that, GYM2008 sharing the MK1996 matcher)
// against a plain reference: every rule tried in file order with a textbook
// glob match (behaviour.md §4.3 to §4.5: Google's position-set matcher).
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import { compilePaths } from '../../src/internal.js';
import { parseRobots } from '../../src/internal.js';
import { GYM2008, MK1996, type Syntax } from '../../src/syntax.js';
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

/** Asserts that a property holds on `numRuns` generated cases, reporting a counterexample otherwise. */
function holds<T extends [unknown, ...unknown[]]>(t: ExecutionContext, property: fc.IProperty<T>, numRuns: number): void {
  const result = fc.check(property, { numRuns });
  t.false(result.failed, fc.defaultReportMessage(result) ?? '');
}

function agrees(rules: readonly string[], paths: readonly string[], syntax: Syntax): boolean {
  const match = compilePaths(rules, syntax);
  return paths.every((p) => match(p) === reference(rules, p, syntax));
}

test('GYM2008 matchers of up to 24 rules find the first matching rule', (t) => {
  holds(
    t,
    fc.property(fc.array(rule, { minLength: 1, maxLength: 24 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, GYM2008)),
    400,
  );
});

test('GYM2008 matchers of more than 24 rules find the first matching rule', (t) => {
  holds(
    t,
    fc.property(fc.array(rule, { minLength: 25, maxLength: 120 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, GYM2008)),
    300,
  );
});

test('MK1996 matchers of up to 24 rules find the first rule that is a prefix', (t) => {
  holds(
    t,
    fc.property(fc.array(rule, { minLength: 1, maxLength: 24 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, MK1996)),
    400,
  );
});

test('MK1996 matchers of more than 24 rules find the first rule that is a prefix', (t) => {
  holds(
    t,
    fc.property(fc.array(rule, { minLength: 25, maxLength: 120 }), fc.array(path, { maxLength: 30 }), (rules, paths) => agrees(rules, paths, MK1996)),
    300,
  );
});

test('many query-key wildcards are found wherever their key occurs', (t) => {
  holds(
    t,
    fc.property(fc.array(fc.oneof(queryRule, rule), { minLength: 25, maxLength: 150 }), fc.array(queryPath, { maxLength: 30 }), (rules, paths) =>
      agrees(rules, paths, GYM2008),
    ),
    300,
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
  holds(
    t,
    fc.property(fc.array(crowdedRule, { minLength: 30, maxLength: 150 }), fc.array(crowdedPath, { maxLength: 30 }), (rules, paths) =>
      agrees(rules, paths, GYM2008),
    ),
    300,
  );
});

/** Patterns of several short parts over three letters, and long paths of them: a path holds the words of many patterns, which are all tried. */
const manyPartRule = fc
  .array(fc.string({ unit: fc.constantFrom('a', 'b', 'c'), minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 4 })
  .chain((parts) => fc.constantFrom('', '$').map((end) => '/*' + parts.join('*') + end));
const longPath = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '/'), minLength: 10, maxLength: 60 }).map((s) => '/' + s);

test('many patterns whose words one path holds are all tried as the reference tries them', (t) => {
  holds(
    t,
    fc.property(fc.array(manyPartRule, { minLength: 40, maxLength: 150 }), fc.array(longPath, { minLength: 1, maxLength: 10 }), (rules, paths) =>
      agrees(rules, paths, GYM2008),
    ),
    300,
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
  holds(t, property, 300);
});
