// RobotsCache with the memory LRU in front of Redis against a lone in-memory
// cache: cache-hit checks per second (memory answers both), and a cold lookup
// (nothing in memory) served from Redis against one fetched from a local
// server. Starts its own redis-server when one is on the PATH; the table is
// skipped with a note otherwise. Wall clock: the work awaits sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import KeyvRedis from '@keyv/redis';
import { Keyv } from 'keyv';
import { createClient } from 'redis';
import { RobotsCache, type LookupFunction } from '../src/index.js';
import { RedisLock } from '../src/redis/lock.js';
import { median, sink, type TimingOptions } from './measure.js';
import { perSecond, renderTable } from './table.js';

/** What {@link runFleet} measured, or why it did not. */
export type FleetResult =
  | {
      readonly origins: number;
      /** isAllowed calls per second answered from memory: alone, and with Redis behind. */
      readonly hits: { readonly alone: number; readonly redis: number };
      /** Milliseconds per cold lookup: fetched from a local server (alone), and read from Redis. */
      readonly coldMs: { readonly fetched: number; readonly redis: number };
    }
  | { readonly skipped: string };

const ORIGINS = 200;
const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/open\nCrawl-delay: 2\n';

/** Every name resolves to 127.0.0.1. */
const benchLookup: LookupFunction = (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A redis-server on a free port, persistence off, or null when none can be started. */
async function startRedis(): Promise<{ url: string; child: ChildProcess } | null> {
  const probe = net.createServer();
  const port = await listen(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const started = await new Promise<boolean>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('spawn', () => resolve(true));
  });
  return started ? { url: `redis://127.0.0.1:${port}`, child } : null;
}

/** Wall milliseconds of `run`, median of `runs` rounds, subjects alternating within each round. */
async function timed(subjects: ReadonlyArray<() => Promise<number>>, runs: number): Promise<number[]> {
  const times: number[][] = subjects.map(() => []);
  for (let r = 0; r < runs; r++) {
    for (const [k, run] of subjects.entries()) {
      const start = performance.now();
      sink.value += await run();
      times[k]!.push(performance.now() - start);
    }
  }
  return times.map(median);
}

export async function runFleet(timing: TimingOptions): Promise<FleetResult> {
  const redis = await startRedis();
  if (redis === null) return { skipped: 'redis-server is not installed (apt-get install redis-server)' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(ROBOTS);
  });
  const port = await listen(server);
  const client = createClient({ url: redis.url, disableOfflineQueue: true });
  client.on('error', () => undefined);
  try {
    await client.connect();
    // Distinct origins on one server: made-up names a lookup resolves to 127.0.0.1, which the address policy is told to allow.
    const unique = Array.from({ length: ORIGINS }, (_, n) => `http://b${n}.bench:${port}`);
    const store = new Keyv({ store: new KeyvRedis(client), namespace: 'bench' });
    const lock = new RedisLock(client);
    const base = { userAgent: 'BenchBot/1.0', fetchOptions: { lookup: benchLookup, allowAddress: (address: string) => address === '127.0.0.1' } };
    const alone = new RobotsCache(base);
    const withRedis = (): RobotsCache => new RobotsCache({ ...base, store, lock });
    const shared = withRedis();
    for (const origin of unique) {
      await alone.isAllowed(`${origin}/private/x`);
      await shared.isAllowed(`${origin}/private/x`);
    }
    const urls = unique.flatMap((origin) => [`${origin}/private/x`, `${origin}/private/open`, `${origin}/public`]);
    const hitPass = (cache: RobotsCache) => async (): Promise<number> => {
      let allowed = 0;
      for (let i = 0; i < 50; i++) for (const url of urls) if (await cache.isAllowed(url)) allowed++;
      return allowed;
    };
    const [aloneHits, redisHits] = await timed([hitPass(alone), hitPass(shared)], timing.runs);
    const calls = 50 * urls.length;
    // Cold: a cache with nothing in memory, for every origin; from the network, or from Redis.
    const coldPass = (make: () => RobotsCache) => async (): Promise<number> => {
      const cache = make();
      let allowed = 0;
      for (const origin of unique) if (await cache.isAllowed(`${origin}/public`)) allowed++;
      return allowed;
    };
    const [fetched, fromRedis] = await timed([coldPass(() => new RobotsCache(base)), coldPass(withRedis)], timing.runs);
    return {
      origins: unique.length,
      hits: { alone: (calls / aloneHits!) * 1000, redis: (calls / redisHits!) * 1000 },
      coldMs: { fetched: fetched! / unique.length, redis: fromRedis! / unique.length },
    };
  } finally {
    if (client.isOpen) await client.close();
    redis.child.kill();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The result as a Markdown table, or the note saying why there is none. */
export function fleetTable(result: FleetResult): string {
  if ('skipped' in result) return `Skipped: ${result.skipped}.`;
  return renderTable(
    ['', 'in-memory cache alone', 'memory LRU in front of Redis'],
    [
      ['cache-hit isAllowed/s', perSecond(result.hits.alone), perSecond(result.hits.redis)],
      ['cold lookup, ms', `${result.coldMs.fetched.toFixed(3)} (fetched)`, `${result.coldMs.redis.toFixed(3)} (read from Redis)`],
    ],
    'lrr',
  );
}
