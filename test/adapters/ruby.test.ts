import test from 'ava';
import { get, getAllowed, parseRobotsTxt, Robotstxt } from '../../src/adapters/ruby.js';
import { InvalidArgumentError, InvalidUrlError, RobotsFetchError } from '../../src/errors.js';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { GYM2008, MK1996, RFC9309 } from '../../src/syntax.js';
import { hang, redirect, respond, startServer, type Handler, type TestServer } from '../helpers/server.js';

const PRIVATE = 'User-agent: *\nDisallow: /private/\n';

async function serve(t: { teardown(fn: () => Promise<void>): void }, routes: Handler | Record<string, Handler>): Promise<TestServer> {
  const server = await startServer(routes);
  t.teardown(() => server.close());
  return server;
}

test("get fetches /robots.txt of the URL's origin, whatever its path", async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  const parser = await get(s.url('/deep/page.html?x=1'), 'Crawler');
  t.true(parser instanceof RobotExclusionRulesParser);
  t.deepEqual(
    s.requests.map((r) => r.path),
    ['/robots.txt'],
  );
  t.is(parser.sourceUrl, s.url('/robots.txt'));
  t.false(parser.isAllowed('Crawler', '/private/a'));
  t.true(parser.isAllowed('Crawler', '/index.html'));
});

test("get sends the user agent and keeps it as the parser's userAgent", async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  const parser = await get(s.url('/'), 'Crawler/2.0');
  t.is(s.requests[0]!.headers['user-agent'], 'Crawler/2.0');
  t.is(parser.userAgent, 'Crawler/2.0');
});

test("getAllowed answers for the URL from its origin's robots.txt", async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  t.false(await getAllowed(s.url('/private/x'), 'Crawler'));
  t.true(await getAllowed(s.url('/public/x'), 'Crawler'));
});

test("the parser get returns answers calls naming no syntax in the call's syntax", async (t) => {
  // First match (GYM2008) disallows /shop/catalog/1, longest match (RFC9309) allows it.
  const s = await serve(t, { '/robots.txt': respond(200, 'User-agent: *\nDisallow: /shop/\nAllow: /shop/catalog/\n') });
  const rfc = await get(s.url('/'), 'Crawler', { syntax: RFC9309 });
  t.is(rfc.syntax, RFC9309);
  t.true(rfc.isAllowed('Crawler', '/shop/catalog/1'));
  const gym = await get(s.url('/'), 'Crawler');
  t.is(gym.syntax, GYM2008);
  t.false(gym.isAllowed('Crawler', '/shop/catalog/1'));
  t.true(await Robotstxt.getAllowed(s.url('/shop/catalog/1'), 'Crawler', { syntax: RFC9309 }));
});

test('getAllowed matches in the syntax option', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, 'User-agent: *\nDisallow: /*.pdf\n') });
  t.false(await getAllowed(s.url('/a.pdf'), 'Crawler'));
  t.true(await getAllowed(s.url('/a.pdf'), 'Crawler', { syntax: MK1996 }));
});

test('parseRobotsTxt returns a parser holding the text, with the user agent set', (t) => {
  const parser = parseRobotsTxt(PRIVATE, 'Crawler');
  t.is(parser.userAgent, 'Crawler');
  t.false(parser.isAllowed('Crawler', '/private/x'));
  t.true(parser.isAllowed('Crawler', '/x'));
});

test('parseRobotsTxt never throws, whatever the input', (t) => {
  for (const text of ['', '\u0000\uffff', 'Disallow', new Uint8Array([0xff, 0xfe, 0x00])]) {
    t.true(parseRobotsTxt(text, 'Crawler').isAllowed('Crawler', '/'));
  }
});

test("Robotstxt holds the three functions under the gem's names", (t) => {
  t.is(Robotstxt.get, get);
  t.is(Robotstxt.parse, parseRobotsTxt);
  t.is(Robotstxt.getAllowed, getAllowed);
  t.true(Object.isFrozen(Robotstxt));
});

/** A chain /robots.txt -> /r1 -> ... -> /rN -> final robots.txt. */
function chain(n: number): Record<string, Handler> {
  const routes: Record<string, Handler> = {};
  for (let i = 0; i < n; i++) routes[i === 0 ? '/robots.txt' : `/r${i}`] = redirect(302, `/r${i + 1}`);
  routes[`/r${n}`] = respond(200, PRIVATE);
  return routes;
}

test('five redirects are followed by default', async (t) => {
  const s = await serve(t, chain(5));
  t.false(await getAllowed(s.url('/private/x'), 'Crawler', { onServerError: 'throw' }));
});

test('a sixth redirect is a failure by default', async (t) => {
  const s = await serve(t, chain(6));
  const error = await t.throwsAsync(get(s.url('/'), 'Crawler', { onServerError: 'throw' }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'redirect');
});

test('numRedirects sets how many redirects are followed', async (t) => {
  const s = await serve(t, chain(2));
  await t.throwsAsync(get(s.url('/'), 'Crawler', { numRedirects: 1, onServerError: 'throw' }), { instanceOf: RobotsFetchError });
  t.false(await getAllowed(s.url('/private/x'), 'Crawler', { numRedirects: 2, onServerError: 'throw' }));
});

test('httpTimeout is in milliseconds and makes a hanging server a timeout failure', async (t) => {
  const s = await serve(t, hang());
  const error = await t.throwsAsync(get(s.url('/'), 'Crawler', { httpTimeout: 100, onServerError: 'throw' }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout');
  t.regex(error.message, /within 100 ms/);
});

test("httpTimeout is milliseconds, not the gem's seconds: a server answering after 300 ms", async (t) => {
  const s = await serve(t, (req, res) => void setTimeout(() => respond(200, PRIVATE)(req, res), 300));
  const error = await t.throwsAsync(get(s.url('/'), 'Crawler', { httpTimeout: 100, onServerError: 'throw' }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout');
  t.false(await getAllowed(s.url('/private/x'), 'Crawler', { httpTimeout: 5_000, onServerError: 'throw' }));
});

test('a 5xx robots.txt disallows everything by default', async (t) => {
  const s = await serve(t, respond(503));
  t.false(await getAllowed(s.url('/x'), 'Crawler'));
});

test("onServerError 'allow' allows everything on a 5xx robots.txt, as the gem does", async (t) => {
  const s = await serve(t, respond(500));
  t.true(await getAllowed(s.url('/x'), 'Crawler', { onServerError: 'allow' }));
});

test('the stand-in parser for a failed fetch expires within a minute and keeps the status', async (t) => {
  const s = await serve(t, respond(503));
  const parser = await get(s.url('/'), 'Crawler');
  t.is(parser.responseCode, 503);
  t.false(parser.isExpired);
  t.true(parser.expirationDate <= Date.now() / 1000 + 60);
});

test('an aborted signal rejects whatever the policy', async (t) => {
  const s = await serve(t, hang());
  const controller = new AbortController();
  const pending = get(s.url('/'), 'Crawler', { onServerError: 'allow', signal: controller.signal });
  controller.abort();
  const error = await t.throwsAsync(pending, { instanceOf: RobotsFetchError });
  t.is(error.reason, 'aborted');
});

test('a URL with no http(s) origin rejects with InvalidUrlError', async (t) => {
  for (const fn of [get, getAllowed]) {
    await t.throwsAsync(fn('/robots.txt', 'Crawler'), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
    const error = await t.throwsAsync(fn('ftp://example.com/', 'Crawler'), {
      instanceOf: InvalidUrlError,
      code: 'ERR_ROBOTS_INVALID_URL',
      message: 'url must be an absolute http(s) URL, got "ftp://example.com/"',
    });
    t.is(error.input, 'ftp://example.com/');
  }
});

test('a bad option rejects with an InvalidArgumentError naming it as the gem names it', async (t) => {
  const bad: [options: unknown, message: string][] = [
    [{ onServerError: 'nope' }, "get option onServerError must be 'disallow', 'allow' or 'throw', got \"nope\""],
    [{ numRedirects: -1 }, 'get option numRedirects must be a non-negative integer, got -1'],
    [{ numRedirects: 1.5 }, 'get option numRedirects must be a non-negative integer, got 1.5'],
    [{ numRedirects: Number.NaN }, 'get option numRedirects must be a non-negative integer, got NaN'],
    [{ syntax: 4 }, 'get option syntax must be MK1996 (1), GYM2008 (2) or RFC9309 (3), got 4'],
    [{ signal: {} }, 'get option signal must be an AbortSignal, got an object'],
  ];
  for (const [options, message] of bad) {
    await t.throwsAsync(get('http://127.0.0.1:1/', 'Crawler', options as never), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message,
    });
  }
  await t.throwsAsync(getAllowed('http://127.0.0.1:1/', 'Crawler', { numRedirects: -1 }), {
    instanceOf: InvalidArgumentError,
    message: 'getAllowed option numRedirects must be a non-negative integer, got -1',
  });
});

test('a bad httpTimeout is reported in milliseconds', async (t) => {
  for (const httpTimeout of [-1, 0, Number.NaN, Infinity]) {
    const error = await t.throwsAsync(get('http://127.0.0.1:1/', 'Crawler', { httpTimeout }), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `get option httpTimeout must be a finite number of milliseconds > 0, got ${httpTimeout}`,
    });
    t.is(error.argument, 'httpTimeout');
  }
});

test('unknown option keys and options that are not an object reject before any request', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  for (const fn of [get, getAllowed]) {
    const error = await t.throwsAsync(fn(s.url('/'), 'Crawler', { http_timeout: 10 } as never), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `${fn.name} option http_timeout is unknown; known options: numRedirects, httpTimeout, onServerError, signal, syntax, allowAddress, lookup`,
    });
    t.is(error.argument, 'http_timeout');
    for (const options of [null, 10, 'allow']) {
      await t.throwsAsync(fn(s.url('/'), 'Crawler', options as never), {
        instanceOf: InvalidArgumentError,
        code: 'ERR_ROBOTS_INVALID_ARGUMENT',
        message: new RegExp(`^${fn.name} options must be an object, got `),
      });
    }
  }
  t.is(s.count(), 0);
});

test('a user agent that is not a valid HTTP header value rejects before any request', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  for (const userAgent of ['Crawler™', 'Crawler\r\nX: y']) {
    for (const fn of [get, getAllowed]) {
      const error = await t.throwsAsync(fn(s.url('/'), userAgent), {
        instanceOf: InvalidArgumentError,
        code: 'ERR_ROBOTS_INVALID_ARGUMENT',
        message: /^userAgent must be a valid HTTP header value/,
      });
      t.is(error.argument, 'userAgent');
    }
  }
  t.is(s.count(), 0);
});
