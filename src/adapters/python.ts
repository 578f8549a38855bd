/**
 * The Python original's names over this package's classes, so that a ported
 * crawler runs with `await` added and little else changed:
 * `import { RobotExclusionRulesParser } from 'robotexclusionrulesparser/python'`.
 * Every Python name is a thin delegate to the camelCase member of the same
 * class; both sets of names work on the same object.
 * @module robotexclusionrulesparser/python
 */
import { RobotExclusionRulesParser } from '../parser.js';
import { RobotFileParserLookalike } from './lookalike.js';
import type { Syntax } from '../syntax.js';
import { FETCH_KEYS, type FetchOptions } from '../http/fetch.js';
import type { RequestRate } from '../classic/model.js';
import { invalid, OptionReader } from '../options.js';

export { MK1996, GYM2008, RFC9309, type Syntax } from '../syntax.js';
export { RobotsError, RobotsFetchError, RobotsEncodingError, InvalidArgumentError, InvalidUrlError } from '../errors.js';
export type { ParserOptions } from '../parser.js';
export type { LookalikeOptions, LookalikeStatusPolicy } from './lookalike.js';

/**
 * The options of the facade's `fetch` and `read`: the camelCase
 * {@link FetchOptions}, with `timeout` in seconds, as Python counts it.
 */
export interface PythonFetchOptions extends Omit<FetchOptions, 'timeout'> {
  /** Seconds for the whole request, redirects and body included (a positive number). Default 10. */
  timeout?: number | undefined;
}

/**
 * Python's `timeout` in seconds (a number or None), or options with
 * `timeout` in seconds, as the camelCase fetch options (milliseconds).
 */
function fetchOptions(timeout: unknown): FetchOptions | undefined {
  // The original tests `if timeout:`, so 0 means none given too: the default, 10 s (§9.32).
  if (timeout === null || timeout === undefined || timeout === 0) return undefined;
  if (typeof timeout === 'number') {
    if (!(timeout > 0) || !Number.isFinite(timeout)) invalid('fetch timeout', 'timeout', 'a finite number of seconds > 0, 0 or null', timeout);
    return { timeout: timeout * 1000 };
  }
  // The other options are checked by the camelCase fetch, named the same.
  const seconds = new OptionReader('fetch', timeout, FETCH_KEYS).duration('timeout', null, { unit: 'seconds' });
  const options = timeout as PythonFetchOptions;
  return seconds === null ? options : { ...options, timeout: seconds * 1000 };
}

/** The Python names every parser has. */
export interface PythonParserNames {
  /** `is_allowed(user_agent, url, syntax=GYM2008)`; the default is the constructor's `syntax` option. */
  is_allowed(userAgent: string, url: string | URL, syntax?: Syntax): boolean;
  /** `get_crawl_delay(user_agent)`: the delay in seconds, or null. */
  get_crawl_delay(userAgent: string): number | null;
  /**
   * `fetch(url, timeout=None)`, awaited: `timeout` in seconds as in Python
   * (0 or null: the default, 10), or an options object as the camelCase `fetch` takes
   * with its `timeout` in seconds too ({@link PythonFetchOptions}).
   * @throws as the camelCase `fetch`; InvalidArgumentError for a negative
   *   or non-finite `timeout`.
   */
  fetch(url: string | URL, timeout?: number | null | PythonFetchOptions): Promise<void>;
  /** `user_agent`: sent as the User-Agent header when set. */
  user_agent: string | null;
  /** `use_local_time`: kept for ported code; has no effect (see `useLocalTime`). */
  use_local_time: boolean;
  /** `expiration_date`: Unix seconds. */
  expiration_date: number;
  /** `source_url`: the URL of the last fetch. */
  readonly source_url: string;
  /** `response_code`: the HTTP status of the last fetch (null before any, 0 without an answer). */
  readonly response_code: number | null;
  /** `is_expired`. */
  readonly is_expired: boolean;
}

/**
 * The Python names of {@link PythonParserNames} but `fetch`, as methods and
 * accessors over the camelCase members. Never instantiated: its prototype's
 * members are copied onto both facade classes ({@link addPythonNames}), so
 * that each class extends its public camelCase class directly and the API
 * reference shows what it inherits from that class, not from a mixin.
 */
abstract class PythonNames extends RobotExclusionRulesParser implements Omit<PythonParserNames, 'fetch'> {
  is_allowed(userAgent: string, url: string | URL, syntax?: Syntax): boolean {
    return this.isAllowed(userAgent, url, syntax);
  }
  get_crawl_delay(userAgent: string): number | null {
    return this.getCrawlDelay(userAgent);
  }
  get user_agent(): string | null {
    return this.userAgent;
  }
  set user_agent(value: string | null) {
    this.userAgent = value;
  }
  get use_local_time(): boolean {
    return this.useLocalTime;
  }
  set use_local_time(value: boolean) {
    this.useLocalTime = value;
  }
  get expiration_date(): number {
    return this.expirationDate;
  }
  set expiration_date(value: number) {
    this.expirationDate = value;
  }
  get source_url(): string {
    return this.sourceUrl;
  }
  get response_code(): number | null {
    return this.responseCode;
  }
  get is_expired(): boolean {
    return this.isExpired;
  }
}

/** Copies the members of {@link PythonNames} onto a facade class's prototype. */
function addPythonNames(prototype: RobotExclusionRulesParser): void {
  for (const key of Object.getOwnPropertyNames(PythonNames.prototype)) {
    if (key !== 'constructor') Object.defineProperty(prototype, key, Object.getOwnPropertyDescriptor(PythonNames.prototype, key)!);
  }
}

/**
 * {@link RobotExclusionRulesParser} with the Python original's names
 * (`is_allowed`, `get_crawl_delay`, `user_agent`, ...) besides its own.
 *
 * @example
 * ```ts
 * import { RobotExclusionRulesParser } from 'robotexclusionrulesparser/python';
 * const rerp = new RobotExclusionRulesParser();
 * rerp.parse('User-agent: *\nDisallow: /private');
 * rerp.is_allowed('Foobot', '/private/x'); // false
 * ```
 */
// Declared under another name and exported as RobotExclusionRulesParser, so that
// it extends the camelCase class under that class's own name, as the API
// reference shows it.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface after it declares the members addPythonNames installs
class PythonParser extends RobotExclusionRulesParser {
  /** {@inheritDoc PythonParserNames.fetch} */
  // Async, so that a bad timeout rejects, as the camelCase fetch's bad options do.
  override async fetch(url: string | URL, timeout?: number | null | PythonFetchOptions): Promise<void> {
    return super.fetch(url, fetchOptions(timeout));
  }
}
// The Python names are on the prototype (addPythonNames); this declares them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- merged with the class on purpose
interface PythonParser extends PythonParserNames {}
addPythonNames(PythonParser.prototype);

/**
 * {@link RobotFileParserLookalike} with the names of Python's
 * `RobotFileParser` (`can_fetch`, `set_url`, `crawl_delay`, ...) and of the
 * original's parser (`is_allowed`, `user_agent`, ...) besides its own.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- as PythonParser
class PythonLookalike extends RobotFileParserLookalike {
  /** {@inheritDoc PythonParserNames.fetch} */
  override async fetch(url: string | URL, timeout?: number | null | PythonFetchOptions): Promise<void> {
    return super.fetch(url, fetchOptions(timeout));
  }
  /**
   * `read()`: fetches and parses the URL given to the constructor or
   * `set_url`, as the camelCase `read` does (the constructor's
   * `statusPolicy` included). Options as the facade's `fetch` takes them,
   * `timeout` in seconds.
   * @throws as `read`.
   */
  override async read(options?: PythonFetchOptions): Promise<void> {
    // Seconds to milliseconds here: the camelCase read calls the camelCase fetch, not this class's.
    return super.read(fetchOptions(options));
  }
  /** `set_url(url)`. */
  set_url(url: string | URL): void {
    this.setUrl(url);
  }
  /** `can_fetch(useragent, url, syntax=GYM2008)`; the default is the constructor's `syntax` option. */
  can_fetch(userAgent: string, url: string | URL, syntax?: Syntax): boolean {
    return this.canFetch(userAgent, url, syntax);
  }
  /** `crawl_delay(useragent)`. */
  crawl_delay(userAgent: string): number | null {
    return this.crawlDelay(userAgent);
  }
  /** `request_rate(useragent)`: `{ requests, seconds }` (Python's named tuple fields) or null. */
  request_rate(userAgent: string): RequestRate | null {
    return this.requestRate(userAgent);
  }
  /** `site_maps()`: the Sitemap URLs, or null when none. */
  site_maps(): string[] | null {
    return this.siteMaps();
  }
  /** `last_checked`: Unix seconds of the last parse or `modified()`, or null. */
  get last_checked(): number | null {
    return this.lastChecked;
  }
  /** Sets `last_checked` (`lastChecked`), as Python code may. */
  set last_checked(value: number | null) {
    this.lastChecked = value;
  }
}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- merged with the class on purpose
interface PythonLookalike extends PythonParserNames {}
addPythonNames(PythonLookalike.prototype);

export { PythonParser as RobotExclusionRulesParser, PythonLookalike as RobotFileParserLookalike };
