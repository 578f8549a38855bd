// Timing and heap measurement: warm up, repeat, take the median. Subjects
// that are compared are timed in turn within each run, so that a load spike
// on a shared machine hits all of them rather than one.
import { readFileSync } from 'node:fs';

/**
 * How long the calling thread has waited for a core, in ms (Linux), or null
 * where it cannot be read: the run-queue delay of `/proc/thread-self/schedstat`.
 * The kernel adds each wait up when the thread is put back on a core, so a
 * running thread reads an exact total. (The file's first field, time on a
 * core, advances only at the scheduler's tick, 4 ms on the machines measured
 * here: as much as 4 % of a 100 ms batch.)
 */
function waitedMs(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ');
    const waited = Number(stat[1]);
    return Number.isFinite(waited) ? waited / 1e6 : null;
  } catch {
    return null;
  }
}

/**
 * The clock used for every timing. Where the system reports how long the
 * thread waited for a core (Linux), the wall clock less that wait: on a
 * shared machine, time spent waiting for a core is not time spent working.
 * The wall clock otherwise, or when the run asks for it (`--wall`).
 */
export const clock = {
  kind: (waitedMs() === null ? 'wall' : 'cpu') as 'cpu' | 'wall',
  /** Milliseconds on the chosen clock. */
  now(): number {
    return clock.kind === 'wall' ? performance.now() : performance.now() - waitedMs()!;
  },
};

/** Results are folded in here so that no measured call is dead code. */
export const sink = { value: 0 };

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function timeBatch(op: () => void, reps: number): number {
  const start = clock.now();
  for (let k = 0; k < reps; k++) op();
  return clock.now() - start;
}

/** How long each timed batch lasts, and how many batches give the median. */
export interface TimingOptions {
  readonly targetMs: number;
  readonly runs: number;
}

export const DEFAULT_TIMING: TimingOptions = { targetMs: 100, runs: 7 };

/**
 * A repeat count for `op` so that a batch lasts about `targetMs`. `op` is
 * first warmed up for a while (a cold first call, compiling, must not set
 * the count), then the count doubles until a batch is long enough to time,
 * and is scaled and checked again until a batch lasts at least half the target.
 */
function calibrate(op: () => void, targetMs: number): number {
  const warm = clock.now();
  do op();
  while (clock.now() - warm < targetMs / 2);
  let reps = 1;
  let t = timeBatch(op, reps);
  while (t < targetMs / 4 && reps < 1 << 28) t = timeBatch(op, (reps *= 2));
  for (let k = 0; k < 3; k++) {
    reps = Math.max(1, Math.round((reps * targetMs) / Math.max(t, 1e-3)));
    t = timeBatch(op, reps);
    if (t >= targetMs / 2) break;
  }
  return reps;
}

/**
 * Median seconds per call of each op. Each is calibrated and warmed up, then
 * every run times one batch of each op in turn.
 */
export function secondsPerCall(ops: ReadonlyArray<() => void>, timing: TimingOptions = DEFAULT_TIMING): number[] {
  const reps = ops.map((op) => calibrate(op, timing.targetMs));
  ops.forEach((op, k) => timeBatch(op, reps[k]!));
  const perCall: number[][] = ops.map(() => []);
  for (let r = 0; r < timing.runs; r++) {
    ops.forEach((op, k) => perCall[k]!.push(timeBatch(op, reps[k]!) / reps[k]! / 1000));
  }
  return perCall.map(median);
}

/** `count` items spread evenly over the whole list. */
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

/** Checks every item of a list and returns how many passed: one subject's loop. */
export type Pass<T> = (items: readonly T[]) => number;

/**
 * Calls per second of each subject's pass over `items`. A subject too slow to
 * go through all items within a batch is measured on an evenly spread sample
 * instead, so the whole benchmark stays short; `items` says how many were used.
 * Each subject brings its own loop, so no call site is shared between them.
 */
export function callsPerSecond<T>(passes: ReadonlyArray<Pass<T>>, items: readonly T[], timing: TimingOptions = DEFAULT_TIMING): Rate[] {
  let hits = 0;
  const pilot = spread(items, 100);
  const samples = passes.map((pass) => {
    hits += pass(pilot);
    const start = clock.now();
    hits += pass(pilot);
    const perItemMs = (clock.now() - start) / pilot.length;
    const count = Math.floor(timing.targetMs / Math.max(perItemMs, 1e-9));
    return spread(items, Math.min(items.length, Math.max(pilot.length, count)));
  });
  const seconds = secondsPerCall(
    passes.map((pass, k) => (): void => {
      hits += pass(samples[k]!);
    }),
    timing,
  );
  sink.value += hits;
  return seconds.map((s, k) => ({ perSecond: samples[k]!.length / s, items: samples[k]!.length }));
}

/** Bytes per second of each op, each handling `bytes` bytes per call. */
export function bytesPerSecond(ops: ReadonlyArray<() => unknown>, bytes: number, timing: TimingOptions = DEFAULT_TIMING): number[] {
  let n = 0;
  const seconds = secondsPerCall(
    ops.map((op) => (): void => {
      if (op() !== undefined) n++;
    }),
    timing,
  );
  sink.value += n;
  return seconds.map((s) => bytes / s);
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

/**
 * Median milliseconds of one call of `op` when `op` is slow, each call timed
 * alone on the wall clock.
 */
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
