// A paced fleet on a real redis-server: four forked workers crawl one local
// origin whose robots.txt says `Crawl-delay: 1`, taking their slots from one
// RedisPacer. The origin records when each request arrives. Then Redis is
// killed mid-run: every worker goes on pacing alone, in memory, from the last
// slot it saw. The wall clock is the only one processes share, so this test
// runs for a few seconds of it.
import test from 'ava';
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startRedis } from '../helpers/redis.js';
import type { FromPaceWorker, PaceWorkerSettings, ToPaceWorker } from '../helpers/pace-worker.js';

const SCRIPT = fileURLToPath(new URL('../helpers/pace-worker.js', import.meta.url));
const WORKERS = 4;
const INTERVAL = 1000;
/** Timer slack allowed between two arrivals. */
const SLACK = 50;
const SHARED_MS = 3500;
const ALONE_MS = 2500;

interface Arrival {
  readonly at: number;
  readonly worker: string;
  readonly path: string;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The smallest gap between consecutive times, or Infinity for fewer than two. */
function smallestGap(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let gap = Infinity;
  for (let i = 1; i < sorted.length; i++) gap = Math.min(gap, sorted[i]! - sorted[i - 1]!);
  return gap;
}

/** Forks a worker; resolves once it is ready, with a promise of its last message. */
async function startWorker(settings: PaceWorkerSettings): Promise<{ child: ChildProcess; last: Promise<FromPaceWorker>; exit: Promise<number | null> }> {
  const child = fork(SCRIPT, [JSON.stringify(settings)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', (m: FromPaceWorker) => (m.type === 'ready' ? resolve() : reject(new Error(JSON.stringify(m)))));
    void exit.then((code) => reject(new Error(`pace worker exited (${code})`)));
  });
  const last = new Promise<FromPaceWorker>((resolve, reject) => {
    child.on('message', (m: FromPaceWorker) => {
      if (m.type !== 'ready') resolve(m);
    });
    void exit.then((code) => reject(new Error(`pace worker exited (${code}) without reporting`)));
  });
  last.catch(() => undefined);
  await ready;
  return { child, last, exit };
}

test("four workers share one origin's Crawl-delay through Redis; killed Redis: no crash, no burst", async (t) => {
  t.timeout(60_000);
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nDisallow: /private/\nCrawl-delay: 1\n');
      return;
    }
    arrivals.push({ at: performance.now(), worker: String(req.headers['x-worker']), path: req.url ?? '' });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('page');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const redis = await startRedis();
  t.teardown(() => redis.stop());

  const workers = await Promise.all(Array.from({ length: WORKERS }, (_, n) => startWorker({ redisUrl: redis.url, origin, name: `w${n}`, storeTimeout: 500 })));
  t.teardown(() => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
  });
  const send = (message: ToPaceWorker): void => {
    for (const w of workers) w.child.send(message);
  };
  send({ type: 'go' });
  await sleep(SHARED_MS);
  const killedAt = performance.now();
  await redis.kill();
  await sleep(ALONE_MS);
  send({ type: 'stop' });
  const reports = await Promise.all(workers.map((w) => w.last));
  const codes = await Promise.all(workers.map((w) => w.exit));

  t.deepEqual(codes, [0, 0, 0, 0], 'no worker crashed');
  for (const report of reports) t.is(report.type, 'done', JSON.stringify(report));
  const done = reports.filter((r) => r.type === 'done');
  t.log(done.map((r) => `${r.fetched} fetched, ${r.skipped} skipped, ${r.storeErrors} store errors`).join('; '));
  t.true(
    done.some((r) => r.storeErrors > 0),
    'onStoreError was told',
  );
  t.true(
    done.every((r) => r.skipped > 0),
    'disallowed URLs were skipped',
  );
  t.false(
    arrivals.some((a) => a.path.startsWith('/private/')),
    'no disallowed URL was fetched',
  );
  t.is(
    arrivals.length,
    done.reduce((sum, r) => sum + r.fetched, 0),
  );

  // While Redis ran: the fleet together, one request per interval.
  const shared = arrivals.filter((a) => a.at < killedAt).map((a) => a.at);
  const sharedGap = smallestGap(shared);
  t.log(`with Redis: ${shared.length} requests, smallest gap ${sharedGap.toFixed(0)} ms`);
  t.true(shared.length >= SHARED_MS / INTERVAL - 1, `${shared.length} requests in ${SHARED_MS} ms`);
  t.true(sharedGap >= INTERVAL - SLACK, `two requests ${sharedGap.toFixed(0)} ms apart with Redis`);
  // Without it: each worker alone, never faster than the interval, from before the kill on.
  const alone = arrivals.filter((a) => a.at >= killedAt);
  for (let n = 0; n < WORKERS; n++) {
    const own = arrivals.filter((a) => a.worker === `w${n}`).map((a) => a.at);
    const gap = smallestGap(own);
    t.log(`w${n}: ${own.length} requests, smallest gap ${gap.toFixed(0)} ms`);
    t.true(gap >= INTERVAL - SLACK, `w${n}: two requests ${gap.toFixed(0)} ms apart`);
  }
  t.log(`without Redis: ${alone.length} requests in ${ALONE_MS} ms`);
  t.true(alone.length <= WORKERS * (ALONE_MS / INTERVAL + 1), `${alone.length} requests in ${ALONE_MS} ms after the kill`);
  t.true(alone.length > 0, 'the crawl went on');
});
