// RobotsCache's options, what its onFetch is told, and their defaults
// (docs/many-hosts.md, "RobotsCache: fetch on demand").
import type { Keyv } from 'keyv';
import type { FetchOptions } from '../http/fetch.js';
import type { RobotsEncodingError, RobotsFetchError } from '../errors.js';
import type { Syntax } from '../syntax.js';
import type { Clock } from '../clock.js';
import type { ServerErrorPolicy } from './unreachable.js';
import type { RobotsLock, StoreErrorEvent } from './shared-store.js';
import { PACING_KEYS, type PacingOptions } from './cache-pacing.js';

/** Options of {@link RobotsCache}. */
export interface RobotsCacheOptions extends PacingOptions {
  /**
   * Sent as the User-Agent header of every fetch, and matched against the
   * records. Required; it must be a valid HTTP header value (no control
   * characters, nothing beyond U+00FF).
   */
  readonly userAgent: string;
  /**
   * The syntax {@link RobotsCache.isAllowed} matches in, and the default
   * syntax of the parsers {@link RobotsCache.get} returns: {@link GYM2008}
   * (default) or any the parser accepts.
   */
  readonly syntax?: Syntax | undefined;
  /** How many origins are kept; the least recently used is dropped first. Default 10,000. */
  readonly maxEntries?: number | undefined;
  /**
   * How many bytes of heap the origins kept may hold, as their parsers
   * estimate it ({@link RobotExclusionRulesParser.estimatedBytes}, plus a
   * little per origin); the least recently used are dropped first, the one
   * just fetched is always kept. Default 64 MiB (67,108,864).
   */
  readonly maxBytes?: number | undefined;
  /**
   * Passed to the parser's `fetch` (timeout, size, redirect, decoding and
   * status policies). Without `statusPolicy`, the RFC 9309 syntax uses
   * `'rfc9309'` and the others `'original'`.
   */
  readonly fetchOptions?: FetchOptions | undefined;
  /** What a failed fetch means; see {@link ServerErrorPolicy}. Default `'disallow'`. */
  readonly onServerError?: ServerErrorPolicy | undefined;
  /**
   * Milliseconds a failed fetch is remembered before the origin is tried
   * again, so a dead host is not asked on every URL. Default 60,000 (one
   * minute). A failure whose error carries a `Retry-After` header's
   * delay ({@link RobotsFetchError.retryAfter}) is remembered that long if
   * it is longer, up to a day (86,400,000 ms), so that a host cannot shut a
   * crawler out for good. Under `statusPolicy: 'rfc9309'` a 5xx is no error
   * (it answers "disallow everything"): its own `Retry-After` counts the
   * same way.
   */
  readonly failureTtl?: number | undefined;
  /**
   * Milliseconds, from the first failed refetch, that the rules of the last
   * successful fetch are still served while refetches fail (a 5xx, a timeout,
   * no answer), before `onServerError` decides. RFC 9309 (section 2.4) lets a crawler keep its
   * cached copy while the robots.txt is unreachable. Each failed refetch is
   * retried after `failureTtl`. Default 30 days (2,592,000,000 ms); 0 applies
   * `onServerError` at the first failure.
   */
  readonly staleIfError?: number | undefined;
  /**
   * Called after each fetch of a robots.txt (not for the caller's aborts or
   * bad options), before the calls waiting for it resume: for logs and
   * metrics. It must not throw.
   */
  readonly onFetch?: ((event: RobotsFetchEvent) => void) | undefined;
  /**
   * A store shared with other caches and processes, or kept across restarts:
   * any Keyv instance (Redis, a file, ...). Each origin's outcome is written
   * there as data, with a time to live from its expiry; a lookup goes memory,
   * then the store, then the network. The store only ever helps: when it
   * fails or holds a value this version cannot read, the cache fetches (see
   * docs/many-hosts.md, "Fleets").
   */
  readonly store?: Keyv | undefined;
  /**
   * With `store`: a lock shared by the fleet, so that one process fetches an
   * origin while the others wait for the stored answer (at most the fetch
   * timeout, then they fetch themselves). `RedisLock` from
   * `robotexclusionrulesparser/redis` is one.
   */
  readonly lock?: RobotsLock | undefined;
  /** Called when the store or the lock fails or takes longer than `storeTimeout`; the lookup goes on without it. It must not throw. */
  readonly onStoreError?: ((event: StoreErrorEvent) => void) | undefined;
  /** Milliseconds one store or lock operation may take before the cache goes on without it. Default 1,000. */
  readonly storeTimeout?: number | undefined;
  /**
   * Where the cache reads the time and waits: whether rules are fresh, how
   * long a failure is remembered and stale rules served, store pauses,
   * waiting for another process's fetch; the expiry of what it fetches
   * counts from it too. Default {@link systemClock}; tests pass one they
   * move by hand (see docs/many-hosts.md, "Time"). The fetch and store
   * timeouts run on real time whatever it says.
   */
  readonly clock?: Clock | undefined;
}

/** What {@link RobotsCacheOptions.onFetch} is told after each fetch of a robots.txt. */
export interface RobotsFetchEvent {
  /** The origin key (see {@link originOf}), e.g. `https://example.com`. */
  readonly origin: string;
  /** The robots.txt URL fetched. */
  readonly robotsUrl: string;
  /** The HTTP status of the last answer, 0 when no complete answer came. */
  readonly responseCode: number;
  /**
   * True when no robots.txt could be had: the fetch threw, or answered a 5xx
   * status or nothing with rules of its own status policy (`'rfc9309'`). Its
   * outcome is kept `failureTtl` milliseconds.
   */
  readonly failed: boolean;
  /** The error the fetch threw, if it did. */
  readonly error: RobotsFetchError | RobotsEncodingError | null;
}

/** The default of {@link RobotsCacheOptions.staleIfError}: 30 days, in milliseconds. */
export const DEFAULT_STALE_IF_ERROR = 30 * 24 * 3600 * 1000;

/** Every key of {@link RobotsCacheOptions}. */
export const CACHE_KEYS = [
  'userAgent',
  'syntax',
  'maxEntries',
  'maxBytes',
  'fetchOptions',
  'onServerError',
  'failureTtl',
  'staleIfError',
  'onFetch',
  'store',
  'lock',
  'onStoreError',
  'storeTimeout',
  'clock',
  ...PACING_KEYS,
] as const;
