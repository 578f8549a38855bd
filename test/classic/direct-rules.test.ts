// A record's first tier (src/classic/first-match.ts, DirectRules): the same
// answers as the compiled record, and the handover to it.
import test from 'ava';
import fc from 'fast-check';
import { compileRecord, DirectRules, parseRobots, PAYBACK, SCAN_LIMIT } from '../../src/internal.js';
import { GYM2008, MK1996 } from '../../src/syntax.js';
import { RobotExclusionRulesParser } from '../../src/index.js';
import type { RecordDecider } from '../../src/internal.js';
import { assertProperty } from '../helpers/robots.js';

const KINDS = { ruleAllows: (i: number): boolean => i % 3 === 0 };
const rule = fc.array(fc.constantFrom('/', 'a', 'b', '*', '$', '?', '%2F', 'é'), { maxLength: 5 }).map((xs) => xs.join(''));
const path = fc.array(fc.constantFrom('/', 'a', 'b', 'ab', '?', '$', '%2F', 'é'), { maxLength: 8 }).map((xs) => '/' + xs.join(''));

test('a direct scan finds the rule the compiled record finds, few rules or many, in both syntaxes', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(rule, { maxLength: 40 }), fc.array(path, { minLength: 1, maxLength: 5 }), fc.constantFrom(MK1996, GYM2008), (paths, targets, syntax) =>
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
