import test from 'ava';
import { RobotsCache, type RobotsFetchEvent } from '../../src/hosts/cache.js';
import { InvalidArgumentError, InvalidUrlError, RobotsFetchError } from '../../src/errors.js';
import { GYM2008, MK1996, RFC9309 } from '../../src/syntax.js';
import { closedPortUrl, hang, redirect, respond, startServer, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../helpers/clock.js';

const UA = 'CacheBot/1.0';
const PRIVATE = 'User-agent: *\nDisallow: /private/\nCrawl-delay: 3\n';

/** A server whose robots.txt is `body` (200, text/plain) and every other path 200. */
async function site(t: { teardown(fn: () => Promise<void>): void }, body: string, headers = {}): Promise<TestServer> {
  const server = await startServer((req, res) => {
    if (req.url === '/robots.txt') respond(200, body, { 'content-type': 'text/plain', ...headers })(req, res);
    else respond(200, 'page')(req, res);
  });
  t.teardown(() => server.close());
  return server;
}

async function serve(t: { teardown(fn: () => Promise<void>): void }, handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(handler);
  t.teardown(() => server.close());
  return server;
}

test("isAllowed answers from the robots.txt of the URL's origin", async (t) => {
  const s = await site(t, PRIVATE);
  const cache = new RobotsCache({ userAgent: UA });
  t.false(await cache.isAllowed(s.url('/private/x')));
  t.true(await cache.isAllowed(s.url('/public')));
});

test("getCrawlDelay answers from the record for the cache's user agent", async (t) => {
  const s = await site(t, PRIVATE);
  t.is(await new RobotsCache({ userAgent: UA }).getCrawlDelay(s.url('/')), 3);
});

test('getCrawlDelay is null when the robots.txt sets none', async (t) => {
  const s = await site(t, 'User-agent: *\nDisallow: /x\n');
  t.is(await new RobotsCache({ userAgent: UA }).getCrawlDelay(s.url('/')), null);
});

test("the robots.txt is fetched from /robots.txt whatever the URL's path and query", async (t) => {
  const s = await site(t, PRIVATE);
  await new RobotsCache({ userAgent: UA }).isAllowed(s.url('/deep/page.html?q=1#frag'));
  t.deepEqual(
    s.requests.map((r) => r.path),
    ['/robots.txt'],
  );
});

test("the fetch sends the cache's user agent", async (t) => {
  const s = await site(t, PRIVATE);
  await new RobotsCache({ userAgent: UA }).isAllowed(s.url('/'));
  t.is(s.requests[0]!.headers['user-agent'], UA);
});

test('100 parallel calls on a new origin make exactly one request', async (t) => {
  const s = await site(t, PRIVATE);
  const cache = new RobotsCache({ userAgent: UA });
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => cache.isAllowed(s.url(i % 2 ? `/private/${i}` : `/ok/${i}`))));
  t.is(s.count('/robots.txt'), 1);
  t.deepEqual(
    answers,
    Array.from({ length: 100 }, (_, i) => i % 2 === 0),
  );
});

test('parallel calls across several origins make one request per origin, each answered by its own rules', async (t) => {
  const servers = await Promise.all([0, 1, 2, 3].map((n) => site(t, `User-agent: *\nDisallow: /only-${n}/\n`)));
  const cache = new RobotsCache({ userAgent: UA });
  const calls = servers.flatMap((s, n) => Array.from({ length: 25 }, (_, i) => cache.isAllowed(s.url(`/only-${(n + i) % 4}/x`)).then((ok) => ({ n, i, ok }))));
  const results = await Promise.all(calls);
  for (const s of servers) t.is(s.count('/robots.txt'), 1);
  for (const { n, i, ok } of results) t.is(ok, (n + i) % 4 !== n);
});

test('scheme case and user info do not split an origin', async (t) => {
  const s = await site(t, PRIVATE);
  const cache = new RobotsCache({ userAgent: UA });
  await cache.isAllowed(s.url('/a'));
  await cache.isAllowed(s.origin.replace('http://', 'HTTP://') + '/b');
  await cache.isAllowed(s.origin.replace('http://', 'http://user:pw@') + '/c');
  t.is(s.count('/robots.txt'), 1);
  t.is(cache.size, 1);
});

test('a fresh robots.txt is not fetched again', async (t) => {
  const s = await site(t, PRIVATE);
  const cache = new RobotsCache({ userAgent: UA });
  await cache.isAllowed(s.url('/a'));
  await cache.isAllowed(s.url('/b'));
  await cache.getCrawlDelay(s.url('/c'));
  t.is(s.count('/robots.txt'), 1);
});

test('an expired robots.txt (Expires in the past) is fetched again on the next call', async (t) => {
  let body = PRIVATE;
  const s = await serve(t, (_req, res) => respond(200, body, { expires: 'Thu, 01 Jan 1970 00:00:00 GMT' })(_req, res));
  const cache = new RobotsCache({ userAgent: UA });
  t.false(await cache.isAllowed(s.url('/private/x')));
  body = 'User-agent: *\nDisallow:\n';
  t.true(await cache.isAllowed(s.url('/private/x')));
  t.is(s.count('/robots.txt'), 2);
});

test('parallel calls on an expired origin share one refetch', async (t) => {
  const s = await serve(t, respond(200, PRIVATE, { expires: 'Thu, 01 Jan 1970 00:00:00 GMT' }));
  const cache = new RobotsCache({ userAgent: UA });
  await cache.isAllowed(s.url('/'));
  await Promise.all(Array.from({ length: 20 }, () => cache.isAllowed(s.url('/x'))));
  t.is(s.count('/robots.txt'), 2);
});

test('get returns the parser of the origin, shared by later calls', async (t) => {
  const s = await site(t, PRIVATE);
  const cache = new RobotsCache({ userAgent: UA });
  const parser = await cache.get(s.url('/a'));
  t.is(parser.sourceUrl, s.url('/robots.txt'));
  t.is(parser.responseCode, 200);
  t.is(parser.userAgent, UA);
  t.false(parser.isAllowed(UA, '/private/'));
  t.is(await cache.get(s.url('/b')), parser);
});

test('the least recently used origin is dropped beyond maxEntries', async (t) => {
  const [a, b, c] = await Promise.all([site(t, PRIVATE), site(t, PRIVATE), site(t, PRIVATE)]);
  const cache = new RobotsCache({ userAgent: UA, maxEntries: 2 });
  await cache.isAllowed(a.url('/'));
  await cache.isAllowed(b.url('/'));
  await cache.isAllowed(a.url('/')); // a is now more recent than b
  await cache.isAllowed(c.url('/')); // drops b
  t.is(cache.size, 2);
  await cache.isAllowed(a.url('/'));
  t.is(a.count('/robots.txt'), 1);
  await cache.isAllowed(b.url('/'));
  t.is(b.count('/robots.txt'), 2);
});

test('the cache never holds more than maxEntries origins', async (t) => {
  const servers = await Promise.all([0, 1, 2, 3, 4].map(() => site(t, PRIVATE)));
  const cache = new RobotsCache({ userAgent: UA, maxEntries: 3 });
  for (const s of servers) {
    await cache.isAllowed(s.url('/'));
    t.true(cache.size <= 3);
  }
  t.is(cache.size, 3);
});

test('an origin dropped from the LRU while its fetch is in flight is still fetched only once', async (t) => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const slow = await serve(t, async (_req, res) => {
    await gate;
    respond(200, PRIVATE)(_req, res);
  });
  const fast = await site(t, '');
  const cache = new RobotsCache({ userAgent: UA, maxEntries: 1 });
  const first = cache.isAllowed(slow.url('/private/a'));
  await cache.isAllowed(fast.url('/')); // the one slot goes to the fast origin
  const second = cache.isAllowed(slow.url('/private/b'));
  open();
  t.deepEqual(await Promise.all([first, second]), [false, false]);
  t.is(slow.count('/robots.txt'), 1);
});

test('clear forgets every origin', async (t) => {
  const s = await site(t, PRIVATE);
  const cache = new RobotsCache({ userAgent: UA });
  await cache.isAllowed(s.url('/'));
  cache.clear();
  t.is(cache.size, 0);
  await cache.isAllowed(s.url('/'));
  t.is(s.count('/robots.txt'), 2);
});

test('clear during a fetch: the caller still gets its answer, the cache stores nothing from it', async (t) => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const s = await serve(t, async (req, res) => {
    await gate;
    respond(200, PRIVATE)(req, res);
  });
  const cache = new RobotsCache({ userAgent: UA });
  const pending = cache.isAllowed(s.url('/private/x'));
  cache.clear();
  open();
  t.false(await pending);
  t.is(cache.size, 0);
  t.false(await cache.isAllowed(s.url('/private/y')));
  t.is(s.count('/robots.txt'), 2);
});

test('a 5xx robots.txt disallows everything by default', async (t) => {
  const s = await serve(t, respond(503, 'down'));
  const cache = new RobotsCache({ userAgent: UA });
  t.false(await cache.isAllowed(s.url('/anything')));
  const parser = await cache.get(s.url('/'));
  t.is(parser.responseCode, 503);
});

test("onServerError 'allow' allows everything on a 5xx robots.txt", async (t) => {
  const s = await serve(t, respond(500));
  t.true(await new RobotsCache({ userAgent: UA, onServerError: 'allow' }).isAllowed(s.url('/private/x')));
});

test("onServerError 'disallow' disallows everything on a 5xx robots.txt", async (t) => {
  const s = await serve(t, respond(502));
  t.false(await new RobotsCache({ userAgent: UA, onServerError: 'disallow' }).isAllowed(s.url('/')));
});

test("onServerError 'throw' rejects with the fetch's RobotsFetchError", async (t) => {
  const s = await serve(t, respond(503));
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'throw' });
  const error = await t.throwsAsync(cache.isAllowed(s.url('/')), { instanceOf: RobotsFetchError });
  t.is(error.code, 'ERR_ROBOTS_FETCH');
  t.is(error.responseCode, 503);
  t.is(error.url, s.url('/robots.txt'));
});

test('a network failure (connection refused) disallows everything by default', async (t) => {
  const url = await closedPortUrl('/page');
  const cache = new RobotsCache({ userAgent: UA });
  t.false(await cache.isAllowed(url));
  t.is((await cache.get(url)).responseCode, 0);
});

test("a network failure under 'throw' rejects with responseCode 0", async (t) => {
  const url = await closedPortUrl('/page');
  const error = await t.throwsAsync(new RobotsCache({ userAgent: UA, onServerError: 'throw' }).isAllowed(url), { instanceOf: RobotsFetchError });
  t.is(error.responseCode, 0);
  t.is(error.reason, 'network');
});

test('a timeout counts as a failure and follows the policy', async (t) => {
  const s = await serve(t, hang());
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'allow', fetchOptions: { timeout: 100 } });
  t.true(await cache.isAllowed(s.url('/private/x')));
});

test('a failed fetch is remembered: the dead host is not asked again within failureTtl', async (t) => {
  const s = await serve(t, respond(503));
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 3_600_000 });
  await cache.isAllowed(s.url('/a'));
  await cache.isAllowed(s.url('/b'));
  await Promise.all([cache.isAllowed(s.url('/c')), cache.isAllowed(s.url('/d'))]);
  t.is(s.count('/robots.txt'), 1);
});

test("under 'throw' the remembered failure rejects again without a request", async (t) => {
  const s = await serve(t, respond(503));
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'throw', failureTtl: 3_600_000 });
  const first = await t.throwsAsync(cache.isAllowed(s.url('/a')));
  const second = await t.throwsAsync(cache.isAllowed(s.url('/b')));
  t.is(second, first);
  t.is(s.count('/robots.txt'), 1);
});

test('a failed fetch is tried again once failureTtl has passed', async (t) => {
  let status = 503;
  const s = await serve(t, (req, res) => respond(status, PRIVATE)(req, res));
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 0 });
  t.false(await cache.isAllowed(s.url('/public')));
  status = 200;
  t.true(await cache.isAllowed(s.url('/public')));
  t.is(s.count('/robots.txt'), 2);
});

test("under 'throw' the origin is tried again once failureTtl has passed", async (t) => {
  let status = 500;
  const s = await serve(t, (req, res) => respond(status, PRIVATE)(req, res));
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'throw', failureTtl: 0 });
  await t.throwsAsync(cache.isAllowed(s.url('/public')), { instanceOf: RobotsFetchError });
  status = 200;
  t.true(await cache.isAllowed(s.url('/public')));
});

test("404 allows everything and 403 disallows everything, as the parser's fetch decides", async (t) => {
  const missing = await serve(t, respond(404));
  const forbidden = await serve(t, respond(403));
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'throw' });
  t.true(await cache.isAllowed(missing.url('/private/x')));
  t.false(await cache.isAllowed(forbidden.url('/')));
});

test('fetchOptions reach the fetch: maxRedirects 0 makes a redirect a failure', async (t) => {
  const target = await site(t, 'User-agent: *\nDisallow:\n');
  const s = await serve(t, redirect(301, target.url('/robots.txt')));
  t.true(await new RobotsCache({ userAgent: UA }).isAllowed(s.url('/x')));
  t.false(await new RobotsCache({ userAgent: UA, fetchOptions: { maxRedirects: 0 } }).isAllowed(s.url('/x')));
});

test('the syntax option chooses how rules match', async (t) => {
  const s = await site(t, 'User-agent: *\nDisallow: /*.pdf$\n');
  t.false(await new RobotsCache({ userAgent: UA }).isAllowed(s.url('/a.pdf')));
  t.true(await new RobotsCache({ userAgent: UA, syntax: MK1996 }).isAllowed(s.url('/a.pdf')));
});

test("the parsers get returns answer calls naming no syntax in the cache's syntax", async (t) => {
  // First match (GYM2008) disallows /shop/catalog/1, longest match (RFC9309) allows it.
  const s = await site(t, 'User-agent: *\nDisallow: /shop/\nAllow: /shop/catalog/\n');
  const rfc = await new RobotsCache({ userAgent: UA, syntax: RFC9309 }).get(s.url('/'));
  t.is(rfc.syntax, RFC9309);
  t.true(rfc.isAllowed(UA, '/shop/catalog/1'));
  t.false(rfc.isAllowed(UA, '/shop/catalog/1', GYM2008));
  const gym = await new RobotsCache({ userAgent: UA }).get(s.url('/'));
  t.is(gym.syntax, GYM2008);
  t.false(gym.isAllowed(UA, '/shop/catalog/1'));
  // A stand-in after a failed fetch takes the cache's syntax too.
  const down = await serve(t, respond(503));
  t.is((await new RobotsCache({ userAgent: UA, syntax: MK1996 }).get(down.url('/'))).syntax, MK1996);
});

test('onFetch is told of each fetch, failed or not', async (t) => {
  const ok = await site(t, PRIVATE);
  const down = await serve(t, respond(503));
  const events: RobotsFetchEvent[] = [];
  const cache = new RobotsCache({ userAgent: UA, onFetch: (e) => events.push(e) });
  await cache.isAllowed(ok.url('/'));
  await cache.isAllowed(down.url('/'));
  await cache.isAllowed(down.url('/again'));
  t.is(events.length, 2);
  t.like(events[0], { origin: ok.origin, robotsUrl: ok.url('/robots.txt'), responseCode: 200, failed: false, error: null });
  t.like(events[1], { origin: down.origin, responseCode: 503, failed: true });
  t.true(events[1]!.error instanceof RobotsFetchError);
});

test('a URL with no http(s) origin rejects with InvalidUrlError and fetches nothing', async (t) => {
  const cache = new RobotsCache({ userAgent: UA });
  for (const url of ['/relative', 'ftp://127.0.0.1/x', 'not a url']) {
    const error = await t.throwsAsync(cache.isAllowed(url), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
    t.is(error.input, url);
    await t.throwsAsync(cache.get(url), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
    await t.throwsAsync(cache.getCrawlDelay(url), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  }
  t.is(cache.size, 0);
});

test('the constructor rejects bad options with an InvalidArgumentError naming the option', (t) => {
  const bad: [options: unknown, argument: string, message: string][] = [
    [{}, 'userAgent', 'RobotsCache option userAgent must be a string, got undefined'],
    [{ userAgent: 42 }, 'userAgent', 'RobotsCache option userAgent must be a string, got 42'],
    [{ userAgent: UA, maxEntries: 0 }, 'maxEntries', 'RobotsCache option maxEntries must be a positive integer, got 0'],
    [{ userAgent: UA, maxEntries: 1.5 }, 'maxEntries', 'RobotsCache option maxEntries must be a positive integer, got 1.5'],
    [{ userAgent: UA, maxEntries: '10' }, 'maxEntries', 'RobotsCache option maxEntries must be a positive integer, got "10"'],
    [{ userAgent: UA, failureTtl: -1 }, 'failureTtl', 'RobotsCache option failureTtl must be a finite number of milliseconds >= 0, got -1'],
    [{ userAgent: UA, failureTtl: Number.NaN }, 'failureTtl', 'RobotsCache option failureTtl must be a finite number of milliseconds >= 0, got NaN'],
    [{ userAgent: UA, staleIfError: -1 }, 'staleIfError', 'RobotsCache option staleIfError must be a finite number of milliseconds >= 0, got -1'],
    [{ userAgent: UA, staleIfError: Infinity }, 'staleIfError', 'RobotsCache option staleIfError must be a finite number of milliseconds >= 0, got Infinity'],
    [{ userAgent: UA, onServerError: 'ignore' }, 'onServerError', "RobotsCache option onServerError must be 'disallow', 'allow' or 'throw', got \"ignore\""],
    [{ userAgent: UA, syntax: 9 }, 'syntax', 'RobotsCache option syntax must be MK1996 (1), GYM2008 (2) or RFC9309 (3), got 9'],
    [{ userAgent: UA, onFetch: 'log' }, 'onFetch', 'RobotsCache option onFetch must be a function, got "log"'],
    [
      { userAgent: UA, fetchOptions: { timeout: -5 } },
      'fetchOptions.timeout',
      'RobotsCache option fetchOptions.timeout must be a finite number of milliseconds > 0, got -5',
    ],
    [
      { userAgent: UA, fetchOptions: { maxBytes: -1 } },
      'fetchOptions.maxBytes',
      'RobotsCache option fetchOptions.maxBytes must be a non-negative integer, got -1',
    ],
    [{ userAgent: UA, fetchOptions: 5000 }, 'fetchOptions', 'RobotsCache option fetchOptions must be an object, got 5000'],
    [{ userAgent: UA, clock: Date }, 'clock', 'RobotsCache option clock must be an object with now and sleep methods, got a function'],
    [{ userAgent: UA, clock: { now: () => 0 } }, 'clock', 'RobotsCache option clock must be an object with now and sleep methods, got an object'],
  ];
  for (const [options, argument, message] of bad) {
    const error = t.throws(() => new RobotsCache(options as never), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT', message });
    t.is(error.argument, argument, message);
  }
});

test('the constructor rejects unknown option keys, naming the key and the known ones', (t) => {
  const error = t.throws(() => new RobotsCache({ userAgent: UA, failureTTL: 1000 } as never), {
    instanceOf: InvalidArgumentError,
    code: 'ERR_ROBOTS_INVALID_ARGUMENT',
    message:
      'RobotsCache option failureTTL is unknown; known options: userAgent, syntax, maxEntries, maxBytes, fetchOptions, onServerError, failureTtl, staleIfError, onFetch, store, lock, onStoreError, storeTimeout, clock, minDelay, maxDelay, pacer, onDelayCapped',
  });
  t.is(error.argument, 'failureTTL');
  const nested = t.throws(() => new RobotsCache({ userAgent: UA, fetchOptions: { timout: 1000 } as never }), {
    instanceOf: InvalidArgumentError,
    code: 'ERR_ROBOTS_INVALID_ARGUMENT',
    message:
      'RobotsCache option fetchOptions.timout is unknown; known options: timeout, signal, maxBytes, maxRedirects, onDecodeError, statusPolicy, allowAddress, lookup',
  });
  t.is(nested.argument, 'fetchOptions.timout');
});

test('the constructor rejects options that are not an object', (t) => {
  for (const options of [undefined, null, 'CacheBot/1.0', 1, [UA], new URL('http://example.com/')]) {
    const error = t.throws(() => new RobotsCache(options as never), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: /^RobotsCache options must be an object, got /,
    });
    t.is(error.argument, 'options');
  }
  t.throws(() => new RobotsCache(new URL('http://example.com/') as never), { message: 'RobotsCache options must be an object, got a URL' });
});

test('a userAgent that is not a valid HTTP header value is refused at construction', (t) => {
  for (const userAgent of ['Bot™/1.0', 'Bot/1.0\r\nX-Injected: 1', 'Bot\n', 'Bot\u0000', 'Bot\u007f']) {
    const error = t.throws(() => new RobotsCache({ userAgent }), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: /^RobotsCache option userAgent must be a valid HTTP header value/,
    });
    t.is(error.argument, 'userAgent');
  }
  // Tabs and Latin-1 are valid header characters.
  t.notThrows(() => new RobotsCache({ userAgent: 'Bot/1.0\t(caf\u00e9)' }));
});

test('options set to undefined count as not given', async (t) => {
  const s = await site(t, PRIVATE);
  const cache = new RobotsCache({ userAgent: UA, syntax: undefined, maxEntries: undefined, failureTtl: undefined, fetchOptions: { timeout: undefined } });
  t.false(await cache.isAllowed(s.url('/private/x')));
});

test('the cache reports its user agent', (t) => {
  t.is(new RobotsCache({ userAgent: UA }).userAgent, UA);
});

test("under statusPolicy 'rfc9309' a 5xx answer is RFC 9309's disallow-all, whatever onServerError says", async (t) => {
  const s = await serve(t, respond(503));
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'allow', fetchOptions: { statusPolicy: 'rfc9309' } });
  t.false(await cache.isAllowed(s.url('/')));
});

test("under statusPolicy 'rfc9309' a 5xx answer counts as a failed fetch, kept only failureTtl milliseconds", async (t) => {
  let status = 503;
  const s = await serve(t, (req, res) => respond(status, 'User-agent: *\nDisallow:\n')(req, res));
  const events: RobotsFetchEvent[] = [];
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 0, fetchOptions: { statusPolicy: 'rfc9309' }, onFetch: (e) => events.push(e) });
  t.false(await cache.isAllowed(s.url('/x')));
  t.like(events[0], { failed: true, responseCode: 503, error: null });
  status = 200;
  t.true(await cache.isAllowed(s.url('/x')));
  t.is(s.count('/robots.txt'), 2);
});

/** A robots.txt that is already expired when served, then `status` for every later request. */
async function goodThenFailing(t: { teardown(fn: () => Promise<void>): void }, status: number): Promise<TestServer> {
  let served = 0;
  return serve(t, (req, res) => {
    if (req.url !== '/robots.txt') respond(200, 'page')(req, res);
    else if (++served === 1) respond(200, PRIVATE, { 'content-type': 'text/plain', expires: 'Thu, 01 Jan 1970 00:00:00 GMT' })(req, res);
    else respond(status, 'down')(req, res);
  });
}

test('a failed refetch keeps serving the last good rules (staleIfError)', async (t) => {
  const s = await goodThenFailing(t, 503);
  const events: RobotsFetchEvent[] = [];
  const cache = new RobotsCache({ userAgent: UA, onFetch: (e) => events.push(e) });
  t.false(await cache.isAllowed(s.url('/private/x')));
  t.true(await cache.isAllowed(s.url('/public'))); // expired: refetched, 503, old rules kept
  t.false(await cache.isAllowed(s.url('/private/y')));
  t.is(s.count('/robots.txt'), 2);
  t.deepEqual(
    events.map((e) => [e.responseCode, e.failed]),
    [
      [200, false],
      [503, true],
    ],
  );
});

test('the last good rules are served stale even under onServerError throw', async (t) => {
  const s = await goodThenFailing(t, 500);
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'throw' });
  t.true(await cache.isAllowed(s.url('/public')));
  t.false(await cache.isAllowed(s.url('/private/x')));
  t.is(s.count('/robots.txt'), 2);
});

test('staleIfError 0 lets onServerError decide at the first failed refetch', async (t) => {
  const s = await goodThenFailing(t, 503);
  const cache = new RobotsCache({ userAgent: UA, staleIfError: 0 });
  t.true(await cache.isAllowed(s.url('/public')));
  t.false(await cache.isAllowed(s.url('/public'))); // refetch failed: disallow everything
});

test('stale rules are retried after failureTtl and replaced by the next good fetch', async (t) => {
  let status = 200;
  const s = await serve(t, (req, res) => {
    const body = status === 200 ? PRIVATE : 'down';
    respond(status, body, { 'content-type': 'text/plain', expires: 'Thu, 01 Jan 1970 00:00:00 GMT' })(req, res);
  });
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 0 });
  t.false(await cache.isAllowed(s.url('/private/x')));
  status = 503;
  t.false(await cache.isAllowed(s.url('/private/x'))); // stale rules
  status = 200;
  t.false(await cache.isAllowed(s.url('/private/x')));
  t.is(s.count('/robots.txt'), 3);
});

test('failureTtl is in milliseconds on the clock: a failed fetch is tried again after it, not before', async (t) => {
  let status = 503;
  const s = await serve(t, (req, res) => respond(status, PRIVATE)(req, res));
  const clock = new ManualClock();
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 300, clock });
  t.false(await cache.isAllowed(s.url('/public')));
  status = 200;
  await clock.advance(299);
  t.false(await cache.isAllowed(s.url('/public'))); // still remembered
  t.is(s.count('/robots.txt'), 1);
  await clock.advance(1);
  t.true(await cache.isAllowed(s.url('/public')));
  t.is(s.count('/robots.txt'), 2);
});

test("under 'throw' the remembered failure is rethrown until failureTtl has passed on the clock", async (t) => {
  let status = 500;
  const s = await serve(t, (req, res) => respond(status, PRIVATE)(req, res));
  const clock = new ManualClock();
  const cache = new RobotsCache({ userAgent: UA, onServerError: 'throw', failureTtl: 60_000, clock });
  const first = await t.throwsAsync(cache.isAllowed(s.url('/public')), { instanceOf: RobotsFetchError });
  status = 200;
  await clock.advance(59_999);
  t.is(await t.throwsAsync(cache.isAllowed(s.url('/public'))), first);
  await clock.advance(1);
  t.true(await cache.isAllowed(s.url('/public')));
  t.is(s.count('/robots.txt'), 2);
});

test("a failed fetch's stand-in parser expires failureTtl milliseconds from the clock's now", async (t) => {
  const s = await serve(t, respond(503));
  const clock = new ManualClock();
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 60_000, clock });
  const parser = await cache.get(s.url('/'));
  t.is(parser.expirationDate, (clock.now() + 60_000) / 1000);
});

test('staleIfError is in milliseconds on the clock: past it, a failed refetch lets onServerError decide', async (t) => {
  const s = await goodThenFailing(t, 503);
  const clock = new ManualClock();
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 0, staleIfError: 300, clock });
  t.false(await cache.isAllowed(s.url('/private/x')));
  t.true(await cache.isAllowed(s.url('/public'))); // first failed refetch: stale rules served
  await clock.advance(299);
  t.true(await cache.isAllowed(s.url('/public'))); // refetched, failed, still within staleIfError
  await clock.advance(1);
  t.false(await cache.isAllowed(s.url('/public'))); // past staleIfError: disallow everything
  t.is(s.count('/robots.txt'), 4);
});

test("a fetched robots.txt's max-age counts from the cache's clock, and it is fetched again once that has passed", async (t) => {
  const s = await site(t, PRIVATE, { 'cache-control': 'max-age=60' });
  // Far from the wall's time: an expiry counted from the wall would be decades off.
  const clock = new ManualClock(Date.UTC(2040, 0, 1));
  const cache = new RobotsCache({ userAgent: UA, clock });
  const parser = await cache.get(s.url('/'));
  t.is(parser.expirationDate, clock.now() / 1000 + 60);
  await clock.advance(59_999);
  t.is(await cache.get(s.url('/')), parser);
  await clock.advance(1);
  t.not(await cache.get(s.url('/')), parser);
  t.is(s.count('/robots.txt'), 2);
});

test("an Expires date is reached on the cache's clock", async (t) => {
  const s = await site(t, PRIVATE, { expires: 'Tue, 01 Jan 2030 01:00:00 GMT' });
  const clock = new ManualClock(Date.UTC(2030, 0, 1));
  const cache = new RobotsCache({ userAgent: UA, clock });
  t.is((await cache.get(s.url('/'))).expirationDate, Date.UTC(2030, 0, 1, 1) / 1000);
  await clock.advance(3_599_999);
  await cache.isAllowed(s.url('/'));
  t.is(s.count('/robots.txt'), 1);
  await clock.advance(1);
  await cache.isAllowed(s.url('/'));
  t.is(s.count('/robots.txt'), 2);
});

test("without an expiry in the answer, the rules hold seven days on the cache's clock", async (t) => {
  const s = await site(t, PRIVATE);
  const clock = new ManualClock(Date.UTC(2040, 0, 1));
  const cache = new RobotsCache({ userAgent: UA, clock });
  t.is((await cache.get(s.url('/'))).expirationDate, clock.now() / 1000 + 7 * 86_400);
  // A stand-in for a failure that names no expiry gets its expiry from the clock too.
  const down = await serve(t, respond(503));
  t.is((await new RobotsCache({ userAgent: UA, clock, failureTtl: 30 * 86_400_000 }).get(down.url('/'))).expirationDate, clock.now() / 1000 + 7 * 86_400);
});
