// A store shared by many caches (a fleet's Redis, one crawler's file), and the
// lock that lets one process of the fleet fetch an origin while the others
// wait for the stored answer. The store only ever helps: when it fails, is
// slow or holds garbage, the cache answers from memory and the network
// (docs/many-hosts.md, "Fleets").
import type { Keyv } from 'keyv';
import { decodeEntry, encodeEntry, entryExpiry, type HeldEntry } from './store-codec.js';
import type { Syntax } from '../syntax.js';
import { invalid, type OptionReader } from '../options.js';
import type { StatusPolicy } from '../http/status-policy.js';
import { storeKeyPrefix } from './store-codec.js';
import { Lru } from './lru.js';
import { entryWeight, hasMethods } from './settings.js';
import type { StoreOperation } from '../errors.js';
import type { Clock } from '../clock.js';
import { StoreGuard, type StoreErrorEvent } from './store-guard.js';

export type { StoreErrorEvent } from './store-guard.js';

/**
 * A lock shared by the processes of a fleet, so that one of them fetches an
 * origin's robots.txt while the others wait for the stored answer. The one
 * of `robotexclusionrulesparser/redis` (`RedisLock`) is ready to use.
 */
export interface RobotsLock {
  /** Takes `key` for `ttlMs` milliseconds unless another holder has it: true when taken. */
  acquire(key: string, ttlMs: number): Promise<boolean>;
  /** Gives `key` back, when this process holds it (a lock that expired and was taken since is left alone). */
  release(key: string): Promise<void>;
}

/** The default of `storeTimeout`: one second. */
export const DEFAULT_STORE_TIMEOUT = 1000;
/** Waiting for another process's fetch: polls the store from this interval, growing by half up to {@link MAX_POLL}. */
const FIRST_POLL = 50;
const MAX_POLL = 500;

/** What a cache hands its {@link SharedStore}. */
export interface SharedStoreSettings {
  readonly store: Keyv;
  readonly lock: RobotsLock | null;
  readonly onStoreError: ((event: StoreErrorEvent) => void) | undefined;
  /** Milliseconds one store or lock operation may take. */
  readonly timeout: number;
  /** The key prefix (see storeKeyPrefix). */
  readonly prefix: string;
  /** Milliseconds a fetch may take (the fetch timeout): the lock's time to live and how long others wait for it. */
  readonly fetchTimeout: number;
  /** Milliseconds a good entry is kept past its expiry, to be served stale (`staleIfError`). */
  readonly staleIfError: number;
  readonly syntax: Syntax;
  readonly userAgent: string;
  /** At most how many unsaved answers are kept for writing once the store is back. */
  readonly maxUnsaved: number;
  /** At most how many bytes of heap they hold, as their parsers estimate it (the cache's `maxBytes`): a store that is down costs no more memory than the cache. */
  readonly maxUnsavedBytes: number;
  /** The cache's clock: freshness, pauses and polls. The store timeout runs on real time, as the I/O it bounds. */
  readonly clock: Clock;
}

/** Whether `entry` still answers (not expired) at `now` (milliseconds since the epoch). */
function fresh(entry: HeldEntry, now: number): boolean {
  return entryExpiry(entry) > now;
}

/**
 * One cache's view of a shared store: reads and writes that never throw
 * (failures go to `onStoreError`), and the lookup order store, then lock and
 * wait, then the cache's own fetch.
 */
export class SharedStore {
  readonly #s: SharedStoreSettings;
  /** Each operation's timeout, and the pause after a failure. */
  readonly #guarded: StoreGuard;
  /** Answers whose write failed, by key, written when the store answers again. */
  readonly #unsaved: Lru<string, HeldEntry>;

  /**
   * Errors the store emitted, counted: Keyv and its adapters (@keyv/redis)
   * report a failed operation by an `error` event and answer as if nothing
   * happened (a write "succeeds"), so an operation during which one came is
   * taken as failed, and its answer kept for later.
   */
  #emitted = 0;
  #lastEmitted: unknown = null;

  constructor(settings: SharedStoreSettings) {
    this.#s = settings;
    this.#guarded = new StoreGuard(settings.clock, settings.timeout, settings.onStoreError);
    this.#unsaved = new Lru(settings.maxUnsaved, settings.maxUnsavedBytes);
    const events = settings.store as Partial<Pick<Keyv, 'on'>>;
    if (typeof events.on === 'function') {
      events.on.call(settings.store, 'error', (error: unknown) => {
        this.#emitted++;
        this.#lastEmitted = error;
      });
    }
  }

  /**
   * The origin's entry: a fresh one from the store, or else the one `fetch`
   * gets (handed the stored entry, expired, to serve stale), which is then
   * written. With a lock, only the process holding it fetches; the others
   * poll the store until the answer is there, the lock is free again, or the
   * fetch timeout has passed.
   * @throws what `fetch` throws (the caller's abort, a bad option).
   */
  async load(origin: string, fetch: (stored: HeldEntry | undefined) => Promise<HeldEntry>): Promise<HeldEntry> {
    const key = this.#s.prefix + origin;
    const stored = await this.#read(origin, key);
    if (stored !== undefined && fresh(stored, this.#s.clock.now())) return stored;
    const lock = this.#s.lock;
    if (lock === null) return this.#fetchAndWrite(origin, key, stored, fetch);
    const lockKey = `${this.#s.prefix}lock:${origin}`;
    // The holder may take the whole fetch timeout, plus its store read and write.
    const ttl = this.#s.fetchTimeout + 2 * this.#s.timeout;
    // Another process holds the lock: wait for its answer as long as it may hold it, then once more
    // for whoever took the lock next (a holder that died leaves it to expire), then fetch alone.
    for (let round = 0; ; round++) {
      const taken = await this.#guard(origin, 'lock', () => lock.acquire(lockKey, ttl));
      // A lock that fails is no reason to stop: fetch as if alone.
      if (taken !== false) {
        try {
          // Read again: the holder before us may have written just after our first read.
          const again = taken === true ? await this.#read(origin, key) : undefined;
          if (again !== undefined && fresh(again, this.#s.clock.now())) return again;
          return await this.#fetchAndWrite(origin, key, again ?? stored, fetch);
        } finally {
          if (taken === true) await this.#guard(origin, 'unlock', () => lock.release(lockKey));
        }
      }
      const found = await this.#waitFor(origin, key, this.#s.clock.now() + ttl);
      if (found !== undefined) return found;
      if (round === 1 || this.#guarded.paused) return this.#fetchAndWrite(origin, key, stored, fetch);
    }
  }

  /** Polls the store until it holds a fresh entry (returned), `deadline` passes or the store fails (undefined). */
  async #waitFor(origin: string, key: string, deadline: number): Promise<HeldEntry | undefined> {
    const clock = this.#s.clock;
    for (let poll = FIRST_POLL; clock.now() < deadline && !this.#guarded.paused; poll = Math.min(MAX_POLL, Math.ceil(poll * 1.5))) {
      await clock.sleep(Math.min(poll, Math.max(1, deadline - clock.now())));
      const found = await this.#read(origin, key);
      if (found !== undefined && fresh(found, clock.now())) return found;
    }
    return undefined;
  }

  async #fetchAndWrite(
    origin: string,
    key: string,
    stored: HeldEntry | undefined,
    fetch: (stored: HeldEntry | undefined) => Promise<HeldEntry>,
  ): Promise<HeldEntry> {
    const entry = await fetch(stored);
    await this.#write(origin, key, entry);
    return entry;
  }

  /** The origin's stored entry (expired or not), or undefined when none decodes or the store fails. Never throws. */
  read(origin: string): Promise<HeldEntry | undefined> {
    return this.#read(origin, this.#s.prefix + origin);
  }

  /** Writes the origin's entry; kept for later when the store fails. Never throws. */
  write(origin: string, entry: HeldEntry): Promise<void> {
    return this.#write(origin, this.#s.prefix + origin, entry);
  }

  /** The entry stored under `key`, or undefined when none decodes or the store fails. */
  async #read(origin: string, key: string): Promise<HeldEntry | undefined> {
    const value = await this.#guard(origin, 'read', (): Promise<unknown> => this.#s.store.get(key));
    return value === undefined ? undefined : (decodeEntry(value, this.#s.syntax, this.#s.userAgent) ?? undefined);
  }

  /** Writes `entry` with a time to live from its expiry; kept for later when the store fails. */
  async #write(origin: string, key: string, entry: HeldEntry): Promise<void> {
    const now = this.#s.clock.now();
    const ttl = this.#ttl(entry, now);
    if (ttl <= 0) return;
    const written = await this.#guard(origin, 'write', async () => {
      if (!(await this.#s.store.set(key, encodeEntry(entry, now), ttl))) throw new Error('the store refused the write');
      return true;
    });
    if (written === true) return;
    // The oldest are dropped past either bound, as the cache's own entries are.
    this.#unsaved.set(key, entry, entryWeight(key, entry.parser));
  }

  /** Milliseconds the store keeps `entry`: to its expiry, and good rules as long again as they may be served stale. */
  #ttl(entry: HeldEntry, now: number): number {
    const expires = entryExpiry(entry) - now;
    if (entry.good !== true) return Math.ceil(expires);
    const staleUntil = (entry.staleSince ?? Math.max(now, entryExpiry(entry))) + this.#s.staleIfError;
    return Math.ceil(Math.max(expires, staleUntil - now));
  }

  /**
   * Runs a store or lock operation through the guard: its value, or null
   * when it failed, took longer than `storeTimeout`, or the store is paused
   * after a failure. An `error` event the store emitted meanwhile fails it.
   */
  async #guard<T>(origin: string, operation: StoreOperation, run: () => Promise<T>): Promise<T | null> {
    const emitted = this.#emitted;
    return this.#guarded.run(origin, operation, run, () => {
      if (this.#emitted !== emitted) throw this.#lastEmitted;
      this.#resumed();
    });
  }

  /** After a store operation succeeded: unsaved answers are written. */
  #resumed(): void {
    if (this.#unsaved.size === 0) return;
    const pending = this.#unsaved.entries();
    this.#unsaved.clear();
    const now = this.#s.clock.now();
    // In the background: the lookup that found the store back does not wait for them.
    void (async () => {
      for (const [key, entry] of pending) {
        if (entry.good === true || fresh(entry, now)) await this.#write(key.slice(this.#s.prefix.length), key, entry);
      }
    })();
  }
}

/** The option keys {@link readSharedStore} reads. */
type StoreKey = 'store' | 'lock' | 'onStoreError' | 'storeTimeout';

/**
 * The shared store a cache's `store`, `lock`, `onStoreError` and
 * `storeTimeout` options ask for, or null without `store`.
 * @throws InvalidArgumentError when `store` has no get and set methods,
 *   `lock` no acquire and release methods, `lock` comes without `store`, or
 *   the others have bad values.
 */
export function readSharedStore(
  o: OptionReader<StoreKey>,
  rest: Pick<SharedStoreSettings, 'fetchTimeout' | 'staleIfError' | 'syntax' | 'userAgent' | 'maxUnsaved' | 'maxUnsavedBytes' | 'clock'> & {
    readonly policy: StatusPolicy | 'rules';
  },
): SharedStore | null {
  const store = o.raw('store');
  const lock = o.raw('lock');
  const onStoreError = o.callback<(event: StoreErrorEvent) => void>('onStoreError');
  const timeout = o.duration('storeTimeout', DEFAULT_STORE_TIMEOUT);
  if (store !== undefined && !hasMethods(store, ['get', 'set'])) invalid(o.label('store'), o.argument('store'), 'a Keyv instance', store);
  if (lock !== undefined && !hasMethods(lock, ['acquire', 'release']))
    invalid(o.label('lock'), o.argument('lock'), 'an object with acquire and release methods', lock);
  if (store === undefined) {
    if (lock !== undefined) invalid(o.label('lock'), o.argument('lock'), 'given with a store', lock);
    return null;
  }
  const { policy, ...others } = rest;
  return new SharedStore({ store: store as Keyv, lock: (lock ?? null) as RobotsLock | null, onStoreError, timeout, prefix: storeKeyPrefix(policy), ...others });
}
