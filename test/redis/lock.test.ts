// RedisLock against a real redis-server.
import test from 'ava';
import { RedisLock } from '../../src/redis/lock.js';
import { redisStore, startRedis } from '../helpers/redis.js';

test('one holder at a time; a release by another lock or after expiry leaves the new holder alone', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const a = await redisStore(redis.url);
  t.teardown(() => a.close());
  const b = new RedisLock(a.client);
  t.true(await a.lock.acquire('k', 60_000));
  t.false(await b.acquire('k', 60_000));
  await b.release('k');
  t.not(await a.client.get('k'), null, 'b never held it: its release does nothing');
  await a.lock.release('k');
  t.is(await a.client.get('k'), null);
  // A lock that expires is taken by another; the first holder's late release leaves it.
  t.true(await a.lock.acquire('short', 50));
  await new Promise((resolve) => setTimeout(resolve, 120));
  t.true(await b.acquire('short', 60_000));
  await a.lock.release('short');
  t.not(await a.client.get('short'), null);
  const ttl = Number(await a.client.sendCommand(['PTTL', 'short']));
  t.true(ttl > 0 && ttl <= 60_000);
});

test('two callers sharing one lock object never release the key the other took after an expiry', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const a = await redisStore(redis.url);
  t.teardown(() => a.close());
  const shared = new RedisLock(a.client);
  // The first caller's hold expires; the second takes the key through the same object.
  t.true(await shared.acquire('k', 50));
  await new Promise((resolve) => setTimeout(resolve, 120));
  t.true(await shared.acquire('k', 60_000));
  const second = await a.client.get('k');
  // The first caller's late release gives back its own token: the second's hold stays.
  await shared.release('k');
  t.is(await a.client.get('k'), second);
  await shared.release('k');
  t.is(await a.client.get('k'), null);
  await shared.release('k');
  t.is(await a.client.get('k'), null, 'a release with nothing held does nothing');
});

test('the prefix goes before every key; a client without sendCommand is refused', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const a = await redisStore(redis.url);
  t.teardown(() => a.close());
  const lock = new RedisLock(a.client, { prefix: 'fleet:' });
  t.true(await lock.acquire('x', 10_000));
  t.not(await a.client.get('fleet:x'), null);
  t.throws(() => new RedisLock({} as never), { instanceOf: TypeError });
});
