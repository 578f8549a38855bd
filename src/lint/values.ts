// Directive values: rule paths whose meaning depends on the syntax
// (wildcards, `$`, percent-escapes, blank rules; docs/behaviour.md §4.2,
// §4.4, §4.5, §8.4, §8.5), paths that match nothing, crawl delays and
// sitemaps.
import { hexValue } from '../text/url-path.js';
import { fromUtf8Bytes } from '../text/bytes.js';
import { Key } from '../text/keys.js';
import { parseCrawlDelay } from '../text/values.js';
import { Content, type LintLine, type LintText } from './lines.js';
import type { Report } from './report.js';

/** An absolute URL: a scheme, `://` and a host. */
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\/[^\s/?#]/i;

/** Characters whose escapes RFC 9309 §2.2.2 would decode and the reference parser does not: unreserved ones. */
function isUnreserved(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
}

/** The rule's path as the syntaxes that read it see it: the classic value, or RFC 9309's for a line only it reads. */
function pathOf(line: LintLine): { path: string; column: number } {
  if (line.classicKey === Key.Allow || line.classicKey === Key.Disallow) {
    return { path: line.value, column: line.valueStart - line.start + 1 };
  }
  return { path: fromUtf8Bytes(line.rfcValue), column: 0 };
}

function checkPath(line: LintLine, report: Report, wildcards: Wildcards): void {
  const { path, column: at } = pathOf(line);
  const place = (k: number): { column?: number } => (at > 0 ? { column: at + k } : {});
  const classic = line.classicKey === Key.Allow || line.classicKey === Key.Disallow;
  if (path === '') {
    if (line.classicKey === Key.Allow) {
      report.add(
        'empty-allow',
        line.number,
        'a blank Allow: disallows every URL under MK1996 and GYM2008 (behaviour.md §4.5) and does nothing under RFC9309: remove it, or write "Disallow: /"',
        { syntaxes: ['MK1996', 'GYM2008'] },
      );
    }
    return;
  }
  const c = path.charCodeAt(0);
  if (c !== 0x2f && c !== 0x2a) {
    report.add(
      'rule-not-rooted',
      line.number,
      `"${path}" starts with neither / nor *, and every URL path starts with /: the rule matches nothing in any syntax (behaviour.md §8.5)`,
      place(0),
    );
  }
  const star = path.indexOf('*');
  if (classic && (star >= 0 || path.endsWith('$'))) wildcards.note(line, star >= 0 ? star : path.length - 1, at, path);
  const dollar = path.indexOf('$');
  if (dollar >= 0 && dollar < path.length - 1) {
    report.add(
      'dollar-not-at-end',
      line.number,
      `only a $ at the very end anchors a rule: this one is an ordinary character in every syntax (behaviour.md §9.10)`,
      place(dollar),
    );
  }
  checkEscapes(line, path, place, report);
}

/** An escape with a hex digit in lower case: `%2f`, `%c3`. */
const isLowerEscape = (path: string, i: number): boolean => path.charCodeAt(i + 1) >= 0x61 || path.charCodeAt(i + 2) >= 0x61;

/** The rule's `%xx` escapes: the first whose meaning differs (percent-escape), and the first in lower case (lowercase-escape). */
function checkEscapes(line: LintLine, path: string, place: (k: number) => { column?: number }, report: Report): void {
  let differs = false;
  let lower = -1;
  for (let i = path.indexOf('%'); i >= 0 && !(differs && lower >= 0); i = path.indexOf('%', i + 1)) {
    const hi = hexValue(path.charCodeAt(i + 1));
    const lo = hi < 0 ? -1 : hexValue(path.charCodeAt(i + 2));
    if (lo < 0) continue;
    if (differs || !escapeDiffers(line, path, i, hi * 16 + lo, place, report)) {
      if (lower < 0 && isLowerEscape(path, i)) lower = i;
    } else differs = true;
  }
  if (lower < 0) return;
  const escape = path.slice(lower, lower + 3);
  const upper = escape.toUpperCase();
  report.add(
    'lowercase-escape',
    line.number,
    `"${escape}" is "${upper}" to every syntax, but MK1996 and GYM2008 decode URLs as they decode rules (behaviour.md §4.2), so they also match URLs that write "${escape}", while RFC9309 compares URLs as written (behaviour.md §8.5) and matches only "${upper}": write "${upper}", as RFC 3986 §2.1 asks of URLs, and link the URLs that way`,
    { ...place(lower), syntaxes: ['RFC9309'] },
  );
}

/** Reports the escape at `i` (of byte `b`) when its meaning changes with the syntax (percent-escape); true when it does. */
function escapeDiffers(line: LintLine, path: string, i: number, b: number, place: (k: number) => { column?: number }, report: Report): boolean {
  const escape = path.slice(i, i + 3);
  if (b === 0x2a || b === 0x24) {
    const ch = String.fromCharCode(b);
    report.add(
      'percent-escape',
      line.number,
      `"${escape}" is decoded to "${ch}" before the wildcard check under MK1996 and GYM2008, where GYM2008 reads it as a wildcard (behaviour.md §4.2); RFC9309 compares "${escape}" as written`,
      place(i),
    );
    return true;
  }
  if (isUnreserved(b)) {
    const ch = String.fromCharCode(b);
    report.add(
      'percent-escape',
      line.number,
      `"${escape}" is decoded to "${ch}" by MK1996 and GYM2008 (behaviour.md §4.2) but compared as written by RFC9309 (behaviour.md §8.5), which then misses URLs that write "${ch}": write "${ch}"`,
      { ...place(i), syntaxes: ['RFC9309'] },
    );
    return true;
  }
  return false;
}

function checkValue(line: LintLine, report: Report): void {
  const column = line.valueStart - line.start + 1;
  if (line.classicKey === Key.CrawlDelay) {
    if (parseCrawlDelay(line.value) === null) {
      report.add(
        'crawl-delay-invalid',
        line.number,
        `"${line.value}" is not a number of seconds (digits with an optional fraction, behaviour.md §7): every syntax ignores it`,
        { column },
      );
    }
  } else if (line.classicKey === Key.Sitemap) {
    if (line.value !== '' && !ABSOLUTE_URL.test(line.value)) {
      report.add(
        'sitemap-not-absolute',
        line.number,
        `"${line.value}" is not an absolute URL: the sitemaps protocol (which RFC 9309 §2.2.4 leaves to crawlers) wants it in full, as "https://example.com/sitemap.xml"`,
        { column },
      );
    }
  }
}

/**
 * The rules MK1996 reads without wildcards: one finding for the whole file,
 * at the first, since most files have many and MK1996 is rarely the syntax
 * a crawler uses.
 */
class Wildcards {
  private first: { line: LintLine; k: number; at: number; path: string } | null = null;
  private count = 0;

  note(line: LintLine, k: number, at: number, path: string): void {
    this.first ??= { line, k, at, path };
    this.count++;
  }

  report(report: Report): void {
    if (this.first === null) return;
    const { line, k, at, path } = this.first;
    const others = this.count === 1 ? '' : this.count === 2 ? ' (here and in 1 other rule)' : ` (here and in ${this.count - 1} other rules)`;
    report.add(
      'wildcard-literal',
      line.number,
      `MK1996 reads "*" and a final "$" as ordinary characters, GYM2008 and RFC9309 as wildcards (behaviour.md §4.4): "${path}" matches other URLs under MK1996${others}`,
      { ...(at > 0 ? { column: at + k } : {}), syntaxes: ['MK1996'] },
    );
  }
}

/** Checks each rule path, crawl delay and sitemap on its own. */
export function checkValues(t: LintText, report: Report): void {
  const wildcards = new Wildcards();
  for (const line of t.lines) {
    if (line.content !== Content.Text) continue;
    const isRule = (k: Key): boolean => k === Key.Allow || k === Key.Disallow;
    if (isRule(line.classicKey) || isRule(line.rfcKey)) checkPath(line, report, wildcards);
    else checkValue(line, report);
  }
  wildcards.report(report);
}
