// When the next request to an origin may go: slots per origin, taken in
// turn, one interval apart (docs/many-hosts.md, "Pacing"). Slots are on the
// injected clock, so tests move it by hand; only the timeout of a shared
// pacer's I/O runs on real time.
import { systemClock, type Clock } from '../clock.js';
import { invalid } from '../options.js';
import type { StoreErrorEvent } from './shared-store.js';
import type { StoreOperation } from '../errors.js';
import { StoreGuard } from './store-guard.js';

/**
 * Hands out request slots per origin: each origin's slots are at least the
 * interval asked apart. `RobotsCache` keeps a {@link MemoryPacer}; its
 * `pacer` option takes one shared by a fleet (`RedisPacer` of
 * `robotexclusionrulesparser/redis`), or any object with these two methods.
 */
export interface Pacer {
  /**
   * Takes the origin's next slot and answers its time, in milliseconds since
   * the epoch: the later of now and the origin's next slot, which then moves
   * to that time plus `intervalMs`. The caller sends its request at that time.
   */
  reserve(origin: string, intervalMs: number): Promise<number>;
  /** No slot of the origin before `untilMs` (milliseconds since the epoch); a later next slot stays. */
  push(origin: string, untilMs: number): Promise<void>;
}

/** The InvalidArgumentError {@link invalid} throws, as a rejection. */
function rejectInvalid(label: string, argument: string, expected: string, value: unknown): Promise<never> {
  try {
    return invalid(label, argument, expected, value);
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- invalid throws an InvalidArgumentError
    return Promise.reject(error);
  }
}

/** Below this many origins held, a {@link MemoryPacer} never sweeps. */
const SWEEP_FLOOR = 1024;

/**
 * The {@link Pacer} of one process: each origin's next slot in a `Map`.
 * An origin whose next slot has passed is as good as unknown, so it is not
 * kept: once the map has doubled since the last sweep, one pass copies the
 * origins still waiting into a new map. Each call costs O(1) amortized and
 * the memory is proportional to the origins with a slot still ahead,
 * whatever the number of origins seen. The copy, not deletes, because a
 * `Map` that is deleted from keeps holes that every later iteration walks.
 */
export class MemoryPacer implements Pacer {
  readonly #clock: Clock;
  #next = new Map<string, number>();
  #sweepAt = SWEEP_FLOOR;

  /** @param clock Where time is read; the system clock by default. */
  constructor(clock: Clock = systemClock) {
    this.#clock = clock;
  }

  /** How many origins it holds: at most twice those whose next slot is still ahead at the last sweep, or a thousand. */
  get size(): number {
    return this.#next.size;
  }

  /**
   * {@link Pacer.reserve}.
   * @throws InvalidArgumentError (as a rejection) for an `intervalMs` that is not a finite number >= 0.
   */
  reserve(origin: string, intervalMs: number): Promise<number> {
    if (typeof intervalMs !== 'number' || !(intervalMs >= 0 && intervalMs < Infinity))
      return rejectInvalid('reserve intervalMs', 'intervalMs', 'a finite number of milliseconds >= 0', intervalMs);
    const now = this.#clock.now();
    const next = this.#next.get(origin);
    const slot = next === undefined || next < now ? now : next;
    this.#store(origin, slot + intervalMs, now, next !== undefined);
    return Promise.resolve(slot);
  }

  /**
   * {@link Pacer.push}.
   * @throws InvalidArgumentError (as a rejection) for an `untilMs` that is not a finite number.
   */
  push(origin: string, untilMs: number): Promise<void> {
    if (!Number.isFinite(untilMs)) return rejectInvalid('push untilMs', 'untilMs', 'a finite number of milliseconds', untilMs);
    const next = this.#next.get(origin);
    if (next === undefined || next < untilMs) this.#store(origin, untilMs, this.#clock.now(), next !== undefined);
    return Promise.resolve();
  }

  #store(origin: string, next: number, now: number, held: boolean): void {
    // An origin held is overwritten in place: the map gets no hole.
    if (held) {
      this.#next.set(origin, next);
      return;
    }
    if (next <= now) return;
    this.#next.set(origin, next);
    if (this.#next.size >= this.#sweepAt) this.#sweep(now);
  }

  #sweep(now: number): void {
    const kept = new Map<string, number>();
    for (const [origin, next] of this.#next) if (next > now) kept.set(origin, next);
    this.#next = kept;
    this.#sweepAt = Math.max(SWEEP_FLOOR, 2 * kept.size);
  }
}

/** What a cache hands its {@link GuardedPacer}. */
export interface GuardedPacerSettings {
  readonly clock: Clock;
  /** The `pacer` option's, or null. */
  readonly shared: Pacer | null;
  /** Milliseconds one call of the shared pacer may take (`storeTimeout`), on the system clock: it bounds I/O, which takes real time. */
  readonly timeout: number;
  readonly onStoreError: ((event: StoreErrorEvent) => void) | undefined;
}

/**
 * A cache's pacing: a {@link MemoryPacer} of its own and, with the `pacer`
 * option, the fleet's, whose slot is taken too and the later of the two
 * kept. Each tells the other what it learnt, so that when the shared pacer
 * fails or is slow (past `storeTimeout`, reported to `onStoreError` and left
 * alone a while) the process goes on alone from the fleet's last slot it
 * saw, never faster than its own clock allows.
 */
export class GuardedPacer implements Pacer {
  readonly #s: GuardedPacerSettings;
  readonly #local: MemoryPacer;
  /** Each call of the shared pacer within its timeout, and the pause after a failure, as the shared store's. */
  readonly #guarded: StoreGuard;

  constructor(settings: GuardedPacerSettings) {
    this.#s = settings;
    this.#local = new MemoryPacer(settings.clock);
    this.#guarded = new StoreGuard(settings.clock, settings.timeout, settings.onStoreError);
  }

  async reserve(origin: string, intervalMs: number): Promise<number> {
    const local = await this.#local.reserve(origin, intervalMs);
    const shared = this.#s.shared;
    if (shared === null) return local;
    const fleet = await this.#guard(origin, 'reserve', () => shared.reserve(origin, intervalMs));
    if (fleet === null || fleet === local) return local;
    if (fleet > local) {
      await this.#local.push(origin, fleet + intervalMs);
      return fleet;
    }
    // This process knows of a later slot than the fleet does (the shared pacer lost it): tell the fleet.
    await this.#guard(origin, 'push', () => shared.push(origin, local + intervalMs));
    return local;
  }

  async push(origin: string, untilMs: number): Promise<void> {
    await this.#local.push(origin, untilMs);
    const shared = this.#s.shared;
    if (shared !== null) await this.#guard(origin, 'push', () => shared.push(origin, untilMs));
  }

  /** A call of the shared pacer through the guard: its value, or null when it failed, took too long, or the pacer is paused. */
  #guard<T>(origin: string, operation: StoreOperation, run: () => Promise<T>): Promise<T | null> {
    return this.#guarded.run(origin, operation, run, (value) => {
      if (operation === 'reserve' && !Number.isFinite(value)) throw new TypeError(`the pacer's reserve answered ${String(value)}, not a time`);
    });
  }
}
