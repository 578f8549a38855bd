// The Ruby gem's module API (Robotstxt.get, .parse, .get_allowed?): one call
// from a URL and a user agent to a parser or an answer.
import { checkCount, checkDuration } from '../http/fetch.js';
import { RobotExclusionRulesParser } from '../parser.js';
import { InvalidOriginError, robotsTxtUrl } from '../hosts/origin.js';
import { checkSyntax, GYM2008, type Syntax } from '../syntax.js';
import { checkServerErrorPolicy, DEFAULT_FAILURE_TTL, fetchWithPolicy, statusPolicyFor, type ServerErrorPolicy } from '../hosts/unreachable.js';

/** Options of {@link get}, named as in the Ruby gem. */
export interface GetOptions {
  /** How many redirects to follow before giving up. Default 5. */
  readonly numRedirects?: number;
  /** Seconds to wait for the robots.txt. Default 10. */
  readonly httpTimeout?: number;
  /** What a failed fetch means; see {@link ServerErrorPolicy}. Default `'disallow'` (the gem allows). */
  readonly onServerError?: ServerErrorPolicy;
  /** Aborts the fetch; an abort always rejects. */
  readonly signal?: AbortSignal;
  /** The syntax the answer uses ({@link getAllowed}) and the fetch's status policy follows. Default {@link GYM2008}. */
  readonly syntax?: Syntax;
}

/**
 * Fetches the robots.txt of the origin of `url` and returns the parser
 * holding it, as the Ruby gem's `Robotstxt.get`: only scheme, host and port
 * of `url` are used, the path is always `/robots.txt`. `userAgent` is sent as
 * the User-Agent header and kept as the parser's `userAgent`.
 * @throws InvalidOriginError (a TypeError) when `url` is not an absolute
 *   http(s) URL; RangeError for a bad option; with `onServerError: 'throw'`,
 *   the fetch's typed error.
 */
export async function get(url: string | URL, userAgent: string, options: GetOptions = {}): Promise<RobotExclusionRulesParser> {
  const robotsUrl = robotsTxtUrl(url);
  if (robotsUrl === null) throw new InvalidOriginError(url);
  const policy = checkServerErrorPolicy(options.onServerError ?? 'disallow');
  // Checked here, so that a bad value is named as the gem names it.
  const fetchOptions = {
    maxRedirects: checkCount('numRedirects', options.numRedirects ?? 5),
    timeout: checkDuration('httpTimeout', options.httpTimeout ?? 10, 'seconds') * 1000,
    statusPolicy: statusPolicyFor(checkSyntax(options.syntax ?? GYM2008)),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const { parser, error } = await fetchWithPolicy(robotsUrl, userAgent, fetchOptions, policy, DEFAULT_FAILURE_TTL);
  if (error !== null && policy === 'throw') throw error;
  return parser;
}

/**
 * A parser holding `text`, with `userAgent` as its `userAgent`: the Ruby
 * gem's `Robotstxt.parse`. Never throws, whatever the text.
 */
export function parseRobotsTxt(text: string | Uint8Array, userAgent: string): RobotExclusionRulesParser {
  const parser = new RobotExclusionRulesParser();
  parser.userAgent = userAgent;
  parser.parse(text);
  return parser;
}

/**
 * Whether `userAgent` may fetch `url`, from the robots.txt of its origin,
 * fetched for this call: the Ruby gem's `Robotstxt.get_allowed?`. For many
 * URLs, a {@link RobotsCache} fetches each origin once.
 * @throws as {@link get}.
 */
export async function getAllowed(url: string | URL, userAgent: string, options: GetOptions = {}): Promise<boolean> {
  const parser = await get(url, userAgent, options);
  return parser.isAllowed(userAgent, url, options.syntax ?? GYM2008);
}

/**
 * The three functions under the Ruby gem's names, for `Robotstxt.get(...)`,
 * `Robotstxt.parse(...)` and `Robotstxt.getAllowed(...)`.
 */
export const Robotstxt: {
  /** {@link get}: `Robotstxt.get`. */
  readonly get: typeof get;
  /** {@link parseRobotsTxt}: `Robotstxt.parse`. */
  readonly parse: typeof parseRobotsTxt;
  /** {@link getAllowed}: `Robotstxt.get_allowed?`. */
  readonly getAllowed: typeof getAllowed;
} = Object.freeze({ get, parse: parseRobotsTxt, getAllowed });
