// What fetching needs from its runtime: one HTTP request, and the charsets
// beyond UTF-8 and UTF-16. package.json's "imports" map `#http-platform` to
// platform-node.ts under the `node` condition (node-fetch, zlib, iconv-lite)
// and to platform-web.ts under `browser`, `worker`, `deno` and `default` (the
// runtime's own fetch and TextDecoder), so that a bundle for a browser or a
// worker never meets a `node:` import. Both implement the types below.
import type { AddressFilter, AddressPolicy } from './address.js';
import type { HeaderSource } from './expiry.js';
import type { LookupFunction } from './connect.js';

/** One HTTP answer, its body not yet read. */
export interface Hop {
  readonly status: number;
  readonly headers: HeaderSource;
  /** Drops the body unread; its connection is closed rather than drained. */
  discard(): void;
  /**
   * Reads at most `maxBytes` of the body, its Content-Encoding undone;
   * `truncated` when `maxBytes` were reached. Rejects when the body fails
   * (a connection cut, a compressed body cut short or corrupt).
   */
  read(maxBytes: number, signal?: AbortSignal): Promise<{ body: Uint8Array; truncated: boolean }>;
}

/**
 * Sends one GET of `url` with `headers`, aborted by `signal`, connecting
 * only where `policy` (made by this runtime's {@link Connect}) allows. A
 * redirect is answered as it is (its status and Location) where the runtime
 * lets a caller see it; a browser follows it itself. Rejects on a network
 * failure; `signal` also stops reading the body.
 */
export type Request = (url: string, headers: Readonly<Record<string, string>>, signal: AbortSignal, policy?: AddressPolicy) => Promise<Hop>;

/**
 * The address policy of one fetch (behaviour.md §9.43) as this runtime can
 * enforce it: on Node at every lookup; elsewhere, where the runtime resolves
 * names itself, only for URLs whose host is an IP address.
 */
export type Connect = (firstHost: string, filter: AddressFilter | null, lookup: LookupFunction | null) => AddressPolicy;

/**
 * What {@link DecodeCharset} answers: the text; null when this runtime knows
 * no charset of that name; or, in strict mode, `{ invalid }` when some bytes
 * have no character in it (`invalid` is the decoder's error, if it gave one).
 */
export type Decoded = string | null | { readonly invalid: unknown };

/**
 * Decodes `bytes` in `charset`, a charset other than UTF-8 and UTF-16 (which
 * charset.ts decodes the same way everywhere). Invalid bytes become U+FFFD
 * unless `strict`; with `streaming`, an incomplete last character is dropped.
 */
export type DecodeCharset = (bytes: Uint8Array, charset: string, strict: boolean, streaming: boolean) => Decoded;
