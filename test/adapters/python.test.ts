import test from 'ava';
import * as camel from '../../src/index.js';
import {
  GYM2008,
  InvalidArgumentError,
  InvalidUrlError,
  MK1996,
  RobotExclusionRulesParser,
  RobotFileParserLookalike,
  RobotsEncodingError,
  RobotsFetchError,
} from '../../src/adapters/python.js';
import { hang, respond, startServer } from '../helpers/server.js';

const ROBOTS = 'User-agent: *\nCrawl-delay: 3\nRequest-rate: 2/10\nDisallow: /private*\nSitemap: https://example.com/s.xml\n';

test('the facade classes are the package classes with Python names added', (t) => {
  const rerp = new RobotExclusionRulesParser();
  t.true(rerp instanceof camel.RobotExclusionRulesParser);
  const rp = new RobotFileParserLookalike();
  t.true(rp instanceof camel.RobotFileParserLookalike);
  t.true(rp instanceof camel.RobotExclusionRulesParser);
  t.is(MK1996, camel.MK1996);
  t.is(GYM2008, camel.GYM2008);
  t.is(RobotsFetchError, camel.RobotsFetchError);
  t.is(RobotsEncodingError, camel.RobotsEncodingError);
});

test('is_allowed and get_crawl_delay answer as isAllowed and getCrawlDelay', (t) => {
  const rerp = new RobotExclusionRulesParser();
  rerp.parse(ROBOTS);
  t.false(rerp.is_allowed('Foobot', '/private/x'));
  t.true(rerp.is_allowed('Foobot', '/private/x', MK1996));
  t.true(rerp.is_allowed('Foobot', '/public'));
  t.is(rerp.get_crawl_delay('Foobot'), 3);
  t.deepEqual(rerp.sitemaps, ['https://example.com/s.xml']);
});

test('user_agent, use_local_time and expiration_date read and write the camelCase properties', (t) => {
  const rerp = new RobotExclusionRulesParser();
  t.is(rerp.user_agent, null);
  rerp.user_agent = 'Foobot/2.1';
  t.is(rerp.userAgent, 'Foobot/2.1');
  rerp.userAgent = 'Barbot';
  t.is(rerp.user_agent, 'Barbot');
  t.true(rerp.use_local_time);
  rerp.use_local_time = false;
  t.false(rerp.useLocalTime);
  rerp.expiration_date = 1000;
  t.is(rerp.expirationDate, 1000);
  t.true(rerp.is_expired);
  rerp.expirationDate = Date.now() / 1000 + 60;
  t.is(rerp.expiration_date, rerp.expirationDate);
  t.false(rerp.is_expired);
});

test('source_url and response_code are read-only views of the fetch state', (t) => {
  const rerp = new RobotExclusionRulesParser();
  t.is(rerp.source_url, '');
  t.is(rerp.response_code, null);
  t.throws(
    () => {
      (rerp as unknown as { response_code: number }).response_code = 5;
    },
    { instanceOf: TypeError },
  );
});

test('a ported Python crawler runs with await added', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, ROBOTS) });
  t.teardown(() => server.close());

  // Python:  rerp = RobotExclusionRulesParser(); rerp.user_agent = "Foobot/2.1"
  //          rerp.fetch(url, 10)
  const rerp = new RobotExclusionRulesParser();
  rerp.user_agent = 'Foobot/2.1';
  await rerp.fetch(server.url('/robots.txt'), 10);
  const answers = [
    ['Foobot', '/index.html'],
    ['Barbot', '/private/x'],
  ].map(([ua, url]) => rerp.is_allowed(ua!, url!));
  t.deepEqual(answers, [true, false]);
  t.is(rerp.response_code, 200);
  t.is(rerp.source_url, server.url('/robots.txt'));
  t.false(rerp.is_expired);
  if (rerp.is_expired) await rerp.fetch(rerp.source_url);
  t.is(server.requests[0]!.headers['user-agent'], 'Foobot/2.1');
});

test("fetch's number argument is Python's timeout in seconds", async (t) => {
  const server = await startServer(hang());
  t.teardown(() => server.close());
  const rerp = new RobotExclusionRulesParser();
  const error = await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), 0.2), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout');
  t.regex(error.message, /200 ms/);
  t.is(rerp.response_code, 0);
});

test('fetch also takes the options object, and null or 0 as no timeout given (the default)', async (t) => {
  const server = await startServer({ '/robots.txt': respond(503) });
  t.teardown(() => server.close());
  const rerp = new RobotExclusionRulesParser();
  await rerp.fetch(server.url('/robots.txt'), { statusPolicy: 'rfc9309' });
  t.false(rerp.is_allowed('bot', '/'));
  await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), null), { instanceOf: RobotsFetchError });
  t.is(rerp.response_code, 503);
  // Python's original tests `if timeout:`, so 0 is no timeout given rather than an error.
  await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), 0), { instanceOf: RobotsFetchError });
  for (const timeout of [-1, Number.NaN, Infinity]) {
    const error = await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), timeout), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `fetch timeout must be a finite number of seconds > 0, 0 or null, got ${timeout}`,
    });
    t.is(error.argument, 'timeout');
  }
});

/** A server answering its robots.txt after `ms` milliseconds. */
async function slowServer(t: { teardown(fn: () => Promise<void>): void }, ms: number) {
  const server = await startServer((req, res) => void setTimeout(() => respond(200, ROBOTS)(req, res), ms));
  t.teardown(() => server.close());
  return server;
}

test("the options object's timeout is in seconds too: { timeout: 0.1 } times out a server answering after 300 ms", async (t) => {
  const server = await slowServer(t, 300);
  const rerp = new RobotExclusionRulesParser();
  const error = await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), { timeout: 0.1 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout');
  t.regex(error.message, /within 100 ms/);
});

test("the options object's timeout is in seconds too: { timeout: 1 } waits for a server answering after 300 ms", async (t) => {
  const server = await slowServer(t, 300);
  const rerp = new RobotExclusionRulesParser();
  await rerp.fetch(server.url('/robots.txt'), { timeout: 1, statusPolicy: 'original' });
  t.is(rerp.response_code, 200);
  t.false(rerp.is_allowed('bot', '/private/x'));
});

test('fetch(url, 5) and fetch(url, { timeout: 5 }) both mean 5 seconds', async (t) => {
  const server = await slowServer(t, 300);
  const rerp = new RobotExclusionRulesParser();
  await rerp.fetch(server.url('/robots.txt'), 5);
  await rerp.fetch(server.url('/robots.txt'), { timeout: 5 });
  t.is(server.count(), 2);
  t.is(rerp.response_code, 200);
});

test("the lookalike's read takes the timeout in seconds as well", async (t) => {
  const server = await slowServer(t, 300);
  const slow = new RobotFileParserLookalike(server.url('/robots.txt'));
  const error = await t.throwsAsync(slow.read({ timeout: 0.1 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout');
  // 10 s; were it read as 10 ms, the 300 ms answer would time out. A wide margin for a loaded machine.
  await slow.read({ timeout: 10 });
  t.is(slow.response_code, 200);
});

test('a bad timeout in the options object is named in seconds; other options as the camelCase fetch names them', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, ROBOTS) });
  t.teardown(() => server.close());
  const rerp = new RobotExclusionRulesParser();
  for (const timeout of [0, -1, Number.NaN, '5']) {
    await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), { timeout } as never), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `fetch option timeout must be a finite number of seconds > 0, got ${typeof timeout === 'string' ? JSON.stringify(timeout) : timeout}`,
    });
  }
  await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), { timout: 5 } as never), {
    instanceOf: InvalidArgumentError,
    code: 'ERR_ROBOTS_INVALID_ARGUMENT',
    message: 'fetch option timout is unknown; known options: timeout, signal, maxBytes, maxRedirects, onDecodeError, statusPolicy, allowAddress, lookup',
  });
  await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), { maxBytes: -1 }), {
    instanceOf: InvalidArgumentError,
    message: 'fetch option maxBytes must be a non-negative integer, got -1',
  });
  for (const timeout of ['5', true]) {
    await t.throwsAsync(rerp.fetch(server.url('/robots.txt'), timeout as never), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' });
  }
  await t.throwsAsync(rerp.fetch('ftp://example.com/robots.txt', 5), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  t.is(server.count(), 0);
  t.is(rerp.response_code, null);
});

test('the lookalike answers under the standard library names', (t) => {
  const rp = new RobotFileParserLookalike();
  t.is(rp.mtime(), null);
  t.is(rp.last_checked, null);
  t.is(rp.site_maps(), null);
  rp.parse(ROBOTS.split('\n'));
  t.false(rp.can_fetch('bot', '/private/x'));
  t.true(rp.can_fetch('bot', '/private/x', MK1996));
  t.is(rp.crawl_delay('bot'), 3);
  t.deepEqual(rp.request_rate('bot'), { requests: 2, seconds: 10 });
  t.deepEqual(rp.site_maps(), ['https://example.com/s.xml']);
  t.is(rp.last_checked, rp.lastChecked);
  rp.last_checked = 7;
  t.is(rp.mtime(), 7);
  rp.modified();
  t.not(rp.last_checked, 7);
});

test('a ported RobotFileParser user runs with await added', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, ROBOTS), '/other.txt': respond(404) });
  t.teardown(() => server.close());

  // Python:  rp = RobotFileParser(); rp.set_url(url); rp.read()
  const rp = new RobotFileParserLookalike();
  rp.set_url(server.url('/robots.txt'));
  await rp.read();
  t.false(rp.can_fetch('*', server.url('/private/page.html')));
  t.true(rp.can_fetch('*', server.url('/page.html')));
  t.true(rp.mtime()! > 0);
  t.is(rp.is_allowed('bot', '/private'), rp.can_fetch('bot', '/private'));

  // The constructor takes the URL too, as RobotFileParser(url) does.
  const other = new RobotFileParserLookalike(server.url('/other.txt'));
  await other.read();
  t.true(other.can_fetch('bot', '/private'));
  t.is(other.response_code, 404);
});

test('the lookalike facade keeps the camelCase names', (t) => {
  const rp = new RobotFileParserLookalike();
  rp.parse(['User-agent: *', 'Disallow: /x']);
  t.false(rp.canFetch('bot', '/x'));
  t.false(rp.isAllowed('bot', '/x'));
  t.is(rp.crawlDelay('bot'), null);
});
