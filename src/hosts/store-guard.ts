// What the shared store, the lock and the fleet's pacer have in common: each
// call bounded by `storeTimeout`, a failure reported and never thrown, and a
// store that failed left alone a while, so that a dead Redis costs no time
// per lookup (docs/many-hosts.md, "Fleets").
import { systemClock, type Clock } from '../clock.js';
import { StoreTimeoutError, type StoreOperation } from '../errors.js';

/** What `onStoreError` is told: an operation on the store or the lock failed or took too long. */
export interface StoreErrorEvent {
  /** The origin key (see {@link originOf}) the operation was for. */
  readonly origin: string;
  /** `'read'`, `'write'` (the store), `'lock'`, `'unlock'` (the lock) or `'reserve'`, `'push'` (the `pacer`). */
  readonly operation: StoreOperation;
  /** What the store, lock or pacer threw or rejected with; for an operation that took longer than `storeTimeout`, a {@link StoreTimeoutError}. */
  readonly error: unknown;
}

/** After a failure the store is left alone this long, doubling up to {@link MAX_PAUSE}. */
const FIRST_PAUSE = 250;
const MAX_PAUSE = 5000;

/** Runs the calls of one shared store (or pacer) within its timeout, and pauses it after a failure. */
export class StoreGuard {
  readonly #clock: Clock;
  readonly #timeout: number;
  readonly #onStoreError: ((event: StoreErrorEvent) => void) | undefined;
  #pausedUntil = 0;
  #pause = FIRST_PAUSE;

  /**
   * @param clock the cache's: the pause after a failure is on it.
   * @param timeout `storeTimeout`, in ms, on the system clock whatever the cache's: it bounds I/O, which takes real time.
   */
  constructor(clock: Clock, timeout: number, onStoreError: ((event: StoreErrorEvent) => void) | undefined) {
    this.#clock = clock;
    this.#timeout = timeout;
    this.#onStoreError = onStoreError;
  }

  /** Whether the store is left alone now, after a failure. */
  get paused(): boolean {
    return this.#clock.now() < this.#pausedUntil;
  }

  /**
   * `run`'s value, or null when the store is paused, or `run` (or `check`
   * of its value) failed or took longer than the timeout: then
   * `onStoreError` is told and the store paused.
   */
  async run<T>(origin: string, operation: StoreOperation, run: () => Promise<T>, check?: (value: T) => void): Promise<T | null> {
    if (this.paused) return null;
    const done = new AbortController();
    try {
      const value = await Promise.race([run(), this.#timedOut(operation, done.signal)]);
      check?.(value);
      this.#pause = FIRST_PAUSE;
      return value;
    } catch (error) {
      this.#pausedUntil = this.#clock.now() + this.#pause;
      this.#pause = Math.min(MAX_PAUSE, this.#pause * 2);
      try {
        this.#onStoreError?.({ origin, operation, error });
      } catch {
        // A throwing hook must not break the lookup it reports on.
      }
      return null;
    } finally {
      done.abort();
    }
  }

  /** Rejects with a {@link StoreTimeoutError} once the timeout has passed, unless `signal` aborts first (the race is over). */
  async #timedOut(operation: StoreOperation, signal: AbortSignal): Promise<never> {
    await systemClock.sleep(this.#timeout, signal);
    throw new StoreTimeoutError(operation, this.#timeout);
  }
}
