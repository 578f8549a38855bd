// What a shared store (Keyv) holds for one origin: data, never compiled
// objects, so that any process of any later version can read it or see that
// it cannot. A value that does not decode is ignored and refetched, never
// trusted (docs/many-hosts.md, "Fleets").
import { RobotExclusionRulesParser } from '../parser.js';
import { FETCHED } from '../http/requests.js';
import { RobotsEncodingError, RobotsFetchError, type FetchFailure } from '../errors.js';
import { GYM2008, type Syntax } from '../syntax.js';
import type { StatusPolicy } from '../http/status-policy.js';
import type { RobotsFailure } from './unreachable.js';

/** The version of {@link StoredRobots}; in every key, so that another version's values are never read. */
export const STORE_VERSION = 1;

/**
 * The key prefix of a cache's values. The status policy is part of it: it
 * decides what a 5xx answer means, so caches that differ there keep apart.
 * `RobotRules` databases, whose texts the caller fetched, use `'rules'`.
 */
export function storeKeyPrefix(policy: StatusPolicy | 'rules'): string {
  return `robots.txt:v${STORE_VERSION}:${policy}:`;
}

/** The failure a `'throw'` cache rethrows until it expires, as data. */
export type StoredError =
  | {
      readonly kind: 'fetch';
      readonly message: string;
      readonly url: string;
      readonly responseCode: number;
      readonly reason: FetchFailure;
      readonly retryAfter: number | null;
    }
  | { readonly kind: 'encoding'; readonly message: string; readonly encoding: string };

/** One origin's last outcome, as stored. Times are milliseconds since the epoch, on the writing cache's clock. */
export interface StoredRobots {
  readonly v: typeof STORE_VERSION;
  /** The robots.txt URL fetched. */
  readonly url: string;
  /** The HTTP status of the last answer (0: none came), null when never fetched (RobotRules). */
  readonly code: number | null;
  /** The text the rules were parsed from; one character a byte when `bytes`. */
  readonly text: string;
  readonly bytes: boolean;
  /** When the value was written. */
  readonly fetched: number;
  /** When the rules (or the failure) go stale: the parser's `expirationDate`. */
  readonly expires: number;
  /** True when the rules are those of a successful fetch (they may be served stale, `staleIfError`). */
  readonly good: boolean;
  /** While refetches fail: when the first of them failed. */
  readonly staleSince: number | null;
  /** Under `onServerError: 'throw'`: the failure rethrown until `expires`. */
  readonly error: StoredError | null;
  /** Seconds the server asked to wait (`Retry-After` of a failed answer), or null. */
  readonly retryAfter: number | null;
}

/** An origin's outcome as a cache holds it in memory (see `hosts/cache.ts`). */
export interface HeldEntry {
  /** A parser (fetched, or a policy's stand-in), valid until it expires. */
  readonly parser?: RobotExclusionRulesParser;
  /** True when `parser` holds the rules of a successful fetch. */
  readonly good?: boolean;
  /** While refetches fail: when the first of them failed (milliseconds on the cache's clock). */
  readonly staleSince?: number;
  /** Or, under `'throw'`, the failure to rethrow until `errorUntil` (milliseconds on the cache's clock). */
  readonly error?: RobotsFailure;
  readonly errorUntil?: number;
}

/** The stored form of `entry`, written at `now`. */
export function encodeEntry(entry: HeldEntry, now: number): StoredRobots {
  const { error, parser } = entry;
  if (error !== undefined) {
    const fetch = error instanceof RobotsFetchError;
    return {
      v: STORE_VERSION,
      url: fetch ? error.url : '',
      code: fetch ? error.responseCode : 0,
      text: '',
      bytes: false,
      fetched: now,
      expires: entry.errorUntil ?? now,
      good: false,
      staleSince: null,
      error: fetch
        ? { kind: 'fetch', message: error.message, url: error.url, responseCode: error.responseCode, reason: error.reason, retryAfter: error.retryAfter }
        : { kind: 'encoding', message: error.message, encoding: error.encoding },
      retryAfter: fetch ? error.retryAfter : null,
    };
  }
  const state = parser![FETCHED];
  return {
    v: STORE_VERSION,
    url: state.url,
    code: state.code,
    text: state.text,
    bytes: state.fromBytes,
    fetched: now,
    expires: parser!.expirationDate * 1000,
    good: entry.good === true,
    staleSince: entry.staleSince ?? null,
    error: null,
    retryAfter: null,
  };
}

/** When `entry` stops being an answer (milliseconds): its rules' expiry, or its failure's. */
export function entryExpiry(entry: HeldEntry): number {
  return entry.parser !== undefined ? entry.parser.expirationDate * 1000 : (entry.errorUntil ?? 0);
}

const REASONS: readonly FetchFailure[] = ['status', 'network', 'timeout', 'aborted', 'redirect', 'address'];

/** The object's own value at `key` when it is a plain data object; anything else reads as undefined. */
function field(value: object, key: string): unknown {
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isCode = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 999;
const isNullable = <T>(v: unknown, check: (x: unknown) => x is T): v is T | null => v === null || check(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isSeconds = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The failure stored as `value`, or null when it is not one this version wrote. */
function decodeError(value: unknown): RobotsFailure | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = field(value, 'message');
  if (!isString(message)) return null;
  if (field(value, 'kind') === 'encoding') {
    const encoding = field(value, 'encoding');
    return isString(encoding) ? new RobotsEncodingError(message, encoding) : null;
  }
  const [url, responseCode, reason, retryAfter] = ['url', 'responseCode', 'reason', 'retryAfter'].map((k) => field(value, k));
  if (field(value, 'kind') !== 'fetch' || !isString(url) || !isCode(responseCode) || !REASONS.includes(reason as FetchFailure)) return null;
  if (!isNullable(retryAfter, isSeconds)) return null;
  return new RobotsFetchError(message, { url, responseCode, reason: reason as FetchFailure, retryAfter });
}

/**
 * Checks a value read from the store: the {@link StoredRobots} it is, or null
 * for anything else (another version, a foreign writer, a corrupt or partial
 * value). Never throws.
 */
export function validStored(value: unknown): StoredRobots | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (field(v, 'v') !== STORE_VERSION) return null;
  if (!isString(field(v, 'url')) || !isNullable(field(v, 'code'), isCode) || !isString(field(v, 'text'))) return null;
  if (typeof field(v, 'bytes') !== 'boolean' || typeof field(v, 'good') !== 'boolean') return null;
  if (!isTime(field(v, 'fetched')) || !isTime(field(v, 'expires')) || !isNullable(field(v, 'staleSince'), isTime)) return null;
  if (!isNullable(field(v, 'retryAfter'), isSeconds)) return null;
  // Bytes are stored one character a byte: a wider character is not a value this version wrote.
  if (field(v, 'bytes') === true && /[^\0-\xff]/.test(v.text as string)) return null;
  const error = field(v, 'error');
  if (error !== null && decodeError(error) === null) return null;
  return value as StoredRobots;
}

/**
 * The entry a stored value stands for, with a new parser that sends
 * `userAgent` and answers in `syntax`, or null when the value does not
 * decode ({@link validStored}). Never throws.
 */
export function decodeEntry(value: unknown, syntax: Syntax, userAgent: string | null): HeldEntry | null {
  const stored = validStored(value);
  if (stored === null) return null;
  if (stored.error !== null) return { error: decodeError(stored.error)!, errorUntil: stored.expires };
  // GYM2008, the usual case, passes no options, as fetchWithPolicy does.
  const parser = syntax === GYM2008 ? new RobotExclusionRulesParser() : new RobotExclusionRulesParser({ syntax });
  parser.userAgent = userAgent;
  // A parser's entry is stored with no Retry-After: that is a failed fetch's, stored with its error.
  parser[FETCHED] = { text: stored.text, fromBytes: stored.bytes, url: stored.url, code: stored.code, retryAfter: null };
  parser.expirationDate = stored.expires / 1000;
  const entry: { parser: RobotExclusionRulesParser; good: boolean; staleSince?: number } = { parser, good: stored.good };
  if (stored.staleSince !== null) entry.staleSince = stored.staleSince;
  return entry;
}
