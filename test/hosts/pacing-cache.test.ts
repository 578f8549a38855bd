// RobotsCache's pacing (waitTurn, backoff, nextSlot) on a clock moved by hand:
// the robots.txt comes from a real server on 127.0.0.1, the waits from the clock.
import test from 'ava';
import { RobotsCache, type RobotsCacheOptions } from '../../src/hosts/cache.js';
import type { DelayCappedEvent } from '../../src/hosts/cache-pacing.js';
import { MemoryPacer, type Pacer } from '../../src/hosts/pacing.js';
import type { StoreErrorEvent } from '../../src/hosts/shared-store.js';
import { InvalidArgumentError, InvalidUrlError } from '../../src/errors.js';
import { RFC9309 } from '../../src/syntax.js';
import { ManualClock } from '../helpers/clock.js';
import { hang, respond, startServer, type TestServer } from '../helpers/server.js';

const UA = 'PaceBot/1.0';
const START = 1_700_000_000_000;

async function site(t: { teardown(fn: () => Promise<void>): void }, robots: string): Promise<TestServer> {
  const server = await startServer({ '/robots.txt': respond(200, robots, { 'content-type': 'text/plain' }) });
  t.teardown(() => server.close());
  return server;
}

/** A cache on a clock of its own, with the robots.txt of each of `sites` already fetched. */
async function pacedCache(options: Partial<RobotsCacheOptions>, ...sites: TestServer[]): Promise<{ cache: RobotsCache; clock: ManualClock }> {
  const clock = new ManualClock(START);
  const cache = new RobotsCache({ userAgent: UA, clock, ...options });
  for (const s of sites) await cache.get(s.url('/'));
  return { cache, clock };
}

/** Whether and how `promise` has settled, read without awaiting it. */
function watch<T>(promise: Promise<T>): { done: boolean; value?: T; error?: unknown } {
  const state: { done: boolean; value?: T; error?: unknown } = { done: false };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  );
  return state;
}

test('waitTurn: the first turn is now, the next one Crawl-delay later; origins are independent', async (t) => {
  const a = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 2\n');
  const b = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 2\n');
  const { cache, clock } = await pacedCache({}, a, b);
  t.true(await cache.waitTurn(a.url('/1')));
  const second = watch(cache.waitTurn(a.url('/2')));
  t.true(await cache.waitTurn(b.url('/1')), 'another origin does not wait for the first');
  await clock.advance(1999);
  t.false(second.done);
  await clock.advance(1);
  t.deepEqual(second, { done: true, value: true });
  t.is(clock.now(), START + 2000);
  t.is(a.count('/robots.txt'), 1);
});

test('waitTurn: queued turns of one origin come one interval apart, in order', async (t) => {
  const a = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 1\n');
  const { cache, clock } = await pacedCache({}, a);
  const turns = [0, 1, 2, 3].map((n) => cache.waitTurn(a.url(`/${n}`)).then(() => clock.now() - START));
  // The turns sleep only once the robots.txt has come (real I/O): move the clock as each sleep begins.
  t.deepEqual(await clock.runUntil(Promise.all(turns)), [0, 1000, 2000, 3000]);
});

test('waitTurn: minDelay paces an origin whose robots.txt asks nothing; a larger Crawl-delay wins over it', async (t) => {
  const quiet = await site(t, 'User-agent: *\nDisallow:\n');
  const slow = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 3\n');
  const { cache } = await pacedCache({ minDelay: 500 }, quiet, slow);
  await cache.waitTurn(quiet.url('/'));
  t.is(await cache.nextSlot(quiet.url('/')), START + 500);
  await cache.waitTurn(slow.url('/'));
  t.is(await cache.nextSlot(slow.url('/')), START + 3000);
});

test('waitTurn: without minDelay nor a delay in the robots.txt, turns do not wait', async (t) => {
  const quiet = await site(t, 'User-agent: *\nDisallow: /private/\n');
  const { cache, clock } = await pacedCache({}, quiet);
  for (let i = 0; i < 5; i++) t.true(await cache.waitTurn(quiet.url(`/${i}`)));
  t.is(clock.now(), START);
});

test("waitTurn: Crawl-delay is read for the cache's user agent and syntax", async (t) => {
  const s = await site(t, 'User-agent: PaceBot\nDisallow:\nCrawl-delay: 4\n\nUser-agent: *\nDisallow:\nCrawl-delay: 1\n');
  const { cache } = await pacedCache({}, s);
  await cache.waitTurn(s.url('/'));
  t.is(await cache.nextSlot(s.url('/')), START + 4000);
  const other = new RobotsCache({ userAgent: 'OtherBot/2', clock: new ManualClock(START), syntax: RFC9309 });
  await other.waitTurn(s.url('/'));
  t.is(await other.nextSlot(s.url('/')), START + 1000);
});

test('waitTurn: Request-rate paces as seconds / requests, rounded up; the larger of it and Crawl-delay counts', async (t) => {
  const rate = await site(t, 'User-agent: *\nDisallow:\nRequest-rate: 3/1\n');
  const both = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 2\nRequest-rate: 1/5\n');
  const delay = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 6\nRequest-rate: 1/5\n');
  const { cache } = await pacedCache({}, rate, both, delay);
  for (const s of [rate, both, delay]) await cache.waitTurn(s.url('/'));
  t.is(await cache.nextSlot(rate.url('/')), START + 334);
  t.is(await cache.nextSlot(both.url('/')), START + 5000);
  t.is(await cache.nextSlot(delay.url('/')), START + 6000);
});

test('waitTurn: a delay over maxDelay is capped and reported once per fetched robots.txt', async (t) => {
  const s = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 120\n');
  const zero = await site(t, 'User-agent: *\nDisallow:\nRequest-rate: 0/10\n');
  const capped: DelayCappedEvent[] = [];
  const { cache, clock } = await pacedCache({ onDelayCapped: (e) => capped.push(e) }, s, zero);
  await cache.waitTurn(s.url('/'));
  t.is(await cache.nextSlot(s.url('/')), START + 60_000);
  const next = watch(cache.waitTurn(s.url('/again')));
  await clock.advance(60_000);
  t.true(next.done);
  await cache.waitTurn(zero.url('/'));
  t.deepEqual(capped, [
    { origin: s.origin, askedMs: 120_000, maxDelay: 60_000 },
    { origin: zero.origin, askedMs: Infinity, maxDelay: 60_000 },
  ]);
  const small = await pacedCache({ maxDelay: 1500, onDelayCapped: (e) => capped.push(e) }, s);
  await small.cache.waitTurn(s.url('/'));
  t.is(await small.cache.nextSlot(s.url('/')), START + 1500);
  t.is(capped.length, 3);
});

test('waitTurn: a disallowed URL answers false at once and takes no slot', async (t) => {
  const s = await site(t, 'User-agent: *\nDisallow: /private/\nCrawl-delay: 2\n');
  const { cache, clock } = await pacedCache({}, s);
  t.false(await cache.waitTurn(s.url('/private/a')));
  t.false(await cache.waitTurn(s.url('/private/b')));
  t.is(await cache.nextSlot(s.url('/')), START);
  t.true(await cache.waitTurn(s.url('/public')));
  t.is(clock.now(), START);
});

test('waitTurn: fetches the robots.txt first when it is not held', async (t) => {
  const s = await site(t, 'User-agent: *\nDisallow: /private/\n');
  const cache = new RobotsCache({ userAgent: UA, clock: new ManualClock(START) });
  t.false(await cache.waitTurn(s.url('/private/')));
  t.true(await cache.waitTurn(s.url('/')));
  t.is(s.count('/robots.txt'), 1);
});

test('backoff: no slot for the origin before now + ms; another origin is not held back', async (t) => {
  const a = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 1\n');
  const b = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 1\n');
  const { cache, clock } = await pacedCache({}, a, b);
  await cache.waitTurn(a.url('/'));
  await cache.backoff(a.url('/busy'), 30_000);
  t.is(await cache.nextSlot(a.url('/')), START + 30_000);
  t.true(await cache.waitTurn(b.url('/')));
  const turn = watch(cache.waitTurn(a.url('/busy')));
  await clock.advance(29_999);
  t.false(turn.done);
  await clock.advance(1);
  t.true(turn.done);
  // A shorter backoff leaves the later slot; the turn taken then moves it one interval on.
  await cache.backoff(a.url('/'), 10);
  t.is(await cache.nextSlot(a.url('/')), START + 31_000);
});

test('nextSlot: now for an origin never paced; it takes nothing', async (t) => {
  const a = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 2\n');
  const { cache, clock } = await pacedCache({}, a);
  t.is(await cache.nextSlot('http://never.example/x'), START);
  await cache.waitTurn(a.url('/'));
  t.is(await cache.nextSlot(a.url('/')), START + 2000);
  t.is(await cache.nextSlot(a.url('/')), START + 2000);
  const turn = watch(cache.waitTurn(a.url('/')));
  await clock.advance(2000);
  t.true(turn.done);
  t.is(await cache.nextSlot(a.url('/')), START + 4000);
  await clock.advance(10_000);
  t.is(await cache.nextSlot(a.url('/')), START + 12_000, 'a slot passed is now');
});

test("waitTurn: aborting rejects with the signal's reason, before, during the fetch and during the wait", async (t) => {
  const a = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 2\n');
  const { cache, clock } = await pacedCache({}, a);
  const reason = { why: 'stop' };
  // Already aborted: nothing fetched.
  const hung = await startServer(hang());
  t.teardown(() => hung.close());
  t.is(await cache.waitTurn(hung.url('/'), { signal: AbortSignal.abort(reason) }).catch((e: unknown) => e), reason);
  t.is(hung.count(), 0);
  // During the robots.txt fetch.
  const during = new AbortController();
  const fetching = cache.waitTurn(hung.url('/'), { signal: during.signal }).catch((e: unknown) => e);
  while (hung.count() === 0) await new Promise((resolve) => setImmediate(resolve));
  during.abort(reason);
  t.is(await fetching, reason);
  // During the wait for the slot.
  await cache.waitTurn(a.url('/'));
  const waiting = new AbortController();
  const turn = watch(cache.waitTurn(a.url('/'), { signal: waiting.signal }));
  await clock.advance(1000);
  waiting.abort(reason);
  await clock.advance(0);
  t.deepEqual(turn, { done: true, error: reason });
  // The aborted turn's slot stays taken: the next is one interval after it.
  t.is(await cache.nextSlot(a.url('/')), START + 4000);
});

test('bad option values throw InvalidArgumentError', async (t) => {
  const bad: Partial<Record<keyof RobotsCacheOptions, unknown>>[] = [
    { minDelay: -1 },
    { minDelay: Number.NaN },
    { minDelay: '5' },
    { maxDelay: 0 },
    { maxDelay: Infinity },
    { minDelay: 2000, maxDelay: 1000 },
    { pacer: {} },
    { pacer: { reserve: () => 0 } },
    { onDelayCapped: 'log' },
    { clock: { now: () => 0 } },
    { clock: null },
  ];
  for (const options of bad) {
    t.throws(() => new RobotsCache({ userAgent: UA, ...options } as RobotsCacheOptions), { instanceOf: InvalidArgumentError }, JSON.stringify(options));
  }
  const e = t.throws(() => new RobotsCache({ userAgent: UA, minDelay: 2000, maxDelay: 1000 }), { instanceOf: InvalidArgumentError });
  t.is(e.argument, 'maxDelay');
  t.notThrows(() => new RobotsCache({ userAgent: UA, minDelay: 0, maxDelay: 1, pacer: new MemoryPacer() }));
  const cache = new RobotsCache({ userAgent: UA, clock: new ManualClock(START) });
  for (const ms of [-1, Number.NaN, Infinity, '5']) {
    await t.throwsAsync(cache.backoff('http://a.example/', ms as number), { instanceOf: InvalidArgumentError });
  }
  await t.throwsAsync(cache.waitTurn('http://a.example/', { signal: 'x' } as never), { instanceOf: InvalidArgumentError });
  await t.throwsAsync(cache.waitTurn('http://a.example/', { timeout: 5 } as never), { instanceOf: InvalidArgumentError });
});

test('a URL with no http(s) origin rejects with InvalidUrlError', async (t) => {
  const cache = new RobotsCache({ userAgent: UA, clock: new ManualClock(START) });
  for (const url of ['ftp://a.example/', '/relative', 'not a url']) {
    await t.throwsAsync(cache.waitTurn(url), { instanceOf: InvalidUrlError });
    await t.throwsAsync(cache.backoff(url, 1000), { instanceOf: InvalidUrlError });
    await t.throwsAsync(cache.nextSlot(url), { instanceOf: InvalidUrlError });
  }
});

test('the pacer option takes the slots; one that fails is reported and pacing goes on in memory', async (t) => {
  const a = await site(t, 'User-agent: *\nDisallow:\nCrawl-delay: 1\n');
  const clock = new ManualClock(START);
  const fleet = new MemoryPacer(clock);
  await fleet.push(a.origin, START + 5000);
  const events: StoreErrorEvent[] = [];
  let failing = false;
  const pacer: Pacer = {
    reserve: (origin, interval) => (failing ? Promise.reject(new Error('down')) : fleet.reserve(origin, interval)),
    push: (origin, until) => fleet.push(origin, until),
  };
  const cache = new RobotsCache({ userAgent: UA, clock, pacer, onStoreError: (e) => events.push(e) });
  await cache.get(a.url('/'));
  const first = watch(cache.waitTurn(a.url('/')));
  await clock.advance(4999);
  t.false(first.done, "the fleet's slot is later than this process's");
  await clock.advance(1);
  t.true(first.done);
  failing = true;
  const second = watch(cache.waitTurn(a.url('/')));
  await clock.advance(999);
  t.false(second.done, 'in memory, from the last slot the fleet gave');
  await clock.advance(1);
  t.true(second.done);
  t.deepEqual(
    events.map((e) => [e.origin, e.operation]),
    [[a.origin, 'reserve']],
  );
});
