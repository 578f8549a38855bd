// Bytes held as strings of one character a byte (ISO-8859-1), and their
// UTF-8 meaning, with the platform's TextEncoder and TextDecoder: the core
// needs nothing of Node's (no Buffer), so it runs in browsers and workers.

const ENCODER = new TextEncoder();
/** Replaces invalid sequences with U+FFFD, as Node's Buffer does; a byte-order mark stays a character. */
const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes as ISO-8859-1: each byte the character of the same code. */
export function latin1(bytes: Uint8Array): string {
  let out = '';
  // In slices (a call takes only so many arguments), each copied into a
  // plain array for apply: spreading a typed array is much slower
  // (docs/performance.md, "What each trick pays").
  for (let i = 0; i < bytes.length; i += 8192) {
    const units = new Array<number>(Math.min(8192, bytes.length - i));
    for (let j = 0; j < units.length; j++) units[j] = bytes[i + j]!;
    out += String.fromCharCode.apply(null, units);
  }
  return out;
}

/** The UTF-8 bytes of `s` (a lone surrogate as U+FFFD's), one character a byte. */
export function utf8Bytes(s: string): string {
  return latin1(ENCODER.encode(s));
}

/** Text from UTF-8 bytes held one character a byte (each below U+0100). */
export function fromUtf8Bytes(bytes: string): string {
  const buffer = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) buffer[i] = bytes.charCodeAt(i);
  return DECODER.decode(buffer);
}

/** How many bytes `s` takes in UTF-8 (a lone surrogate takes three, as U+FFFD). */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A pair: two code units, four bytes.
      n += 2;
      i++;
    } else n += 2;
  }
  return n;
}

/** `s` as its UTF-8 bytes would decode: lone surrogates become U+FFFD. */
export function wellFormed(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return DECODER.decode(ENCODER.encode(s));
  }
  return s;
}
