// `rerp batch`'s progress bar, drawn on a terminal only; cli-progress is
// loaded when a bar is drawn, not by every `rerp` command.
import type { MultiBar, SingleBar } from 'cli-progress';

/**
 * A rate of progress smoothed over time, and the time left at that rate.
 * The rate is an exponentially weighted moving average of the rate measured
 * over each interval of at least `sampleMs`, each weighted by its length, so
 * that a burst of fast answers (a cached origin) or a stall (a slow one)
 * moves the estimate a little, not all the way: half of a change shows after
 * `halfLifeMs`. Times are given by the caller, in milliseconds.
 */
export class RateEstimator {
  #rate: number | null = null;
  #lastTime: number | null = null;
  #lastDone = 0;

  constructor(
    readonly halfLifeMs = 10_000,
    readonly sampleMs = 500,
  ) {}

  /** Records that `done` units are done at time `now`. */
  update(done: number, now: number): void {
    if (this.#lastTime === null) {
      this.#lastTime = now;
      this.#lastDone = done;
      return;
    }
    const elapsed = now - this.#lastTime;
    if (elapsed < this.sampleMs) return;
    const sample = (done - this.#lastDone) / elapsed;
    // Weighted by the interval's length: an interval of one half-life counts for half.
    const weight = 1 - 2 ** (-elapsed / this.halfLifeMs);
    this.#rate = this.#rate === null ? sample : this.#rate + weight * (sample - this.#rate);
    this.#lastTime = now;
    this.#lastDone = done;
  }

  /** Units per millisecond, or null before the first interval. */
  get rate(): number | null {
    return this.#rate;
  }

  /** Milliseconds left for `remaining` units at the smoothed rate, or null when not known yet. */
  timeLeft(remaining: number): number | null {
    if (this.#rate === null || this.#rate <= 0) return null;
    return Math.max(0, remaining) / this.#rate;
  }
}

/** `1h02m`, `3m05s`, `42s`, or `?` when not known. */
export function formatDuration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '?';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const pad = (n: number): string => String(n).padStart(2, '0');
  if (s < 3600) return `${Math.floor(s / 60)}m${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h${pad(Math.floor(s / 60) % 60)}m`;
}

/** A progress bar for `batch`: URLs done and, when the input's size is known, how much of it is read. */
export interface BatchProgress {
  /** Draws the bar anew: `urls` checked, `bytes` of input read. */
  update(urls: number, bytes: number): void;
  /** A message above the bar, which is redrawn below it. */
  log(line: string): void;
  /** Writes the messages still held, removes the bar and shows the cursor again. */
  stop(): void;
}

/**
 * A bar on `stream` (a terminal). With `totalBytes`, the input's size (a
 * file on standard input), it shows the share of the input read and the time
 * left; without (a pipe), the URLs checked and their rate.
 */
export async function progressBar(stream: NodeJS.WritableStream, totalBytes: number | null): Promise<BatchProgress> {
  const { default: cliProgress } = await import('cli-progress');
  const format =
    totalBytes === null
      ? 'robots.txt | {urls} URLs checked | {rate} URLs/s'
      : 'robots.txt {bar} {percentage}% | {urls} URLs checked | {rate} URLs/s | ETA {left}';
  const bars: MultiBar = new cliProgress.MultiBar({ stream, format, hideCursor: true }, cliProgress.Presets.shades_classic);
  const estimator = new RateEstimator();
  const urlRate = new RateEstimator();
  const payload = (urls: number, bytes: number): Record<string, string> => {
    const now = performance.now();
    estimator.update(bytes, now);
    urlRate.update(urls, now);
    const rate = urlRate.rate;
    return {
      urls: String(urls),
      rate: rate === null ? '?' : String(Math.round(rate * 1000)),
      left: formatDuration(totalBytes === null ? null : estimator.timeLeft(totalBytes - bytes)),
    };
  };
  const bar: SingleBar = bars.create(totalBytes ?? 0, 0, payload(0, 0));
  return {
    update: (urls, bytes) => bar.update(totalBytes === null ? 0 : Math.min(bytes, totalBytes), payload(urls, bytes)),
    log: (line) => bars.log(`${line}\n`),
    stop: () => {
      bars.update(); // writes messages still held by the bar: stop() alone drops them
      bars.stop();
    },
  };
}
