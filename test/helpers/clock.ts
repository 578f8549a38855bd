// Clocks a test moves by hand (src/clock.ts's Clock), so that freshness,
// pauses and waits are tried without waiting on the wall.
import { systemClock, type Clock } from '../../src/clock.js';

/** One turn of the event loop: every promise callback queued now, and those they queue, have run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

interface Sleeper {
  readonly deadline: number;
  /** Call order, so that sleeps with one deadline wake in the order they began. */
  readonly order: number;
  readonly wake: () => void;
}

/**
 * A clock that stands still until {@link advance} moves it. A sleep wakes
 * when the clock passes its deadline: in deadline order, the clock set to
 * each deadline in turn, with the tasks a wake-up starts run before the
 * next one wakes.
 */
export class ManualClock implements Clock {
  #now: number;
  #order = 0;
  readonly #sleepers: Sleeper[] = [];
  /** Calls of {@link untilSleeping} waiting for a sleep to begin. */
  #waiting: (() => void)[] = [];

  /** @param start Milliseconds since the epoch; default the wall's time now, to the second, so that real HTTP dates still make sense. */
  constructor(start = Math.floor(Date.now() / 1000) * 1000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted === true) {
        reject(signal.reason as Error);
        return;
      }
      const onAbort = (): void => {
        const at = this.#sleepers.indexOf(sleeper);
        if (at >= 0) this.#sleepers.splice(at, 1);
        reject(signal!.reason as Error);
      };
      const sleeper: Sleeper = {
        deadline: this.#now + (ms > 0 ? ms : 0),
        order: this.#order++,
        wake: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#sleepers.push(sleeper);
      const waiting = this.#waiting;
      this.#waiting = [];
      for (const wake of waiting) wake();
    });
  }

  /** How many sleeps are pending. */
  get sleeping(): number {
    return this.#sleepers.length;
  }

  /** The earliest deadline of the sleeps pending, or undefined. */
  get nextDeadline(): number | undefined {
    return this.#next(Number.POSITIVE_INFINITY)?.deadline;
  }

  /** Resolves once a sleep is pending: at once when one is. */
  untilSleeping(): Promise<void> {
    if (this.#sleepers.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /**
   * Moves the clock `ms` forward, waking each sleep whose deadline it
   * passes, in deadline order (a sleep begun by one that woke is woken too
   * if its deadline is passed), and lets the tasks they start run.
   */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (let next = this.#next(target); next !== undefined; next = this.#next(target)) {
      this.#sleepers.splice(this.#sleepers.indexOf(next), 1);
      this.#now = Math.max(this.#now, next.deadline);
      next.wake();
      await settle();
    }
    this.#now = Math.max(this.#now, target);
    await settle();
  }

  /**
   * Until `promise` settles, moves the clock to each sleep's deadline as
   * soon as one is pending: for code that sleeps between real I/O (a store,
   * a server), where the test cannot know when the next sleep begins.
   * Returns what `promise` does.
   */
  async runUntil<T>(promise: Promise<T>): Promise<T> {
    const done = promise.then(
      () => true,
      () => true,
    );
    for (;;) {
      // A promise already settled wins the race: its reaction is queued before the other's.
      if (await Promise.race([done, this.untilSleeping().then(() => false)])) return promise;
      const deadline = this.nextDeadline;
      if (deadline !== undefined) await this.advance(deadline - this.#now);
    }
  }

  /** The pending sleep that wakes first by `limit`, or undefined. */
  #next(limit: number): Sleeper | undefined {
    let best: Sleeper | undefined;
    for (const s of this.#sleepers) {
      if (s.deadline <= limit && (best === undefined || s.deadline < best.deadline || (s.deadline === best.deadline && s.order < best.order))) best = s;
    }
    return best;
  }
}

/**
 * The system's clock, set ahead by {@link jump}: for processes that do real
 * I/O and wait in real time (a fleet's workers), where only the jumps of
 * time are the test's.
 */
export class SkippingClock implements Clock {
  #ahead = 0;

  now(): number {
    return systemClock.now() + this.#ahead;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return systemClock.sleep(ms, signal);
  }

  /** Sets the clock `ms` further ahead of the system's. */
  jump(ms: number): void {
    this.#ahead += ms;
  }
}
