// The one source of time: what the host layer reads the time from and waits
// on, injected so that tests and simulations move it by hand instead of
// waiting on the wall (docs/many-hosts.md, "Time"). No Node import: timers
// are globals in every runtime the package runs in.

/**
 * Where `RobotsCache`, `RobotRules` and their shared store read the time and
 * wait: freshness, failure pauses, stale rules, store pauses, waiting for
 * another process's fetch. {@link systemClock} by default; a test or a
 * simulation passes its own (the `clock` option) and moves it by hand.
 *
 * Network and store deadlines (`fetchOptions.timeout`, `storeTimeout`) are
 * not on it: they bound real I/O, which takes real time.
 *
 * @example
 * ```ts
 * import { RobotsCache, systemClock, type Clock } from 'robotexclusionrulesparser';
 * // The system's time, an hour ahead: the cache sees its rules an hour older.
 * const later: Clock = { now: () => systemClock.now() + 3_600_000, sleep: systemClock.sleep };
 * const cache = new RobotsCache({ userAgent: 'MyBot/1.0', clock: later });
 * cache.size; // => 0
 * ```
 */
export interface Clock {
  /** Milliseconds since the Unix epoch, as `Date.now()`. */
  now(): number;
  /**
   * Resolves once `ms` milliseconds have passed on this clock (soon, for 0
   * or less). Rejects with `signal.reason` when `signal` aborts first, or
   * at once when it has aborted already.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The longest delay one `setTimeout` holds (about 24.8 days); beyond it Node fires after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The system's clock: `Date.now()` and `setTimeout`. The default `clock` of
 * every API that takes one; a sleep longer than a timer holds is waited out
 * in parts.
 */
export const systemClock: Clock = Object.freeze({
  now: (): number => Date.now(),
  sleep: (ms: number, signal?: AbortSignal): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted === true) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, passed on unchanged
        reject(signal.reason);
        return;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const onAbort = (): void => {
        clearTimeout(timer);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- as above
        reject(signal!.reason);
      };
      const wait = (left: number): void => {
        timer = setTimeout(
          () => {
            if (left > MAX_TIMER_MS) {
              wait(left - MAX_TIMER_MS);
              return;
            }
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          Math.min(left, MAX_TIMER_MS),
        );
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      wait(ms > 0 ? ms : 0);
    }),
});
