// The HTTP side of `fetch`: one GET, redirects followed by hand, body cut at maxBytes.
// The runtime's part (the request itself, reading the body) is #http-platform: see platform.ts.
import { connect, request } from '#http-platform';
import { decodeBody, type DecodeErrorMode } from './charset.js';
import { RobotsEncodingError, RobotsFetchError, type FetchFailure, type RobotsError } from '../errors.js';
import { invalidUrl, OptionReader } from '../options.js';
import { expirationFromHeaders, retryAfterSeconds, type HeaderSource } from './expiry.js';
import { systemClock, type Clock } from '../clock.js';
import { DISALLOW_ALL, failureOutcome, POLICY_DEFAULTS, statusOutcome, type PolicyName, type StatusPolicy } from './status-policy.js';
import { describeRefusal, type AddressFilter } from './address.js';
import type { LookupFunction } from './connect.js';

/** Options of {@link RobotExclusionRulesParser.fetch}. */
export interface FetchOptions {
  /**
   * Milliseconds for the whole request, redirects, body and its decompression
   * included. Default 10,000 (the original has none).
   */
  timeout?: number | undefined;
  /**
   * Aborts the request, its body's decompression included; the fetch then
   * throws a {@link RobotsFetchError} with reason `'aborted'`.
   */
  signal?: AbortSignal | undefined;
  /**
   * Bytes of body read at most; the rest is never downloaded. Default 100 KiB
   * (the original's cap), or 500 KiB under `statusPolicy: 'rfc9309'`.
   */
  maxBytes?: number | undefined;
  /** Redirects followed at most (301, 302, 303, 307, 308). Default 5. */
  maxRedirects?: number | undefined;
  /**
   * Bytes invalid in the charset: `'throw'` a {@link RobotsEncodingError} (the
   * original's behaviour, default), `'replace'` them with U+FFFD, or, for a
   * body that is not valid UTF-8, parse its `'bytes'` as they are (the
   * default under `statusPolicy: 'rfc9309'`); see {@link DecodeErrorMode}.
   */
  onDecodeError?: DecodeErrorMode | undefined;
  /** How statuses and failures are treated; see {@link StatusPolicy}. Default `'original'`. */
  statusPolicy?: StatusPolicy | undefined;
  /**
   * Which addresses the fetch may connect to, for the URL given and every
   * redirect: called with each address a host resolves to, before
   * connecting; see {@link AddressFilter}. `isPublicAddress` refuses
   * loopback, private, link-local and other non-public addresses. A refusal
   * throws a {@link RobotsFetchError} with reason `'address'`. By default the
   * URL given may resolve to any address, but a redirect to another host may
   * not lead to an address `isPublicAddress` refuses.
   */
  allowAddress?: AddressFilter | undefined;
  /**
   * Resolves host names (`dns.lookup` by default): a caching resolver, say.
   * The addresses it gives go through `allowAddress`; see {@link LookupFunction}.
   */
  lookup?: LookupFunction | undefined;
}

/**
 * The default `timeout`: 10 seconds, for `fetch`, `RobotsCache`, the Ruby-style
 * functions, the Python facade and the `rerp` command alike (behaviour.md §9.21).
 */
export const DEFAULT_TIMEOUT = 10_000;

/** Fetch options with defaults applied and values checked. */
export interface FetchSettings {
  readonly timeout: number;
  readonly signal: AbortSignal | null;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  readonly onDecodeError: DecodeErrorMode;
  readonly statusPolicy: PolicyName;
  readonly allowAddress: AddressFilter | null;
  readonly lookup: LookupFunction | null;
  /**
   * The clock the expiry of what is fetched counts from: the system's, or a
   * cache's `clock`. Not an option of `fetch`. @internal
   */
  readonly clock: Clock;
}

/** Every key of {@link FetchOptions}. @internal */
export const FETCH_KEYS = ['timeout', 'signal', 'maxBytes', 'maxRedirects', 'onDecodeError', 'statusPolicy', 'allowAddress', 'lookup'] as const;

/**
 * Checks fetch options and fills in defaults.
 * @param owner The API, as messages name it: `fetch option timeout`.
 * @param path For options nested in another's, that option's name:
 *   `RobotsCache option fetchOptions.timeout`.
 * @throws InvalidArgumentError naming the bad option: a bad value, an
 *   unknown key, or options that are not an object.
 */
export function fetchSettings(options?: unknown, owner = 'fetch', path = ''): FetchSettings {
  const o = new OptionReader(owner, options, FETCH_KEYS, path);
  const statusPolicy = o.oneOf('statusPolicy', ['original', 'rfc9309'] as const, 'original');
  const defaults = POLICY_DEFAULTS[statusPolicy];
  return {
    timeout: o.duration('timeout', DEFAULT_TIMEOUT),
    signal: o.signal('signal'),
    maxBytes: o.integer('maxBytes', 0, defaults.maxBytes),
    maxRedirects: o.integer('maxRedirects', 0, 5),
    onDecodeError: o.oneOf('onDecodeError', ['throw', 'replace', 'bytes'] as const, defaults.onDecodeError),
    statusPolicy,
    allowAddress: o.callback<AddressFilter>('allowAddress') ?? null,
    lookup: o.callback<LookupFunction>('lookup') ?? null,
    clock: systemClock,
  };
}

/**
 * Whether two checked fetch options ask for the same request: every value
 * equal, the signal, the clock (and any function) the same object.
 */
export function sameSettings(a: FetchSettings, b: FetchSettings): boolean {
  return a.clock === b.clock && FETCH_KEYS.every((key) => a[key] === b[key]);
}

/**
 * `url` as `fetch` requests it, when it is an absolute http(s) URL.
 * @throws InvalidUrlError for anything else.
 */
export function fetchUrl(url: unknown): string {
  const href = String(url);
  if (httpUrl(href) === null) throw invalidUrl(href);
  return href;
}

/** The final (non-redirect) HTTP answer, body read only for 2xx. */
interface Answer {
  readonly status: number;
  readonly headers: HeaderSource;
  readonly body: Uint8Array;
  readonly truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The longest delay setTimeout holds (about 24.8 days); beyond it Node fires after 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `value` (resolved against `base`) as an http(s) URL to request, or null.
 * User info (`user:pass@`) is dropped: a robots.txt belongs to its host
 * whoever asks, and node-fetch refuses URLs that carry credentials.
 */
function httpUrl(value: string, base?: string): URL | null {
  let url: URL;
  try {
    url = base === undefined ? new URL(value) : new URL(value, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.username = '';
  url.password = '';
  return url;
}

/** Per caller's signal, the fetches waiting on it: one listener serves them all. */
const watchers = new WeakMap<AbortSignal, { readonly listener: () => void; readonly callbacks: Set<() => void> }>();

/**
 * Calls `onAbort` when `signal` aborts, until the returned function is
 * called. A crawler may share one signal among many fetches at once: one
 * listener per signal, removed with the last fetch, keeps Node from warning
 * of a listener leak past ten.
 */
function watchAbort(signal: AbortSignal, onAbort: () => void): () => void {
  let watcher = watchers.get(signal);
  if (watcher === undefined) {
    const callbacks = new Set<() => void>();
    const listener = (): void => {
      for (const callback of [...callbacks]) callback();
    };
    signal.addEventListener('abort', listener);
    watchers.set(signal, (watcher = { listener, callbacks }));
  }
  const { listener, callbacks } = watcher;
  callbacks.add(onAbort);
  return () => {
    callbacks.delete(onAbort);
    if (callbacks.size === 0 && watchers.get(signal) === watcher) {
      signal.removeEventListener('abort', listener);
      watchers.delete(signal);
    }
  };
}

/**
 * GETs `url`, following up to `maxRedirects` redirects, and reads a 2xx body
 * up to `maxBytes`. The timeout and the caller's signal cover the whole of it.
 * @throws RobotsFetchError for every way of not getting a final answer.
 */
async function get(url: string, userAgent: string | null, s: FetchSettings): Promise<Answer> {
  const fail = (reason: FetchFailure, responseCode: number, message: string, cause?: unknown): RobotsFetchError =>
    new RobotsFetchError(message, { url, responseCode, reason, cause });

  let current = httpUrl(url);
  if (current === null) throw invalidUrl(url);

  const master = new AbortController();
  // Set by stop() from callbacks: declared wide so that the checks after an await are not narrowed to null.
  let stopped = null as 'timeout' | 'aborted' | null;
  const stop = (why: 'timeout' | 'aborted'): void => {
    stopped ??= why;
    master.abort();
  };
  const onAbort = (): void => stop('aborted');
  const timer = setTimeout(stop, Math.min(s.timeout, MAX_TIMER_MS), 'timeout');
  const unwatch = s.signal === null ? null : watchAbort(s.signal, onAbort);
  if (s.signal?.aborted) stop('aborted');

  const headers: Record<string, string> = {};
  if (userAgent) headers['User-Agent'] = userAgent;
  const seen = new Set([current.href]);
  // Every connection, redirects included, goes where the address policy allows (behaviour.md §9.43).
  const guard = connect(current.hostname, s.allowAddress, s.lookup);
  let lastStatus = 0;
  const refused = (): RobotsFetchError => {
    const refusal = guard.refusal!;
    return fail('address', lastStatus, `Cannot fetch robots.txt from ${url}: ${describeRefusal(refusal)}`, refusal.cause);
  };
  try {
    for (let redirects = 0; ; redirects++) {
      // One controller per request, unlinked once it is done with: node-fetch
      // reacts to an abort of a finished request by erroring its dropped body.
      const hop = new AbortController();
      const link = (): void => hop.abort();
      master.signal.addEventListener('abort', link);
      if (master.signal.aborted) hop.abort();
      try {
        if (!guard.allowsLiteral(current)) throw refused();
        const res = await request(current.href, headers, hop.signal, guard);
        const status = (lastStatus = res.status);
        const location = res.headers.get('location');
        if (REDIRECTS.has(status) && location !== null) {
          res.discard();
          const next = httpUrl(location, current.href);
          if (next === null)
            throw fail('redirect', status, `Cannot fetch robots.txt from ${url}: redirect to ${JSON.stringify(location)} is not an http(s) URL`);
          if (seen.has(next.href)) throw fail('redirect', status, `Cannot fetch robots.txt from ${url}: redirect loop at ${next.href}`);
          if (redirects >= s.maxRedirects) throw fail('redirect', status, `Cannot fetch robots.txt from ${url}: more than ${s.maxRedirects} redirects`);
          seen.add(next.href);
          current = next;
          continue;
        }
        if (status < 200 || status > 299) {
          res.discard();
          return { status, headers: res.headers, body: new Uint8Array(0), truncated: false };
        }
        const { body, truncated } = await res.read(s.maxBytes, master.signal);
        // Stopped as the last chunk came: the deadline has passed, the caller has gone.
        if (stopped !== null) throw new Error('stopped');
        return { status, headers: res.headers, body, truncated };
      } finally {
        master.signal.removeEventListener('abort', link);
      }
    }
  } catch (error) {
    if (error instanceof RobotsFetchError) throw error;
    if (guard.refusal !== null) throw refused();
    if (stopped === 'timeout') throw fail('timeout', 0, `Cannot fetch robots.txt from ${url}: no complete answer within ${s.timeout} ms`, error);
    if (stopped === 'aborted') throw fail('aborted', 0, `Fetching robots.txt from ${url} was aborted`, s.signal?.reason ?? error);
    // node-fetch words its errors "request to URL failed, reason: ..."; keep the reason.
    const why = (error instanceof Error ? error.message : String(error)).replace(/^request to .* failed, reason: /, '');
    const at = current.href === url ? '' : ` (at ${current.href})`;
    throw fail('network', 0, `Cannot fetch robots.txt from ${url}${at}: ${why}`, error);
  } finally {
    clearTimeout(timer);
    unwatch?.();
    guard.destroy();
  }
}

/** The result of a fetch: text to parse and its expiry, or the error to throw. */
export type FetchResult =
  | { readonly responseCode: number; readonly text: string | Uint8Array; readonly expirationDate: number; readonly retryAfter?: number | null }
  | { readonly responseCode: number; readonly error: RobotsError };

/**
 * Fetches a robots.txt and applies the status policy: returns the text the
 * parser should parse (the body, or a fixed allow-all / disallow-all text)
 * with its expiry, or the error the parser should throw. Rejects only with
 * an InvalidUrlError, for a URL {@link fetchUrl} would have refused.
 */
export async function fetchRobotsTxt(url: string, userAgent: string | null, s: FetchSettings): Promise<FetchResult> {
  const policy = POLICY_DEFAULTS[s.statusPolicy];
  const expiring = (now: number, lifetime: number): number => Math.min(lifetime, now + policy.maxLifetime);
  let answer: Answer;
  try {
    answer = await get(url, userAgent, s);
  } catch (error) {
    if (!(error instanceof RobotsFetchError)) throw error;
    const e = error;
    const outcome = failureOutcome(s.statusPolicy, e.reason);
    if (outcome === 'fail') return { responseCode: e.responseCode, error: e };
    const now = s.clock.now() / 1000;
    return { responseCode: e.responseCode, text: outcome === 'allow-all' ? '' : DISALLOW_ALL, expirationDate: expiring(now, now + policy.lifetime) };
  }

  const { status } = answer;
  const now = s.clock.now() / 1000;
  switch (statusOutcome(s.statusPolicy, status)) {
    case 'parse':
      try {
        const text = decodeBody(answer.body, answer.headers.get('content-type'), {
          defaultCharset: policy.charset,
          onDecodeError: s.onDecodeError,
          truncated: answer.truncated,
          source: url,
          charsetOnly: policy.utf8Only,
        });
        return { responseCode: status, text, expirationDate: expiring(now, expirationFromHeaders(answer.headers, now, policy.lifetime)) };
      } catch (error) {
        if (error instanceof RobotsEncodingError) return { responseCode: status, error };
        throw error;
      }
    case 'allow-all':
      return { responseCode: status, text: '', expirationDate: expiring(now, now + policy.lifetime) };
    case 'disallow-all': {
      // A 5xx under 'rfc9309' (an "unreachable" file) holds until its Retry-After, when it has one (behaviour.md §9.44).
      const retryAfter = status >= 500 ? retryAfterSeconds(answer.headers.get('retry-after'), now) : null;
      return { responseCode: status, text: DISALLOW_ALL, expirationDate: expiring(now, now + (retryAfter ?? policy.lifetime)), retryAfter };
    }
    case 'fail':
      return {
        responseCode: status,
        error: new RobotsFetchError(`Cannot use robots.txt from ${url}: HTTP ${status}`, {
          url,
          responseCode: status,
          reason: 'status',
          retryAfter: retryAfterSeconds(answer.headers.get('retry-after'), now),
        }),
      };
  }
}
