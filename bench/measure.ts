// Timing and heap measurement: warm up, repeat, take the median.

/** Results are folded in here so that no measured call is dead code. */
export const sink = { value: 0 };

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function timeBatch(op: () => void, reps: number): number {
  const start = performance.now();
  for (let k = 0; k < reps; k++) op();
  return performance.now() - start;
}

/** How long each timed batch lasts, and how many batches give the median. */
export interface TimingOptions {
  readonly targetMs: number;
  readonly runs: number;
}

export const DEFAULT_TIMING: TimingOptions = { targetMs: 100, runs: 5 };

/**
 * Median seconds per call of `op`. A repeat count is calibrated (doubling
 * until a batch is long enough to time, which also warms the code up) so that
 * a batch lasts about `targetMs`; then one untimed batch, then `runs` timed ones.
 */
export function secondsPerCall(op: () => void, timing: TimingOptions = DEFAULT_TIMING): number {
  let reps = 1;
  for (;;) {
    const t = timeBatch(op, reps);
    if (t >= timing.targetMs / 4 || reps >= 1 << 28) {
      reps = Math.max(1, Math.round((reps * timing.targetMs) / Math.max(t, 1e-3)));
      break;
    }
    reps *= 2;
  }
  timeBatch(op, reps);
  const perCall: number[] = [];
  for (let r = 0; r < timing.runs; r++) perCall.push(timeBatch(op, reps) / reps / 1000);
  return median(perCall);
}

/** Every `step`-th item, `count` of them, spread over the whole list. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  return Array.from({ length: count }, (_, k) => items[Math.floor((k * items.length) / count)]!);
}

/** A throughput figure and how many of the items it was measured on. */
export interface Rate {
  readonly perSecond: number;
  /** Fewer than all items when a slow subject was measured on an even sample. */
  readonly items: number;
}

/**
 * Calls per second of `check` over `items`. A subject too slow to go through
 * all items within a batch is measured on an evenly spread sample instead,
 * so the whole benchmark stays short; `items` says how many were used.
 */
export function callsPerSecond<T>(check: (item: T) => boolean, items: readonly T[], timing: TimingOptions = DEFAULT_TIMING): Rate {
  let hits = 0;
  const pass = (list: readonly T[]) => (): void => {
    for (let k = 0; k < list.length; k++) if (check(list[k]!)) hits++;
  };
  const pilot = spread(items, 100);
  pass(pilot)();
  const start = performance.now();
  pass(pilot)();
  const perItemMs = (performance.now() - start) / pilot.length;
  const count = Math.min(items.length, Math.max(pilot.length, Math.floor(timing.targetMs / Math.max(perItemMs, 1e-9))));
  const sample = spread(items, count);
  const seconds = secondsPerCall(pass(sample), timing);
  sink.value += hits;
  return { perSecond: sample.length / seconds, items: sample.length };
}

/** Bytes per second for a function that handles `bytes` bytes per call. */
export function bytesPerSecond(op: () => unknown, bytes: number, timing: TimingOptions = DEFAULT_TIMING): number {
  let n = 0;
  const seconds = secondsPerCall(() => {
    if (op() !== undefined) n++;
  }, timing);
  sink.value += n;
  return bytes / seconds;
}

type Gc = () => void;

function gcOrNull(): Gc | null {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === 'function' ? (gc as Gc) : null;
}

/** True when the process runs with `--expose-gc`, which heap figures need. */
export function canMeasureHeap(): boolean {
  return gcOrNull() !== null;
}

/** JS heap plus ArrayBuffer stores: typed arrays over 64 bytes live outside the heap. */
function retainedBytes(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * Retained bytes per object made by `make` (JS heap and ArrayBuffer memory):
 * `copies` are made and kept, memory is collected before and after, and the
 * difference is divided by `copies`. The median of `runs` measurements. NaN
 * without `--expose-gc`.
 */
export function heapPerCopy(make: (k: number) => unknown, copies: number, runs = 3): number {
  const gc = gcOrNull();
  if (gc === null) return Number.NaN;
  const results: number[] = [];
  for (let r = 0; r < runs; r++) {
    const kept: unknown[] = new Array(copies);
    gc();
    gc();
    const before = retainedBytes();
    for (let k = 0; k < copies; k++) kept[k] = make(k);
    gc();
    gc();
    const after = retainedBytes();
    results.push((after - before) / copies);
    sink.value += kept.length;
  }
  return median(results);
}

/** Milliseconds one call of `op` takes when `op` is slow: each call timed alone. */
export function millisecondsPerSlowCall(op: () => void, budgetMs: number, maxCalls = 21): number {
  const times: number[] = [];
  const start = performance.now();
  do {
    const t0 = performance.now();
    op();
    times.push(performance.now() - t0);
  } while (times.length < maxCalls && performance.now() - start < budgetMs);
  return median(times);
}
