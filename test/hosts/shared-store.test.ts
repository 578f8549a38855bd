// RobotsCache on a shared store, against a real redis-server: answers shared
// through the store, values that do not decode, Redis dying and coming back,
// a lock holder that dies, a file store across a restart; and on in-memory
// stores, the store timeout and waiting for another holder's fetch. Pauses
// and waits run on a ManualClock the tests move.
import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keyv } from 'keyv';
import { KeyvFile } from 'keyv-file';
import { RobotsCache } from '../../src/hosts/cache.js';
import { RobotRules } from '../../src/hosts/rules-db.js';
import type { StoreErrorEvent } from '../../src/hosts/shared-store.js';
import { InvalidArgumentError, StoreTimeoutError } from '../../src/errors.js';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { storeKeyPrefix, validStored } from '../../src/internal.js';
import { loneAnswers, originFetchOptions, originUrl, pathsFor, startOrigins, type OriginServer } from '../helpers/origins.js';
import { redisStore, startRedis, type RedisStore, type TestRedis } from '../helpers/redis.js';
import { startWorker } from '../helpers/fleet.js';
import { ManualClock, settle } from '../helpers/clock.js';
import { respond, startServer } from '../helpers/server.js';

const UA = 'StoreBot/1.0';
const KEY = storeKeyPrefix('original');

interface Rig {
  readonly redis: TestRedis;
  readonly server: OriginServer;
  readonly shared: RedisStore;
}

async function rig(t: { teardown(fn: () => Promise<void>): void }, special?: Parameters<typeof startOrigins>[1]): Promise<Rig> {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const server = await startOrigins({}, special);
  t.teardown(() => server.close());
  const shared = await redisStore(redis.url);
  t.teardown(() => shared.close());
  return { redis, server, shared };
}

/** Every answer of `cache` for the origins `numbers`, per origin. */
async function answers(cache: RobotsCache, port: number, numbers: readonly number[]): Promise<boolean[][]> {
  return Promise.all(
    numbers.map((n) => {
      const origin = originUrl(n, port);
      return Promise.all(pathsFor(new URL(origin).hostname).map((path) => cache.isAllowed(origin + path)));
    }),
  );
}

const lone = (numbers: readonly number[]): boolean[][] => numbers.map((n) => loneAnswers(`o${n}.test`, UA));
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * Timeouts generous for a loaded machine, where a test process may wait
 * seconds for the CPU: a fetch or store operation cut short would change
 * what is fetched, and the tests here count fetches.
 */
const PATIENT = { fetchOptions: originFetchOptions(60_000), storeTimeout: 30_000 } as const;

/** The longest a failing store is left alone (shared-store.ts MAX_PAUSE): past it, the store is asked again. */
const LONGEST_PAUSE = 5000;

/** `keyv` as a cache's store, telling when a key's next write is done. */
function watched(keyv: Keyv): { readonly store: Keyv; nextWrite(key: string): Promise<void> } {
  const waiters = new Map<string, () => void>();
  const store = {
    get: (key: string): Promise<unknown> => keyv.get(key),
    set: async (key: string, value: unknown, ttl?: number): Promise<boolean> => {
      const ok = await keyv.set(key, value, ttl);
      waiters.get(key)?.();
      return ok;
    },
    on: (event: string, listener: (...args: unknown[]) => void): void => void keyv.on(event, listener),
  };
  return { store: store as unknown as Keyv, nextWrite: (key) => new Promise((resolve) => waiters.set(key, resolve)) };
}

test('a second cache answers from the store what the first fetched: one fetch per origin', async (t) => {
  const { server, shared } = await rig(t);
  const numbers = range(0, 20);
  const first = new RobotsCache({ userAgent: UA, ...PATIENT, store: shared.keyv });
  t.deepEqual(await answers(first, server.port, numbers), lone(numbers));
  const second = new RobotsCache({ userAgent: UA, ...PATIENT, store: shared.keyv });
  t.deepEqual(await answers(second, server.port, numbers), lone(numbers));
  t.is(server.count('/robots.txt'), 20);
  const parser = await second.get(originUrl(3, server.port));
  t.is(parser.responseCode, 200);
  t.is(parser.sourceUrl, `${originUrl(3, server.port)}/robots.txt`);
  t.is(second.size, 20);
});

test('garbage under a key is ignored and refetched, never thrown, and replaced by a good value', async (t) => {
  const { server, shared } = await rig(t);
  const errors: StoreErrorEvent[] = [];
  const origins = [0, 1, 2, 3].map((n) => originUrl(n, server.port));
  // A foreign writer through Keyv, another version, raw bytes Keyv cannot read, and a value of the wrong shape.
  await shared.keyv.set(KEY + origins[0]!, 'garbage{');
  await shared.keyv.set(KEY + origins[1]!, { v: 2, url: 'x', text: 'User-agent: *\nDisallow: /\n' });
  await shared.client.set(`robots-test:${KEY}${origins[2]!}`, '\u0000\u00ff not json');
  await shared.keyv.set(KEY + origins[3]!, { v: 1, url: origins[3]!, code: 200, text: 'User-agent: *\nDisallow: /\n' });
  const cache = new RobotsCache({ userAgent: UA, ...PATIENT, store: shared.keyv, onStoreError: (e) => errors.push(e) });
  t.deepEqual(await answers(cache, server.port, [0, 1, 2, 3]), lone([0, 1, 2, 3]));
  t.is(server.count('/robots.txt'), 4);
  for (const origin of origins) t.not(validStored(await shared.keyv.get(KEY + origin)), null, origin);
  t.deepEqual(errors, []);
});

test('Redis killed mid-run: answers keep coming, errors are reported, and the store is used again once it is back', async (t) => {
  const { redis, server, shared } = await rig(t);
  const errors: StoreErrorEvent[] = [];
  const clock = new ManualClock();
  const watch = watched(shared.keyv);
  const options = {
    userAgent: UA,
    ...PATIENT,
    store: watch.store,
    onStoreError: (e: StoreErrorEvent) => errors.push(e),
    clock,
  };
  const cache = new RobotsCache(options);
  t.deepEqual(await answers(cache, server.port, range(0, 10)), lone(range(0, 10)));
  t.deepEqual(errors, []);

  await redis.kill();
  // Origins held in memory and new ones alike are answered while Redis is down.
  const during = range(0, 30);
  t.deepEqual(await answers(cache, server.port, during), lone(during));
  t.is(server.count('/robots.txt'), 30);
  t.true(errors.length > 0);
  t.true(errors.every((e) => e.origin.startsWith('http://o') && ['read', 'write'].includes(e.operation)));

  // The client reconnects on its own; its connection errors meanwhile are the rig's to ignore.
  const reconnected = new Promise((resolve) => shared.client.once('ready', resolve));
  await redis.restart();
  await reconnected;
  // Redis came back empty. Once the store's pause has run out, the next lookup uses it again, and
  // the answers fetched while it was down are written in the background (the newest last).
  const key = (n: number): string => KEY + originUrl(n, server.port);
  const written = watch.nextWrite(key(29));
  await clock.advance(LONGEST_PAUSE);
  t.deepEqual(await answers(cache, server.port, [100]), lone([100]));
  await written;
  const fetched = server.count('/robots.txt');
  const fresh = new RobotsCache(options);
  t.deepEqual(await answers(fresh, server.port, range(10, 30)), lone(range(10, 30)));
  t.is(server.count('/robots.txt'), fetched, 'answers fetched while Redis was down came from the store');
});

test('a lock holder that dies: its lock runs out and another process fetches', async (t) => {
  let hung = false;
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  // The first fetch of o0.test gets no answer at all.
  const { redis, server, shared } = await rig(t, (host) => {
    if (host !== 'o0.test' || hung) return false;
    hung = true;
    arrived();
    return true;
  });
  const worker = await startWorker({ redisUrl: redis.url, userAgent: UA, timeout: PATIENT.fetchOptions.timeout!, storeTimeout: PATIENT.storeTimeout });
  t.teardown(() => worker.kill());
  const origin = originUrl(0, server.port);
  const lockKey = `${KEY}lock:${origin}`;
  void worker.ask([origin]).catch(() => undefined);
  await arrival;
  // The worker holds the lock while its fetch hangs, for its fetch timeout and two store timeouts at most; it dies holding it.
  const lockTtl = PATIENT.fetchOptions.timeout! + 2 * PATIENT.storeTimeout;
  const ttl = Number(await shared.client.sendCommand(['PTTL', lockKey]));
  t.true(ttl > 0 && ttl <= lockTtl, `PTTL ${ttl}`);
  await worker.kill();
  const clock = new ManualClock();
  const start = clock.now();
  const cache = new RobotsCache({ userAgent: UA, ...PATIENT, store: shared.keyv, lock: shared.lock, clock });
  const asking = answers(cache, server.port, [0]);
  // The lock is held: the cache polls the store for the holder's answer, on its clock.
  await clock.untilSleeping();
  // Redis lets the dead holder's lock go at its PTTL: here at once, rather than waited for.
  await shared.client.del(lockKey);
  t.deepEqual(await clock.runUntil(asking), lone([0]));
  t.true(clock.now() - start >= lockTtl, 'it waited as long as the holder may hold the lock');
  t.is(server.fetches('o0.test'), 2);
  t.is(await shared.client.get(lockKey), null, 'the lock was released by its new holder');
});

test('a file store keeps the answers across a restart of the crawler', async (t) => {
  const server = await startOrigins();
  t.teardown(() => server.close());
  const dir = mkdtempSync(join(tmpdir(), 'rerp-keyv-file-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'robots.json');
  // A generous storeTimeout: keyv-file answers a write once the file is written, a moment later.
  const before = new RobotsCache({ userAgent: UA, ...PATIENT, store: new Keyv({ store: new KeyvFile({ filename: file }) }) });
  // One origin after another: keyv-file writes the whole file a moment after a change, and a
  // change made while it writes may miss that write: a crawler stopping then would lose it.
  for (const n of range(0, 5)) t.deepEqual(await answers(before, server.port, [n]), lone([n]));
  // Another process later: a new cache on a new Keyv over the same file.
  const after = new RobotsCache({ userAgent: UA, ...PATIENT, store: new Keyv({ store: new KeyvFile({ filename: file }) }) });
  t.deepEqual(await answers(after, server.port, range(0, 5)), lone(range(0, 5)));
  t.is(server.count('/robots.txt'), 5);
});

test('store options are checked', (t) => {
  const keyv = new Keyv();
  t.throws(() => new RobotsCache({ userAgent: UA, store: {} as never }), {
    instanceOf: InvalidArgumentError,
    message: /RobotsCache option store must be a Keyv instance/,
  });
  t.throws(() => new RobotsCache({ userAgent: UA, lock: { acquire: () => Promise.resolve(true), release: () => Promise.resolve() } }), {
    instanceOf: InvalidArgumentError,
    message: /option lock must be given with a store/,
  });
  t.throws(() => new RobotsCache({ userAgent: UA, store: keyv, lock: {} as never }), { instanceOf: InvalidArgumentError, message: /acquire and release/ });
  t.throws(() => new RobotsCache({ userAgent: UA, store: keyv, storeTimeout: -1 }), { instanceOf: InvalidArgumentError, message: /storeTimeout/ });
  t.throws(() => new RobotsCache({ userAgent: UA, store: keyv, onStoreError: 'log' as never }), { instanceOf: InvalidArgumentError, message: /onStoreError/ });
});

test('RobotRules on a file store: rules parsed before a restart are loaded after it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rerp-rules-file-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const filename = join(dir, 'rules.json');
  // A generous storeTimeout: keyv-file answers a write once the file is written, later on a loaded machine.
  const before = new RobotRules('MOMspider/1.0', { store: new Keyv({ store: new KeyvFile({ filename, writeDelay: 0 }) }), storeTimeout: PATIENT.storeTimeout });
  before.parse('http://some.place/robots.txt', 'User-agent: *\nDisallow: /tmp/\n');
  before.parse('http://old.place/robots.txt', 'User-agent: *\nDisallow: /\n', Date.now() / 1000 - 1);
  // Writes go on in the background; a process about to exit waits for them.
  await before.flush();
  const reader = (): Keyv => new Keyv({ store: new KeyvFile({ filename }) });
  const after = new RobotRules('MOMspider/1.0', { store: reader() });
  t.is(after.allowed('http://some.place/tmp/x'), 'unknown');
  t.true(await after.load('http://some.place/tmp/x'));
  t.false(after.allowed('http://some.place/tmp/x'));
  t.true(after.allowed('http://some.place/index.html'));
  t.false(await after.load('http://old.place/'), 'expired rules are not loaded');
  t.false(await after.load('http://other.place/'));
  t.false(await new RobotRules('x').load('http://some.place/'), 'no store, nothing to load');
  t.throws(() => new RobotRules('x', { store: reader(), lock: {} } as never), { instanceOf: InvalidArgumentError, message: /option lock must be left out/ });
});

/** A Keyv store adapter over a Map whose writes fail while `down` is set. */
class FlakyMap extends Map<string, unknown> {
  down = false;
  override set(key: string, value: unknown): this {
    if (this.down) throw new Error('store down');
    return super.set(key, value);
  }
}

test('RobotRules.load keeps rules parsed while it read the store', async (t) => {
  const map = new FlakyMap();
  const writer = new RobotRules('MOMspider/1.0', { store: new Keyv({ store: map }) });
  writer.parse('http://some.place/robots.txt', 'User-agent: *\nDisallow: /tmp/\n');
  await writer.flush();
  const rules = new RobotRules('MOMspider/1.0', { store: new Keyv({ store: map }) });
  const loading = rules.load('http://some.place/');
  // Newer rules arrive while the store is read: the stored, older ones must not replace them.
  rules.parse('http://some.place/robots.txt', 'User-agent: *\nDisallow: /\n');
  t.true(await loading);
  t.false(rules.allowed('http://some.place/index.html'));
});

test('answers kept while the store is down are bounded by maxBytes, the newest kept', async (t) => {
  const map = new FlakyMap();
  map.down = true;
  const errors: StoreErrorEvent[] = [];
  const file = (n: number): string => `User-agent: *\n${Array.from({ length: 400 }, (_, i) => `Disallow: /o${n}/p${i}/*x\n`).join('')}`;
  const one = new RobotExclusionRulesParser();
  one.parse(file(0));
  // Room for about three origins' rules.
  const maxBytes = Math.floor(one.estimatedBytes() * 3.5);
  const clock = new ManualClock();
  const rules = new RobotRules('MOMspider/1.0', { store: new Keyv({ store: map }), maxBytes, onStoreError: (e) => errors.push(e), clock });
  for (let n = 0; n < 10; n++) {
    rules.parse(`http://o${n}.test/robots.txt`, file(n));
    await rules.flush();
  }
  t.true(errors.length > 0, 'the failed writes were reported');
  map.down = false;
  const keys = (): string[] => [...map.keys()].filter((k) => k.includes('.test'));
  // The store is left alone a while after a failure: nothing is written before the pause runs out.
  await rules.load('http://elsewhere.test/');
  await settle();
  t.deepEqual(keys(), []);
  // Past it, a read resumes the unsaved writes, in the background (on a Map, within a turn of the event loop).
  await clock.advance(LONGEST_PAUSE);
  await rules.load('http://elsewhere.test/');
  await settle();
  const written = keys().map((k) => /o(\d+)\.test/.exec(k)![1]);
  t.true(written.length > 0 && written.length <= 3, `written: ${written.join(', ')}`);
  t.true(written.includes('9'), 'the newest answer is among those kept');
});

/** A server whose robots.txt is `PRIVATE`-like and counted. */
async function privateSite(t: { teardown(fn: () => Promise<void>): void }): Promise<Awaited<ReturnType<typeof startServer>>> {
  const server = await startServer({ '/robots.txt': respond(200, 'User-agent: *\nDisallow: /private/\n') });
  t.teardown(() => server.close());
  return server;
}

/** A lock some other process always holds. */
const heldElsewhere = { acquire: (): Promise<boolean> => Promise.resolve(false), release: (): Promise<void> => Promise.resolve() };

test('a store operation that outlasts storeTimeout is reported as a StoreTimeoutError, and the lookup goes on without it', async (t) => {
  const server = await privateSite(t);
  const never = { get: (): Promise<unknown> => new Promise(() => undefined), set: (): Promise<boolean> => new Promise(() => undefined) };
  const errors: StoreErrorEvent[] = [];
  // The store never answers, so a short timeout is as sure to run out as a long one.
  const cache = new RobotsCache({
    userAgent: UA,
    fetchOptions: { timeout: 60_000 },
    store: never as never,
    storeTimeout: 20,
    onStoreError: (e) => errors.push(e),
    clock: new ManualClock(),
  });
  t.false(await cache.isAllowed(server.url('/private/x')));
  t.is(server.count('/robots.txt'), 1);
  t.is(errors.length, 1, 'the store is left alone after its failure: the write is not tried');
  t.like(errors[0], { origin: server.origin, operation: 'read' });
  const error = errors[0]!.error;
  t.true(error instanceof StoreTimeoutError);
  t.like(error, { code: 'ERR_ROBOTS_STORE_TIMEOUT', name: 'StoreTimeoutError', operation: 'read', timeout: 20, message: 'store read took longer than 20 ms' });
});

test("while another process holds the lock, the cache polls the store on its clock and takes that process's answer", async (t) => {
  const server = await privateSite(t);
  const keyv = new Keyv();
  const clock = new ManualClock();
  const waiting = new RobotsCache({ userAgent: UA, fetchOptions: { timeout: 60_000 }, store: keyv, lock: heldElsewhere, clock });
  const holder = new RobotsCache({ userAgent: UA, fetchOptions: { timeout: 60_000 }, store: keyv, clock });
  const asking = waiting.isAllowed(server.url('/private/x'));
  await clock.untilSleeping();
  t.is(server.count('/robots.txt'), 0);
  t.true(await holder.isAllowed(server.url('/public')));
  await clock.advance(clock.nextDeadline! - clock.now());
  t.false(await asking);
  t.is(server.count('/robots.txt'), 1, 'the waiting cache fetched nothing');
});

test('a lock holder that never writes: the cache waits out the lock on its clock, twice, then fetches alone', async (t) => {
  const server = await privateSite(t);
  const clock = new ManualClock();
  const start = clock.now();
  // An in-memory store answers within the operation's own turn: its storeTimeout cannot run out.
  const cache = new RobotsCache({ userAgent: UA, store: new Keyv(), lock: heldElsewhere, storeTimeout: 100, fetchOptions: { timeout: 60_000 }, clock });
  t.false(await clock.runUntil(cache.isAllowed(server.url('/private/x'))));
  t.is(server.count('/robots.txt'), 1);
  // The lock's time to live: the fetch timeout and two store timeouts.
  t.true(clock.now() - start >= 2 * (60_000 + 2 * 100));
});
