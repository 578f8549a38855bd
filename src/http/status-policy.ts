// What an HTTP answer (or its absence) means for the rules: the original's policy and RFC 9309's.
import type { FetchFailure } from '../errors.js';
import type { DecodeErrorMode } from './charset.js';
import { ONE_DAY, SEVEN_DAYS } from './expiry.js';

/**
 * How `fetch` treats HTTP statuses and failures:
 * - `'original'` (default): as the Python original (behaviour.md §5). 2xx is parsed;
 *   401/403 disallow everything; 404 allows everything; anything else throws.
 * - `'rfc9309'`: as RFC 9309 section 2.3.1. 2xx is parsed (UTF-8 unless the
 *   Content-Type charset says otherwise; a body that is not valid UTF-8 as
 *   its bytes, as the reference parser reads it); any other 4xx allows everything;
 *   5xx, a network failure or a timeout disallows everything; more redirects
 *   than allowed counts as "unavailable" (allow everything); nothing but a
 *   decoding error or the caller's own abort throws (a bad URL or bad
 *   options throw before any request, under either policy). At least
 *   500 KiB is read and the rules expire after at most 24 hours.
 */
export type StatusPolicy = 'original' | 'rfc9309';

/**
 * The policies `fetch` applies: the public ones, and `'urllib'`, which only
 * `RobotFileParserLookalike.read` uses (behaviour.md §9.34): a 2xx body is
 * decoded as UTF-8 whatever the headers say, as urllib.robotparser's `read`
 * decodes it, and every other status throws, for the lookalike to read as
 * urllib does. @internal
 */
export type PolicyName = StatusPolicy | 'urllib';

/** What to do with an answer: parse the body, use a fixed rule set, or throw. */
export type Outcome = 'parse' | 'allow-all' | 'disallow-all' | 'fail';

/** The per-policy defaults and limits. */
export interface PolicyDefaults {
  /** Charset when neither a byte-order mark nor Content-Type gives one. */
  readonly charset: string;
  /** Default `maxBytes`. */
  readonly maxBytes: number;
  /** Lifetime in seconds when the headers give none (and for non-2xx answers). */
  readonly lifetime: number;
  /** Longest lifetime in seconds, whatever the headers say. */
  readonly maxLifetime: number;
  /** Default `onDecodeError`. */
  readonly onDecodeError: DecodeErrorMode;
  /** True when the body is UTF-8 whatever a byte-order mark or Content-Type says, the mark kept (urllib's `raw.decode("utf-8")`). */
  readonly utf8Only: boolean;
}

/** What each status policy assumes when the caller's options say nothing (docs/fetching.md). */
export const POLICY_DEFAULTS: Readonly<Record<PolicyName, PolicyDefaults>> = {
  // ISO-8859-1 is HTTP/1.1's (RFC 2616) default for text; 100 KiB is the original's cap.
  original: { charset: 'iso-8859-1', maxBytes: 100 * 1024, lifetime: SEVEN_DAYS, maxLifetime: Infinity, onDecodeError: 'throw', utf8Only: false },
  // A file that is not valid UTF-8 is read as bytes, as the RFC 9309 reference parser reads every file.
  rfc9309: { charset: 'utf-8', maxBytes: 500 * 1024, lifetime: ONE_DAY, maxLifetime: ONE_DAY, onDecodeError: 'bytes', utf8Only: false },
  // urllib.robotparser: `raw.decode("utf-8")`, strict; the lookalike's own cap, as under 'original'.
  urllib: { charset: 'utf-8', maxBytes: 100 * 1024, lifetime: SEVEN_DAYS, maxLifetime: Infinity, onDecodeError: 'throw', utf8Only: true },
};

/** The robots.txt text standing for "disallow everything" (the original's 401/403 answer). */
export const DISALLOW_ALL = 'User-agent: *\nDisallow: /';

/** What an HTTP status that is not a followed redirect means under `policy`. */
export function statusOutcome(policy: PolicyName, status: number): Outcome {
  if (status >= 200 && status <= 299) return 'parse';
  // The lookalike reads every other status itself, as urllib does (behaviour.md §9.34).
  if (policy === 'urllib') return 'fail';
  if (policy === 'original') {
    if (status === 401 || status === 403) return 'disallow-all';
    return status === 404 ? 'allow-all' : 'fail';
  }
  // RFC 9309: 4xx "unavailable", 5xx "unreachable"; an unfollowable 3xx is unavailable too.
  return status >= 500 ? 'disallow-all' : 'allow-all';
}

/** What a failure to get a usable answer means under `policy`. */
export function failureOutcome(policy: PolicyName, reason: FetchFailure): Outcome {
  if (policy !== 'rfc9309') return 'fail';
  switch (reason) {
    case 'network':
    case 'timeout':
      return 'disallow-all';
    case 'redirect':
      return 'allow-all';
    default:
      // The caller's own abort, or its own address policy refusing the host:
      // nothing was learnt about the site.
      return 'fail';
  }
}
