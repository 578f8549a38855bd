// RobotsCache bounded by bytes (maxBytes, behaviour.md §9.36) and pausing on
// Retry-After (§9.37), against real servers on 127.0.0.1.
import test from 'ava';
import { RobotsCache } from '../../src/hosts/cache.js';
import { MAX_RETRY_AFTER } from '../../src/hosts/unreachable.js';
import { InvalidArgumentError, RobotsFetchError } from '../../src/errors.js';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { RFC9309 } from '../../src/syntax.js';
import { respond, startServer, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../helpers/clock.js';

const UA = 'MemBot/1.0';

/** About `kib` KiB of `Disallow:/*N*` rules, a hostile file's shape. */
function starRules(kib: number): string {
  let text = 'User-agent: *\n';
  for (let i = 0; text.length < kib * 1024; i++) text += `Disallow:/*${i}*\n`;
  return text;
}

async function site(t: { teardown(fn: () => Promise<void>): void }, body: string, headers = {}): Promise<TestServer> {
  const server = await startServer({ '/robots.txt': respond(200, body, { 'content-type': 'text/plain', ...headers }) });
  t.teardown(() => server.close());
  return server;
}

test('origins past maxBytes are dropped least recently used first, and fetched again when asked', async (t) => {
  const body = starRules(20);
  const sites = await Promise.all([1, 2, 3, 4].map(() => site(t, body)));
  const one = new RobotExclusionRulesParser();
  one.parse(body);
  // Room for two origins of this file, not three.
  const maxBytes = Math.floor(2.5 * one.estimatedBytes());
  const cache = new RobotsCache({ userAgent: UA, maxBytes });
  for (const s of sites) t.false(await cache.isAllowed(s.url('/x7y')));
  t.is(cache.size, 2);
  t.true(cache.estimatedBytes <= maxBytes);
  t.true(cache.estimatedBytes >= 2 * one.estimatedBytes());
  // The two most recent are held; the first is fetched again.
  await cache.isAllowed(sites[3]!.url('/'));
  await cache.isAllowed(sites[2]!.url('/'));
  t.deepEqual(
    sites.map((s) => s.count('/robots.txt')),
    [1, 1, 1, 1],
  );
  await cache.isAllowed(sites[0]!.url('/'));
  t.deepEqual(
    sites.map((s) => s.count('/robots.txt')),
    [2, 1, 1, 1],
  );
});

test('an origin whose rules alone weigh more than maxBytes is still kept until the next one comes', async (t) => {
  const big = await site(t, starRules(30));
  const small = await site(t, 'User-agent: *\nDisallow: /private/\n');
  const cache = new RobotsCache({ userAgent: UA, maxBytes: 10_000 });
  t.false(await cache.isAllowed(big.url('/a1b')));
  t.false(await cache.isAllowed(big.url('/a1b')));
  t.is(big.count('/robots.txt'), 1);
  t.true(cache.estimatedBytes > 10_000);
  t.true(await cache.isAllowed(small.url('/public')));
  t.is(cache.size, 1);
  t.true(cache.estimatedBytes <= 10_000);
});

test('maxBytes must be a positive integer', (t) => {
  for (const maxBytes of [0, -1, 1.5, '1000', Number.NaN]) {
    t.throws(() => new RobotsCache({ userAgent: UA, maxBytes: maxBytes as number }), { instanceOf: InvalidArgumentError, message: /maxBytes/ });
  }
});

for (const policy of ['disallow', 'throw'] as const) {
  test(`under '${policy}' a failure with Retry-After is not fetched again before it, though failureTtl has passed`, async (t) => {
    const down = await startServer({ '/robots.txt': respond(503, '', { 'retry-after': '120' }) });
    t.teardown(() => down.close());
    const clock = new ManualClock();
    const cache = new RobotsCache({ userAgent: UA, onServerError: policy, failureTtl: 0, clock });
    const ask = async (): Promise<void> => {
      if (policy === 'throw') await t.throwsAsync(cache.isAllowed(down.url('/x')), { instanceOf: RobotsFetchError });
      else t.false(await cache.isAllowed(down.url('/x')));
    };
    for (let k = 0; k < 3; k++) await ask();
    await clock.advance(119_999);
    await ask();
    t.is(down.count('/robots.txt'), 1);
    await clock.advance(1);
    await ask();
    t.is(down.count('/robots.txt'), 2);
  });
}

test("under statusPolicy 'rfc9309' a 5xx with Retry-After is not fetched again before it, though failureTtl has passed (§9.44)", async (t) => {
  const down = await startServer({ '/robots.txt': respond(503, '', { 'retry-after': '120' }) });
  t.teardown(() => down.close());
  const clock = new ManualClock();
  const cache = new RobotsCache({ userAgent: UA, syntax: RFC9309, failureTtl: 0, clock });
  for (let k = 0; k < 3; k++) t.false(await cache.isAllowed(down.url('/x')));
  await clock.advance(119_999);
  t.false(await cache.isAllowed(down.url('/x')));
  t.is(down.count('/robots.txt'), 1);
  await clock.advance(1);
  t.false(await cache.isAllowed(down.url('/x')));
  t.is(down.count('/robots.txt'), 2);
});

test("under statusPolicy 'rfc9309' a 5xx's Retry-After shorter than failureTtl does not shorten it (§9.44)", async (t) => {
  const down = await startServer({ '/robots.txt': respond(503, '', { 'retry-after': '1' }) });
  t.teardown(() => down.close());
  const clock = new ManualClock();
  const cache = new RobotsCache({ userAgent: UA, syntax: RFC9309, failureTtl: 60_000, clock });
  const parser = await cache.get(down.url('/'));
  t.false(parser.isAllowed(UA, '/'));
  t.is(parser.expirationDate * 1000 - clock.now(), 60_000);
});

test('a Retry-After longer than a day pauses the origin for a day', async (t) => {
  const down = await startServer({ '/robots.txt': respond(503, '', { 'retry-after': String(365 * 24 * 3600) }) });
  t.teardown(() => down.close());
  const clock = new ManualClock();
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 0, clock });
  const parser = await cache.get(down.url('/'));
  t.is(parser.expirationDate * 1000 - clock.now(), MAX_RETRY_AFTER);
});

test('good rules served while refetches fail are kept for Retry-After before the next try', async (t) => {
  let up = true;
  const server = await startServer({
    '/robots.txt': (req, res) =>
      (up ? respond(200, 'User-agent: *\nDisallow: /p\n', { 'cache-control': 'max-age=0' }) : respond(503, '', { 'retry-after': '300' }))(req, res),
  });
  t.teardown(() => server.close());
  const cache = new RobotsCache({ userAgent: UA, failureTtl: 0 });
  t.false(await cache.isAllowed(server.url('/p')));
  up = false;
  t.false(await cache.isAllowed(server.url('/p')));
  t.true(await cache.isAllowed(server.url('/q')));
  t.is(server.count('/robots.txt'), 2);
});
