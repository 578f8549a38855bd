// Turning URLs and rule values into the comparable path form of behaviour.md §4.

/** The value of a hex digit's code, or -1. */
export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x61 + 10;
  return -1;
}

/**
 * Percent-decodes a path as the original does (behaviour.md §4.2): every `%XX` is
 * decoded and runs of bytes are read as UTF-8 (invalid sequences become
 * U+FFFD), except `%2F`, which stays encoded (always upper case) so that an
 * encoded slash never equals a real one. Invalid escapes stay as they are.
 *
 * A run of byte escapes is decoded as `TextDecoder('utf-8', { ignoreBOM:
 * true })` decodes it, by the WHATWG decoder's own steps written out here
 * (one U+FFFD per maximal invalid subpart; an escaped U+FEFF is a character,
 * not a mark to drop): no buffer is built, and text between escapes is
 * copied in slices.
 */
export function decodePath(s: string): string {
  let i = s.indexOf('%');
  if (i < 0) return s;
  const n = s.length;
  let out = '';
  /** s[copied, i) is still to be copied. */
  let copied = 0;
  // UTF-8 decoder state for the current run of byte escapes (WHATWG Encoding, 4.1).
  let need = 0;
  let seen = 0;
  let cp = 0;
  let lower = 0x80;
  let upper = 0xbf;
  while (i >= 0) {
    const hi = i + 2 < n ? hexValue(s.charCodeAt(i + 1)) : -1;
    const lo = hi >= 0 ? hexValue(s.charCodeAt(i + 2)) : -1;
    if (lo < 0) {
      i = s.indexOf('%', i + 1);
      continue;
    }
    const b = hi * 16 + lo;
    // Anything but another byte escape ends a run: an unfinished sequence is one U+FFFD.
    if (need !== 0 && (b < 0x80 || copied < i)) {
      out += '\ufffd';
      need = 0;
      lower = 0x80;
      upper = 0xbf;
    }
    if (copied < i) out += s.slice(copied, i);
    copied = i + 3;
    if (b < 0x80) {
      out += b === 0x2f ? '%2F' : String.fromCharCode(b);
    } else {
      for (;;) {
        if (need === 0) {
          seen = 0;
          if (b >= 0xc2 && b <= 0xdf) {
            need = 1;
            cp = b & 0x1f;
          } else if (b >= 0xe0 && b <= 0xef) {
            if (b === 0xe0) lower = 0xa0;
            else if (b === 0xed) upper = 0x9f;
            need = 2;
            cp = b & 0x0f;
          } else if (b >= 0xf0 && b <= 0xf4) {
            if (b === 0xf0) lower = 0x90;
            else if (b === 0xf4) upper = 0x8f;
            need = 3;
            cp = b & 0x07;
          } else {
            out += '\ufffd';
          }
          break;
        }
        if (b < lower || b > upper) {
          // Not a continuation here: the sequence so far is one U+FFFD, and this byte starts afresh.
          out += '\ufffd';
          need = 0;
          lower = 0x80;
          upper = 0xbf;
          continue;
        }
        lower = 0x80;
        upper = 0xbf;
        cp = (cp << 6) | (b & 0x3f);
        if (++seen === need) {
          out += String.fromCodePoint(cp);
          need = 0;
        }
        break;
      }
    }
    i = s.indexOf('%', copied);
  }
  if (need !== 0) out += '\ufffd';
  return copied < n ? out + s.slice(copied) : out;
}

/**
 * An optional scheme (a letter, then letters, digits, `+`, `-` or `.`, then
 * `:`) and an optional authority (`//` up to the first `/`, `?` or `#`): what
 * {@link urlPath} drops. A fixed pattern, never built from input; it always
 * matches (perhaps nothing), in time linear in the URL's length, and one
 * native scan is faster than looking at each character from JavaScript.
 */
const SCHEME_AUTHORITY = /(?:[A-Za-z][A-Za-z0-9+.-]*:)?(?:\/\/[^/?#]*)?/y;

/**
 * Where the path of a URL starts: after its scheme and authority, if any.
 * The path may be empty there, or start with `?`, or with no `/` at all
 * (see {@link urlPathAt}).
 */
export function pathStart(url: string): number {
  SCHEME_AUTHORITY.lastIndex = 0;
  SCHEME_AUTHORITY.test(url);
  return SCHEME_AUTHORITY.lastIndex;
}

/** {@link urlPath} of `url`, given its {@link pathStart}. */
export function urlPathAt(url: string, start: number): string {
  const n = url.length;
  // No '#' can come before start: the scheme and the authority exclude it.
  let end = url.indexOf('#', start);
  if (end < 0) end = n;
  if (start >= end) return '/';
  if (url.charCodeAt(start) === 0x2f) return start === 0 && end === n ? url : url.slice(start, end);
  return '/' + url.slice(start, end);
}

/**
 * The part of a URL that robots.txt rules are matched against: scheme and
 * authority dropped, the fragment dropped, path, `;params` and `?query` kept
 * exactly as written. An empty path is `/`, and a relative path without a
 * leading slash is taken relative to the root. Never throws and never calls
 * `new URL()`.
 */
export function urlPath(url: string): string {
  return urlPathAt(url, pathStart(url));
}

/** A URL argument as the string form matched against rules. */
export function matchTarget(url: string | URL): string {
  return decodePath(urlPath(typeof url === 'string' ? url : String(url)));
}
