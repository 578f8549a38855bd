// behaviour.md §3: choosing the record for a user agent.
import test from 'ava';
import { GYM2008, InvalidArgumentError, RFC9309 } from '../../src/index.js';
import { ALLOWED, DISALLOWED, both, robotsLines } from '../helpers/robots.js';

test('3 a record applies when its name, lower-cased, is a substring of the lower-cased user agent', (t) => {
  const p = robotsLines('User-agent: foobot', 'Disallow: /');
  t.deepEqual(both(p, 'Mozilla/5.0 (compatible; Foobot/2.1)', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'foobot', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'FOOBOT', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'myfoobotv2', '/x'), DISALLOWED);
});

test('3 the name in the file is lower-cased too', (t) => {
  const p = robotsLines('User-agent: FooBot', 'Disallow: /');
  t.deepEqual(both(p, 'a foobot/1.0', '/x'), DISALLOWED);
});

test('3 a name that is not a substring does not apply', (t) => {
  const p = robotsLines('User-agent: foobot-news', 'Disallow: /');
  t.deepEqual(both(p, 'foobot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'foo bot', '/x'), ALLOWED);
});

test('3 a name with spaces must appear whole in the user agent', (t) => {
  const p = robotsLines('User-agent: onebot twobot', 'Disallow: /');
  t.deepEqual(both(p, 'onebot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'twobot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'x OneBot TwoBot y', '/x'), DISALLOWED);
});

test('3 non-ASCII names match case-insensitively', (t) => {
  const p = robotsLines('User-agent: ÄrgerBot', 'Disallow: /');
  t.deepEqual(both(p, 'Mozilla/5.0 (ärgerbot)', '/x'), DISALLOWED);
});

test('3 a record naming * applies to every user agent, the empty one included', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /');
  for (const ua of ['foo', 'Mozilla/5.0', '', '*']) t.deepEqual(both(p, ua, '/x'), DISALLOWED, ua);
});

test('3 only the name * exactly is the default; *foo is matched as a substring', (t) => {
  const p = robotsLines('User-agent: *bot', 'Disallow: /', '', 'User-agent: "*"', 'Disallow: /');
  t.deepEqual(both(p, 'foobot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'the *bot', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'a "*" b', '/x'), DISALLOWED);
});

test('3 the first applicable record in the reordered list is the only one used for rules', (t) => {
  const p = robotsLines('User-agent: foo', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /b');
  // foo's record has no rule for /b: the * record is not consulted.
  t.deepEqual(both(p, 'foo', '/b'), ALLOWED);
  t.deepEqual(both(p, 'foo', '/a'), DISALLOWED);
  t.deepEqual(both(p, 'bar', '/b'), DISALLOWED);
  t.deepEqual(both(p, 'bar', '/a'), ALLOWED);
});

test('3 the first applicable record is the only one used for the crawl delay', (t) => {
  const p = robotsLines('User-agent: foo', 'Disallow: /a', '', 'User-agent: *', 'Crawl-delay: 5', 'Disallow: /b');
  t.is(p.getCrawlDelay('foo'), null);
  t.is(p.getCrawlDelay('bar'), 5);
});

test('3 the first applicable record in file order wins among named records', (t) => {
  const p = robotsLines('User-agent: bot', 'Crawl-delay: 1', 'Disallow: /1', '', 'User-agent: foobot', 'Crawl-delay: 2', 'Disallow: /2');
  t.deepEqual(both(p, 'FooBot/1.0', '/1'), DISALLOWED);
  t.deepEqual(both(p, 'FooBot/1.0', '/2'), ALLOWED);
  t.is(p.getCrawlDelay('FooBot/1.0'), 1);
});

test('3 the same name in two records: only the first record counts', (t) => {
  const p = robotsLines('User-agent: bar', 'Disallow: /bar-1', '', 'User-agent: bar', 'Disallow: /bar-2');
  t.deepEqual(both(p, 'bar', '/bar-1'), DISALLOWED);
  t.deepEqual(both(p, 'bar', '/bar-2'), ALLOWED);
});

test('3 when no record applies, everything is allowed and the crawl delay is none', (t) => {
  const p = robotsLines('User-agent: foo', 'Crawl-delay: 4', 'Disallow: /');
  t.deepEqual(both(p, 'bar', '/'), ALLOWED);
  t.deepEqual(both(p, 'bar', '/anything'), ALLOWED);
  t.is(p.getCrawlDelay('bar'), null);
  t.is(p.getCrawlDelay('foo'), 4);
});

test('3 an empty parser allows everything and has no crawl delay', (t) => {
  const p = robotsLines();
  t.deepEqual(both(p, 'bot', '/'), ALLOWED);
  t.is(p.getCrawlDelay('bot'), null);
});

test('3 the choice of record follows each new user agent (answers are not mixed up between agents)', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /a', '', 'User-agent: b', 'Disallow: /b');
  for (let round = 0; round < 2; round++) {
    t.deepEqual(both(p, 'a', '/a'), DISALLOWED);
    t.deepEqual(both(p, 'b', '/a'), ALLOWED);
    t.deepEqual(both(p, 'b', '/b'), DISALLOWED);
    t.deepEqual(both(p, 'a', '/b'), ALLOWED);
  }
});

test('9.33 a null user agent from untyped code throws, first and later', (t) => {
  for (const syntax of [GYM2008, RFC9309] as const) {
    const p = robotsLines('User-agent: *', 'Disallow: /');
    const agent = null as unknown as string;
    const error = { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' } as const;
    t.throws(() => p.isAllowed(agent, '/x', syntax), { ...error, message: 'isAllowed userAgent must be a string, got null' });
    t.false(p.isAllowed('other', '/x', syntax));
    t.throws(() => p.isAllowed(agent, '/x', syntax), error);
    t.throws(() => p.explain(agent, '/x', syntax), { ...error, message: 'explain userAgent must be a string, got null' });
    t.throws(() => p.getCrawlDelay(agent, syntax), { ...error, message: 'getCrawlDelay userAgent must be a string, got null' });
  }
});
