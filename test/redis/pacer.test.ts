// RedisPacer against a real redis-server: what its script stores per origin,
// and two pacers (two processes' clients) sharing the slots. The local clock
// is moved by hand; Redis counts on its own, so slot times are read from the
// keys it stores, not waited for.
import test from 'ava';
import { RedisPacer } from '../../src/redis/lock.js';
import { ManualClock } from '../helpers/clock.js';
import { redisStore, startRedis, type RedisStore } from '../helpers/redis.js';

const A = 'http://a.example';
const B = 'http://b.example:8080';
const KEY = `robots.txt:pace:${A}`;
const START = 1_700_000_000_000;

async function connect(t: { teardown(fn: () => Promise<void>): void }): Promise<{ shared: RedisStore; url: string }> {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const shared = await redisStore(redis.url);
  t.teardown(() => shared.close());
  return { shared, url: redis.url };
}

const stored = async (shared: RedisStore, key = KEY): Promise<number | null> => {
  const value = await shared.client.get(key);
  return value === null ? null : Number(value);
};

test('reserve takes the slot: now first, then one interval after the last; the key expires when the next slot comes', async (t) => {
  const { shared } = await connect(t);
  const clock = new ManualClock(START);
  const pacer = new RedisPacer(shared.client, { clock });
  t.is(await pacer.reserve(A, 60_000), START, 'a new origin: its slot is now');
  const next = await stored(shared);
  t.not(next, null);
  // PX counts from Redis's own millisecond, which may be one past TIME's.
  t.true(Math.abs(Number(await shared.client.sendCommand(['PEXPIRETIME', KEY])) - next!) <= 1, 'the key lives until its next slot');
  const slot = await pacer.reserve(A, 60_000);
  t.true(slot > START && slot <= START + 60_000, 'the wait, counted by Redis, on the local clock');
  t.is(await stored(shared), next! + 60_000);
  t.is(await pacer.reserve(B, 1000), START, 'origins are independent');
  t.deepEqual((await shared.client.keys('robots.txt:pace:*')).sort(), [KEY, `robots.txt:pace:${B}`]);
});

test('a reservation of no length changes nothing; an origin with no slot ahead has no key', async (t) => {
  const { shared } = await connect(t);
  const pacer = new RedisPacer(shared.client, { clock: new ManualClock(START) });
  t.is(await pacer.reserve(A, 0), START);
  t.is(await stored(shared), null);
  await pacer.reserve(A, 30_000);
  const next = await stored(shared);
  const expiry = Number(await shared.client.sendCommand(['PEXPIRETIME', KEY]));
  await pacer.reserve(A, 0);
  t.is(await stored(shared), next);
  t.is(Number(await shared.client.sendCommand(['PEXPIRETIME', KEY])), expiry);
});

test('push moves the next slot later, never earlier', async (t) => {
  const { shared } = await connect(t);
  const clock = new ManualClock(START);
  const pacer = new RedisPacer(shared.client, { clock });
  await pacer.reserve(A, 1000);
  const next = (await stored(shared))!;
  await pacer.push(A, START + 120_000);
  const pushed = (await stored(shared))!;
  t.true(pushed >= next + 100_000);
  t.true(Math.abs(Number(await shared.client.sendCommand(['PEXPIRETIME', KEY])) - pushed) <= 1);
  await pacer.push(A, START + 5000);
  await pacer.push(A, START - 5000);
  t.is(await stored(shared), pushed);
  const slot = await pacer.reserve(A, 1000);
  t.true(slot > START + 100_000);
});

test('two pacers on two clients share the slots', async (t) => {
  const { shared, url } = await connect(t);
  const other = await redisStore(url);
  t.teardown(() => other.close());
  const clock = new ManualClock(START);
  const one = new RedisPacer(shared.client, { clock });
  const two = new RedisPacer(other.client, { clock });
  const slots = await Promise.all([one.reserve(A, 60_000), two.reserve(A, 60_000), one.reserve(A, 60_000), two.reserve(A, 60_000)]);
  const sorted = [...slots].sort((x, y) => x - y);
  t.is(sorted[0], START);
  // Each later slot is one interval after the one before, less what Redis's clock ran meanwhile.
  for (let i = 1; i < sorted.length; i++) t.true(sorted[i]! - sorted[i - 1]! > 50_000, sorted.join(', '));
  t.is(await stored(shared), (await stored(other))!);
});

test('the prefix goes before every key; bad clients and arguments are refused', async (t) => {
  const { shared } = await connect(t);
  const pacer = new RedisPacer(shared.client, { prefix: 'fleet:' });
  await pacer.reserve(A, 10_000);
  t.not(await shared.client.get(`fleet:${A}`), null);
  t.throws(() => new RedisPacer({} as never), { instanceOf: TypeError });
  t.throws(() => new RedisPacer(shared.client, { prefix: 5 as never }), { instanceOf: TypeError });
  t.throws(() => new RedisPacer(shared.client, { clock: {} as never }), { instanceOf: TypeError });
  for (const bad of [-1, Number.NaN, Infinity, '1' as never]) await t.throwsAsync(pacer.reserve(A, bad), { instanceOf: TypeError });
  await t.throwsAsync(pacer.push(A, Number.NaN), { instanceOf: TypeError });
});

test("a Redis that is down rejects: the cache's guard reports it", async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const shared = await redisStore(redis.url);
  t.teardown(() => shared.close());
  const pacer = new RedisPacer(shared.client);
  await redis.kill();
  await t.throwsAsync(pacer.reserve(A, 1000));
});
