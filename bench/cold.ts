// What a broad crawler pays per new host: parse plus the first check, with
// the code warm. Over the shared corpus (`../shared/corpus/robots`, read at
// run time; `RERP_CORPUS` names another folder), each file is parsed and
// asked about one URL, by this library in each syntax and by robots-parser,
// timed in turn per file; and the same for the tiny and cms workloads.
// Google's C++ reference is not built here: its corpus total is a constant
// (issue 19's measurement of Google robotstxt on the same 325 files).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clock, median, sink } from './measure.js';
import { rerpCheck, rerpParse, rpCheck, rpParse, type SyntaxEntry } from './subjects.js';
import { PACKAGE_ROOT, type Workload } from './workloads.js';

/** Google robotstxt (C++, parses on every call), corpus total in ms: issue 19, measured in GYM2008-like use on the 325 files. */
export const GOOGLE_CORPUS_MS = 5.5;

/** A corpus file and the URL asked about it. */
export interface ColdFile {
  readonly name: string;
  readonly text: string;
  readonly url: string;
}

/** The URL asked when a file has no hints: a page a crawler would ask about. */
const DEFAULT_URL = 'https://www.example.com/search/results.html?q=robots';

/** The corpus folder holding `robots/` and `hints/`, or null when absent. */
export function corpusDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const given = env['RERP_CORPUS'];
  const dir = given !== undefined && given !== '' ? path.resolve(given) : path.resolve(PACKAGE_ROOT, '..', 'shared', 'corpus');
  return existsSync(path.join(dir, 'robots')) ? dir : null;
}

/** The corpus files, in name order, each with its first hint URL (or {@link DEFAULT_URL}). */
export function loadCorpus(dir: string): ColdFile[] {
  const robots = path.join(dir, 'robots');
  return readdirSync(robots)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => {
      const hints = path.join(dir, 'hints', file.replace(/\.txt$/, '.json'));
      let url = DEFAULT_URL;
      if (existsSync(hints)) {
        const data = JSON.parse(readFileSync(hints, 'utf8')) as { urls?: unknown };
        const first = Array.isArray(data.urls) ? (data.urls as unknown[]).find((u): u is string => typeof u === 'string') : undefined;
        if (first !== undefined) url = first;
      }
      return { name: file, text: readFileSync(path.join(robots, file)).toString('utf8'), url };
    });
}

/** Milliseconds that reading the clock twice costs: taken off each batch. */
function clockCost(): number {
  const t: number[] = [];
  for (let k = 0; k < 51; k++) {
    const a = clock.now();
    t.push(clock.now() - a);
  }
  return median(t);
}

/**
 * Seconds for parse + first check of one file, per subject: this library in
 * each syntax, then robots-parser. A pilot call sets each subject's batch to
 * about `batchMs`; then `runs` batches of each, in turn, and the median.
 */
function readyTimes(text: string, url: string, syntaxes: readonly SyntaxEntry[], batchMs: number, runs: number, cost: number): number[] {
  const ops = [...syntaxes.map((s) => (): number => (rerpCheck(rerpParse(text), url, s.value) ? 1 : 0)), (): number => (rpCheck(rpParse(text), url) ? 1 : 0)];
  let hits = 0;
  const reps = ops.map((op) => {
    hits += op() + op();
    const t0 = performance.now();
    hits += op();
    return Math.max(1, Math.min(10_000, Math.round(batchMs / Math.max(performance.now() - t0, 1e-4))));
  });
  const times: number[][] = ops.map(() => []);
  for (let r = 0; r < runs; r++) {
    ops.forEach((op, k) => {
      const n = reps[k]!;
      const t0 = clock.now();
      for (let i = 0; i < n; i++) hits += op();
      times[k]!.push(Math.max(clock.now() - t0 - cost, 0) / n / 1000);
    });
  }
  sink.value += hits;
  return times.map(median);
}

export interface ColdResult {
  readonly files: number;
  /** Corpus total in ms, per syntax of this library. */
  readonly rerpMs: Record<string, number>;
  readonly robotsParserMs: number;
  readonly googleMs: number;
  /** Per syntax: files where robots-parser is faster, and by how much at most (its time over ours, less one). */
  readonly rpFaster: Record<string, { readonly files: number; readonly worstPercent: number; readonly over20Percent: number }>;
  /** Per workload (tiny, cms): ready time in µs per syntax, and robots-parser's. */
  readonly ready: ReadonlyArray<{ readonly name: string; readonly rerpUs: Record<string, number>; readonly robotsParserUs: number }>;
}

/**
 * Parse + first check over the corpus and the small workloads. Each file's
 * figure is the median of a few batches of about a millisecond, the
 * subjects timed in turn; the corpus total is the sum of the files'
 * figures. The whole is repeated over `rounds` rounds and each file's median
 * kept, since a load spike on a shared machine can hit one file's batches.
 */
export function runCold(syntaxes: readonly SyntaxEntry[], corpus: readonly ColdFile[], small: readonly Workload[], quick: boolean): ColdResult {
  const rounds = quick ? 1 : 3;
  const runs = quick ? 3 : 5;
  const cost = clockCost();
  // Warm: every subject over every file, so that code is compiled for mixed inputs.
  for (let r = 0; r < 3; r++) for (const f of corpus) readyTimes(f.text, f.url, syntaxes, 0.05, 1, cost);
  const n = syntaxes.length;
  const perFile: number[][][] = corpus.map(() => Array.from({ length: n + 1 }, () => []));
  for (let r = 0; r < rounds; r++) {
    corpus.forEach((f, i) => readyTimes(f.text, f.url, syntaxes, 1, runs, cost).forEach((s, k) => perFile[i]![k]!.push(s)));
  }
  const fileMedians = perFile.map((subjects) => subjects.map(median));
  const total = (k: number): number => fileMedians.reduce((sum, m) => sum + m[k]!, 0) * 1000;
  const rerpMs: Record<string, number> = {};
  const rpFaster: Record<string, { files: number; worstPercent: number; over20Percent: number }> = {};
  syntaxes.forEach((s, k) => {
    rerpMs[s.name] = total(k);
    let files = 0;
    let worst = 0;
    let over = 0;
    for (const m of fileMedians) {
      if (m[n]! < m[k]!) {
        files++;
        const by = (m[k]! / m[n]! - 1) * 100;
        worst = Math.max(worst, by);
        if (by > 20) over++;
      }
    }
    rpFaster[s.name] = { files, worstPercent: worst, over20Percent: over };
  });
  const ready = small.map((w) => {
    const times = Array.from({ length: quick ? 3 : 9 }, () => readyTimes(w.text, w.urls[0]!, syntaxes, 5, 5, cost));
    const us = (k: number): number => median(times.map((t) => t[k]!)) * 1e6;
    const rerpUs: Record<string, number> = {};
    syntaxes.forEach((s, k) => (rerpUs[s.name] = us(k)));
    return { name: w.name, rerpUs, robotsParserUs: us(n) };
  });
  return { files: corpus.length, rerpMs, robotsParserMs: total(n), googleMs: GOOGLE_CORPUS_MS, rpFaster, ready };
}
