import test from 'ava';
import {
  GYM2008,
  InvalidArgumentError,
  InvalidUrlError,
  MK1996,
  RobotExclusionRulesParser,
  RobotFileParserLookalike,
  RobotsEncodingError,
  RobotsFetchError,
} from '../../src/index.js';
import * as python from '../../src/adapters/python.js';
import { closedPortUrl, redirect, respond, startServer, type Handler } from '../helpers/server.js';

const ROBOTS = 'User-agent: *\nDisallow: /private*\nSitemap: https://example.com/a.xml\n';

test('the lookalike is a RobotExclusionRulesParser', (t) => {
  t.true(new RobotFileParserLookalike() instanceof RobotExclusionRulesParser);
});

test('parse takes a list of lines without line endings', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: *', 'Disallow: /private']);
  t.false(rp.canFetch('bot', '/private'));
  t.true(rp.canFetch('bot', '/public'));
});

test('parse takes readlines() output, keeping each line ending as its own', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: *\n', 'Disallow: /a\r\n', 'Disallow: /b\r', 'Disallow: /c']);
  for (const path of ['/a', '/b', '/c']) t.false(rp.canFetch('bot', path), path);
});

test('blank list elements still end a record', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: a', 'Disallow: /a', '', 'User-agent: b', 'Disallow: /b']);
  t.true(rp.canFetch('a', '/b'));
  t.false(rp.canFetch('b', '/b'));
});

test('parse takes any iterable of lines', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(new Set(['User-agent: *', 'Disallow: /x']));
  t.false(rp.canFetch('bot', '/x'));
  rp.parse(
    (function* () {
      yield 'User-agent: *';
      yield 'Disallow: /y';
    })(),
  );
  t.false(rp.canFetch('bot', '/y'));
  t.true(rp.canFetch('bot', '/x'));
});

test('parse also takes a string or bytes', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse('User-agent: *\nDisallow: /x');
  t.false(rp.canFetch('bot', '/x'));
  rp.parse(Buffer.from('User-agent: *\nDisallow: /caf\xe9', 'latin1'));
  t.false(rp.canFetch('bot', '/café'));
});

test('canFetch takes the syntax, GYM2008 by default', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(ROBOTS);
  t.false(rp.canFetch('bot', '/private/x'));
  t.false(rp.canFetch('bot', '/private/x', GYM2008));
  t.true(rp.canFetch('bot', '/private/x', MK1996));
});

test('mtime is null until parsed, then the time of the parse', (t) => {
  const rp = new RobotFileParserLookalike();
  t.is(rp.mtime(), null);
  t.is(rp.lastChecked, null);
  const before = Date.now() / 1000;
  rp.parse([]);
  const after = Date.now() / 1000;
  const m = rp.mtime()!;
  t.true(m >= before && m <= after);
});

test('modified sets lastChecked to now', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.lastChecked = 5;
  t.is(rp.mtime(), 5);
  const before = Date.now() / 1000;
  rp.modified();
  t.true(rp.mtime()! >= before);
});

test('crawlDelay is the delay of the applicable record', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: slowbot', 'Crawl-delay: 2.5', 'Disallow: /x', '', 'User-agent: *', 'Disallow: /y']);
  t.is(rp.crawlDelay('SlowBot/1.0'), 2.5);
  t.is(rp.crawlDelay('other'), null);
});

test('requestRate reads n/m as the standard library does', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: figtree', 'Request-rate: 3/15', 'Disallow: /tmp', '', 'User-agent: *', 'Request-rate: 1 / 5', 'Disallow: /x']);
  t.deepEqual(rp.requestRate('figtree'), { requests: 3, seconds: 15 });
  t.deepEqual(rp.requestRate('anybot'), { requests: 1, seconds: 5 });
});

test('the last valid Request-rate of a record wins; invalid ones are ignored', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: *', 'Request-rate: 1/5', 'Request-rate: 2/7', 'Request-rate: 1/5s', 'Request-rate: 1.5/2', 'Request-rate: /2', 'Disallow: /x']);
  t.deepEqual(rp.requestRate('bot'), { requests: 2, seconds: 7 });
});

test('requestRate is null without a rate, a record, or rules', (t) => {
  const rp = new RobotFileParserLookalike();
  t.is(rp.requestRate('bot'), null);
  rp.parse(['User-agent: *', 'Disallow: /x']);
  t.is(rp.requestRate('bot'), null);
  rp.parse(['User-agent: *', 'Request-rate: 1/5']);
  t.is(rp.requestRate('bot'), null, 'a record without rules is dropped, as in the original');
  rp.parse(['Request-rate: 1/5', 'User-agent: *', 'Disallow: /x']);
  t.is(rp.requestRate('bot'), null, 'before any User-agent it belongs to no record');
});

test('a Request-rate line does not break a run of User-agent lines', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: a', 'Request-rate: 1/5', 'User-agent: b', 'Disallow: /x']);
  t.false(rp.canFetch('a', '/x'), 'a and b share one record');
  t.deepEqual(rp.requestRate('b'), { requests: 1, seconds: 5 });
});

test('toString keeps the request rate', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: *', 'Request-rate: 1/5', 'Disallow: /x']);
  const again = new RobotFileParserLookalike();
  again.parse(rp.toString());
  t.deepEqual(again.requestRate('bot'), { requests: 1, seconds: 5 });
});

test('siteMaps is null when there are none, as the standard library returns', (t) => {
  const rp = new RobotFileParserLookalike();
  t.is(rp.siteMaps(), null);
  rp.parse(ROBOTS);
  t.deepEqual(rp.siteMaps(), ['https://example.com/a.xml']);
});

test('siteMaps returns a copy', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(ROBOTS);
  rp.siteMaps()!.push('x');
  t.deepEqual(rp.siteMaps(), ['https://example.com/a.xml']);
});

test('read fetches the URL given to the constructor and updates mtime', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, ROBOTS) });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/robots.txt'));
  t.is(rp.url, server.url('/robots.txt'));
  await rp.read();
  t.false(rp.canFetch('bot', '/private'));
  t.is(rp.sourceUrl, server.url('/robots.txt'));
  t.is(rp.responseCode, 200);
  t.not(rp.mtime(), null);
});

test('setUrl changes what read fetches, not sourceUrl', async (t) => {
  const server = await startServer({ '/a.txt': respond(200, 'User-agent: *\nDisallow: /a'), '/b.txt': respond(200, 'User-agent: *\nDisallow: /b') });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/a.txt'));
  await rp.read();
  rp.setUrl(server.url('/b.txt'));
  t.is(rp.sourceUrl, server.url('/a.txt'));
  await rp.read();
  t.true(rp.canFetch('bot', '/a'));
  t.false(rp.canFetch('bot', '/b'));
});

test('read follows the fetch status policy: 403 disallows everything', async (t) => {
  const server = await startServer({ '/robots.txt': respond(403) });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/robots.txt'));
  await rp.read();
  t.false(rp.canFetch('bot', '/'));
});

test('a failed read throws and leaves rules and mtime alone', async (t) => {
  const server = await startServer({ '/robots.txt': respond(500) });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/robots.txt'));
  rp.parse(ROBOTS);
  const mtime = rp.mtime();
  await t.throwsAsync(rp.read(), { instanceOf: RobotsFetchError });
  t.is(rp.mtime(), mtime);
  t.false(rp.canFetch('bot', '/private'));
});

test('read passes fetch options on', async (t) => {
  const server = await startServer({ '/robots.txt': respond(503) });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/robots.txt'));
  await rp.read({ statusPolicy: 'rfc9309' });
  t.false(rp.canFetch('bot', '/'));
});

test('read without a URL throws an InvalidUrlError', async (t) => {
  const error = await t.throwsAsync(new RobotFileParserLookalike().read(), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  t.is(error.input, '');
  await t.throwsAsync(new RobotFileParserLookalike('ftp://example.com/robots.txt').read(), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
});

// statusPolicy 'urllib' (behaviour.md §9.34); compat/urllib-read.test.ts checks it against Python.

test('urllib: a 5xx after a good read keeps the rules, and no status throws', async (t) => {
  let status = 200;
  const server = await startServer({ '/robots.txt': (_req, res) => respond(status, status === 200 ? ROBOTS : 'User-agent: *\nAllow: /\n')(_req, res) });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/robots.txt'), { statusPolicy: 'urllib' });
  t.is(rp.statusPolicy, 'urllib');
  t.false(rp.canFetch('bot', '/a'));
  await rp.read();
  t.true(rp.canFetch('bot', '/a'));
  t.false(rp.canFetch('bot', '/private'));
  const mtime = rp.mtime();
  status = 503;
  await t.notThrowsAsync(rp.read());
  t.is(rp.responseCode, 503);
  t.is(rp.mtime(), mtime);
  t.false(rp.canFetch('bot', '/private'));
  status = 410;
  await rp.read();
  t.true(rp.canFetch('bot', '/private'));
  status = 401;
  await rp.read();
  t.false(rp.canFetch('bot', '/a'));
});

test('urllib: a 4xx sets a flag that later reads and parses keep, and leaves the rules and mtime alone', async (t) => {
  let status = 200;
  const server = await startServer({ '/robots.txt': (req, res) => respond(status, 'User-agent: *\nDisallow: /private\nCrawl-delay: 4\n')(req, res) });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/robots.txt'), { statusPolicy: 'urllib' });
  t.is(rp.mtime(), 0);
  status = 404;
  await rp.read();
  t.is(rp.mtime(), 0, 'nothing parsed');
  t.true(rp.canFetch('bot', '/private'));
  status = 200;
  await rp.read();
  t.true(rp.canFetch('bot', '/private'), 'allow-all sticks');
  t.false(rp.isAllowed('bot', '/private'), 'the rules were read all the same');
  const mtime = rp.mtime();
  status = 403;
  await rp.read();
  t.is(rp.mtime(), mtime);
  t.is(rp.crawlDelay('bot'), 4, 'the rules stay');
  rp.parse('User-agent: *\nAllow: /\n');
  t.false(rp.canFetch('bot', '/a'), 'disallow-all sticks, and wins over allow-all');
  // The default policy answers from the last read.
  const original = new RobotFileParserLookalike(server.url('/robots.txt'));
  await original.read();
  original.parse('User-agent: *\nAllow: /\n');
  t.true(original.canFetch('bot', '/a'));
  t.not(original.mtime(), 0);
});

test('urllib: the body is UTF-8 whatever its charset, and bytes that are not throw and change nothing', async (t) => {
  const cafe = 'User-agent: *\nDisallow: /caf\u00e9\n';
  const latin1 = { 'content-type': 'text/plain; charset=iso-8859-1' };
  const server = await startServer({
    '/utf8': respond(200, Buffer.from(cafe, 'utf8'), latin1),
    '/latin1': respond(200, Buffer.from(cafe, 'latin1'), latin1),
  });
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/utf8'), { statusPolicy: 'urllib' });
  await rp.read();
  t.false(rp.canFetch('bot', '/caf%C3%A9'));
  const mtime = rp.mtime();
  rp.setUrl(server.url('/latin1'));
  await t.throwsAsync(rp.read(), { instanceOf: RobotsEncodingError });
  t.is(rp.mtime(), mtime);
  t.false(rp.canFetch('bot', '/caf%C3%A9'));
  // The default policy follows the charset.
  const original = new RobotFileParserLookalike(server.url('/utf8'));
  await original.read();
  t.true(original.canFetch('bot', '/caf%C3%A9'));
});

test('urllib: read follows up to 10 redirects unless told otherwise', async (t) => {
  const routes: Record<string, Handler> = { '/r10': respond(200, 'User-agent: *\nDisallow: /x\n') };
  for (let i = 0; i < 10; i++) routes[`/r${i}`] = redirect(302, `/r${i + 1}`);
  const server = await startServer(routes);
  t.teardown(() => server.close());
  const rp = new RobotFileParserLookalike(server.url('/r0'), { statusPolicy: 'urllib' });
  await rp.read();
  t.false(rp.canFetch('bot', '/x'));
  t.true(rp.canFetch('bot', '/y'));
  const short = new RobotFileParserLookalike(server.url('/r0'), { statusPolicy: 'urllib' });
  await short.read({ maxRedirects: 2 });
  t.is(short.responseCode, 302);
  t.false(short.canFetch('bot', '/y'), 'a redirect it cannot follow changes nothing: not read yet');
  await t.throwsAsync(new RobotFileParserLookalike(server.url('/r0')).read(), { instanceOf: RobotsFetchError });
});

test('urllib: no answer still throws, and read options may not name a statusPolicy', async (t) => {
  const rp = new RobotFileParserLookalike(await closedPortUrl(), { statusPolicy: 'urllib' });
  const error = await t.throwsAsync(rp.read(), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'network');
  t.false(rp.canFetch('bot', '/'));
  await t.throwsAsync(rp.read({ statusPolicy: 'rfc9309' }), {
    instanceOf: InvalidArgumentError,
    message: "read option statusPolicy must be left out when the lookalike's statusPolicy is 'urllib', got \"rfc9309\"",
  });
  await t.throwsAsync(rp.read({ timout: 1 } as never), { instanceOf: InvalidArgumentError });
  t.throws(() => new RobotFileParserLookalike('', { statusPolicy: 'rfc9309' as never }), {
    instanceOf: InvalidArgumentError,
    message: "RobotFileParserLookalike option statusPolicy must be 'original' or 'urllib', got \"rfc9309\"",
  });
  t.is(new RobotFileParserLookalike().statusPolicy, 'original');
});

test("urllib: the Python facade's read keeps the policy and reads its timeout in seconds", async (t) => {
  const server = await startServer({ '/robots.txt': respond(429) });
  t.teardown(() => server.close());
  const rp = new python.RobotFileParserLookalike(server.url('/robots.txt'), { statusPolicy: 'urllib' });
  t.false(rp.can_fetch('bot', '/a'));
  await rp.read({ timeout: 5 });
  t.true(rp.can_fetch('bot', '/a'));
  await t.throwsAsync(new python.RobotFileParserLookalike(server.url('/robots.txt')).read({ timeout: 5 }), { instanceOf: RobotsFetchError });
});
