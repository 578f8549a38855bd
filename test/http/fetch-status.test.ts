import test from 'ava';
import { getEventListeners } from 'node:events';
import { InvalidArgumentError, InvalidUrlError, RobotExclusionRulesParser, RobotsFetchError } from '../../src/index.js';
import { closedPortUrl, hang, redirect, respond, startServer, type Handler, type SyncHandler, type TestServer } from '../helpers/server.js';

const ROBOTS = 'User-agent: *\nDisallow: /private\nSitemap: https://example.com/sitemap.xml\n';

async function serve(t: { teardown(fn: () => Promise<void>): void }, routes: Handler | Record<string, Handler>): Promise<TestServer> {
  const server = await startServer(routes);
  t.teardown(() => server.close());
  return server;
}

/** A parser already holding ROBOTS, to see that a failed fetch keeps it. */
function primed(): RobotExclusionRulesParser {
  const p = new RobotExclusionRulesParser();
  p.parse(ROBOTS);
  return p;
}

test('responseCode is null and sourceUrl empty before any fetch', (t) => {
  const p = new RobotExclusionRulesParser();
  t.is(p.responseCode, null);
  t.is(p.sourceUrl, '');
});

test('a 200 answer is parsed and recorded', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/private/x'));
  t.true(p.isAllowed('bot', '/public'));
  t.deepEqual(p.sitemaps, ['https://example.com/sitemap.xml']);
  t.is(p.responseCode, 200);
  t.is(p.sourceUrl, server.url('/robots.txt'));
});

test('fetch accepts a URL object', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(new URL(server.url('/robots.txt')));
  t.false(p.isAllowed('bot', '/private'));
});

for (const status of [401, 403]) {
  test(`${status} disallows everything`, async (t) => {
    const server = await serve(t, { '/robots.txt': respond(status, 'User-agent: *\nAllow: /\n') });
    const p = new RobotExclusionRulesParser();
    await p.fetch(server.url('/robots.txt'));
    t.false(p.isAllowed('bot', '/'));
    t.false(p.isAllowed('other', '/any/page'));
    t.is(p.responseCode, status);
  });
}

test('404 allows everything and replaces the rules held', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(404, 'User-agent: *\nDisallow: /\n') });
  const p = primed();
  await p.fetch(server.url('/robots.txt'));
  t.true(p.isAllowed('bot', '/private'));
  t.deepEqual(p.sitemaps, []);
  t.is(p.responseCode, 404);
});

for (const status of [410, 429, 500, 503]) {
  test(`${status} throws a RobotsFetchError and keeps the rules held`, async (t) => {
    const server = await serve(t, { '/robots.txt': respond(status, 'User-agent: *\nAllow: /\n') });
    const p = primed();
    const expiration = p.expirationDate;
    const error = await t.throwsAsync(p.fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
    t.is(error.responseCode, status);
    t.is(error.url, server.url('/robots.txt'));
    t.is(error.reason, 'status');
    t.is(error.code, 'ERR_ROBOTS_FETCH');
    t.false(p.isAllowed('bot', '/private'));
    t.deepEqual(p.sitemaps, ['https://example.com/sitemap.xml']);
    t.is(p.expirationDate, expiration);
    t.is(p.responseCode, status);
    t.is(p.sourceUrl, server.url('/robots.txt'));
  });
}

for (const status of [301, 302, 307, 308]) {
  test(`a ${status} redirect is followed`, async (t) => {
    const server = await serve(t, { '/robots.txt': redirect(status, '/real.txt'), '/real.txt': respond(200, ROBOTS) });
    const p = new RobotExclusionRulesParser();
    await p.fetch(server.url('/robots.txt'));
    t.false(p.isAllowed('bot', '/private'));
    t.is(p.responseCode, 200);
    t.is(p.sourceUrl, server.url('/robots.txt'), 'sourceUrl stays the URL asked for');
  });
}

/** Routes /r0 -> /r1 -> ... -> /r{n} which answers ROBOTS, cycling 301, 302, 307, 308. */
function chain(n: number): Record<string, Handler> {
  const codes = [301, 302, 307, 308];
  const routes: Record<string, Handler> = { [`/r${n}`]: respond(200, ROBOTS) };
  for (let i = 0; i < n; i++) routes[`/r${i}`] = redirect(codes[i % 4]!, `/r${i + 1}`);
  return routes;
}

test('a chain of 5 redirects is followed by default', async (t) => {
  const server = await serve(t, chain(5));
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/r0'));
  t.false(p.isAllowed('bot', '/private'));
  t.is(server.count(), 6);
});

test('a sixth redirect throws and keeps the rules held', async (t) => {
  const server = await serve(t, chain(6));
  const p = primed();
  const error = await t.throwsAsync(p.fetch(server.url('/r0')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'redirect');
  t.is(error.responseCode, 302, 'the status of the redirect not followed (/r5)');
  t.is(error.url, server.url('/r0'));
  t.false(p.isAllowed('bot', '/private'));
  t.is(server.count('/r6'), 0, 'the target is never requested');
});

test('maxRedirects sets the limit', async (t) => {
  const server = await serve(t, chain(2));
  const p = new RobotExclusionRulesParser();
  await t.throwsAsync(p.fetch(server.url('/r0'), { maxRedirects: 1 }), { instanceOf: RobotsFetchError });
  await p.fetch(server.url('/r0'), { maxRedirects: 2 });
  t.false(p.isAllowed('bot', '/private'));
});

test('maxRedirects: 0 refuses any redirect', async (t) => {
  const server = await serve(t, chain(1));
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/r0'), { maxRedirects: 0 }), {
    instanceOf: RobotsFetchError,
  });
  t.is(error.reason, 'redirect');
});

test('a redirect loop throws as soon as a URL comes back', async (t) => {
  const server = await serve(t, { '/a': redirect(302, '/b'), '/b': redirect(301, '/a') });
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/a')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'redirect');
  t.regex(error.message, /loop/);
  t.is(server.count(), 2);
});

test('a redirect to an absolute URL on another origin is followed', async (t) => {
  const target = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const server = await serve(t, { '/robots.txt': redirect(301, target.url('/robots.txt')) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/private'));
});

test("user info in the URL is not sent: the host's robots.txt is fetched", async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt').replace('://', '://user:secret@'));
  t.false(p.isAllowed('bot', '/private/x'));
  t.is(p.responseCode, 200);
  t.is(server.requests[0]!.headers.authorization, undefined);
});

test('a redirect to a URL with user info is followed without it', async (t) => {
  const target = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const server = await serve(t, { '/robots.txt': redirect(302, target.url('/robots.txt').replace('://', '://user:secret@')) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/private/x'));
  t.is(target.requests[0]!.headers.authorization, undefined);
});

test('a redirect to a non-HTTP URL throws', async (t) => {
  const server = await serve(t, { '/robots.txt': redirect(302, 'ftp://example.com/robots.txt') });
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'redirect');
  t.is(error.responseCode, 302);
});

test('a redirect status without Location is an unhandled status', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(302, '') });
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'status');
  t.is(error.responseCode, 302);
});

test('a server that never answers times out with responseCode 0', async (t) => {
  const server = await serve(t, hang());
  const p = primed();
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { timeout: 200 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout');
  t.is(error.responseCode, 0);
  t.is(p.responseCode, 0);
  t.false(p.isAllowed('bot', '/private'));
});

test('a timeout longer than a timer can hold waits, rather than firing at once', async (t) => {
  // Node fires a setTimeout beyond 2^31 - 1 ms after 1 ms; the answer here comes later than that.
  const server = await serve(t, (req, res) => void setTimeout(() => respond(200, ROBOTS)(req, res), 100));
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'), { timeout: 2 ** 31 });
  t.is(p.responseCode, 200);
  t.false(p.isAllowed('bot', '/private/x'));
});

test('the timeout covers the body, not only the headers', async (t) => {
  const server = await serve(t, (_req, res) => {
    res.writeHead(200, { 'content-length': '1000' });
    res.write('User-agent: *\n');
  });
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { timeout: 200 }), {
    instanceOf: RobotsFetchError,
  });
  t.is(error.reason, 'timeout');
});

test('the timeout covers the whole redirect chain, not each request', async (t) => {
  // Each answer alone comes well within the timeout; the two together do not.
  const slowly =
    (handler: SyncHandler): Handler =>
    (req, res) =>
      void setTimeout(() => handler(req, res), 300);
  const server = await serve(t, { '/robots.txt': slowly(redirect(301, '/next')), '/next': slowly(respond(200, ROBOTS)) });
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { timeout: 500 }), {
    instanceOf: RobotsFetchError,
  });
  t.is(error.reason, 'timeout');
});

test('a closed port throws with responseCode 0 and the cause', async (t) => {
  const url = await closedPortUrl();
  const p = primed();
  const error = await t.throwsAsync(p.fetch(url), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'network');
  t.is(error.responseCode, 0);
  t.is(error.url, url);
  t.is((error.cause as { code?: string }).code, 'ECONNREFUSED');
  t.is(p.responseCode, 0);
  t.is(p.sourceUrl, url);
  t.false(p.isAllowed('bot', '/private'));
});

test('the caller can abort a fetch with a signal', async (t) => {
  const server = await serve(t, hang());
  const controller = new AbortController();
  const pending = new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { signal: controller.signal });
  const reason = new Error('shutting down');
  setTimeout(() => controller.abort(reason), 50);
  const error = await t.throwsAsync(pending, { instanceOf: RobotsFetchError });
  t.is(error.reason, 'aborted');
  t.is(error.cause, reason);
});

test('one signal shared by many fetches at once aborts them all, with no listener-leak warning', async (t) => {
  const server = await serve(t, hang());
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => void warnings.push(warning.name);
  process.on('warning', onWarning);
  t.teardown(() => void process.off('warning', onWarning));
  const controller = new AbortController();
  const pending = Array.from({ length: 15 }, () => new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { signal: controller.signal }));
  setTimeout(() => controller.abort(), 50);
  const errors = await Promise.all(pending.map((p) => t.throwsAsync(p, { instanceOf: RobotsFetchError })));
  t.deepEqual(
    errors.map((e) => e.reason),
    Array(15).fill('aborted'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  t.false(warnings.includes('MaxListenersExceededWarning'));
  t.is(getEventListeners(controller.signal, 'abort').length, 0, 'the shared listener went with the last fetch');
});

test('a signal that never aborts keeps no listener once its fetches are done', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const controller = new AbortController();
  await Promise.all(Array.from({ length: 3 }, () => new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { signal: controller.signal })));
  t.is(getEventListeners(controller.signal, 'abort').length, 0);
});

test('an already aborted signal sends no request', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { signal: AbortSignal.abort() }), {
    instanceOf: RobotsFetchError,
  });
  t.is(error.reason, 'aborted');
  t.is(server.count(), 0);
});

for (const url of ['not a url', '/robots.txt', 'ftp://example.com/robots.txt', '', 'mailto:a@b.c']) {
  test(`${JSON.stringify(url)} is refused as a URL with an InvalidUrlError, without a request or a change to the parser`, async (t) => {
    const p = primed();
    const expires = p.expirationDate;
    const error = await t.throwsAsync(p.fetch(url), {
      instanceOf: InvalidUrlError,
      code: 'ERR_ROBOTS_INVALID_URL',
      message: `url must be an absolute http(s) URL, got ${JSON.stringify(url)}`,
    });
    t.is(error.input, url);
    t.false(p.isAllowed('bot', '/private'));
    t.deepEqual(p.sitemaps, ['https://example.com/sitemap.xml']);
    t.is(p.expirationDate, expires);
    t.is(p.sourceUrl, '');
    t.is(p.responseCode, null);
  });
}

test('a URL object that is not http(s) is refused too', async (t) => {
  const error = await t.throwsAsync(primed().fetch(new URL('ftp://example.com/robots.txt')), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  t.is(error.input, 'ftp://example.com/robots.txt');
});

test("a refused URL leaves the last fetch's sourceUrl and responseCode as they were", async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  await t.throwsAsync(p.fetch('ftp://example.com/robots.txt'), { instanceOf: InvalidUrlError });
  t.is(p.sourceUrl, server.url('/robots.txt'));
  t.is(p.responseCode, 200);
});

for (const userAgent of ['Foobot™/1.0', 'Foobot/1.0\r\nX-Injected: 1', 'Foobot\n', 'Foo\u0000bot']) {
  test(`a userAgent of ${JSON.stringify(userAgent)} is an InvalidArgumentError at fetch, not a network failure`, async (t) => {
    const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
    const p = primed();
    p.userAgent = userAgent;
    const error = await t.throwsAsync(p.fetch(server.url('/robots.txt')), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `userAgent must be a valid HTTP header value (tab, space, visible ASCII and Latin-1 characters only), got ${JSON.stringify(userAgent)}`,
    });
    t.is(error.argument, 'userAgent');
    t.is(server.count(), 0);
    t.false(p.isAllowed('bot', '/private'));
    t.is(p.sourceUrl, '');
    t.is(p.responseCode, null);
  });
}

test('a userAgent with tabs and Latin-1 characters is sent as it is', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  p.userAgent = 'Caf\u00e9bot/1.0\t(+https://example.com/bot)';
  await p.fetch(server.url('/robots.txt'));
  t.is(server.requests[0]!.headers['user-agent'], 'Caf\u00e9bot/1.0\t(+https://example.com/bot)');
});

test('a userAgent that is not a string is an InvalidArgumentError at fetch', async (t) => {
  const p = new RobotExclusionRulesParser();
  (p as { userAgent: unknown }).userAgent = 42;
  await t.throwsAsync(p.fetch('http://127.0.0.1:1/robots.txt'), {
    instanceOf: InvalidArgumentError,
    code: 'ERR_ROBOTS_INVALID_ARGUMENT',
    message: 'userAgent must be a string, got 42',
  });
});

test('userAgent is sent as the User-Agent header, on redirects too', async (t) => {
  const server = await serve(t, { '/robots.txt': redirect(301, '/real.txt'), '/real.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  p.userAgent = 'Foobot/2.1 (+https://example.com/bot)';
  await p.fetch(server.url('/robots.txt'));
  t.deepEqual(
    server.requests.map((r) => r.headers['user-agent']),
    ['Foobot/2.1 (+https://example.com/bot)', 'Foobot/2.1 (+https://example.com/bot)'],
  );
});

test('without userAgent the parser sends no User-Agent of its own', async (t) => {
  const server = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const p = new RobotExclusionRulesParser();
  t.is(p.userAgent, null);
  p.userAgent = '';
  await p.fetch(server.url('/robots.txt'));
  t.not(server.requests[0]!.headers['user-agent'], '');
});

test('fetch sends a GET for the exact path', async (t) => {
  const server = await serve(t, respond(200, ROBOTS));
  await new RobotExclusionRulesParser().fetch(server.url('/robots.txt?x=1'));
  t.is(server.requests[0]!.method, 'GET');
  t.is(server.requests[0]!.path, '/robots.txt?x=1');
});

for (const [name, options, message] of [
  ['maxBytes', { maxBytes: -1 }, 'fetch option maxBytes must be a non-negative integer, got -1'],
  ['maxBytes', { maxBytes: 1.5 }, 'fetch option maxBytes must be a non-negative integer, got 1.5'],
  ['maxBytes', { maxBytes: '100' }, 'fetch option maxBytes must be a non-negative integer, got "100"'],
  ['maxBytes', { maxBytes: Infinity }, 'fetch option maxBytes must be a non-negative integer, got Infinity'],
  ['maxRedirects', { maxRedirects: -1 }, 'fetch option maxRedirects must be a non-negative integer, got -1'],
  ['maxRedirects', { maxRedirects: null }, 'fetch option maxRedirects must be a non-negative integer, got null'],
  ['timeout', { timeout: 0 }, 'fetch option timeout must be a finite number of milliseconds > 0, got 0'],
  ['timeout', { timeout: -5 }, 'fetch option timeout must be a finite number of milliseconds > 0, got -5'],
  ['timeout', { timeout: Number.NaN }, 'fetch option timeout must be a finite number of milliseconds > 0, got NaN'],
  ['timeout', { timeout: Infinity }, 'fetch option timeout must be a finite number of milliseconds > 0, got Infinity'],
  ['timeout', { timeout: '5000' }, 'fetch option timeout must be a finite number of milliseconds > 0, got "5000"'],
  ['onDecodeError', { onDecodeError: 'ignore' }, "fetch option onDecodeError must be 'throw', 'replace' or 'bytes', got \"ignore\""],
  ['statusPolicy', { statusPolicy: 'google' }, "fetch option statusPolicy must be 'original' or 'rfc9309', got \"google\""],
  ['signal', { signal: {} }, 'fetch option signal must be an AbortSignal, got an object'],
  ['signal', { signal: new AbortController() }, 'fetch option signal must be an AbortSignal, got an AbortController'],
  ['signal', { signal: null }, 'fetch option signal must be an AbortSignal, got null'],
] as const) {
  test(`a bad ${name} (${message.replace(/.*got /, '')}) is an InvalidArgumentError before any request`, async (t) => {
    const server = await serve(t, respond(200, ROBOTS));
    const p = new RobotExclusionRulesParser();
    const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), options as never), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message,
    });
    t.is(error.argument, name);
    t.is(server.count(), 0);
    t.is(p.sourceUrl, '');
    t.is(p.responseCode, null);
  });
}

test('an unknown fetch option is an InvalidArgumentError naming it and the known ones, before any request', async (t) => {
  const server = await serve(t, respond(200, ROBOTS));
  const p = primed();
  for (const key of ['timout', 'max_bytes', 'statuspolicy', 'user agent']) {
    const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { [key]: 1000 }), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `fetch option ${key === 'user agent' ? '"user agent"' : key} is unknown; known options: timeout, signal, maxBytes, maxRedirects, onDecodeError, statusPolicy, allowAddress, lookup`,
    });
    t.is(error.argument, key);
  }
  t.is(server.count(), 0);
  t.false(p.isAllowed('bot', '/private'));
});

test('fetch options that are not an object are an InvalidArgumentError', async (t) => {
  const server = await serve(t, respond(200, ROBOTS));
  for (const [options, shown] of [
    [5000, '5000'],
    [null, 'null'],
    ['rfc9309', '"rfc9309"'],
    [[], 'an array'],
    [new Map(), 'a Map'],
  ] as const) {
    const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), options as never), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `fetch options must be an object, got ${shown}`,
    });
    t.is(error.argument, 'options');
  }
  t.is(server.count(), 0);
});

test('fetch options set to undefined count as not given, and a null-prototype object is accepted', async (t) => {
  const server = await serve(t, respond(200, ROBOTS));
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'), { timeout: undefined, maxBytes: undefined, signal: undefined, statusPolicy: undefined });
  t.is(p.responseCode, 200);
  const bare = Object.assign(Object.create(null) as object, { timeout: 5_000 });
  await p.fetch(server.url('/robots.txt'), bare);
  t.is(server.count(), 2);
});

test("with fetches overlapping, sourceUrl is the last call's URL and responseCode the status of the request started last", async (t) => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = await serve(t, {
    '/slow': (req, res) => void gate.then(() => respond(404, '')(req, res)),
    '/fast': respond(403, ''),
  });
  const p = new RobotExclusionRulesParser();
  const slow = p.fetch(server.url('/slow'));
  const fast = p.fetch(server.url('/fast'));
  await fast;
  t.is(p.sourceUrl, server.url('/fast'));
  t.is(p.responseCode, 403);
  release();
  await slow;
  t.is(p.sourceUrl, server.url('/fast'), 'the slower, earlier call does not put its URL back');
  t.is(p.responseCode, 403, 'nor its status');
  t.false(p.isAllowed('bot', '/'), "nor its rules: the 403's disallow-all stays");
});
