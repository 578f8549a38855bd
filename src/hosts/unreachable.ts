// One fetch of an origin's robots.txt, and what a failed one means: shared by
// RobotsCache and the Ruby-style module functions.
import { RobotExclusionRulesParser } from '../parser.js';
import { FETCHED } from '../http/requests.js';
import { fetchSettings, type FetchOptions, type FetchSettings } from '../http/fetch.js';
import { SEVEN_DAYS } from '../http/expiry.js';
import { systemClock, type Clock } from '../clock.js';
import { DISALLOW_ALL, type StatusPolicy } from '../http/status-policy.js';
import { RobotsEncodingError, RobotsFetchError } from '../errors.js';
import { GYM2008, RFC9309, type Syntax } from '../syntax.js';

/**
 * What a robots.txt that cannot be fetched means (an error status the fetch's
 * status policy does not handle, e.g. 5xx; a timeout; a network error; an
 * undecodable body):
 * - `'disallow'`: nothing may be crawled, RFC 9309's rule for an unreachable
 *   robots.txt (section 2.3.1.4). The default.
 * - `'allow'`: everything may be crawled, as the Ruby gem and Perl's LWP do.
 * - `'throw'`: the typed error ({@link RobotsFetchError} or
 *   {@link RobotsEncodingError}) is thrown to the caller.
 *
 * Under the `'rfc9309'` status policy (the RFC 9309 syntax's default), the
 * fetch itself answers 5xx and network failures with "disallow everything",
 * so the policy only sees what still throws there (an undecodable body).
 */
export type ServerErrorPolicy = 'disallow' | 'allow' | 'throw';

/** Every {@link ServerErrorPolicy}, for option checks. */
export const SERVER_ERROR_POLICIES: readonly ServerErrorPolicy[] = ['disallow', 'allow', 'throw'];

/** The fetch status policy that goes with a syntax: RFC 9309's own for RFC 9309, the original's otherwise. */
export function statusPolicyFor(syntax: Syntax): StatusPolicy {
  return syntax === RFC9309 ? 'rfc9309' : 'original';
}

/** A fetch failure a policy decides about. */
export type RobotsFailure = RobotsFetchError | RobotsEncodingError;

/** Whether `error` is a failure {@link ServerErrorPolicy} decides about: not a bug, not the caller's own abort. */
export function isPolicyFailure(error: unknown): error is RobotsFailure {
  if (error instanceof RobotsFetchError) return error.reason !== 'aborted';
  return error instanceof RobotsEncodingError;
}

/**
 * Milliseconds a failed fetch's outcome is kept by default (one minute):
 * {@link RobotsCache}'s `failureTtl`, and the expiry of the stand-in parser
 * `get` returns.
 */
export const DEFAULT_FAILURE_TTL = 60_000;

/**
 * The longest a `Retry-After` header keeps a failed origin from being asked
 * again, in milliseconds: one day. A longer value (or an HTTP date further
 * off) is read as this, so that a host cannot shut a crawler out for good.
 */
export const MAX_RETRY_AFTER = 24 * 3600 * 1000;

/**
 * Milliseconds before an origin whose fetch failed is asked again:
 * `failureTtl`, or longer when the answer's `Retry-After` header asked for
 * `retryAfter` seconds (at most {@link MAX_RETRY_AFTER}).
 */
export function failurePause(retryAfter: number | null, failureTtl: number): number {
  return Math.max(failureTtl, retryAfter === null ? 0 : Math.min(retryAfter * 1000, MAX_RETRY_AFTER));
}

/** The `Retry-After` seconds of a failure: a thrown error's, or those of a 5xx that `'rfc9309'` answered (behaviour.md §9.44). */
function retryAfterOf(error: RobotsFailure | null, parser: RobotExclusionRulesParser): number | null {
  if (error === null) return parser[FETCHED].retryAfter;
  return 'retryAfter' in error ? error.retryAfter : null;
}

/** The robots.txt texts a policy stands in with. */
const STAND_IN: Record<'allow' | 'disallow', string> = { allow: '', disallow: DISALLOW_ALL };

/** What {@link fetchWithPolicy} got. */
export interface PolicyFetch {
  /** The fetched rules, or the policy's stand-in (empty under `'throw'`). */
  readonly parser: RobotExclusionRulesParser;
  /**
   * True when the robots.txt could not be had: the fetch threw (the parser is
   * the policy's stand-in), or it answered a 5xx status or no answer at all
   * with rules of its own status policy (`'rfc9309'`: disallow everything).
   */
  readonly failed: boolean;
  /** The error the fetch threw, when it did. */
  readonly error: RobotsFailure | null;
  /** The `Retry-After` seconds of the failed answer (its error's, or a 5xx's under `'rfc9309'`), or null. */
  readonly retryAfter: number | null;
}

/**
 * Fetches `robotsUrl` into a new parser that sends `userAgent` and answers
 * calls naming no syntax in `syntax` (the cache's or call's). When the
 * fetch throws a {@link RobotsFailure}, `error` holds it and the parser
 * stands in as `policy` says: no rules (`'allow'`), `Disallow: /` for every
 * agent (`'disallow'`), or nothing (`'throw'`: the caller throws `error`);
 * it keeps the `sourceUrl` and `responseCode` of the attempt. A failed
 * fetch's parser expires after `failureTtl` milliseconds at the latest, so
 * that the origin is tried again soon, but not at once. Every expiry counts
 * from `clock`'s time, the fetch's own included.
 * @throws any error that is not a {@link RobotsFailure} (InvalidArgumentError,
 *   InvalidUrlError, the caller's abort).
 */
export async function fetchWithPolicy(
  robotsUrl: string,
  userAgent: string,
  options: FetchOptions,
  policy: ServerErrorPolicy,
  failureTtl: number,
  syntax: Syntax,
  clock: Clock = systemClock,
): Promise<PolicyFetch> {
  // Checked before the parser is made, as the parser's fetch checks them, with the same default policy.
  const settings = fetchSettings(options.statusPolicy === undefined ? { ...options, statusPolicy: statusPolicyFor(syntax) } : options);
  // GYM2008, the usual case, passes no options: a parser per origin stays cheap to make.
  const parser = syntax === GYM2008 ? new RobotExclusionRulesParser() : new RobotExclusionRulesParser({ syntax });
  parser.userAgent = userAgent;
  // Its default expiry, which a stand-in keeps, on the clock too.
  parser.expirationDate = clock.now() / 1000 + SEVEN_DAYS;
  let error: RobotsFailure | null = null;
  try {
    await fetchInto(parser, robotsUrl, { ...settings, clock });
  } catch (thrown) {
    if (!isPolicyFailure(thrown)) throw thrown;
    error = thrown;
    if (policy !== 'throw') parser.parse(STAND_IN[policy]);
  }
  const code = parser.responseCode ?? 0;
  const failed = error !== null || code === 0 || code >= 500;
  const retryAfter = failed ? retryAfterOf(error, parser) : null;
  if (failed) {
    // A 5xx's own expiry is its Retry-After under 'rfc9309': the pause, which is never shorter than failureTtl, replaces it.
    const until = (clock.now() + failurePause(retryAfter, failureTtl)) / 1000;
    parser.expirationDate = retryAfter !== null ? until : Math.min(parser.expirationDate, until);
  }
  return { parser, failed, error, retryAfter };
}

/**
 * The parser's `fetch` with settings already checked: its protected
 * `fetchWith`, which the lookalike adapter calls as a subclass. Settings,
 * unlike options, carry the clock the fetch's expiry counts from.
 */
function fetchInto(parser: RobotExclusionRulesParser, url: string, settings: FetchSettings): Promise<void> {
  return (parser as unknown as { fetchWith(url: string, settings: FetchSettings): Promise<void> }).fetchWith(url, settings);
}
