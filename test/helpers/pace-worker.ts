// One crawler process of a paced fleet, for test/redis/pacer-fleet.test.ts: a
// RobotsCache whose slots are a RedisPacer's, crawling one origin in a loop
// (waitTurn, then fetch) from `go` until `stop`. Started with fork(); argv[2]
// is its JSON settings.
import http from 'node:http';
import { createClient } from 'redis';
import { RobotsCache } from '../../src/hosts/cache.js';
import { RedisPacer } from '../../src/redis/lock.js';

/** What the parent passes. */
export interface PaceWorkerSettings {
  readonly redisUrl: string;
  readonly origin: string;
  /** Sent as the x-worker header of each page request, so the server knows who asked. */
  readonly name: string;
  readonly storeTimeout: number;
}

/** A message to the worker: start crawling, or stop and report. */
export type ToPaceWorker = { readonly type: 'go' } | { readonly type: 'stop' };

/** The worker's replies: ready; done, with the pages fetched, the URLs skipped as disallowed and the store errors seen. */
export type FromPaceWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly fetched: number; readonly skipped: number; readonly storeErrors: number }
  | { readonly type: 'failed'; readonly message: string };

const settings = JSON.parse(process.argv[2]!) as PaceWorkerSettings;
const client = createClient({ url: settings.redisUrl, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } });
client.on('error', () => undefined);
await client.connect();
let storeErrors = 0;
const cache = new RobotsCache({
  userAgent: 'PaceFleetBot/1.0',
  pacer: new RedisPacer(client),
  storeTimeout: settings.storeTimeout,
  onStoreError: () => storeErrors++,
});
const stop = new AbortController();
// node:http with one kept-alive connection: less work between a turn and its request than fetch.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (url: string): Promise<void> =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'user-agent': cache.userAgent, 'x-worker': settings.name } }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
const send = (message: FromPaceWorker): void => {
  process.send!(message);
};

async function crawl(): Promise<void> {
  let fetched = 0;
  let skipped = 0;
  for (let n = 0; !stop.signal.aborted; n++) {
    // Every third URL, the first included, is disallowed: skipped at once, without a slot.
    const url = n % 3 === 0 ? `${settings.origin}/private/${settings.name}/${n}` : `${settings.origin}/page/${settings.name}/${n}`;
    let allowed: boolean;
    try {
      allowed = await cache.waitTurn(url, { signal: stop.signal });
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the stop message may have aborted it during the await
      if (stop.signal.aborted) break;
      throw error;
    }
    if (!allowed) {
      skipped++;
      continue;
    }
    await get(url);
    fetched++;
  }
  send({ type: 'done', fetched, skipped, storeErrors });
}

// Warm up before the start: the robots.txt held, and the connection open, so that no first
// request is late by the time these take (a late request shortens the next gap).
await cache.get(settings.origin);
await get(`${settings.origin}/robots.txt`);

process.on('message', (message: ToPaceWorker) => {
  if (message.type === 'go') {
    crawl().then(
      () => {
        client.destroy();
        agent.destroy();
        process.exit(0);
      },
      (error: unknown) => {
        send({ type: 'failed', message: String(error) });
        process.exit(1);
      },
    );
  } else {
    stop.abort();
  }
});
send({ type: 'ready' });
