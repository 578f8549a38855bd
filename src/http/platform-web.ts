// Fetching everywhere but Node (see platform.ts): the runtime's own fetch and
// TextDecoder, so browsers, web and service workers, Cloudflare Workers, Deno
// and other edge runtimes need no dependency and no `node:` module.
import { latin1 } from '../text/bytes.js';
import { AddressPolicy } from './address.js';
import type { Connect, DecodeCharset, Hop, Request } from './platform.js';

function ignore(): void {}

/**
 * True once a `redirect: 'manual'` request came back as an opaque redirect:
 * browsers follow redirects themselves and hide them from the page, so later
 * requests let the browser follow them at once. Deno and workers answer a
 * redirect as it is, and the caller follows it by hand as on Node.
 */
let browserRedirects = false;

/** Drops a body unread. */
function discard(res: Response): void {
  res.body?.cancel().catch(ignore);
}

/**
 * Reads at most `maxBytes` of `res`'s body, which the runtime has already
 * decompressed; reaching the cap cancels the rest of it.
 */
async function readCapped(res: Response, maxBytes: number): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (res.body === null) return { body: new Uint8Array(0), truncated: false };
  if (maxBytes === 0) {
    discard(res);
    return { body: new Uint8Array(0), truncated: true };
  }
  // Typed as ReadableStream<any> in Node's types; a fetch body holds Uint8Array chunks.
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    chunks.push(value.length > room ? value.subarray(0, room) : value);
    size += Math.min(value.length, room);
    if (size >= maxBytes) {
      reader.cancel().catch(ignore);
      break;
    }
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return { body, truncated: size >= maxBytes };
}

/**
 * One GET with the runtime's fetch. The runtime undoes Content-Encoding
 * itself (and chooses Accept-Encoding; a browser also its User-Agent), so
 * only the caller's headers are sent.
 */
export const request: Request = async (url, headers, signal) => {
  let res = await fetch(url, { headers, redirect: browserRedirects ? 'follow' : 'manual', signal });
  if (res.type === 'opaqueredirect') {
    browserRedirects = true;
    res = await fetch(url, { headers, redirect: 'follow', signal });
  }
  const hop: Hop = { status: res.status, headers: res.headers, discard: () => discard(res), read: (maxBytes) => readCapped(res, maxBytes) };
  return hop;
};

/**
 * The runtime resolves host names itself: the policy sees only URLs whose
 * host is an IP address, and the `lookup` option has nothing to replace.
 */
export const connect: Connect = (firstHost, filter) => new AddressPolicy(firstHost, filter);

/**
 * The names iconv-lite gives ISO-8859-1, canonical as it makes them (lower
 * case, a year such as `:1987` dropped, letters and digits only). The WHATWG Encoding Standard reads most of them as
 * windows-1252; they are decoded here as ISO-8859-1, each byte the character
 * of the same code, so the original's default charset gives the same text on
 * every runtime.
 */
const ISO_8859_1 = new Set(['latin1', 'iso88591', 'l1', 'cp819', 'ibm819', 'csisolatin1', 'isoir100', 'binary', '28591', 'cp28591']);

/**
 * Decodes with the runtime's TextDecoder, which knows the WHATWG Encoding
 * Standard's labels (docs/fetching.md lists where they differ from
 * iconv-lite's names); ISO-8859-1 by hand.
 */
export const decodeCharset: DecodeCharset = (bytes, charset, strict, streaming) => {
  if (ISO_8859_1.has(charset.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, ''))) return latin1(bytes);
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(charset, { fatal: strict, ignoreBOM: true });
  } catch {
    // A RangeError: a label the runtime does not know.
    return null;
  }
  try {
    return decoder.decode(bytes, { stream: streaming });
  } catch (invalid) {
    return { invalid };
  }
};
