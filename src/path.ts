// Turning URLs and rule values into the comparable path form of SEMANTICS 4.

// ignoreBOM: an escaped U+FEFF at the start of a byte run is a character, not a mark to drop.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x61 + 10;
  return -1;
}

/**
 * Percent-decodes a path as the original does (SEMANTICS 4.2): every `%XX` is
 * decoded and runs of bytes are read as UTF-8 (invalid sequences become
 * U+FFFD), except `%2F`, which stays encoded (always upper case) so that an
 * encoded slash never equals a real one. Invalid escapes stay as they are.
 */
export function decodePath(s: string): string {
  let i = s.indexOf('%');
  if (i < 0) return s;
  let out = s.slice(0, i);
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length > 0) {
      out += utf8.decode(Uint8Array.from(bytes));
      bytes = [];
    }
  };
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 0x25 && i + 2 < n) {
      const hi = hexValue(s.charCodeAt(i + 1));
      const lo = hexValue(s.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        const b = hi * 16 + lo;
        if (b === 0x2f) {
          flush();
          out += '%2F';
        } else if (b < 0x80) {
          flush();
          out += String.fromCharCode(b);
        } else {
          bytes.push(b);
        }
        i += 3;
        continue;
      }
    }
    flush();
    out += s[i];
    i++;
  }
  flush();
  return out;
}

function isSchemeChar(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}

/**
 * The part of a URL that robots.txt rules are matched against: scheme and
 * authority dropped, the fragment dropped, path, `;params` and `?query` kept
 * exactly as written. An empty path is `/`, and a relative path without a
 * leading slash is taken relative to the root. Never throws and never calls
 * `new URL()`.
 */
export function urlPath(url: string): string {
  let end = url.indexOf('#');
  if (end < 0) end = url.length;
  let start = 0;
  const c0 = url.charCodeAt(0);
  if ((c0 | 0x20) >= 0x61 && (c0 | 0x20) <= 0x7a) {
    let i = 1;
    while (i < end && isSchemeChar(url.charCodeAt(i))) i++;
    if (i < end && url.charCodeAt(i) === 0x3a) start = i + 1;
  }
  if (url.charCodeAt(start) === 0x2f && url.charCodeAt(start + 1) === 0x2f) {
    let i = start + 2;
    while (i < end) {
      const c = url.charCodeAt(i);
      if (c === 0x2f || c === 0x3f) break;
      i++;
    }
    start = i;
  }
  if (start >= end) return '/';
  if (url.charCodeAt(start) === 0x2f) return start === 0 && end === url.length ? url : url.slice(start, end);
  return '/' + url.slice(start, end);
}

/** A URL argument as the string form matched against rules. */
export function matchTarget(url: string | URL): string {
  return decodePath(urlPath(typeof url === 'string' ? url : String(url)));
}
