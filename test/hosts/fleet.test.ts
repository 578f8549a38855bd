// A crawler fleet: four worker processes share one real Redis (the Keyv store
// and RedisLock) and ask one counting origin server about 1,000 origins, all
// at once. Each origin's robots.txt is fetched once fleet-wide while fresh,
// once more after it expires (the workers' clocks are moved past its max-age,
// not waited for), and every answer is a lone parser's.
import test from 'ava';
import { startWorker, type FleetWorker } from '../helpers/fleet.js';
import { loneAnswers, originUrl, startOrigins } from '../helpers/origins.js';
import { startRedis } from '../helpers/redis.js';

const WORKERS = 4;
const ORIGINS = 1000;
const UA = 'FleetBot/1.0';

test('four workers on one Redis fetch each of 1,000 origins once while fresh and once after expiry', async (t) => {
  t.timeout(6 * 60_000);
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const maxAge = 3600;
  const server = await startOrigins({ 'cache-control': `max-age=${maxAge}` });
  t.teardown(() => server.close());
  const workers: FleetWorker[] = [];
  t.teardown(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });
  // Generous timeouts: on a loaded machine a store answer may be slow, and a store error would let a worker fetch alone.
  const settings = { redisUrl: redis.url, userAgent: UA, timeout: 60_000, storeTimeout: 30_000 };
  workers.push(...(await Promise.all(Array.from({ length: WORKERS }, () => startWorker(settings)))));

  const round = async (origins: readonly string[], fetchesEach: number): Promise<void> => {
    const hosts = origins.map((origin) => new URL(origin).hostname);
    const started = Date.now();
    const replies = await Promise.all(workers.map((w) => w.ask(origins)));
    const took = Date.now() - started;
    t.log(`${hosts[0]!.slice(0, 1)} round, ${fetchesEach} fetch(es) each: ${took} ms`);
    const expected = hosts.map((host) => loneAnswers(host, UA));
    for (const reply of replies) {
      t.deepEqual(reply.answers, expected);
      t.is(reply.storeErrors, 0);
    }
    const wrong = hosts.filter((host) => server.fetches(host) !== fetchesEach);
    t.deepEqual(wrong.slice(0, 5), [], `${wrong.length} origins not fetched exactly ${fetchesEach} time(s)`);
  };

  const origins = Array.from({ length: ORIGINS }, (_, n) => originUrl(n, server.port));
  await round(origins, 1);
  // Asked again while fresh: memory answers, nothing is fetched.
  await round(origins, 1);
  // Every worker's clock passes the max-age together: what memory and the store hold has expired.
  await Promise.all(workers.map((w) => w.jump((maxAge + 1) * 1000)));
  await round(origins, 2);
  t.is(server.count('/robots.txt'), 2 * ORIGINS);
});
