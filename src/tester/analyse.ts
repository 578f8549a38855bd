// What the tester page shows for one robots.txt, user agent and list of
// URLs: each URL's verdict in the three syntaxes (explain), the crawl delay
// and sitemaps each syntax reads, and lint's findings. Pure: the page's
// script renders it, and tests check it in Node.
import { RobotExclusionRulesParser } from '../parser.js';
import { GYM2008, MK1996, RFC9309, type Syntax } from '../syntax.js';
import { lint } from '../lint/lint.js';
import type { LintDiagnostic, LintSyntax } from '../lint/codes.js';
import type { Verdict } from '../verdict.js';

/** The syntaxes in the order the page shows them. */
export const TESTER_SYNTAXES: readonly (readonly [LintSyntax, Syntax])[] = [
  ['MK1996', MK1996],
  ['GYM2008', GYM2008],
  ['RFC9309', RFC9309],
];

/** One URL and its verdict in each syntax, or why it could not be asked about. */
export interface UrlResult {
  readonly url: string;
  /** The verdicts, in {@link TESTER_SYNTAXES}' order; empty when `error` is set. */
  readonly verdicts: readonly Verdict[];
  /** Why the URL was not matched (a user agent the parser refuses, say), or null. */
  readonly error: string | null;
}

/** What one syntax reads beside the rules. */
export interface SyntaxSummary {
  readonly syntax: LintSyntax;
  readonly crawlDelay: number | null;
  readonly sitemaps: readonly string[];
}

/** Everything the page shows. */
export interface Analysis {
  /** The file's lines as lint and explain number them (LF, CR and CR LF each end one). */
  readonly lines: readonly string[];
  readonly urls: readonly UrlResult[];
  readonly syntaxes: readonly SyntaxSummary[];
  readonly diagnostics: readonly LintDiagnostic[];
}

/** The lines of `text` as the parser numbers them; a final line end starts no line. */
export function linesOf(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Reads `robots` once and answers for `userAgent` and each of `urls` (blank
 * entries dropped) in the three syntaxes. Never throws: a URL the parser
 * refuses carries its message. Bytes that are not UTF-8 are read as the
 * parser and lint read them; their lines are shown decoded with replacement
 * characters. `diagnostics` are lint's of the same `robots`, when the
 * caller kept them (the page, while only the user agent or URLs change).
 */
export function analyse(robots: string | Uint8Array, userAgent: string, urls: readonly string[], diagnostics?: readonly LintDiagnostic[]): Analysis {
  const parser = new RobotExclusionRulesParser();
  parser.parse(robots);
  const text = typeof robots === 'string' ? robots : new TextDecoder('utf-8').decode(robots);
  const ask = (url: string): UrlResult => {
    try {
      return { url, verdicts: TESTER_SYNTAXES.map(([, syntax]) => parser.explain(userAgent, url, syntax)), error: null };
    } catch (error) {
      return { url, verdicts: [], error: error instanceof Error ? error.message : String(error) };
    }
  };
  const delay = (syntax: Syntax): number | null => {
    try {
      return parser.getCrawlDelay(userAgent, syntax);
    } catch {
      return null;
    }
  };
  return {
    lines: linesOf(text),
    urls: urls
      .map((u) => u.trim())
      .filter((u) => u !== '')
      .map(ask),
    syntaxes: TESTER_SYNTAXES.map(([name, syntax]) => ({ syntax: name, crawlDelay: delay(syntax), sitemaps: parser.getSitemaps(syntax) })),
    diagnostics: diagnostics ?? lint(robots),
  };
}
