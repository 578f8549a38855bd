// Reading RFC 9309 lines as Google's reference parser reads them (RFC 9309
// §2.2; docs/behaviour.md §8.3): bytes, a line limit, `#` comments anywhere,
// keys by prefix with Google's typos, and two-word lines without a colon.
import { utf8Length } from '../text/bytes.js';
import { Key } from '../text/keys.js';

// Google's line limit: longer lines are cut after this many bytes.
const MAX_LINE_BYTES = 2083 * 8 - 1;

/** ASCII white space as C's `isspace` sees it; CR and LF never occur inside a line. */
export function isAsciiSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/** Whether code unit `c` may be in a product token (RFC 9309 §2.2.1: letters, `-` and `_`). */
export function isTokenChar(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || c === 0x2d || c === 0x5f;
}

/** Code unit `c` lower-cased if it is an ASCII capital, else unchanged: keys and tokens compare case-insensitively (RFC 9309 §2.2.1). */
export function lowerAscii(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
}

/** True when text[s, e) starts with `word` (lower case) in any case; its first letter is the caller's to compare. */
function startsWord(text: string, s: number, e: number, word: string): boolean {
  if (e - s < word.length) return false;
  for (let j = 1; j < word.length; j++) if (lowerAscii(text.charCodeAt(s + j)) !== word.charCodeAt(j)) return false;
  return true;
}

/**
 * The key whose name text[s, e) starts with (Google's frequent typos
 * included): picked by its first letter, then the names with that letter,
 * which all give one key: faster than trying each name in turn
 * (docs/performance.md, "Tiers").
 */
function keyOf(text: string, s: number, e: number): Key {
  switch (text.charCodeAt(s) | 0x20) {
    case 0x64: // d
      return startsWord(text, s, e, 'disallow') ||
        startsWord(text, s, e, 'dissallow') ||
        startsWord(text, s, e, 'dissalow') ||
        startsWord(text, s, e, 'disalow') ||
        startsWord(text, s, e, 'diasllow') ||
        startsWord(text, s, e, 'disallaw')
        ? Key.Disallow
        : Key.None;
    case 0x61: // a
      return startsWord(text, s, e, 'allow') ? Key.Allow : Key.None;
    case 0x75: // u
      return startsWord(text, s, e, 'user-agent') || startsWord(text, s, e, 'useragent') || startsWord(text, s, e, 'user agent') ? Key.UserAgent : Key.None;
    case 0x73: // s
      return startsWord(text, s, e, 'sitemap') || startsWord(text, s, e, 'site-map') ? Key.Sitemap : Key.None;
    case 0x63: // c
      return startsWord(text, s, e, 'crawl-delay') ? Key.CrawlDelay : Key.None;
    default:
      return Key.None;
  }
}

/**
 * A cursor over the lines of a text, read as Google's reference parser reads
 * them. After {@link LineReader.read}, the line's key, its value
 * text[value, end), and where the next line starts.
 */
export class LineReader {
  key = Key.None;
  value = 0;
  end = 0;
  next = 0;
  /** The line last read from; the next LF, CR, `#`, NUL and `:` at or after it (the text's length when none; -1 until searched). */
  #from = 0;
  #lf = -1;
  #cr = -1;
  #hash = -1;
  #nul = -1;
  #colon = -1;

  /**
   * @param bytewise each character is one byte; otherwise characters are
   *   UTF-16 and their UTF-8 bytes are what the reference reads.
   */
  constructor(
    readonly text: string,
    readonly bytewise: boolean,
  ) {}

  /**
   * Reads the line that starts at `pos`. Bytes and UTF-16 characters read
   * the same for everything looked at (ASCII), except the byte limit on a
   * line's length: false when a line of UTF-16 text reaches it, so that the
   * text must be read as bytes.
   */
  read(pos: number): boolean {
    const text = this.text;
    const n = text.length;
    if (pos < this.#from) this.#lf = this.#cr = this.#hash = this.#nul = this.#colon = -1;
    this.#from = pos;
    // The line ends at CR or LF; it is read only up to the byte limit, a NUL
    // (the reference reads C strings) or a `#`. Each is found by a native
    // search, remembered until a line passes it: a line costs no loop over
    // its characters, and each character is searched for once per text.
    const end = Math.min((this.#lf = nextOf(text, '\n', pos, this.#lf)), (this.#cr = nextOf(text, '\r', pos, this.#cr)));
    const hashOrNul = Math.min((this.#hash = nextOf(text, '#', pos, this.#hash)), (this.#nul = nextOf(text, '\0', pos, this.#nul)));
    const cut = hashOrNul < end ? hashOrNul : -1;
    this.#colon = nextOf(text, ':', pos, this.#colon);
    const colon = this.#colon < end ? this.#colon : -1;
    this.next = end < n && text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;
    let s = pos;
    let e = cut >= 0 ? cut : end;
    if (this.bytewise) {
      if (e > pos + MAX_LINE_BYTES) e = pos + MAX_LINE_BYTES;
    } else if ((e - pos) * 3 > MAX_LINE_BYTES && utf8Length(text.slice(pos, e)) > MAX_LINE_BYTES) {
      return false;
    }

    while (s < e && isAsciiSpace(text.charCodeAt(s))) s++;
    while (e > s && isAsciiSpace(text.charCodeAt(e - 1))) e--;
    this.key = Key.None;
    // Key and value split at the first colon, or at blanks when the line is exactly two words.
    let sep = colon;
    if (sep < 0 || sep >= e) {
      sep = s;
      while (sep < e && !isBlank(text.charCodeAt(sep))) sep++;
      let v = sep;
      while (v < e && isBlank(text.charCodeAt(v))) v++;
      while (v < e && !isBlank(text.charCodeAt(v))) v++;
      if (sep >= e || v < e) return true;
    }
    let ke = sep;
    while (ke > s && isAsciiSpace(text.charCodeAt(ke - 1))) ke--;
    let vs = sep + 1;
    while (vs < e && isAsciiSpace(text.charCodeAt(vs))) vs++;
    if (ke > s) this.key = keyOf(text, s, ke);
    this.value = vs;
    this.end = e;
    return true;
  }
}

/** Where `c` next occurs at or after `pos` in `text` (its length when nowhere), given the last such answer `known` for a position not after `pos`. */
function nextOf(text: string, c: string, pos: number, known: number): number {
  if (known >= pos) return known;
  const at = text.indexOf(c, pos);
  return at < 0 ? text.length : at;
}

/** Where reading starts: after a UTF-8 byte-order mark, whole or cut short. */
export function firstLine(text: string, bytewise: boolean): number {
  if (!bytewise) return text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return text.charCodeAt(0) !== 0xef ? 0 : text.charCodeAt(1) !== 0xbb ? 1 : text.charCodeAt(2) !== 0xbf ? 2 : 3;
}
