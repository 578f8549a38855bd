// One crawler process of a fleet, for test/hosts/fleet.test.ts and the lock
// tests: a RobotsCache on a shared Redis (Keyv store and RedisLock), asked by
// its parent over IPC. Started with fork(); argv[2] is its JSON settings.
import { RobotsCache } from '../../src/hosts/cache.js';
import { originFetchOptions, pathsFor } from './origins.js';
import { redisStore } from './redis.js';
import { SkippingClock } from './clock.js';

/** What the parent passes. */
export interface WorkerSettings {
  readonly redisUrl: string;
  readonly userAgent: string;
  /** Fetch timeout, milliseconds. */
  readonly timeout: number;
  readonly storeTimeout: number;
}

/** A message to the worker: ask every path of each origin, concurrently; set its clock `ms` ahead; or stop. */
export type ToWorker =
  { readonly type: 'ask'; readonly origins: readonly string[] } | { readonly type: 'skip'; readonly ms: number } | { readonly type: 'stop' };

/** The worker's replies: it is ready (or its clock skipped); the answers of an `ask`, per origin; store errors seen so far. */
export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'skipped' }
  | { readonly type: 'answers'; readonly answers: readonly (readonly boolean[])[]; readonly storeErrors: number }
  | { readonly type: 'failed'; readonly message: string };

const settings = JSON.parse(process.argv[2]!) as WorkerSettings;
const shared = await redisStore(settings.redisUrl);
let storeErrors = 0;
// The system's time, until the parent moves it ahead to expire what is held.
const clock = new SkippingClock();
const cache = new RobotsCache({
  userAgent: settings.userAgent,
  fetchOptions: originFetchOptions(settings.timeout),
  store: shared.keyv,
  lock: shared.lock,
  storeTimeout: settings.storeTimeout,
  onStoreError: () => storeErrors++,
  clock,
});
const send = (message: FromWorker): void => {
  process.send!(message);
};

process.on('message', (message: ToWorker) => {
  if (message.type === 'stop') {
    void shared.close().finally(() => process.exit(0));
    return;
  }
  if (message.type === 'skip') {
    clock.jump(message.ms);
    send({ type: 'skipped' });
    return;
  }
  const asked = message.origins.map((origin) => {
    const host = new URL(origin).hostname;
    return Promise.all(pathsFor(host).map((path) => cache.isAllowed(origin + path)));
  });
  Promise.all(asked).then(
    (answers) => send({ type: 'answers', answers, storeErrors }),
    (error: unknown) => send({ type: 'failed', message: String(error) }),
  );
});
send({ type: 'ready' });
