// Undoing a response's Content-Encoding, strictly. node-fetch decodes gzip
// leniently (as curl does), so a compressed robots.txt cut short arrives as
// a shorter file, its missing rules silently gone; here it is an error.
import { pipeline, Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';

/** The Accept-Encoding sent with a request: the codings {@link decodeContent} undoes. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/** The codings {@link decoder} undoes, by their Content-Encoding names. */
const KNOWN = new Set(['gzip', 'x-gzip', 'deflate', 'x-deflate', 'br']);

/**
 * Codings undone at most, as curl (its MAX_ENCODE_STACK): a server stacking
 * more (`gzip, gzip, …` 1,500 times) only makes the client burn CPU, one
 * decoder per coding, for a body of a few kilobytes (behaviour.md §9.26).
 */
export const MAX_CODINGS = 5;

/**
 * The codings of a Content-Encoding header, in the order they were applied,
 * lower-cased, `identity` and empty entries left out.
 */
export function codingsOf(contentEncoding: string | null): string[] {
  return (contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
}

/**
 * The decoder for one of the {@link KNOWN} codings. Deflate comes in a zlib
 * wrapper as the standard says, or raw (old IIS and Apache): `first`, the
 * coded body's first byte when this is the outermost coding, tells which, as
 * node-fetch decides.
 */
function decoder(coding: string, first: number | null): Transform {
  if (coding === 'br') return zlib.createBrotliDecompress();
  if (coding.endsWith('gzip')) return zlib.createGunzip();
  return first === null || (first & 0x0f) === 0x08 ? zlib.createInflate() : zlib.createInflateRaw();
}

/**
 * The chunks of `body` with its Content-Encoding undone (codings listed in
 * the order they were applied, so undone last first). A body whose codings
 * are not all known is passed on as it is, as node-fetch does; an empty body
 * is an empty file whatever its coding. A body that ends inside its
 * compressed form, or is not in it, makes the iteration throw zlib's error
 * (see {@link isDecodeError}); so do bytes after a gzip stream's end other
 * than zero padding, as Node's zlib reads them. More than
 * {@link MAX_CODINGS} codings throw a {@link TooManyCodingsError} before
 * anything is read. Leaving the iteration early destroys `body`. When
 * `signal` aborts, decoding stops at once and the iteration throws: a body
 * whose last byte has arrived may still take long to decode, and the
 * request's deadline covers that too (behaviour.md §9.21).
 */
export async function* decodeContent(body: Readable, contentEncoding: string | null, signal: AbortSignal | null = null): AsyncGenerator<Buffer> {
  const codings = codingsOf(contentEncoding);
  if (codings.length > MAX_CODINGS) {
    body.destroy();
    throw new TooManyCodingsError(codings.length);
  }
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let decoded: Readable | null = null;
  const stop = (): void => {
    const error = new Error('decoding was stopped');
    error.name = 'AbortError';
    (decoded ?? body).destroy(error);
  };
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop);
  try {
    const head = await chunks.next();
    if (head.done) return;
    const all = async function* (): AsyncGenerator<Buffer> {
      yield head.value;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
    };
    if (codings.length === 0 || !codings.every((coding) => KNOWN.has(coding))) {
      yield* all();
      return;
    }
    const outermost = codings.length - 1;
    const steps = codings.map((coding, k) => decoder(coding, k === outermost ? head.value[0]! : null)).reverse();
    decoded = pipeline([Readable.from(all()), ...steps], () => {}) as unknown as Readable;
    for await (const chunk of decoded) yield chunk as Buffer;
  } finally {
    signal?.removeEventListener('abort', stop);
    // Left early (the cap reached) or failed: the socket is closed, not drained.
    decoded?.destroy();
    body.destroy();
  }
}

/** True for an error a decoder of {@link decodeContent} raised: zlib's and brotli's codes. */
export function isDecodeError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(?:Z_|ERR__)/.test(code);
}

/** A body in more than {@link MAX_CODINGS} codings: refused unread. */
export class TooManyCodingsError extends Error {
  constructor(readonly count: number) {
    super(`its body has ${count} content codings; at most ${MAX_CODINGS} are undone`);
    this.name = 'TooManyCodingsError';
  }
}
