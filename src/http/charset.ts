// Bytes of a fetched robots.txt to text: byte-order mark, Content-Type charset, default.
import { decodeCharset } from '#http-platform';
import { RobotsEncodingError } from '../errors.js';

/**
 * What to do with bytes that are invalid in the charset: throw (the
 * original), use U+FFFD, or (`'bytes'`, for UTF-8 only: invalid in another
 * charset still throws) keep the body as bytes, which `parse` reads one
 * character a byte: ISO-8859-1 under MK1996 and GYM2008, the bytes
 * themselves under RFC9309, as the reference parser reads its input.
 */
export type DecodeErrorMode = 'throw' | 'replace' | 'bytes';

/** Options of {@link decodeBody}. */
export interface DecodeOptions {
  /** Charset used when neither a byte-order mark nor Content-Type names one. */
  defaultCharset: string;
  onDecodeError: DecodeErrorMode;
  /** True when the body was cut short: an incomplete last character is dropped, not an error. */
  truncated?: boolean;
  /** Where the bytes came from, for error messages. */
  source?: string;
  /**
   * True to decode as `defaultCharset` whatever a byte-order mark or
   * Content-Type says, a mark kept as a character: Python's
   * `raw.decode("utf-8")`, as urllib.robotparser's `read` does.
   */
  charsetOnly?: boolean;
}

const BOMS: readonly (readonly [charset: string, bytes: readonly number[]])[] = [
  ['utf-8', [0xef, 0xbb, 0xbf]],
  ['utf-16le', [0xff, 0xfe]],
  ['utf-16be', [0xfe, 0xff]],
];

/** The charset a byte-order mark at the start of `bytes` announces, and the mark's length. */
export function sniffBom(bytes: Uint8Array): { charset: string; length: number } | null {
  for (const [charset, mark] of BOMS) {
    if (bytes.length >= mark.length && mark.every((b, i) => bytes[i] === b)) return { charset, length: mark.length };
  }
  return null;
}

/**
 * The `charset` parameter of a Content-Type header value, unquoted, or null
 * when there is none (or it is empty).
 */
export function charsetOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const params = contentType.split(';');
  let found: string | null = null;
  for (let i = 1; i < params.length; i++) {
    const param = params[i]!;
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    let value = param.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0])) value = value.slice(1, -1).trim();
    // As the original does, the last non-empty charset parameter wins.
    if (value !== '') found = value;
  }
  return found;
}

/** Labels decoded by the WHATWG decoder, which has a strict (`fatal`) mode of its own. */
const WHATWG: ReadonlyMap<string, string> = new Map([
  ['utf8', 'utf-8'],
  ['unicode11utf8', 'utf-8'],
  ['utf16le', 'utf-16le'],
  ['ucs2', 'utf-16le'],
  // A BOM-less "UTF-16" is read little-endian, as Python does on every common machine.
  ['utf16', 'utf-16le'],
  ['utf16be', 'utf-16be'],
]);

/** iconv-lite codecs that are not text encodings: Python refuses them as charsets too. */
const NOT_TEXT = new Set(['base64', 'hex']);

function canonical(name: string): string {
  return name.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/**
 * Decodes a fetched robots.txt. A byte-order mark (UTF-8, UTF-16 LE/BE) wins
 * over the header's charset and is removed; otherwise the Content-Type
 * charset is used, else `defaultCharset` (only it, the mark kept, under
 * `charsetOnly`).
 * Bytes invalid in the charset throw or become U+FFFD; under
 * `onDecodeError: 'bytes'`, a body that is not valid UTF-8 is returned as
 * it is (the mark removed), and bytes invalid in another charset throw.
 * @throws RobotsEncodingError when the charset is unknown, or when the bytes are
 * invalid in it and `onDecodeError` is `'throw'`.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null, options: DecodeOptions & { onDecodeError: 'throw' | 'replace' }): string;
export function decodeBody(bytes: Uint8Array, contentType: string | null, options: DecodeOptions): string | Uint8Array;
export function decodeBody(bytes: Uint8Array, contentType: string | null, options: DecodeOptions): string | Uint8Array {
  const only = options.charsetOnly === true;
  const bom = only ? null : sniffBom(bytes);
  const charset = only ? options.defaultCharset : (bom?.charset ?? charsetOf(contentType) ?? options.defaultCharset);
  const body = bom === null ? bytes : bytes.subarray(bom.length);
  const where = options.source === undefined ? 'robots.txt' : `robots.txt from ${options.source}`;
  const strict = options.onDecodeError !== 'replace';
  const streaming = options.truncated === true;
  const key = canonical(charset);
  const whatwg = WHATWG.get(key);
  const invalid = (cause?: unknown): Uint8Array => {
    // Only UTF-8 keeps its bytes: they are what an ASCII-based file was written in.
    if (options.onDecodeError === 'bytes' && whatwg === 'utf-8') return body;
    throw new RobotsEncodingError(`Cannot decode ${where}: its bytes are not valid ${charset}`, charset, { cause });
  };

  if (whatwg !== undefined) {
    try {
      // `stream: true` keeps an incomplete last character back instead of failing on it.
      return new TextDecoder(whatwg, { fatal: strict, ignoreBOM: true }).decode(body, { stream: streaming });
    } catch (cause) {
      return invalid(cause);
    }
  }

  // Other charsets are the runtime's (#http-platform): iconv-lite's on Node, the WHATWG encodings elsewhere.
  const text = NOT_TEXT.has(key) ? null : decodeCharset(body, charset, strict, streaming);
  if (text === null) throw new RobotsEncodingError(`Cannot decode ${where}: unknown charset "${charset}"`, charset);
  return typeof text === 'string' ? text : invalid(text.invalid);
}
