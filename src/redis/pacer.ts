// Request slots shared by a fleet, in Redis: one key per origin holding its
// next slot, taken by one script (docs/many-hosts.md, "Pacing").
import { systemClock, type Clock } from '../clock.js';
import type { Pacer } from '../hosts/pacing.js';
import { checkClient, type RedisCommandClient } from './client.js';

/** Options of {@link RedisPacer}. */
export interface RedisPacerOptions {
  /** Put before each origin to make its key. Default `'robots.txt:pace:'`. */
  readonly prefix?: string | undefined;
  /** Where the local time is read: the system clock by default (give the cache's `clock`). */
  readonly clock?: Clock | undefined;
}

/**
 * Takes a slot (`ARGV[1]` = `'reserve'`, `ARGV[2]` the interval) or pushes the
 * next one back (`'push'`, `ARGV[2]` the milliseconds from now) for the one
 * key it is given, so it runs unchanged on Redis Cluster. Time is the
 * server's (`TIME`), so the fleet's clocks need not agree; the key expires
 * when its next slot comes, so an origin left alone costs nothing. Answers
 * the milliseconds until the slot taken (0 for a push).
 */
const SCRIPT = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local next = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
local amount = tonumber(ARGV[2])
local slot = now
local after
if ARGV[1] == 'push' then
  after = math.max(next, now + amount)
else
  slot = math.max(now, next)
  after = slot + amount
end
if after > next and after > now then
  redis.call('SET', KEYS[1], string.format('%d', after), 'PX', string.format('%d', after - now))
end
return slot - now`;

/**
 * A {@link Pacer} on Redis, shared by every process of a fleet: the
 * `pacer` option of `RobotsCache`, so that the fleet together sends each
 * origin at most one request per interval. Each call is one `EVAL` of one
 * script on one key per origin (`prefix` + origin), atomic, and valid on
 * Redis Cluster; the key expires once its next slot has passed. Slots are
 * counted on the server's clock and answered on the local one. Redis 5 or
 * later.
 *
 * When Redis fails or is slow, the cache goes on pacing in its own memory
 * (see `storeTimeout` and `onStoreError`).
 *
 * @example
 * ```ts no-run: needs a Redis server; docs/many-hosts.md runs a whole example
 * import { createClient } from 'redis';
 * import { RobotsCache } from 'robotexclusionrulesparser';
 * import { RedisPacer } from 'robotexclusionrulesparser/redis';
 * const client = await createClient({ url: 'redis://127.0.0.1:6379', disableOfflineQueue: true }).connect();
 * const robots = new RobotsCache({ userAgent: 'MyBot/1.0', pacer: new RedisPacer(client) });
 * if (await robots.waitTurn('https://example.com/page')) {
 *   // fetch it: no other process of the fleet fetches from example.com before its interval
 * }
 * ```
 */
export class RedisPacer implements Pacer {
  readonly #client: RedisCommandClient;
  readonly #prefix: string;
  readonly #clock: Clock;

  /**
   * @param client A connected client of the `redis` package, or anything
   *   with its `sendCommand`.
   * @throws TypeError when `client` has no `sendCommand` method, `prefix` is
   *   not a string, or `clock` has no `now` and `sleep` methods.
   */
  constructor(client: RedisCommandClient, options?: RedisPacerOptions) {
    checkClient(client, 'RedisPacer');
    const prefix = options?.prefix ?? 'robots.txt:pace:';
    if (typeof prefix !== 'string') throw new TypeError('RedisPacer option prefix must be a string');
    const clock = options?.clock ?? systemClock;
    if (typeof clock.now !== 'function' || typeof clock.sleep !== 'function') throw new TypeError('RedisPacer option clock must have now and sleep methods');
    this.#client = client;
    this.#prefix = prefix;
    this.#clock = clock;
  }

  /**
   * {@link Pacer.reserve}: the slot, on the local clock.
   * @throws TypeError (as a rejection) for an `intervalMs` that is not a finite number >= 0; what the client throws.
   */
  async reserve(origin: string, intervalMs: number): Promise<number> {
    if (typeof intervalMs !== 'number' || !(intervalMs >= 0 && intervalMs < Infinity))
      throw new TypeError(`RedisPacer reserve intervalMs must be a finite number >= 0, got ${intervalMs}`);
    const wait = await this.#run(origin, 'reserve', Math.ceil(intervalMs));
    // Read after the answer: the slot is never earlier than the server's.
    return this.#clock.now() + wait;
  }

  /**
   * {@link Pacer.push}.
   * @throws TypeError (as a rejection) for an `untilMs` that is not a finite number; what the client throws.
   */
  async push(origin: string, untilMs: number): Promise<void> {
    if (!Number.isFinite(untilMs)) throw new TypeError(`RedisPacer push untilMs must be a finite number, got ${untilMs}`);
    const ms = Math.ceil(untilMs - this.#clock.now());
    if (ms > 0) await this.#run(origin, 'push', ms);
  }

  async #run(origin: string, mode: 'reserve' | 'push', amount: number): Promise<number> {
    const answer = await this.#client.sendCommand(['EVAL', SCRIPT, '1', this.#prefix + origin, mode, String(amount)]);
    const wait = Number(answer);
    if (typeof answer !== 'number' || !Number.isFinite(wait)) throw new TypeError(`RedisPacer: unexpected answer from Redis: ${String(answer)}`);
    return Math.max(0, wait);
  }
}
