// The one source of time of the host layer (docs/architecture.md): injected,
// so that tests drive expiry and pacing without waiting on the wall clock.

/** Where the host layer reads the time and waits. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` milliseconds; rejects with `signal.reason` when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The longest delay setTimeout keeps (about 24.8 days); longer sleeps are taken in steps. */
const MAX_TIMER = 2 ** 31 - 1;

/** The clock of the machine: `Date.now()` and `setTimeout`. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted === true) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, passed on unchanged
        reject(signal.reason);
        return;
      }
      const step = Math.min(MAX_TIMER, Math.max(0, ms));
      const onAbort = (): void => {
        clearTimeout(timer);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, passed on unchanged
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        if (ms > step) systemClock.sleep(ms - step, signal).then(resolve, reject);
        else resolve();
      }, step);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  },
};
