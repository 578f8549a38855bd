// Undoing a response's Content-Encoding, strictly. node-fetch decodes gzip
// leniently (as curl does), so a compressed robots.txt cut short arrives as
// a shorter file, its missing rules silently gone; here it is an error.
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';

/** The Accept-Encoding sent with a request: the codings {@link decodeContent} undoes. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * Deflate as servers send it: in a zlib wrapper as the standard says, or raw
 * (old IIS and Apache). The first byte tells which, as node-fetch decides.
 */
class AnyInflate extends Transform {
  #inner: zlib.Inflate | zlib.InflateRaw | null = null;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.#inner === null) {
      const inner = (chunk[0]! & 0x0f) === 0x08 ? zlib.createInflate() : zlib.createInflateRaw();
      inner.on('data', (data: Buffer) => this.push(data));
      inner.on('error', (error) => this.destroy(error));
      this.#inner = inner;
    }
    this.#inner.write(chunk, () => done());
  }

  override _flush(done: TransformCallback): void {
    if (this.#inner === null) return done();
    this.#inner.once('end', () => done());
    this.#inner.end();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void): void {
    this.#inner?.destroy();
    done(error);
  }
}

function decoder(coding: string): Transform | null {
  switch (coding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
    case 'x-deflate':
      return new AnyInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/**
 * `body` with its Content-Encoding undone (codings listed in the order they
 * were applied, so undone last first). A body whose codings are not all
 * known is passed on as it is, as node-fetch does. A body that ends inside
 * its compressed form, or is not in it, errors the returned stream with
 * zlib's error (see {@link isDecodeError}). Destroying the returned stream
 * destroys `body`.
 */
export function decodeContent(body: Readable, contentEncoding: string | null): Readable {
  const codings = (contentEncoding ?? '').split(',').map((c) => c.trim().toLowerCase()).filter((c) => c !== '' && c !== 'identity');
  const steps = codings.reverse().map(decoder);
  if (steps.length === 0 || steps.includes(null)) return body;
  return pipeline([body, ...(steps as Transform[])], () => {}) as unknown as Readable;
}

/** True for an error a decoder of {@link decodeContent} raised: zlib's and brotli's codes. */
export function isDecodeError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(?:Z_|ERR__)/.test(code);
}
