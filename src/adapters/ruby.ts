// The Ruby gem's module API (Robotstxt.get, .parse, .get_allowed?): one call
// from a URL and a user agent to a parser or an answer.
import { RobotExclusionRulesParser } from '../parser.js';
import { DEFAULT_TIMEOUT } from '../http/fetch.js';
import type { AddressFilter } from '../http/address.js';
import type { LookupFunction } from '../http/connect.js';
import { robotsTxtUrl } from '../hosts/origin.js';
import { checkHeaderValue, invalidUrl, OptionReader } from '../options.js';
import type { Syntax } from '../syntax.js';
import { defaultSyntax } from '../parser-options.js';
import { DEFAULT_FAILURE_TTL, fetchWithPolicy, SERVER_ERROR_POLICIES, statusPolicyFor, type ServerErrorPolicy } from '../hosts/unreachable.js';

/** Options of {@link get}, named as in the Ruby gem. */
export interface GetOptions {
  /** How many redirects to follow before giving up. Default 5. */
  readonly numRedirects?: number | undefined;
  /**
   * Milliseconds to wait for the robots.txt, redirects and body included.
   * Default 10,000. The gem counts this option in seconds; this package
   * counts every duration option in milliseconds.
   */
  readonly httpTimeout?: number | undefined;
  /** What a failed fetch means; see {@link ServerErrorPolicy}. Default `'disallow'` (the gem allows). */
  readonly onServerError?: ServerErrorPolicy | undefined;
  /** Aborts the fetch; an abort always rejects. */
  readonly signal?: AbortSignal | undefined;
  /**
   * The syntax the answer uses ({@link getAllowed}), the default syntax of
   * the parser {@link get} returns, and the one the fetch's status policy
   * follows. Default {@link GYM2008}.
   */
  readonly syntax?: Syntax | undefined;
  /** Which addresses the fetch may connect to, as the fetch option of that name; e.g. {@link isPublicAddress}. */
  readonly allowAddress?: AddressFilter | undefined;
  /** Resolves host names, as the fetch option of that name. */
  readonly lookup?: LookupFunction | undefined;
}

/** Every key of {@link GetOptions}. */
const GET_KEYS = ['numRedirects', 'httpTimeout', 'onServerError', 'signal', 'syntax', 'allowAddress', 'lookup'] as const;

/**
 * Fetches the robots.txt of the origin of `url` and returns the parser
 * holding it, as the Ruby gem's `Robotstxt.get`: only scheme, host and port
 * of `url` are used, the path is always `/robots.txt`. `userAgent` is sent as
 * the User-Agent header and kept as the parser's `userAgent`.
 * @throws InvalidUrlError when `url` is not an absolute http(s) URL;
 *   InvalidArgumentError for bad options or a `userAgent` that is not a
 *   valid HTTP header value; with `onServerError: 'throw'`, the fetch's
 *   typed error.
 */
export async function get(url: string | URL, userAgent: string, options?: GetOptions): Promise<RobotExclusionRulesParser> {
  return (await load('get', url, userAgent, options)).parser;
}

/** {@link get}, with messages naming `owner`'s options, and the syntax it was called with. */
async function load(
  owner: string,
  url: string | URL,
  userAgent: string,
  options: GetOptions | undefined,
): Promise<{ parser: RobotExclusionRulesParser; syntax: Syntax }> {
  const robotsUrl = robotsTxtUrl(url);
  if (robotsUrl === null) throw invalidUrl(url);
  checkHeaderValue(userAgent, 'userAgent', 'userAgent');
  // Checked here, so that a bad value is named as the gem names it.
  const o = new OptionReader(owner, options, GET_KEYS);
  const policy = o.oneOf('onServerError', SERVER_ERROR_POLICIES, 'disallow');
  const syntax = defaultSyntax(o);
  const signal = o.signal('signal');
  const allowAddress = o.callback<AddressFilter>('allowAddress');
  const lookup = o.callback<LookupFunction>('lookup');
  const fetchOptions = {
    maxRedirects: o.integer('numRedirects', 0, 5),
    timeout: o.duration('httpTimeout', DEFAULT_TIMEOUT),
    statusPolicy: statusPolicyFor(syntax),
    ...(signal === null ? {} : { signal }),
    ...(allowAddress === undefined ? {} : { allowAddress }),
    ...(lookup === undefined ? {} : { lookup }),
  };
  const { parser, error } = await fetchWithPolicy(robotsUrl, userAgent, fetchOptions, policy, DEFAULT_FAILURE_TTL, syntax);
  if (error !== null && policy === 'throw') throw error;
  return { parser, syntax };
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
export async function getAllowed(url: string | URL, userAgent: string, options?: GetOptions): Promise<boolean> {
  const { parser, syntax } = await load('getAllowed', url, userAgent, options);
  return parser.isAllowed(userAgent, url, syntax);
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
