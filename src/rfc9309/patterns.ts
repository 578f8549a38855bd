// RFC 9309 rule values as patterns (docs/behaviour.md §8.5), and the paths
// the reference parser answers without rules.
import { utf8Bytes } from '../text/bytes.js';
import { codeAt } from '../text/chars.js';

function isHex(c: number): boolean {
  const l = c | 0x20;
  return (c >= 0x30 && c <= 0x39) || (l >= 0x61 && l <= 0x66);
}

const HEX = '0123456789ABCDEF';

/**
 * A rule value as a pattern, from text whose characters are bytes: `%xx`
 * escapes get upper-case hex and are never decoded; every byte outside ASCII
 * becomes an escape. Null when nothing changes (the value is ASCII and so
 * reads the same either way).
 */
function normaliseBytes(b: string, s: number, e: number): string | null {
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
      out += b.slice(from, i) + '%' + HEX[c >> 4]! + HEX[c & 15]!;
      from = i + 1;
    }
  }
  return from === s ? null : out + b.slice(from, e);
}

/** True when every character of text[s, e) is ASCII and none is `%`: normalising changes nothing. */
function isPlain(text: string, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 || c === 0x25) return false;
  }
  return true;
}

/** True when every character of text[s, e) is ASCII. */
function isAscii(text: string, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
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
  if (bytewise || isAscii(text, at, e)) {
    const pattern = normaliseBytes(text, at, e);
    return pattern === null ? { pattern: text.slice(at, e), verbatim: true } : { pattern, verbatim: false };
  }
  const bytes = utf8Bytes(text.slice(at, e));
  return { pattern: normaliseBytes(bytes, 0, bytes.length) ?? bytes, verbatim: false };
}
