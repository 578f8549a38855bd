// RFC 9309 rule values as patterns (docs/behaviour.md §8.5), and the paths
// the reference parser answers without rules.
import { codeAt } from '../text/chars.js';

function isHex(c: number): boolean {
  const l = c | 0x20;
  return (c >= 0x30 && c <= 0x39) || (l >= 0x61 && l <= 0x66);
}

const HEX = '0123456789ABCDEF';

/** `%` and the two upper-case hex digits of byte `b`. */
function escape(b: number): string {
  return '%' + HEX[b >> 4]! + HEX[b & 15]!;
}

/** The UTF-8 bytes of code point `cp`, each as an escape. */
function escapeUtf8(cp: number): string {
  if (cp < 0x800) return escape(0xc0 | (cp >> 6)) + escape(0x80 | (cp & 63));
  if (cp < 0x10000) return escape(0xe0 | (cp >> 12)) + escape(0x80 | ((cp >> 6) & 63)) + escape(0x80 | (cp & 63));
  return escape(0xf0 | (cp >> 18)) + escape(0x80 | ((cp >> 12) & 63)) + escape(0x80 | ((cp >> 6) & 63)) + escape(0x80 | (cp & 63));
}

/**
 * The rule value text[s, e) as a pattern: `%xx` escapes get upper-case hex
 * and are never decoded; every byte outside ASCII becomes an escape. The
 * bytes are the text's characters when `bytewise`, else their UTF-8
 * encoding (a lone surrogate as U+FFFD's, as TextEncoder writes it),
 * escaped as they are read, with no array of bytes made. Null when nothing
 * changes (the value is ASCII and so reads the same either way).
 */
function normalise(b: string, s: number, e: number, bytewise: boolean): string | null {
  let out = '';
  let from = s;
  for (let i = s; i < e; i++) {
    const c = b.charCodeAt(i);
    if (c === 0x25 && i + 2 < e && isHex(b.charCodeAt(i + 1)) && isHex(b.charCodeAt(i + 2))) {
      const hi = b.charCodeAt(i + 1);
      const lo = b.charCodeAt(i + 2);
      if (hi >= 0x61 || lo >= 0x61) {
        out += b.slice(from, i) + '%' + String.fromCharCode(hi >= 0x61 ? hi - 0x20 : hi, lo >= 0x61 ? lo - 0x20 : lo);
        from = i + 3;
      }
      i += 2;
    } else if (c >= 0x80) {
      out += b.slice(from, i);
      if (bytewise || c < 0x800) out += bytewise ? escape(c) : escapeUtf8(c);
      else if (c < 0xd800 || c > 0xdfff) out += escapeUtf8(c);
      else if (c <= 0xdbff && i + 1 < e && (b.charCodeAt(i + 1) & 0xfc00) === 0xdc00)
        out += escapeUtf8(0x10000 + ((c - 0xd800) << 10) + (b.charCodeAt(++i) - 0xdc00));
      else out += escapeUtf8(0xfffd);
      from = i + 1;
    }
  }
  return from === s ? null : out + b.slice(from, e);
}

/** True when every character of text[s, e) is ASCII and none is `%`: normalising changes nothing. */
function isPlain(text: string, s: number, e: number): boolean {
  return plainStar(text, s, e) >= 0;
}

/**
 * For a value text[s, e) that normalising leaves as written ({@link isPlain}),
 * where its first `*` is (`e` when it has none); -1 for any other value.
 * One loop, from the end, so that the star is found without a search that
 * could run past the value.
 */
export function plainStar(text: string, s: number, e: number): number {
  let star = e;
  for (let i = e - 1; i >= s; i--) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || c === 0x25) return -1;
    if (c === 0x2a) star = i;
  }
  return star;
}

/**
 * Google's `index.html` rule: an allow pattern whose last segment starts with
 * `index.htm` also allows its directory, as the pattern `dir/$`.
 */
export function directoryPattern(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  return slash >= 0 && pattern.startsWith('/index.htm', slash) ? pattern.slice(0, slash + 1) + '$' : null;
}

/**
 * True when the rule value text[at, e) gets {@link directoryPattern}'s
 * directory rule: read as written, since normalising (escapes upper-cased,
 * bytes past ASCII escaped) makes no `/` and changes no character of
 * `/index.htm`.
 */
export function hasDirectoryRule(text: string, at: number, e: number): boolean {
  const slash = text.lastIndexOf('/', e - 1);
  return slash >= at && slash + 10 <= e && text.startsWith('/index.htm', slash);
}

/**
 * True for the robots.txt file itself, which RFC 9309 always allows: the
 * path at `start` in `s` (running to `#` or the end) is `/robots.txt`, with
 * or without a query.
 */
export function isRobotsTxt(s: string, start: number): boolean {
  if (codeAt(s, start + 1) !== 0x72 || !s.startsWith('/robots.txt', start)) return false;
  const c = codeAt(s, start + 11);
  return c < 0 || c === 0x3f || c === 0x23;
}

/** A rule's pattern, and whether it is the text itself from where the value starts (see few-rules.ts). */
export interface RulePattern {
  readonly pattern: string;
  readonly verbatim: boolean;
}

/**
 * The pattern of the rule value text[at, e): its bytes normalised (RFC 9309
 * §2.2.2: escapes upper-cased, bytes past ASCII escaped), the bytes being
 * the text's own when `bytewise`, else its UTF-8 encoding.
 */
export function rulePattern(text: string, at: number, e: number, bytewise: boolean): RulePattern {
  // The usual value, ASCII without escapes, reads the same normalised: one loop settles it.
  if (isPlain(text, at, e)) return { pattern: text.slice(at, e), verbatim: true };
  const pattern = normalise(text, at, e, bytewise);
  return pattern === null ? { pattern: text.slice(at, e), verbatim: true } : { pattern, verbatim: false };
}
