// Fetching on Node (see platform.ts): node-fetch, bodies decoded strictly by
// content-coding.ts, charsets by iconv-lite. Only Node loads this file, and it
// loads those three only when a request or a charset needs them: they take
// longer to load than the rest of the library, which a process that only
// parses never needs (docs/performance.md, "Startup").
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type * as Iconv from 'iconv-lite';
import type * as NodeFetch from 'node-fetch';
import type { Response } from 'node-fetch';
import type * as ContentCoding from './content-coding.js';
import { AddressGuard } from './connect.js';
import type { Connect, DecodeCharset, Request } from './platform.js';

function ignore(): void {}

/** Drops a body unread; its socket is closed rather than drained. */
function discard(res: Response): void {
  const body = res.body as Readable | null;
  if (body === null) return;
  body.on('error', ignore);
  body.destroy();
}

/** node-fetch and the decoders, loaded by the first request. */
let requestParts: Promise<[typeof NodeFetch, typeof ContentCoding]> | undefined;

function loadRequestParts(): Promise<[typeof NodeFetch, typeof ContentCoding]> {
  return (requestParts ??= Promise.all([import('node-fetch'), import('./content-coding.js')]));
}

/**
 * Reads at most `maxBytes` of `res`'s body, its Content-Encoding undone;
 * leaving the loop early destroys the stream and its socket. `signal` stops
 * the decoding too, not only the download.
 */
async function readCapped(
  { decodeContent, isDecodeError }: typeof ContentCoding,
  res: Response,
  maxBytes: number,
  signal: AbortSignal | null,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (res.body === null) return { body: new Uint8Array(0), truncated: false };
  if (maxBytes === 0) {
    discard(res);
    return { body: new Uint8Array(0), truncated: true };
  }
  const coding = res.headers.get('content-encoding');
  try {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- node-fetch types body as NodeJS.ReadableStream; it is a PassThrough
    for await (const buf of decodeContent(res.body as Readable, coding, signal)) {
      const room = maxBytes - size;
      chunks.push(buf.length > room ? buf.subarray(0, room) : buf);
      size += Math.min(buf.length, room);
      if (size >= maxBytes) break;
    }
  } catch (error) {
    if (!isDecodeError(error)) throw error;
    throw new Error(`its body (Content-Encoding: ${coding}) is cut short or corrupt: ${(error as Error).message}`, { cause: error });
  }
  return { body: Buffer.concat(chunks, size), truncated: size >= maxBytes };
}

/** One GET with node-fetch: redirects answered as they are, bodies left compressed for {@link readCapped}. */
export const request: Request = async (url, headers, signal, policy) => {
  const [{ default: nodeFetch }, coding] = await loadRequestParts();
  const { ACCEPT_ENCODING } = coding;
  // The policy is always this file's connect's: an AddressGuard, whose agents connect where it allows.
  const agent = policy instanceof AddressGuard ? policy.agent : undefined;
  const res = await nodeFetch(url, { headers: { 'Accept-Encoding': ACCEPT_ENCODING, ...headers }, redirect: 'manual', signal, compress: false, agent });
  return { status: res.status, headers: res.headers, discard: () => discard(res), read: (maxBytes, stop) => readCapped(coding, res, maxBytes, stop ?? null) };
};

/** Every address checked where sockets connect (connect.ts). */
export const connect: Connect = (firstHost, filter, lookup) => new AddressGuard(firstHost, filter, lookup);

const load = createRequire(import.meta.url);
let iconvModule: typeof Iconv | undefined;

/** iconv-lite, loaded at the first charset beyond UTF-8 and UTF-16: synchronously, as decoding is. */
function iconv(): typeof Iconv {
  return (iconvModule ??= load('iconv-lite') as typeof Iconv);
}

const capableCache = new Map<string, boolean>();

/**
 * Whether `charset` can encode U+FFFD itself. In any other charset iconv-lite
 * only produces U+FFFD as the replacement for invalid bytes.
 */
function encodesReplacement(charset: string): boolean {
  let capable = capableCache.get(charset);
  if (capable === undefined) {
    const bytes = iconv().encode('\ufffd', charset);
    // Single-byte charsets map U+FFFD to `?` or to an undefined byte that decodes back to it.
    capable = bytes.length > 1 && iconv().decode(bytes, charset, { stripBOM: true }) === '\ufffd';
    capableCache.set(charset, capable);
  }
  return capable;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Decodes with iconv-lite, which knows its charsets by name with case and punctuation ignored. */
export const decodeCharset: DecodeCharset = (bytes, charset, strict, streaming) => {
  if (!iconv().encodingExists(charset)) return null;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = streaming ? iconv().getDecoder(charset, { stripBOM: false }).write(buffer) : iconv().decode(buffer, charset, { stripBOM: false });
  if (strict && text.includes('\ufffd')) {
    // U+FFFD means an invalid byte, unless the charset can encode U+FFFD and the text round-trips.
    const again = encodesReplacement(charset) ? iconv().encode(text, charset) : null;
    const genuine = again !== null && sameBytes(again, streaming ? buffer.subarray(0, again.length) : buffer);
    if (!genuine) return { invalid: undefined };
  }
  return text;
};
