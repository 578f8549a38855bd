// Python's urllib.robotparser.RobotFileParser interface over the one parser.
import { RobotExclusionRulesParser, type ParserOptions } from '../parser.js';
import { defaultSyntax } from '../parser-options.js';
import type { Syntax } from '../syntax.js';
import { nowSeconds } from '../http/expiry.js';
import { FETCH_KEYS, fetchSettings, type FetchOptions } from '../http/fetch.js';
import type { RequestRate } from '../classic/model.js';
import { RobotsFetchError } from '../errors.js';
import { checkUserAgent, invalid, OptionReader } from '../options.js';

/** One element of a line list, without its own line ending. */
function chompLine(line: unknown): string {
  const s = typeof line === 'string' ? line : String(line);
  if (s.endsWith('\r\n')) return s.slice(0, -2);
  return s.endsWith('\n') || s.endsWith('\r') ? s.slice(0, -1) : s;
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return value != null && typeof (value as Iterable<unknown>)[Symbol.iterator] === 'function';
}

/**
 * How {@link RobotFileParserLookalike.read} and
 * {@link RobotFileParserLookalike.canFetch} treat HTTP statuses:
 * - `'original'` (the default): as the Python original's lookalike, that is
 *   as `fetch`'s status policy: 401 and 403 disallow everything, 404 allows
 *   everything, any other status throws `RobotsFetchError`;
 * - `'urllib'`: as Python's `urllib.robotparser.RobotFileParser`: 401 and
 *   403 disallow everything, every other 4xx allows everything, for good
 *   (later reads and parses change neither, as urllib's flags), without
 *   changing the rules or {@link RobotFileParserLookalike.mtime}; a 5xx (or
 *   a redirect that cannot be followed) is not an error and changes nothing;
 *   a 2xx body is decoded as UTF-8 whatever the headers say, invalid bytes
 *   throwing; and `canFetch` answers false until the rules are first read or
 *   parsed. No answer at all still throws, as urllib raises `URLError`.
 */
export type LookalikeStatusPolicy = 'original' | 'urllib';

/** Options of the {@link RobotFileParserLookalike} constructor. */
export interface LookalikeOptions extends ParserOptions {
  /** How `read` and `canFetch` treat HTTP statuses; see {@link LookalikeStatusPolicy}. Default `'original'`. */
  readonly statusPolicy?: LookalikeStatusPolicy | undefined;
}

/** Every key of {@link LookalikeOptions}. */
const LOOKALIKE_KEYS = ['syntax', 'statusPolicy'] as const;

/** As urllib's `HTTPRedirectHandler.max_redirections`. */
const URLLIB_MAX_REDIRECTS = 10;

/**
 * A stand-in for Python's `urllib.robotparser.RobotFileParser` with all the
 * features of {@link RobotExclusionRulesParser}, as the original's
 * `RobotFileParserLookalike` is. Adds what the standard library has and the
 * original lacks: {@link crawlDelay}, {@link requestRate}, {@link siteMaps}.
 *
 * Unlike the original (where only `modified()` does), a successful
 * {@link read} or {@link fetch} and every {@link parse} set
 * {@link lastChecked}, as the standard library's `parse` does.
 *
 * @example
 * ```ts
 * import { RobotFileParserLookalike } from 'robotexclusionrulesparser';
 * const rp = new RobotFileParserLookalike();
 * rp.parse(['User-agent: *', 'Crawl-delay: 2', 'Disallow: /private/']);
 * rp.canFetch('MyBot', 'https://example.com/private/x'); // false
 * rp.crawlDelay('MyBot'); // 2
 * ```
 */
export class RobotFileParserLookalike extends RobotExclusionRulesParser {
  #url: string;
  readonly #urllib: boolean;
  /** urllib's `disallow_all` and `allow_all`: set by a 401 or 403, and by another 4xx, under 'urllib'; never cleared. */
  #disallowAll = false;
  #allowAll = false;

  /**
   * Unix seconds of the last {@link modified} call (made by every parse),
   * or null before any. The original starts at `None`, the standard library at 0.
   */
  lastChecked: number | null = null;

  /**
   * @param url The robots.txt URL {@link read} fetches; see {@link setUrl}.
   * @param options `syntax`: the syntax of {@link canFetch} and the other
   *   calls that name none (default `GYM2008`); `statusPolicy`: how
   *   {@link read} and {@link canFetch} treat HTTP statuses, `'original'`
   *   (default) or `'urllib'` ({@link LookalikeStatusPolicy}).
   * @throws InvalidArgumentError when `options` is not an object, has an
   *   unknown key, or a bad value.
   */
  constructor(url: string | URL = '', options?: LookalikeOptions) {
    const o = new OptionReader('RobotFileParserLookalike', options, LOOKALIKE_KEYS);
    const syntax = defaultSyntax(o);
    const statusPolicy = o.oneOf('statusPolicy', ['original', 'urllib'] as const, 'original');
    super({ syntax });
    this.#url = String(url);
    this.#urllib = statusPolicy === 'urllib';
  }

  /** The constructor's `statusPolicy`: `'original'` or `'urllib'`. */
  get statusPolicy(): LookalikeStatusPolicy {
    return this.#urllib ? 'urllib' : 'original';
  }

  /** The URL {@link read} fetches. */
  get url(): string {
    return this.#url;
  }

  /** Sets the URL {@link read} fetches (not {@link sourceUrl}, which only a fetch sets). */
  setUrl(url: string | URL): void {
    this.#url = String(url);
  }

  /**
   * Fetches and parses the URL given to the constructor or {@link setUrl},
   * with the status, charset and expiry policy of {@link fetch}. Under the
   * constructor's `statusPolicy: 'urllib'`, statuses are read as Python's
   * `RobotFileParser.read` reads them ({@link LookalikeStatusPolicy}): no
   * status throws, a 4xx sets a flag that sticks instead of replacing the
   * rules, the body is UTF-8, and up to 10 redirects are followed unless
   * `maxRedirects` says otherwise; the options may not name a
   * `statusPolicy` then.
   * @throws as {@link fetch} does; under `'urllib'`, only when no answer came
   *   (a network failure, a timeout, an abort), the body cannot be decoded,
   *   or before any request.
   */
  async read(options?: FetchOptions): Promise<void> {
    // The parser's fetch, not an override's: the Python facade converts its read options itself.
    if (!this.#urllib) return super.fetch(this.#url, options);
    const o = new OptionReader('read', options, FETCH_KEYS);
    if (o.raw('statusPolicy') !== undefined) {
      invalid(o.label('statusPolicy'), o.argument('statusPolicy'), "left out when the lookalike's statusPolicy is 'urllib'", o.raw('statusPolicy'));
    }
    const given: FetchOptions = options ?? {};
    const settings = fetchSettings({ ...given, maxRedirects: given.maxRedirects ?? URLLIB_MAX_REDIRECTS }, 'read');
    try {
      // A 2xx body is decoded as UTF-8 only; every other status throws here (status-policy.ts).
      await this.fetchWith(this.#url, { ...settings, statusPolicy: 'urllib' });
    } catch (error) {
      // urllib raises for no answer; for an HTTP status it sets a flag that
      // sticks, and neither parses nor touches last_checked.
      if (!(error instanceof RobotsFetchError) || (error.reason !== 'status' && error.reason !== 'redirect')) throw error;
      const code = error.responseCode;
      if (code === 401 || code === 403) this.#disallowAll = true;
      else if (code >= 400 && code < 500) this.#allowAll = true;
    }
  }

  /**
   * Parses robots.txt content given as a list (or any iterable) of lines,
   * as Python's `parse(lines)` takes, a string, or bytes (read as
   * ISO-8859-1), then calls
   * {@link modified}. List elements are lines: a line ending on an element
   * (as `readlines()` leaves) is its own, not an extra blank line. The
   * original joins the list with no separator at all, a bug this fixes.
   */
  override parse(lines: string | Iterable<string> | Uint8Array): void {
    super.parse(typeof lines === 'string' || lines instanceof Uint8Array || !isIterable(lines) ? lines : Array.from(lines, chompLine).join('\n'));
    this.modified();
  }

  /**
   * Python's `can_fetch`: {@link isAllowed} under another name, syntax
   * included. Under the constructor's `statusPolicy: 'urllib'`, as urllib's
   * `can_fetch`: false for good once a {@link read} met 401 or 403, else
   * true for good once one met another 4xx, else false until the rules are
   * first read, parsed or marked {@link modified}.
   */
  canFetch(userAgent: string, url: string | URL, syntax?: Syntax): boolean {
    const allowed = this.isAllowed(userAgent, url, syntax);
    if (!this.#urllib) return allowed;
    // urllib's can_fetch, in its order: the flags of earlier reads first.
    if (this.#disallowAll) return false;
    return this.#allowAll || (allowed && this.lastChecked !== null);
  }

  /**
   * {@link lastChecked}: when the rules were last parsed, or null; under
   * `statusPolicy: 'urllib'`, 0 instead of null, as urllib's `mtime()`.
   */
  mtime(): number | null {
    return this.#urllib ? (this.lastChecked ?? 0) : this.lastChecked;
  }

  /** Sets {@link lastChecked} to now. */
  modified(): void {
    this.lastChecked = nowSeconds();
  }

  /** Python's `crawl_delay`: {@link getCrawlDelay} under another name. */
  crawlDelay(userAgent: string): number | null {
    return this.getCrawlDelay(userAgent);
  }

  /**
   * The `Request-rate: n/m` of the record that applies to `userAgent`, as
   * Python's `request_rate` reads it (digits on both sides of `/`, last valid
   * line of the record wins), or null.
   */
  requestRate(userAgent: string): RequestRate | null {
    checkUserAgent('requestRate', userAgent);
    const record = this.recordFor(userAgent);
    return record === null ? null : (this.parsed.requestRates.get(record.line) ?? null);
  }

  /** The Sitemap URLs, or null when there are none (as the standard library returns). */
  siteMaps(): string[] | null {
    return this.sitemaps.length === 0 ? null : [...this.sitemaps];
  }
}
