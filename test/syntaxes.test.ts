// Files and URLs on which MK1996, GYM2008 and RFC9309 disagree, from one parse
// (the table is in helpers/syntax-rows.ts, and in docs/syntaxes.md).
import test from 'ava';
import { RobotExclusionRulesParser, RobotFileParserLookalike, GYM2008, InvalidArgumentError, MK1996, RFC9309 } from '../src/index.js';
import * as python from '../src/adapters/python.js';
import { SYNTAX_ROWS as ROWS } from './helpers/syntax-rows.js';

for (const row of ROWS) {
  const ua = row.ua ?? 'ExampleBot';
  test(`three syntaxes: ${row.why} (${row.url})`, (t) => {
    const p = new RobotExclusionRulesParser();
    p.parse(row.file);
    t.deepEqual(
      ([MK1996, GYM2008, RFC9309] as const).map((s) => p.isAllowed(ua, 'https://example.com' + row.url, s)),
      [...row.answers],
    );
  });
}

test('the first six rows show every way three boolean answers can differ', (t) => {
  const splits = new Set(ROWS.slice(0, 6).map((r) => r.answers.join()));
  t.is(splits.size, 6);
  for (const s of splits) t.true(s.includes('true') && s.includes('false'), s);
});

// The parser-wide default syntax -------------------------------------------------

const DIFFER = 'User-agent: *\nAllow: /*.html\nDisallow: /private/\nCrawl-delay: 3\n\nUser-agent: alpha\nCrawl-delay: 5\nUser-agent: beta\nDisallow: /b\n';

test('the constructor takes no argument, an empty object or undefined: GYM2008', (t) => {
  for (const p of [new RobotExclusionRulesParser(), new RobotExclusionRulesParser({}), new RobotExclusionRulesParser({ syntax: undefined })]) {
    p.parse(DIFFER);
    t.is(p.syntax, GYM2008);
    t.true(p.isAllowed('bot', '/private/page.html'));
  }
});

test('the syntax option is the syntax of every call that names none', (t) => {
  for (const syntax of [MK1996, GYM2008, RFC9309] as const) {
    const p = new RobotExclusionRulesParser({ syntax });
    p.parse(DIFFER);
    const named = new RobotExclusionRulesParser();
    named.parse(DIFFER);
    t.is(p.syntax, syntax);
    for (const ua of ['bot', 'alpha', 'beta']) {
      for (const url of ['/private/page.html', '/private/x', '/b', '/page.html']) {
        t.is(p.isAllowed(ua, url), named.isAllowed(ua, url, syntax), `${syntax} ${ua} ${url}`);
        t.deepEqual(p.explain(ua, url), named.explain(ua, url, syntax), `${syntax} ${ua} ${url}`);
      }
      t.is(p.getCrawlDelay(ua), named.getCrawlDelay(ua, syntax), `${syntax} ${ua}`);
    }
  }
});

test('a syntax named in the call wins over the default, and the fast path keeps them apart', (t) => {
  const p = new RobotExclusionRulesParser({ syntax: RFC9309 });
  p.parse(DIFFER);
  // Alternating the default and an explicit syntax, with one agent.
  for (let round = 0; round < 3; round++) {
    t.false(p.isAllowed('bot', '/private/page.html'));
    t.true(p.isAllowed('bot', '/private/page.html', GYM2008));
    t.false(p.isAllowed('bot', '/private/page.html', RFC9309));
    t.false(p.isAllowed('bot', '/files/x.html', MK1996) && p.isAllowed('bot', '/private/page.html'));
  }
  t.is(p.getCrawlDelay('beta'), null);
  t.is(p.getCrawlDelay('beta', GYM2008), null);
  t.is(p.getCrawlDelay('alpha', GYM2008), 3);
  t.is(p.getCrawlDelay('alpha'), 5);
});

test('a bad syntax option, an unknown key or options that are not an object throw InvalidArgumentError', (t) => {
  const error = { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' } as const;
  t.throws(() => new RobotExclusionRulesParser({ syntax: 4 as never }), {
    ...error,
    message: 'RobotExclusionRulesParser option syntax must be MK1996 (1), GYM2008 (2) or RFC9309 (3), got 4',
  });
  t.throws(() => new RobotExclusionRulesParser({ sytnax: RFC9309 } as never), {
    ...error,
    message: 'RobotExclusionRulesParser option sytnax is unknown; known options: syntax',
  });
  t.throws(() => new RobotExclusionRulesParser(RFC9309 as never), { ...error, message: 'RobotExclusionRulesParser options must be an object, got 3' });
  t.throws(() => new RobotFileParserLookalike('', { syntax: 'rfc9309' as never }), error);
});

test('the lookalike and the Python facade take the default syntax too', (t) => {
  const rp = new RobotFileParserLookalike('https://example.com/robots.txt', { syntax: RFC9309 });
  rp.parse(DIFFER);
  t.is(rp.url, 'https://example.com/robots.txt');
  t.false(rp.canFetch('bot', '/private/page.html'));
  t.true(rp.canFetch('bot', '/private/page.html', GYM2008));
  const py = new python.RobotFileParserLookalike('', { syntax: MK1996 });
  py.parse(DIFFER);
  t.false(py.can_fetch('bot', '/private/page.html'));
  t.false(py.is_allowed('bot', '/private/page.html'));
  const rerp = new python.RobotExclusionRulesParser({ syntax: RFC9309 });
  rerp.parse(DIFFER);
  t.false(rerp.is_allowed('bot', '/private/page.html'));
  t.is(rerp.get_crawl_delay('alpha'), 5);
});
