// Patterns that make backtracking matchers blow up: `/*a*a*...*b` with 50
// stars, with and without `$`, against long URLs of `a`s with no `b`.
import { Worker } from 'node:worker_threads';
import { ORIGIN } from './generate.js';
import { secondsPerCall, type TimingOptions } from './measure.js';
import { rerpCheck, rerpParse, type SyntaxEntry } from './subjects.js';
import type { RpCase } from './rp-worker.js';

export const STARS = 50;
export const URL_LENGTHS = [1_000, 10_000, 100_000] as const;
/** robots-parser is stopped after this long on one case. */
export const RP_CAP_MS = 2_000;

/** `/*a*a*...*b`: `STARS` stars, the last before `b`, optionally anchored. */
export function starPattern(anchored: boolean): string {
  return '/' + '*a'.repeat(STARS - 1) + '*b' + (anchored ? '$' : '');
}

/** An absolute URL of exactly `length` characters whose path is all `a`s. */
export function longUrl(length: number): string {
  return ORIGIN + '/' + 'a'.repeat(length - ORIGIN.length - 1);
}

export interface PathologicalResult {
  readonly pattern: string;
  readonly urlLength: number;
  /** Median ms per isAllowed call, warm, per syntax name. */
  readonly rerpMs: Record<string, number>;
  /** Median ms of parse + first isAllowed (which compiles the matcher) on a fresh parser, worst syntax. */
  readonly rerpColdMs: number;
  /** Median ms per call for robots-parser, or null when it was capped. */
  readonly rpMs: number | null;
  readonly rpCapped: boolean;
}

function runRp(job: RpCase): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./rp-worker.js', import.meta.url), { workerData: job });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve(null);
    }, RP_CAP_MS);
    worker.once('message', (ms: number) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(ms);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Runs every case through each syntax of this library, then robots-parser. */
export async function runPathological(syntaxes: readonly SyntaxEntry[], timing: TimingOptions): Promise<PathologicalResult[]> {
  const results: PathologicalResult[] = [];
  for (const anchored of [false, true]) {
    const pattern = starPattern(anchored);
    const text = `User-agent: *\nDisallow: ${pattern}\n`;
    for (const urlLength of URL_LENGTHS) {
      const url = longUrl(urlLength);
      const rerpMs: Record<string, number> = {};
      let rerpColdMs = 0;
      for (const syntax of syntaxes) {
        const parser = rerpParse(text);
        const [warm, cold] = secondsPerCall([
          () => void rerpCheck(parser, url, syntax.value),
          () => void rerpCheck(rerpParse(text), url, syntax.value),
        ], timing);
        rerpMs[syntax.name] = warm! * 1000;
        rerpColdMs = Math.max(rerpColdMs, cold! * 1000);
      }
      const rpMs = await runRp({ text, url, budgetMs: Math.min(timing.targetMs * timing.runs, RP_CAP_MS / 2) });
      results.push({ pattern, urlLength, rerpMs, rerpColdMs, rpMs, rpCapped: rpMs === null });
    }
  }
  return results;
}
