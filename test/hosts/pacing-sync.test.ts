// RobotsCache.isAllowedSync: the answer without a promise when the origin's
// rules are held and fresh, undefined otherwise (a crawler's hot path beside
// waitTurn).
import test from 'ava';
import { RobotsCache } from '../../src/hosts/cache.js';
import { InvalidUrlError } from '../../src/errors.js';
import { MK1996, RFC9309 } from '../../src/syntax.js';
import { respond, startServer, type Handler, type SyncHandler, type TestServer } from '../helpers/server.js';

const UA = 'SyncBot/1.0';
const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/open\n';

async function site(t: { teardown(fn: () => Promise<void>): void }, robots: Handler): Promise<TestServer> {
  const server = await startServer({ '/robots.txt': robots });
  t.teardown(() => server.close());
  return server;
}

const text = (body: string, headers = {}): SyncHandler => respond(200, body, { 'content-type': 'text/plain', ...headers });

test("undefined until the origin's rules are held, then isAllowed's answer", async (t) => {
  const s = await site(t, text(ROBOTS));
  const cache = new RobotsCache({ userAgent: UA });
  t.is(cache.isAllowedSync(s.url('/private/x')), undefined);
  t.is(s.count(), 0, 'it never fetches');
  await cache.isAllowed(s.url('/'));
  for (const path of ['/private/x', '/private/open', '/', '/public?q=1']) {
    t.is(cache.isAllowedSync(s.url(path)), await cache.isAllowed(s.url(path)), path);
  }
  t.false(cache.isAllowedSync(new URL(s.url('/private/x'))));
  t.is(s.count(), 1);
});

test("answers in the cache's syntax", async (t) => {
  const s = await site(t, text('User-agent: *\nDisallow: /a*b\n'));
  for (const syntax of [MK1996, RFC9309] as const) {
    const cache = new RobotsCache({ userAgent: UA, syntax });
    await cache.get(s.url('/'));
    t.is(cache.isAllowedSync(s.url('/axxb')), await cache.isAllowed(s.url('/axxb')));
  }
  const mk = new RobotsCache({ userAgent: UA, syntax: MK1996 });
  await mk.get(s.url('/'));
  t.true(mk.isAllowedSync(s.url('/axxb')));
  const rfc = new RobotsCache({ userAgent: UA, syntax: RFC9309 });
  await rfc.get(s.url('/'));
  t.false(rfc.isAllowedSync(s.url('/axxb')));
});

test('undefined while the first fetch is in flight, and for expired rules', async (t) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const s = await site(t, async (req, res) => {
    await held;
    text(ROBOTS, { 'cache-control': 'max-age=0' })(req, res);
  });
  const cache = new RobotsCache({ userAgent: UA });
  const loading = cache.isAllowed(s.url('/private/x'));
  while (s.count() === 0) await new Promise((resolve) => setImmediate(resolve));
  t.is(cache.isAllowedSync(s.url('/private/x')), undefined);
  release();
  t.false(await loading);
  // max-age=0: held, but expired at once.
  t.is(cache.size, 1);
  t.is(cache.isAllowedSync(s.url('/private/x')), undefined);
});

test('a failed fetch: the policy stand-in answers; under onServerError throw, undefined', async (t) => {
  const s = await site(t, respond(503));
  const disallow = new RobotsCache({ userAgent: UA });
  await disallow.isAllowed(s.url('/'));
  t.false(disallow.isAllowedSync(s.url('/anything')));
  const strict = new RobotsCache({ userAgent: UA, onServerError: 'throw' });
  await strict.isAllowed(s.url('/')).catch(() => undefined);
  t.is(strict.isAllowedSync(s.url('/anything')), undefined);
});

test('never throws on a bad URL: undefined, and isAllowed rejects it with InvalidUrlError', async (t) => {
  const cache = new RobotsCache({ userAgent: UA });
  for (const url of ['not a url', 'ftp://a.example/x', '/relative', '', 'http://']) {
    t.is(cache.isAllowedSync(url), undefined, url);
    await t.throwsAsync(cache.isAllowed(url), { instanceOf: InvalidUrlError });
  }
  for (const value of [42, null, undefined, { toString: () => 'http://a.example/' }]) {
    t.is(cache.isAllowedSync(value as never), undefined);
  }
});

test('a held origin asked synchronously counts as recently used', async (t) => {
  const servers = [await site(t, text(ROBOTS)), await site(t, text(ROBOTS)), await site(t, text(ROBOTS))];
  const [a, b, c] = servers as [TestServer, TestServer, TestServer];
  const cache = new RobotsCache({ userAgent: UA, maxEntries: 2 });
  await cache.get(a.url('/'));
  await cache.get(b.url('/'));
  t.true(cache.isAllowedSync(a.url('/')));
  await cache.get(c.url('/'));
  t.true(cache.isAllowedSync(a.url('/')), 'a was used after b: b was dropped');
  t.is(cache.isAllowedSync(b.url('/')), undefined);
});
