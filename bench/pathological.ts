// Files that make matchers blow up: `/*a*a*...*b` with 50 stars, with and
// without `$`, against long URLs of `a`s with no `b` (backtracking); and
// thousands of wildcard rules whose words share one opening, `/*ab0x`,
// `/*ab1x`..., against long URLs of `abab…` (a word index that compares every
// word at every opening); and 24 literals `/abb/`, `/abbbb/`... whose second
// and last characters agree with a URL of `/a/a/a…` (a literal confirmed by a
// search that runs on to the URL's end).
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

/** How many rules the many-words case has. */
export const WORD_RULES = 5_000;

/** `Disallow: /*ab<i>x` for i below {@link WORD_RULES}: words that all open with `ab`. */
export function wordRules(): string {
  return Array.from({ length: WORD_RULES }, (_, i) => `Disallow: /*ab${i}x`).join('\n');
}

/** How many literal rules the near-miss case has: as many as are tried in turn. */
export const NEAR_RULES = 24;

/** `Disallow: /a` + an even run of `b` + `/`: each agrees with `/a/a/a…` at index 1 and at its last index. */
export function nearMissRules(): string {
  return Array.from({ length: NEAR_RULES }, (_, j) => `Disallow: /a${'b'.repeat(2 * j + 2)}/`).join('\n');
}

/** An absolute URL of exactly `length` characters whose path repeats `unit` (`a` by default). */
export function longUrl(length: number, unit = 'a'): string {
  const n = length - ORIGIN.length - 1;
  return ORIGIN + '/' + unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/** One kind of pathological file: its rules, how the table names it, and what its URLs repeat. */
interface PathologicalCase {
  readonly label: string;
  readonly rules: string;
  readonly unit: string;
}

/** The cases, in the table's order. */
export function pathologicalCases(): PathologicalCase[] {
  return [
    { label: '/*a...*b', rules: `Disallow: ${starPattern(false)}`, unit: 'a' },
    { label: '/*a...*b$', rules: `Disallow: ${starPattern(true)}`, unit: 'a' },
    { label: `${WORD_RULES} x /*ab<i>x`, rules: wordRules(), unit: 'ab' },
    { label: `${NEAR_RULES} x /abb…b/`, rules: nearMissRules(), unit: 'a/' },
  ];
}

export interface PathologicalResult {
  /** The case, as the table names it. */
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
  for (const { label: pattern, rules, unit } of pathologicalCases()) {
    const text = `User-agent: *\n${rules}\n`;
    for (const urlLength of URL_LENGTHS) {
      const url = longUrl(urlLength, unit);
      const rerpMs: Record<string, number> = {};
      let rerpColdMs = 0;
      for (const syntax of syntaxes) {
        const parser = rerpParse(text);
        const [warm, cold] = secondsPerCall(
          [() => void rerpCheck(parser, url, syntax.value), () => void rerpCheck(rerpParse(text), url, syntax.value)],
          timing,
        );
        rerpMs[syntax.name] = warm! * 1000;
        rerpColdMs = Math.max(rerpColdMs, cold! * 1000);
      }
      const rpMs = await runRp({ text, url, budgetMs: Math.min(timing.targetMs * timing.runs, RP_CAP_MS / 2) });
      results.push({ pattern, urlLength, rerpMs, rerpColdMs, rpMs, rpCapped: rpMs === null });
    }
  }
  return results;
}
