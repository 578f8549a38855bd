// behaviour.md §2: records.
import test from 'ava';
import { RFC9309 } from '../../src/index.js';
import { ALLOWED, DISALLOWED, both, robots, robotsLines } from '../helpers/robots.js';

// 2.1 -----------------------------------------------------------------------

test('2.1 a record has several names, its rules in file order and a crawl delay', (t) => {
  const p = robotsLines('User-agent: a', 'User-agent: b', 'Crawl-delay: 3', 'Disallow: /x', 'Allow: /x/y');
  for (const ua of ['a', 'b']) {
    // Disallow /x comes first, so it decides /x/y although Allow /x/y is more specific.
    t.deepEqual(both(p, ua, '/x/y'), DISALLOWED);
    t.is(p.getCrawlDelay(ua), 3);
  }
  t.deepEqual(p.explain('b', '/x').record, { names: ['a', 'b'], line: 1 });
});

test('2.1 a record without a crawl delay has none', (t) => {
  t.is(robotsLines('User-agent: a', 'Disallow: /').getCrawlDelay('a'), null);
});

// 2.2 -----------------------------------------------------------------------

test('2.2 a User-agent directly after another adds a name to the same record', (t) => {
  const p = robotsLines('User-agent: a', 'User-agent: b', 'User-agent: c', 'Disallow: /x');
  for (const ua of ['a', 'b', 'c']) t.deepEqual(both(p, ua, '/x'), DISALLOWED);
  t.deepEqual(both(p, 'd', '/x'), ALLOWED);
});

test('2.2 an empty User-agent value adds no name', (t) => {
  const p = robotsLines('User-agent: a', 'User-agent:', 'User-agent: b', 'Disallow: /');
  t.deepEqual(p.explain('b', '/x').record?.names, ['a', 'b']);
});

test('2.2 a record whose User-agent values are all empty has no name and is dropped', (t) => {
  const p = robotsLines('User-agent:', 'User-agent: \t', 'Disallow: /');
  t.deepEqual(both(p, 'bot', '/x'), ALLOWED);
  t.is(p.explain('bot', '/x').record, null);
});

test('2.2 an empty User-agent value after rules still opens a new record', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /x', 'User-agent:', 'User-agent: b', 'Disallow: /y');
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'a', '/y'), ALLOWED);
  t.deepEqual(both(p, 'b', '/x'), ALLOWED);
  t.deepEqual(both(p, 'b', '/y'), DISALLOWED);
});

test('2.2 a User-agent after rules starts a new record even with no blank line between', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /x', 'User-agent: b', 'Disallow: /y');
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'a', '/y'), ALLOWED);
  t.deepEqual(both(p, 'b', '/x'), ALLOWED);
  t.deepEqual(both(p, 'b', '/y'), DISALLOWED);
});

// 2.3 -----------------------------------------------------------------------

test('2.3 Allow and Disallow append rules to the current record in file order', (t) => {
  const p = robotsLines('User-agent: *', 'Allow: /a/public', 'Disallow: /a', 'Allow: /a');
  t.deepEqual(both(p, 'bot', '/a/public/x'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/a/private'), DISALLOWED);
});

test('2.3 Allow and Disallow before any User-agent are ignored', (t) => {
  const p = robotsLines('Disallow: /', 'Allow: /x', 'User-agent: *', 'Disallow: /x');
  t.deepEqual(both(p, 'bot', '/'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
});

test('2.3 a file of rules without any User-agent allows everything', (t) => {
  const p = robotsLines('Disallow: /', 'Allow:');
  t.deepEqual(both(p, 'bot', '/x'), ALLOWED);
});

test('2.3 rule paths are percent-decoded as in 4.2', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /h%65llo');
  t.deepEqual(both(p, 'bot', '/hello'), DISALLOWED);
});

// 2.4 -----------------------------------------------------------------------

test("2.4 Crawl-delay sets the current record's delay", (t) => {
  const p = robotsLines('User-agent: a', 'Crawl-delay: 10', 'Disallow: /x', '', 'User-agent: b', 'Crawl-delay: 0.5', 'Disallow: /x');
  t.is(p.getCrawlDelay('a'), 10);
  t.is(p.getCrawlDelay('b'), 0.5);
});

test('2.4 a crawl delay after the rules counts too', (t) => {
  t.is(robotsLines('User-agent: a', 'Disallow: /x', 'Crawl-delay: 4').getCrawlDelay('a'), 4);
});

test('2.4 a crawl delay of 0 is 0, not none', (t) => {
  t.is(robotsLines('User-agent: a', 'Crawl-delay: 0', 'Disallow: /x').getCrawlDelay('a'), 0);
});

test('2.4 the last valid Crawl-delay wins', (t) => {
  const p = robotsLines('User-agent: a', 'Crawl-delay: 5', 'Disallow: /x', 'Crawl-delay: 7');
  t.is(p.getCrawlDelay('a'), 7);
});

test('2.4 an invalid Crawl-delay is ignored', (t) => {
  const p = robotsLines('User-agent: a', 'Crawl-delay: 5', 'Crawl-delay: soon', 'Crawl-delay:', 'Disallow: /x');
  t.is(p.getCrawlDelay('a'), 5);
});

test('2.4 a Crawl-delay before any User-agent is ignored', (t) => {
  const p = robotsLines('Crawl-delay: 5', 'User-agent: *', 'Disallow: /x');
  t.is(p.getCrawlDelay('bot'), null);
});

test('2.4 a Crawl-delay after a blank line, before the next User-agent, is ignored', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /x', '', 'Crawl-delay: 5');
  t.is(p.getCrawlDelay('bot'), null);
});

test('2.4 Sitemap appends its value to the file-wide list, wherever it is', (t) => {
  const p = robotsLines(
    'Sitemap: https://example.com/0.xml',
    'User-agent: a',
    'Sitemap: https://example.com/1.xml',
    'Disallow: /x',
    'Sitemap: https://example.com/2.xml',
    '',
    'Sitemap: https://example.com/3.xml',
    'User-agent: b',
    'Disallow: /y',
    'sitemap: https://example.com/4.xml',
  );
  t.deepEqual(
    p.sitemaps,
    [0, 1, 2, 3, 4].map((n) => `https://example.com/${n}.xml`),
  );
});

test('2.4 Sitemap values are kept as written, not decoded', (t) => {
  const p = robotsLines('Sitemap: HTTPS://Example.com/s%20map.xml?a=%2F');
  t.deepEqual(p.sitemaps, ['HTTPS://Example.com/s%20map.xml?a=%2F']);
});

test('2.4 a Sitemap line does not close the record', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /x', 'Sitemap: https://example.com/s.xml', 'Disallow: /y');
  t.deepEqual(both(p, 'a', '/y'), DISALLOWED);
});

test('2.4 Allow breaks a run of User-agent lines', (t) => {
  const p = robotsLines('User-agent: a', 'Allow: /p', 'User-agent: b', 'Disallow: /');
  // "a" has its own record with only Allow /p.
  t.deepEqual(both(p, 'a', '/x'), ALLOWED);
  t.deepEqual(both(p, 'b', '/x'), DISALLOWED);
});

test('2.4 Disallow breaks a run of User-agent lines', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /p', 'User-agent: b', 'Disallow: /');
  t.deepEqual(both(p, 'a', '/x'), ALLOWED);
  t.deepEqual(both(p, 'a', '/p'), DISALLOWED);
});

test('2.4 Crawl-delay breaks a run of User-agent lines', (t) => {
  const p = robotsLines('User-agent: a', 'Crawl-delay: 5', 'User-agent: b', 'Disallow: /');
  // "a" gets a record with only a crawl delay, which is dropped (2.5).
  t.deepEqual(both(p, 'a', '/x'), ALLOWED);
  t.is(p.getCrawlDelay('a'), null);
  t.deepEqual(both(p, 'b', '/x'), DISALLOWED);
  t.is(p.getCrawlDelay('b'), null);
});

test('2.4 quirk: User-agent: a / Sitemap: x / User-agent: b gives a its own empty record, so a is dropped', (t) => {
  const p = robotsLines('User-agent: a', 'Sitemap: https://example.com/x.xml', 'User-agent: b', 'Disallow: /');
  t.deepEqual(both(p, 'a', '/private'), ALLOWED);
  t.is(p.explain('a', '/private').record, null);
  t.deepEqual(both(p, 'b', '/private'), DISALLOWED);
  t.deepEqual(p.explain('b', '/private').record?.names, ['b']);
  t.deepEqual(p.sitemaps, ['https://example.com/x.xml']);
});

test('2.4 quirk: with a * record, the dropped agent falls back to it', (t) => {
  const p = robotsLines('User-agent: a', 'Sitemap: https://example.com/x.xml', 'User-agent: b', 'Disallow: /b', '', 'User-agent: *', 'Disallow: /star');
  t.deepEqual(both(p, 'a', '/star'), DISALLOWED);
  t.deepEqual(both(p, 'a', '/b'), ALLOWED);
});

// 2.5 -----------------------------------------------------------------------

test('2.5 a blank line closes the current record; rules after it are ignored', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /x', '', 'Disallow: /y', 'Allow: /x');
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'a', '/y'), ALLOWED);
});

test('2.5 a blank line between User-agent and its rules loses the rules', (t) => {
  const p = robotsLines('User-agent: a', '', 'Disallow: /');
  t.deepEqual(both(p, 'a', '/x'), ALLOWED);
});

test('2.5 a record with names but no rules is dropped', (t) => {
  const p = robotsLines('User-agent: a', '', 'User-agent: *', 'Disallow: /');
  // Were a's empty record kept, it would apply to "a" and allow everything.
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
});

test('2.5 a record with only a crawl delay is dropped', (t) => {
  const p = robotsLines('User-agent: a', 'Crawl-delay: 5', '', 'User-agent: *', 'Crawl-delay: 1', 'Disallow: /x');
  t.is(p.getCrawlDelay('a'), 1);
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
});

test('2.5 a crawl-delay-only record with no * record leaves the agent without any record', (t) => {
  const p = robotsLines('User-agent: a', 'Crawl-delay: 5');
  t.is(p.getCrawlDelay('a'), null);
  t.is(p.explain('a', '/').record, null);
});

test('2.5 the last record is kept without a final newline or blank line', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /x', '', 'User-agent: b', 'Disallow: /y');
  t.deepEqual(both(p, 'b', '/y'), DISALLOWED);
});

// 2.6 -----------------------------------------------------------------------

test('2.6 records naming * are moved after all other records', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /', '', 'User-agent: foo', 'Disallow: /x');
  t.deepEqual(both(p, 'foo', '/'), ALLOWED);
  t.deepEqual(both(p, 'foo', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'bar', '/'), DISALLOWED);
});

test('2.6 several * records keep file order, so the first one applies', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /first', '', 'User-agent: *', 'Disallow: /second');
  t.deepEqual(both(p, 'bot', '/first'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/second'), ALLOWED);
});

test('2.6 a record naming * and another name is moved last too', (t) => {
  const p = robotsLines('User-agent: foo', 'User-agent: *', 'Disallow: /mixed', '', 'User-agent: foo', 'Disallow: /foo-only');
  t.deepEqual(both(p, 'foo', '/foo-only'), DISALLOWED);
  t.deepEqual(both(p, 'foo', '/mixed'), ALLOWED);
  t.deepEqual(both(p, 'bar', '/mixed'), DISALLOWED);
  t.deepEqual(both(p, 'bar', '/foo-only'), ALLOWED);
});

test('2.6 the other records keep file order', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /0', '', 'User-agent: bot', 'Disallow: /1', '', 'User-agent: foobot', 'Disallow: /2');
  // "foobot" contains both names: the first record in file order applies.
  t.deepEqual(both(p, 'foobot', '/1'), DISALLOWED);
  t.deepEqual(both(p, 'foobot', '/2'), ALLOWED);
  t.deepEqual(both(p, 'foobot', '/0'), ALLOWED);
});

// Host (behaviour.md §9.2): read for the `host` property, in no syntax a directive.

test('9.2 host is the first non-empty Host value, wherever it is, as written', (t) => {
  t.is(robotsLines('User-agent: *', 'Disallow: /').host, null);
  t.is(robotsLines('Host: www.Example.com', 'User-agent: *', 'Disallow: /').host, 'www.Example.com');
  t.is(robotsLines('User-agent: *', 'Disallow: /', 'HOST:  https://a.example:8080  # mirror', 'Host: b.example').host, 'https://a.example:8080');
  t.is(robotsLines('Host:', 'Host: \t', 'Host: b.example').host, 'b.example');
  t.is(robots(new Uint8Array(Buffer.from('\ufeffHost: caf\u00e9.example\n', 'utf8'))).host, 'caf\u00c3\u00a9.example');
  // Not a Host line: a space before the colon, a prefix, text before it.
  t.is(robotsLines('Host : a.example', 'Hosts: b.example', 'X-Host: c.example').host, null);
});

test('9.2 a Host line changes no answer: it neither ends a User-agent run nor closes a record', (t) => {
  const p = robotsLines('User-agent: a', 'Host: example.com', 'User-agent: b', 'Disallow: /x', 'Host: other.example', 'Disallow: /y');
  for (const ua of ['a', 'b']) {
    t.deepEqual(both(p, ua, '/x'), DISALLOWED, ua);
    t.deepEqual(both(p, ua, '/y'), DISALLOWED, ua);
    t.false(p.isAllowed(ua, '/x', RFC9309), ua);
  }
  t.is(p.host, 'example.com');
  t.deepEqual(p.sitemaps, []);
});

test('9.2 toString writes the Host line back', (t) => {
  const p = robotsLines('Host: www.example.com', 'User-agent: *', 'Disallow: /x');
  t.is(p.toString(), 'User-agent: *\nDisallow: /x\n\nHost: www.example.com\n');
  t.is(robots(p.toString()).host, 'www.example.com');
});
