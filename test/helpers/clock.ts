// A clock tests move by hand: sleepers wake when advance() passes their
// deadline, so no test waits on the wall clock to see an expiry or a pace.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../../src/clock.js';

interface Sleeper {
  readonly deadline: number;
  readonly resolve: () => void;
}

export class ManualClock implements Clock {
  #now: number;
  #sleepers: Sleeper[] = [];

  /** @param start The time it shows first, milliseconds since the epoch. */
  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted === true) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort reason, as systemClock passes it
        reject(signal.reason);
        return;
      }
      const sleeper: Sleeper = {
        deadline: this.#now + Math.max(0, ms),
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        this.#sleepers = this.#sleepers.filter((s) => s !== sleeper);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort reason, as systemClock passes it
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#sleepers.push(sleeper);
    });
  }

  /** Moves the time on by `ms`, waking each sleeper whose deadline it passes, earliest first, the promises they start settling in between. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await nextTurn();
    for (;;) {
      let first: Sleeper | undefined;
      for (const s of this.#sleepers) if (s.deadline <= target && (first === undefined || s.deadline < first.deadline)) first = s;
      if (first === undefined) break;
      this.#sleepers = this.#sleepers.filter((s) => s !== first);
      this.#now = Math.max(this.#now, first.deadline);
      first.resolve();
      await nextTurn();
    }
    this.#now = target;
    await nextTurn();
  }
}
