// `lint` on a 500 KiB file, the size RFC 9309 asks crawlers to read: one
// agent group after another, each with literal and wildcard rules, an Allow
// carved out of a Disallow, a repeat and a bad crawl delay, so that every
// family of checks has work. lint is meant to be linear; the time per call
// and the throughput show it, and the parse of the same file sets the scale.
import { lint } from '../src/index.js';
import { secondsPerCall, sink, type TimingOptions } from './measure.js';
import { rerpParse } from './subjects.js';

/** The size of the linted file: RFC 9309 §2.5's 500 KiB. */
export const LINT_BYTES = 500 * 1024;

/** A product token of letters only for group `k`: `bota`, `botb`, ... `botba`. */
function agent(k: number): string {
  let name = '';
  do {
    name = String.fromCharCode(97 + (k % 26)) + name;
    k = Math.floor(k / 26);
  } while (k > 0);
  return `bot${name}`;
}

/** One group of the generated file. */
function group(k: number): string {
  const lines = [`User-agent: ${agent(k)}`];
  for (let i = 0; i < 12; i++) lines.push(`Disallow: /section${k % 40}/page-${i}/`);
  lines.push(`Disallow: /*.pdf$`, `Disallow: /*?sessionid=`, `Allow: /section${k % 40}/page-1/public/`);
  lines.push(`Disallow: /section${k % 40}/page-3/`, `Crawl-delay: ${k % 7 === 0 ? '2s' : '1.5'}`, '');
  return lines.join('\n');
}

/** A robots.txt of at least {@link LINT_BYTES} bytes, the same on every run. */
export function lintFile(): string {
  const parts: string[] = [];
  let size = 0;
  for (let k = 0; size < LINT_BYTES; k++) {
    const g = group(k) + '\n';
    parts.push(g);
    size += g.length;
  }
  return parts.join('');
}

export interface LintResult {
  readonly bytes: number;
  readonly findings: number;
  /** Median ms per lint call, and per parse of the same text. */
  readonly lintMs: number;
  readonly parseMs: number;
}

/** Times lint, and parse for scale, on the generated file. */
export function runLint(timing: TimingOptions): LintResult {
  const text = lintFile();
  const findings = lint(text).length;
  const [lintSeconds, parseSeconds] = secondsPerCall(
    [() => void (sink.value += lint(text).length), () => void (sink.value += rerpParse(text).sitemaps.length)],
    timing,
  );
  return { bytes: text.length, findings, lintMs: lintSeconds! * 1000, parseMs: parseSeconds! * 1000 };
}
