/**
 * `robotexclusionrulesparser/redis`: a {@link RobotsLock} on Redis, so that
 * one process of a crawler fleet fetches each origin's robots.txt while the
 * others wait for the stored answer, and a {@link RedisPacer}, so that the
 * fleet shares each origin's request slots. It works with a client of the
 * official `redis` package (an optional peer dependency: only this entry
 * needs it).
 * @module robotexclusionrulesparser/redis
 */
import type { RobotsLock } from '../hosts/shared-store.js';
import { checkClient, type RedisCommandClient } from './client.js';

export type { RobotsLock } from '../hosts/shared-store.js';
export type { RedisCommandClient } from './client.js';
export type { Pacer } from '../hosts/pacing.js';
export { RedisPacer, type RedisPacerOptions } from './pacer.js';

/** Options of {@link RedisLock}. */
export interface RedisLockOptions {
  /** Put before every key the lock takes. Default `''` (the cache's keys already have a prefix). */
  readonly prefix?: string | undefined;
}

/**
 * Deletes the key only when it still holds this holder's token: a lock that
 * expired and was taken by another process is not released by the first.
 */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * A lock on Redis: `acquire` is `SET key token NX PX ttl` with a random
 * token, `release` deletes the key only while it holds that token. A holder
 * that dies leaves the key to expire after its time to live, and another
 * process takes it then.
 *
 * @example
 * ```ts no-run: needs a Redis server; docs/many-hosts.md runs a whole fleet example
 * import { createClient } from 'redis';
 * import { RedisLock } from 'robotexclusionrulesparser/redis';
 * const client = await createClient({ url: 'redis://127.0.0.1:6379' }).connect();
 * const lock = new RedisLock(client);
 * if (await lock.acquire('job', 10_000)) await lock.release('job');
 * ```
 */
export class RedisLock implements RobotsLock {
  readonly #client: RedisCommandClient;
  readonly #prefix: string;
  /**
   * The tokens of each key this object took and has not given back, oldest
   * first. Callers sharing this object (two caches on one lock) may each
   * take a key once the other's hold has expired; a release gives back the
   * oldest, which is the one to expire first: it never deletes a newer
   * holder's key, and at worst leaves one to expire by its time to live.
   */
  readonly #tokens = new Map<string, string[]>();

  /**
   * @param client A connected client of the `redis` package, or anything
   *   with its `sendCommand`.
   * @throws TypeError when `client` has no `sendCommand` method, or `prefix` is not a string.
   */
  constructor(client: RedisCommandClient, options?: RedisLockOptions) {
    checkClient(client, 'RedisLock');
    const prefix = options?.prefix ?? '';
    if (typeof prefix !== 'string') throw new TypeError('RedisLock option prefix must be a string');
    this.#client = client;
    this.#prefix = prefix;
  }

  /** Takes `key` for `ttlMs` milliseconds (rounded up, at least 1) unless it is held: true when taken. */
  async acquire(key: string, ttlMs: number): Promise<boolean> {
    const token = crypto.randomUUID();
    const ttl = String(Math.max(1, Math.ceil(ttlMs)));
    const answer = await this.#client.sendCommand(['SET', this.#prefix + key, token, 'NX', 'PX', ttl]);
    if (answer !== 'OK') return false;
    const held = this.#tokens.get(key);
    if (held === undefined) this.#tokens.set(key, [token]);
    else held.push(token);
    return true;
  }

  /** Gives `key` back if this lock still holds it; otherwise does nothing. */
  async release(key: string): Promise<void> {
    const held = this.#tokens.get(key);
    const token = held?.shift();
    if (token === undefined) return;
    if (held!.length === 0) this.#tokens.delete(key);
    await this.#client.sendCommand(['EVAL', RELEASE, '1', this.#prefix + key, token]);
  }
}
