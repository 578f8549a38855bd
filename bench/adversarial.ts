// The adversarial table: the worst robots.txt files we could construct for
// each syntax, at the default fetch cap (100 KiB) and RFC 9309's minimum
// (500 KiB), against URLs of 2, 16 and 100 KiB whose paths are made to meet
// the rules as often as possible. Per case: the worst time per check over
// the syntaxes (warm), the cold first check (parse plus compiling the
// matcher, when the scan bound says so), the worst of the early checks (the
// second to the sixteenth, which scan the rules directly; engine/
// direct-scan.ts), the check that builds the index (by the 33rd), and the
// heap per origin (estimated, and measured with every syntax compiled). The
// bound checked, on warm and early checks: a URL up to 16 KiB answers in
// under 5 ms, up to 100 KiB in under 50 ms (issue 14). The first check and
// the building one are reported, as compile times were before the tiers,
// and the syntaxes whose check passed its work bound (and so disallowed).
import { ORIGIN } from './generate.js';
import { heapPerCopy, millisecondsPerSlowCall, secondsPerCall, type TimingOptions } from './measure.js';
import type { Syntax } from '../src/index.js';
import { rerpParse, type SyntaxEntry } from './subjects.js';
import { PAYBACK } from '../src/internal.js';

export const FILE_SIZES = [100 * 1024, 500 * 1024] as const;
export const URL_SIZES = [2 * 1024, 16 * 1024, 100 * 1024] as const;
/** The bound per URL size: under 5 ms up to 16 KiB, under 50 ms up to 100 KiB. */
export function boundMs(urlChars: number): number {
  return urlChars <= 16 * 1024 ? 5 : 50;
}

/** `line(i)` for i = 0, 1, … until the text (after `head`) reaches `bytes`. */
function fill(bytes: number, head: string, line: (i: number) => string): string {
  const out = [head];
  let size = head.length;
  for (let i = 0; size < bytes; i++) {
    const l = line(i) + '\n';
    out.push(l);
    size += l.length;
  }
  return out.join('').slice(0, bytes);
}

/** One adversarial file: its rules at a size, and what its URLs' paths repeat. */
interface AdversarialCase {
  readonly label: string;
  readonly file: (bytes: number) => string;
  readonly unit: string;
  /** The user agent asked (the `*` groups unless said). */
  readonly agent?: string;
}

const STAR = 'User-agent: *\n';

export function adversarialCases(): AdversarialCase[] {
  return [
    { label: 'duplicates `/*aa*q`', file: (b) => fill(b, STAR, () => 'Disallow:/*aa*q'), unit: 'a' },
    { label: 'shared key `/*aa<i>*q`', file: (b) => fill(b, STAR, (i) => `Disallow:/*aa${i}*q`), unit: 'aa1' },
    { label: 'distinct keys `/*<i>*`', file: (b) => fill(b, STAR, (i) => `Disallow:/*${i}*`), unit: '1234567890' },
    { label: 'anchored `/*a<i>$`', file: (b) => fill(b, STAR, (i) => `Disallow:/*a${i}$`), unit: 'a1' },
    { label: 'shared prefix literals', file: (b) => fill(b, STAR, (i) => `Disallow:/${'a'.repeat(60)}${i}`), unit: 'a' },
    { label: '50 stars `/*a*…*b<i>`', file: (b) => fill(b, STAR, (i) => `Disallow:/${'*a'.repeat(49)}*b${i}`), unit: 'a' },
    { label: 'long `%` run', file: (b) => fill(b, STAR, () => 'Disallow:/' + '%'.repeat(Math.min(b - 30, 16_000))), unit: '%' },
    { label: 'escapes `/%61…%61<i>*`', file: (b) => fill(b, STAR, (i) => `Disallow:/${'%61'.repeat(20)}${i}*`), unit: 'a' },
    { label: 'long values `/aaa…<i>`', file: (b) => fill(b, STAR, (i) => `Disallow:/${'a'.repeat(8000)}${i}`), unit: 'a' },
    { label: 'outside ASCII `/éé…<i>`', file: (b) => fill(b, STAR, (i) => `Disallow:/${'é'.repeat(4000)}${i}`), unit: 'a' },
    // Words longer than the key scanner's openings (engine/key-scanner.ts MAX_KEY) that share them: once quadratic.
    { label: 'long words `/*aaa…a<i>*q`', file: (b) => fill(b, STAR, (i) => `Disallow:/*${'a'.repeat(1000)}${i}*q`), unit: 'a' },
    {
      label: '24 long openings in one bucket',
      file: (b) => fill(b, STAR, (i) => (i < 24 ? `Disallow:/*${'a'.repeat(15)}${String.fromCharCode(0x41 + i)}*q` : `Disallow:/*${i}*`)),
      unit: 'a',
    },
    { label: 'many groups, one named', file: (b) => fill(b, '', (i) => `User-agent: bot${i}\nDisallow:/*a${i}*`), unit: 'a1', agent: 'bot1' },
    { label: 'RFC 9309 merged groups', file: (b) => fill(b, '', (i) => `User-agent: bot\nDisallow:/*a${i}*`), unit: 'a1', agent: 'bot' },
  ];
}

export interface AdversarialResult {
  readonly label: string;
  readonly fileBytes: number;
  readonly urlChars: number;
  /** Worst syntax's median ms per warm check, and that syntax. */
  readonly worstMs: number;
  readonly worstSyntax: string;
  /** Worst syntax's ms for a parse and the first check. */
  readonly coldMs: number;
  /** Worst syntax's ms for its slowest early check (see {@link laterChecks}), and that syntax. */
  readonly earlyMs: number;
  readonly earlySyntax: string;
  /** Worst syntax's ms for the check that builds the index (see {@link laterChecks}). */
  readonly buildMs: number;
  /** estimatedBytes(), and measured bytes per copy with every syntax compiled (NaN without --expose-gc). */
  readonly estimatedBytes: number;
  readonly heapBytes: number;
  /** The syntaxes whose check of the URL passed its work bound (engine/work-bound.ts) and so disallowed it. */
  readonly overBound: readonly string[];
}

function url(chars: number, unit: string): string {
  const n = chars - ORIGIN.length - 1;
  return ORIGIN + '/' + unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

/**
 * The checks after the first that a fresh parse answers, per check the
 * median over `reps` fresh parses (so that a garbage collection in one of
 * them is not counted as the check's own cost): the slowest of the second
 * to the {@link PAYBACK}th, which scan the rules directly (a scan takes the
 * rules it looked at off a budget of PAYBACK times the rules, so a scan of
 * them all spends a PAYBACKth of it), and the slowest after those up to the
 * 2 x PAYBACK + 1st, the one that builds the index (a scan looks at half
 * the rules or more in these files, unless the index was built at once).
 */
function laterChecks(text: string, agent: string, u: string, syntax: Syntax, reps: number): { early: number; build: number } {
  const checks = 2 * PAYBACK;
  const times: number[][] = Array.from({ length: checks }, () => []);
  for (let r = 0; r < reps; r++) {
    const p = rerpParse(text);
    p.isAllowed(agent, u, syntax);
    for (let k = 0; k < checks; k++) {
      // Another URL each time, so that nothing answers from a memory of the last.
      const other = k % 2 === 0 ? u + 'x' : u;
      const t0 = performance.now();
      p.isAllowed(agent, other, syntax);
      times[k]!.push(performance.now() - t0);
    }
  }
  const medians = times.map((t) => t.sort((a, b) => a - b)[t.length >> 1]!);
  return { early: Math.max(...medians.slice(0, PAYBACK - 1)), build: Math.max(...medians.slice(PAYBACK - 1)) };
}

/** Runs every case; `progress` is told of each result as it comes. */
export function runAdversarial(syntaxes: readonly SyntaxEntry[], timing: TimingOptions, progress?: (r: AdversarialResult) => void): AdversarialResult[] {
  const results: AdversarialResult[] = [];
  for (const c of adversarialCases()) {
    const agent = c.agent ?? 'ExampleBot/1.0';
    for (const fileBytes of FILE_SIZES) {
      const text = c.file(fileBytes);
      const parsed = rerpParse(text);
      const estimatedBytes = parsed.estimatedBytes();
      const heapBytes = heapPerCopy(
        (k) => {
          const p = rerpParse(Buffer.from(`${text}#${k}`, 'latin1').toString('latin1'));
          for (const s of syntaxes) p.isAllowed(agent, ORIGIN + '/', s.value as Syntax);
          return p;
        },
        4,
        1,
      );
      for (const urlChars of URL_SIZES) {
        const u = url(urlChars, c.unit);
        let worstMs = 0;
        let worstSyntax = '';
        let coldMs = 0;
        let early = 0;
        let earlySyntax = '';
        let buildMs = 0;
        const overBound: string[] = [];
        for (const s of syntaxes) {
          if (rerpParse(text).explain(agent, u, s.value as Syntax).overBound === true) overBound.push(s.name);
          const later = laterChecks(text, agent, u, s.value as Syntax, 5);
          if (later.early >= early) {
            early = later.early;
            earlySyntax = s.name;
          }
          buildMs = Math.max(buildMs, later.build);
          const p = rerpParse(text);
          // Past the first tier (its scans, then the check that builds the index), so that warm times the index.
          for (let k = 0; k <= 2 * PAYBACK + 1; k++) p.isAllowed(agent, u + (k % 2 === 0 ? 'x' : ''), s.value as Syntax);
          const [warm] = secondsPerCall([() => void p.isAllowed(agent, u, s.value as Syntax)], timing);
          if (warm! * 1000 >= worstMs) {
            worstMs = warm! * 1000;
            worstSyntax = s.name;
          }
          coldMs = Math.max(
            coldMs,
            millisecondsPerSlowCall(() => void rerpParse(text).isAllowed(agent, u, s.value as Syntax), 200, 5),
          );
        }
        const result = {
          label: c.label,
          fileBytes,
          urlChars,
          worstMs,
          worstSyntax,
          coldMs,
          earlyMs: early,
          earlySyntax,
          buildMs,
          estimatedBytes,
          heapBytes,
          overBound,
        };
        results.push(result);
        progress?.(result);
      }
    }
  }
  return results;
}
