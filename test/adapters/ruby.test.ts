import test from 'ava';
import { get, getAllowed, parseRobotsTxt, Robotstxt } from '../../src/adapters/ruby.js';
import { InvalidOriginError } from '../../src/hosts/origin.js';
import { RobotsFetchError } from '../../src/errors.js';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { MK1996 } from '../../src/syntax.js';
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

test('httpTimeout is in seconds and makes a hanging server a timeout failure', async (t) => {
  const s = await serve(t, hang());
  const error = await t.throwsAsync(get(s.url('/'), 'Crawler', { httpTimeout: 0.1, onServerError: 'throw' }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout');
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

test('a URL with no http(s) origin rejects with InvalidOriginError', async (t) => {
  await t.throwsAsync(get('/robots.txt', 'Crawler'), { instanceOf: InvalidOriginError });
  await t.throwsAsync(getAllowed('ftp://example.com/', 'Crawler'), { instanceOf: InvalidOriginError });
});

test('a bad option rejects with a RangeError', async (t) => {
  await t.throwsAsync(get('http://127.0.0.1:1/', 'Crawler', { onServerError: 'nope' as never }), { instanceOf: RangeError });
  for (const numRedirects of [-1, 1.5, Number.NaN]) {
    await t.throwsAsync(get('http://127.0.0.1:1/', 'Crawler', { numRedirects }), {
      instanceOf: RangeError,
      message: /^numRedirects must be a non-negative integer/,
    });
  }
});

test("a bad httpTimeout is reported in the gem's terms, seconds", async (t) => {
  for (const httpTimeout of [-1, 0, Number.NaN, Infinity]) {
    await t.throwsAsync(get('http://127.0.0.1:1/', 'Crawler', { httpTimeout }), {
      instanceOf: RangeError,
      message: /^httpTimeout must be a positive number of seconds/,
    });
  }
});
