// Matching URLs in place: a record answers a URL as it answers the URL's
// decoded path, whichever route (in place, or cut out and decoded) it takes.
import test from 'ava';
import fc from 'fast-check';
import { firstMatch as firstMatchOf, SmallRules, undecidedFrom } from '../../src/internal.js';
import { parseRobots } from '../../src/internal.js';
import { decodePath, matchTarget, pathStart, urlPath } from '../../src/internal.js';
import { GYM2008, MK1996 } from '../../src/syntax.js';
import { RobotExclusionRulesParser } from '../../src/index.js';
import { assertProperty } from '../helpers/robots.js';

const firstMatch = (rules: SmallRules, s: string, start: number, inPlace: boolean, from = 0): number =>
  firstMatchOf(rules.tests, rules.table, s, start, inPlace, from);

const join = (parts: readonly string[]) => parts.join('');

/** Pieces of rule values: escapes that decode to the same text as plain characters, wildcards, odd code units. */
const RULE_CHARS = ['/', '/', '/', 'a', 'b', 'ab', '?', '=', '.', 'é', '~', '*', '$', '%', '%2F', '%61', '%C3%A9', '%23', '%25', '%7E', '%zz'];
/** Pieces of URLs: the same text escaped and not, fragments, odd code units. */
const URL_CHARS = [
  '/',
  '/',
  'a',
  'b',
  'ab',
  '?',
  '=',
  '.',
  'é',
  '~',
  '#',
  '%',
  '%2F',
  '%2f',
  '%61',
  '%62',
  '%C3%A9',
  '%c3%a9',
  '%7E',
  '%23',
  '%zz',
  '\uD800',
  ' ',
];

/** A `*` record of rule lines whose values are made of `chars` (most start with `/`, as rules do). */
function fileOf(chars: readonly string[], maxRules: number): fc.Arbitrary<string> {
  const value = fc.tuple(fc.constantFrom('/', '/', '/', ''), fc.array(fc.constantFrom(...chars), { maxLength: 5 })).map(([slash, rest]) => slash + join(rest));
  const line = fc.tuple(fc.constantFrom('Allow', 'Disallow'), value).map(([kind, v]) => `${kind}: ${v}`);
  return fc.array(line, { minLength: 1, maxLength: maxRules }).map((lines) => ['User-agent: *', ...lines].join('\n'));
}
/** Few rules without escapes (the ones matched in place) as often as any rules. */
const file = fc.oneof(
  fileOf(
    RULE_CHARS.filter((c) => !c.includes('%')),
    6,
  ),
  fileOf(RULE_CHARS, 30),
);
const url = fc
  .tuple(
    fc.constantFrom('', 'https://example.com', 'HTTP://h:8080', '//host', 'a:', 'https://h?', 'https://h#', 'page'),
    fc.constantFrom('/', '/', ''),
    fc.array(fc.constantFrom(...URL_CHARS), { maxLength: 10 }),
  )
  .map(([prefix, slash, rest]) => prefix + slash + join(rest));

test("property: a record answers a URL as it answers the URL's decoded path, in both syntaxes", (t) => {
  assertProperty(
    t,
    fc.property(file, fc.array(url, { minLength: 1, maxLength: 8 }), (text, urls) => {
      const record = parseRobots(text).records[0]!;
      for (const syntax of [MK1996, GYM2008] as const) {
        for (const u of urls) if (record.decider(syntax).ruleFor(u) !== record.decider(syntax).ruleForPath(matchTarget(u))) return false;
      }
      return true;
    }),
    { numRuns: 3000, seed: 9309 },
  );
});

/** Rule paths without `%` and `#` (as in-place matching needs), wildcards included. */
const inPlacePaths = fc.array(
  fc.array(fc.constantFrom('/', 'a', 'b', 'é', '?', '=', '~', '*', '$'), { maxLength: 4 }).map((parts) => '/' + join(parts)),
  { maxLength: 6 },
);

for (const [name, syntax] of [
  ['MK1996', MK1996],
  ['GYM2008', GYM2008],
] as const) {
  test(`property: firstMatch in place answers as on the decoded path, or leaves it undecided from a test that may (${name})`, (t) => {
    const withSlash = url.filter((u) => u.charCodeAt(pathStart(u)) === 0x2f);
    assertProperty(
      t,
      fc.property(inPlacePaths, withSlash, (paths, u) => {
        const tests = new SmallRules(paths, syntax);
        const got = firstMatch(tests, u, pathStart(u), true);
        const want = firstMatch(tests, decodePath(urlPath(u)), 0, false);
        // Undecided from k: no test before k matches.
        return got >= -1 ? got === want : want === -1 || want >= -2 - got;
      }),
      { numRuns: 5000, seed: 1996 },
    );
  });
}

const at = (paths: string[], u: string, syntax: typeof MK1996 | typeof GYM2008 = MK1996) => firstMatch(new SmallRules(paths, syntax), u, 9, true);

test('firstMatch in place: a prefix equal to the URL decides, whatever escapes follow it', (t) => {
  t.is(at(['/a'], 'https://h/a%2F%C3%A9'), 0);
});

test('firstMatch in place: an escape where a comparison may have failed leaves the answer undecided', (t) => {
  t.is(at(['/ab'], 'https://h/a%62'), undecidedFrom(0));
  t.is(at(['/a'], 'https://h/%61'), undecidedFrom(0));
});

test('firstMatch in place: undecided names the first test an escape could make match', (t) => {
  t.is(at(['/x', '/ab'], 'https://h/a%62'), undecidedFrom(1));
  t.is(firstMatch(new SmallRules(['/x', '/ab'], MK1996), '/ab', 0, false, 1), 1);
});

test('firstMatch in place: an escape beyond every failed comparison leaves the answer decided', (t) => {
  t.is(at(['/ab', '/x'], 'https://h/ac/%62'), -1);
});

test('firstMatch in place: a pattern tried on a path holding an escape that decodes to one of its characters leaves the answer undecided', (t) => {
  t.is(at(['/*b'], 'https://h/a%62', GYM2008), undecidedFrom(0));
  t.is(at(['/*b'], 'https://h/ab#%62', GYM2008), 0);
});

test("firstMatch in place: a pattern reads past escapes that decode to none of the patterns' characters", (t) => {
  t.is(at(['/*b'], 'https://h/a%7Eb', GYM2008), 0);
  t.is(at(['/*b'], 'https://h/a%7Ec', GYM2008), -1);
  t.is(at(['/*b$'], 'https://h/x%C3%A9b', GYM2008), 0);
  t.is(at(['/*b$'], 'https://h/b%C3%A9', GYM2008), -1);
});

test('firstMatch in place: a pattern part never starts inside an escape', (t) => {
  // `/x%41b` decodes to `/xAb`: the `41b` written there is not in the path.
  t.is(at(['/*41b'], 'https://h/x%41b', GYM2008), -1);
  t.is(at(['/*1b'], 'https://h/x%41b', GYM2008), -1);
  t.is(at(['/*1b$'], 'https://h/x%41b', GYM2008), -1);
  t.is(at(['/*41b'], 'https://h/x%41b/41b', GYM2008), 0);
  t.is(at(['/*b*1'], 'https://h/b%41', GYM2008), -1);
});

test("firstMatch in place: one escape that decodes to a pattern's character leaves the answer undecided, whatever others do", (t) => {
  t.is(at(['/*b'], 'https://h/%7Ea%62', GYM2008), undecidedFrom(0));
  // `%2F` stays `%2F`: only a pattern holding `2` or `F` must see it decoded.
  t.is(at(['/*b'], 'https://h/a%2fb', GYM2008), 0);
  t.is(at(['/*F'], 'https://h/a%2f', GYM2008), undecidedFrom(0));
  // Past ASCII: undecided only when some pattern holds a character past ASCII.
  t.is(at(['/*b', '/*é'], 'https://h/%C3%A9', GYM2008), undecidedFrom(0));
});

test('firstMatch in place: escapes that are not valid stay as written and do not count', (t) => {
  t.is(at(['/*zb'], 'https://h/a%zb', GYM2008), 0);
  t.is(at(['/*b'], 'https://h/a%', GYM2008), -1);
});

/** Patterns over a few characters, and URLs whose escapes decode to them or to others. */
const inertPaths = fc.array(
  fc.array(fc.constantFrom('/', 'a', 'b', '1', 'F', '*', '$'), { minLength: 1, maxLength: 5 }).map((parts) => '/' + join(parts)),
  { minLength: 1, maxLength: 6 },
);
const inertUrl = fc
  .array(fc.constantFrom('/', 'a', 'b', '1', '4', 'F', '%41', '%4', '%61', '%7E', '%7e', '%2F', '%2f', '%C3%A9', '%E9', '%zz', '%', '#', '41'), {
    maxLength: 10,
  })
  .map((parts) => 'https://h/' + join(parts));

test('property: patterns read in place past inert escapes answer as on the decoded path', (t) => {
  assertProperty(
    t,
    fc.property(inertPaths, inertUrl, (paths, u) => {
      const tests = new SmallRules(paths, GYM2008);
      const got = firstMatch(tests, u, pathStart(u), true);
      const want = firstMatch(tests, decodePath(urlPath(u)), 0, false);
      return got >= -1 ? got === want : want === -1 || want >= -2 - got;
    }),
    { numRuns: 20000, seed: 2008 },
  );
});

test('firstMatch in place: the fragment ends the path', (t) => {
  t.is(at(['/ab'], 'https://h/a#b'), -1);
  t.is(at(['/ab', '/'], 'https://h/#ab'), 1);
  t.is(at(['/*b'], 'https://h/a#b', GYM2008), -1);
  t.is(at(['/*a$'], 'https://h/xa#b', GYM2008), 0);
});

test('pathStart: after the scheme and authority, or at 0 without them', (t) => {
  t.is(pathStart('https://example.com/a'), 19);
  t.is(pathStart('https://example.com?q'), 19);
  t.is(pathStart('https://example.com#f/x'), 19);
  t.is(pathStart('//host/a'), 6);
  t.is(pathStart('a+b.c-d:x'), 8);
  t.is(pathStart('1a:b'), 0);
  t.is(pathStart('/a'), 0);
  t.is(pathStart(''), 0);
});

test('a literal prefix is found where the path starts and nowhere else, in URLs short and long', (t) => {
  const rules = ['/ab---d', '/ab------d', '/ab-----------d'];
  const p = new RobotExclusionRulesParser();
  p.parse(['User-agent: *', ...rules.map((r) => `Disallow: ${r}`)].join('\n'));
  for (const syntax of [MK1996, GYM2008] as const) {
    // Past 512 characters of URL a prefix is confirmed another way.
    for (const tail of ['', '/x'.repeat(400)]) {
      for (const rule of rules) {
        // The decoy agrees with the rule at index 1 and at the rule's last index.
        const decoy = rule.replace(/-/g, 'z');
        t.true(p.isAllowed('bot', `https://example.com${decoy}${rule}${tail}`, syntax), `${rule} later, ${tail.length}`);
        t.false(p.isAllowed('bot', `https://example.com${rule}${decoy}${tail}`, syntax), `${rule} first, ${tail.length}`);
      }
    }
  }
});
