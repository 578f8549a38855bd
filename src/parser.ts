import { fetchSettings, fetchUrl, type FetchOptions, type FetchSettings } from './http/fetch.js';
import { FETCHED, fetchInto, newFetchState, type FetchedState, type FetchState } from './http/requests.js';
import { checkQuery, checkUserAgent, userAgentHeader } from './options.js';
import { parserSyntax, rfc9309Policy } from './parser-options.js';
import { nowSeconds, SEVEN_DAYS } from './http/expiry.js';
import type { Decider } from './engine/decider.js';
import { readRecords } from './classic/read.js';
import { sourceText, type SourceText } from './text/source.js';
import { checkSyntax, GYM2008, RFC9309, type Syntax } from './syntax.js';
import { Rfc9309Rules } from './rfc9309/rules.js';
import { NO_GROUPS } from './rfc9309/selection.js';
import { overBound, type Verdict } from './verdict.js';
import { OVER_BOUND } from './engine/work-bound.js';
import type { ParsedRobots, RequestRate, RobotRecord } from './classic/model.js';
import type { RecordTable } from './classic/table.js';
import { writeRobots } from './classic/write.js';
import { heldBytes } from './held-bytes.js';

/** The last agent before any is asked: no caller holds this value. */
const NOT_ASKED = Symbol('not asked');

const EMPTY: RecordTable = readRecords(sourceText(''));

/** Options of the {@link RobotExclusionRulesParser} constructor. */
export interface ParserOptions {
  /**
   * The syntax of every call that names none ({@link RobotExclusionRulesParser.isAllowed},
   * `explain`, `getCrawlDelay`): {@link GYM2008} by default, as in the
   * original. With {@link RFC9309}, `fetch` also uses the `'rfc9309'`
   * status policy unless its options name one.
   */
  readonly syntax?: Syntax | undefined;
}

/**
 * A robots.txt parser answering per call in the MK1996 or GYM2008 syntax, as
 * Python's `robotexclusionrulesparser.RobotExclusionRulesParser` does, or in
 * the RFC 9309 syntax as Google's reference parser does, all from one parse.
 *
 * @example
 * ```ts
 * import { RobotExclusionRulesParser, MK1996 } from 'robotexclusionrulesparser';
 * const p = new RobotExclusionRulesParser();
 * p.parse('User-agent: *\nDisallow: /private*');
 * p.isAllowed('MyBot/1.0', 'https://example.com/private/x');          // false
 * p.isAllowed('MyBot/1.0', 'https://example.com/private/x', MK1996);  // true: `*` is literal
 * ```
 */
export class RobotExclusionRulesParser {
  /** The syntax of calls that name none. */
  readonly #syntax: Syntax;
  /**
   * The text parsed until the classic reader has read it, then its records
   * (which keep the text): the records are read on first use, as the RFC
   * 9309 view reads the text on its first use, so a crawler asking in one
   * syntax family reads the text once (docs/performance.md, "One read per
   * syntax family"). One field for both, as a parser per origin stays small.
   */
  #parsed: RecordTable | SourceText = EMPTY;
  /**
   * What answered the last {@link isAllowed}: the agent and syntax asked
   * (an agent no caller can pass when none), and the rules that answer them.
   * A crawler asks with one agent in one syntax: those calls skip the
   * syntax check, the agent cache and the record's dispatch
   * (docs/performance.md, "What each trick pays").
   */
  #lastAgent: unknown = NOT_ASKED;
  /** The syntax argument as passed (undefined: {@link #syntax}), or 0 when none was asked. */
  #lastSyntax: Syntax | undefined | 0 = 0;
  #lastDecider: Decider = NO_GROUPS;
  #rfc: Rfc9309Rules | null = null;

  /**
   * A parser holding no rules. Python's `RobotExclusionRulesParser()` takes
   * no argument, and neither need this one.
   * @param options `syntax`: the syntax of calls that name none (default
   *   {@link GYM2008}); see {@link ParserOptions}.
   * @throws InvalidArgumentError when `options` is not an object, has an
   *   unknown key, or names an unknown syntax.
   */
  constructor(options?: ParserOptions) {
    // No options, the usual case, reads none: a parser per origin stays cheap to make.
    this.#syntax = options === undefined ? GYM2008 : parserSyntax(options);
  }

  /** The syntax of calls that name none: the constructor's `syntax` option, {@link GYM2008} by default. */
  get syntax(): Syntax {
    return this.#syntax;
  }

  /**
   * Parses robots.txt content, replacing all rules and sitemaps held before.
   * Bytes are decoded as ISO-8859-1. Never throws, whatever the input.
   */
  parse(text: string | Uint8Array): void {
    this.#parsed = sourceText(text);
    this.#rfc = null;
    this.#lastAgent = NOT_ASKED;
    this.#lastSyntax = 0;
    this.#lastDecider = NO_GROUPS;
  }

  /**
   * An estimate, in bytes, of the heap this parser holds with its rules:
   * the text, the records, and the matchers that compile on the first check
   * (counted in advance, so the figure does not grow as the parser is used),
   * for one user agent asked in every syntax. Checks with many different
   * user agents compile more: up to the largest record's matchers each.
   * Calibrated against measured heap in Node (docs/performance.md, "Memory
   * per origin"); `RobotsCache` and `RobotRules` bound their `maxBytes` with it.
   * Before any MK1996 or GYM2008 call, the first estimate reads the text's
   * records for it (time linear in the text) and does not keep them.
   */
  estimatedBytes(): number {
    return heldBytes(this.#parsed);
  }

  /** The parsed form, for adapters in this package. @internal */
  protected get parsed(): ParsedRobots {
    return this.#classic;
  }

  /**
   * Whether `userAgent` may fetch `url`. The first record whose name is `*` or
   * a case-insensitive substring of `userAgent` applies; its first matching
   * rule in file order decides; no match means allowed. Under {@link RFC9309},
   * `userAgent` is a product token (`Googlebot`; `Googlebot/2.1 …` is cut at
   * the `/`, any other string is compared whole), every group naming it applies, and
   * the longest matching rule decides; see that constant.
   * @param url An absolute URL or a path; never throws on any string. Under
   *   RFC9309 it is matched as given, so pass it percent-encoded.
   * @param syntax {@link GYM2008}, {@link MK1996} or {@link RFC9309}; by
   *   default the constructor's `syntax` option, itself GYM2008 by default.
   * @throws InvalidArgumentError for any other syntax value, a `userAgent`
   *   that is not a string, a `url` that is neither a string nor a `URL`, or
   *   the two swapped: a `userAgent` that is an absolute http(s) URL with a
   *   `url` that is neither a path nor has a scheme (behaviour.md §9.33).
   */
  isAllowed(userAgent: string, url: string | URL, syntax?: Syntax): boolean {
    // The fast path: the agent and syntax were checked when they were remembered below.
    if (syntax === this.#lastSyntax && userAgent === this.#lastAgent && typeof url === 'string') return this.#lastDecider.allows(url);
    checkQuery('isAllowed', userAgent, url);
    const s = this.#syntaxOf(syntax);
    const decider: Decider = s === RFC9309 ? this.#rfc9309().selection(userAgent) : (this.#recordFor(userAgent)?.decider(s) ?? NO_GROUPS);
    // A first tier is asked for again on the next call, so that the index it hands over to is kept.
    if (decider.interim !== true) {
      this.#lastAgent = userAgent;
      this.#lastSyntax = syntax;
      this.#lastDecider = decider;
    }
    return decider.allows(typeof url === 'string' ? url : String(url));
  }

  /**
   * Explains {@link isAllowed}'s answer: which record applied and which rule
   * decided, with 1-based line numbers in the parsed text.
   * @throws InvalidArgumentError for an unknown syntax value, and for the
   *   arguments {@link isAllowed} rejects.
   */
  explain(userAgent: string, url: string | URL, syntax?: Syntax): Verdict {
    checkQuery('explain', userAgent, url);
    const s = this.#syntaxOf(syntax);
    if (s === RFC9309) return this.#rfc9309().explain(userAgent, url);
    const record = this.#recordFor(userAgent);
    if (record === null) return { allowed: true, record: null, rule: null };
    const i = record.decider(s).ruleFor(typeof url === 'string' ? url : String(url));
    const applied = { names: record.names, line: record.line };
    if (i === OVER_BOUND) return overBound(applied);
    if (i < 0) return { allowed: true, record: applied, rule: null };
    const rule = record.rules[i]!;
    return {
      allowed: record.ruleAllows(i),
      record: applied,
      rule: { kind: rule.allow ? 'allow' : 'disallow', path: rule.raw, line: rule.line },
    };
  }

  /**
   * The crawl delay in seconds of the record that applies to `userAgent`, or
   * null when that record sets none or no record applies. Under RFC9309 the
   * last valid delay given to the user-agent lines that apply counts: a
   * `Crawl-delay` line applies to the user-agent lines since the last rule
   * or delay line (behaviour.md §9.16).
   * @throws InvalidArgumentError for an unknown syntax value, or a
   *   `userAgent` that is not a string.
   */
  getCrawlDelay(userAgent: string, syntax?: Syntax): number | null {
    checkUserAgent('getCrawlDelay', userAgent);
    if (this.#syntaxOf(syntax) === RFC9309) return this.#rfc9309().crawlDelay(userAgent);
    return this.#recordFor(userAgent)?.crawlDelay ?? null;
  }

  /**
   * The `Request-rate: n/m` of the record that applies to `userAgent`, as
   * Python's `urllib.robotparser` reads it (digits on both sides of `/`, last
   * valid line of the record wins), or null. No syntax defines the line: it
   * is read from the record the classic syntaxes choose, whatever the syntax.
   * `RobotsCache.waitTurn` paces by it.
   * @throws InvalidArgumentError for a `userAgent` that is not a string.
   */
  getRequestRate(userAgent: string): RequestRate | null {
    checkUserAgent('getRequestRate', userAgent);
    const record = this.#recordFor(userAgent);
    return record === null ? null : (this.#classic.requestRates.get(record.line) ?? null);
  }

  /**
   * The Sitemap URLs in file order, as written (empty values skipped), as
   * the original reads them, whatever the syntax: see {@link getSitemaps}
   * for RFC9309's reading.
   */
  get sitemaps(): readonly string[] {
    return this.#classic.sitemaps;
  }

  /**
   * The Sitemap URLs as `syntax` reads them (behaviour.md §9.6): under
   * MK1996 and GYM2008 {@link sitemaps}; under RFC9309 as Google's reference
   * parser reports them, keys by prefix and `Site-map` included, values cut
   * at `#`. Empty values are skipped in every syntax.
   * @param syntax By default the constructor's `syntax` option.
   * @throws InvalidArgumentError for an unknown syntax value.
   */
  getSitemaps(syntax?: Syntax): readonly string[] {
    return this.#syntaxOf(syntax) === RFC9309 ? this.#rfc9309().sitemaps() : this.#classic.sitemaps;
  }

  /**
   * The value of the first non-empty `Host:` line (Yandex's preferred host,
   * `robots-parser`'s `getPreferredHost()`), as written, or null. Read
   * wherever the line is; it changes no answer in any syntax (behaviour.md
   * §9.2).
   */
  get host(): string | null {
    return this.#classic.host;
  }

  // Fetching (behaviour.md §5): the HTTP work is in fetch.ts; this is the state it leaves.
  /** What fetching has left, made by the first fetch: a parser that never fetches holds none of it. */
  #fetching: FetchState | null = null;

  /**
   * Sent as the User-Agent header by {@link fetch} when a non-empty string;
   * null by default. It must be a valid HTTP header value (no control
   * characters, nothing beyond U+00FF), or `fetch` throws
   * {@link InvalidArgumentError}.
   */
  declare userAgent: string | null;

  /**
   * Kept so that ported code setting it still runs; it changes nothing. In
   * Python it chose between local time and UTC for `expiration_date`; a Unix
   * time in JavaScript is the same in every time zone. True by default.
   */
  declare useLocalTime: boolean;

  /**
   * When the rules go stale, in Unix seconds (as Python's `time.time()`).
   * Set by each {@link fetch} that yields rules; seven days after construction
   * until then. Writable, as in the original.
   */
  expirationDate: number = nowSeconds() + SEVEN_DAYS;

  /** The URL given to the last {@link fetch} call (successful or not); `''` before any. */
  get sourceUrl(): string {
    return this.#fetching?.url ?? '';
  }

  /**
   * The HTTP status of the last answer a {@link fetch} received: null before
   * any, 0 when no complete HTTP answer came (network failure, timeout,
   * abort). While a fetch is in flight it still holds the one before.
   */
  get responseCode(): number | null {
    return this.#fetching?.code ?? null;
  }

  /** True once {@link expirationDate} is reached: time for `await p.fetch(p.sourceUrl)`. */
  get isExpired(): boolean {
    return this.expirationDate <= nowSeconds();
  }

  /**
   * Fetches a robots.txt over HTTP(S) and parses it. 2xx bodies are decoded
   * (byte-order mark, else Content-Type charset, else ISO-8859-1); 401/403
   * disallow everything and 404 allows everything (under the default
   * `statusPolicy`, `'original'`; `'rfc9309'` when the constructor's `syntax`
   * is {@link RFC9309}). Sets {@link sourceUrl}, {@link responseCode} and, when
   * rules result, {@link expirationDate}.
   *
   * When it throws, the rules, sitemaps and expiry held before the call are
   * kept exactly; {@link sourceUrl} and {@link responseCode} still describe the
   * failed attempt.
   *
   * Calls may overlap: a call asking for the same URL, with the same
   * {@link userAgent} and equal options (the same `signal`), while such a
   * request is in flight shares it rather than sending another, so many
   * workers refreshing one expired parser make one request. An answer never
   * replaces the rules or `responseCode` set by a request started after it,
   * whichever comes back first.
   * @throws RobotsFetchError for other statuses, network failures, timeouts,
   * aborts and too many redirects; RobotsEncodingError when the body cannot
   * be decoded. Before any request and any change to the parser:
   * InvalidUrlError when `url` is not an absolute http(s) URL;
   * InvalidArgumentError for bad options or a {@link userAgent} that is not
   * a valid HTTP header value.
   */
  async fetch(url: string | URL, options?: FetchOptions): Promise<void> {
    return this.fetchWith(url, fetchSettings(this.#syntax === RFC9309 ? rfc9309Policy(options) : options));
  }

  /**
   * {@link fetch} with checked settings: for adapters in this package whose
   * policy callers cannot name (the lookalike's `'urllib'`). @internal
   */
  protected async fetchWith(url: string | URL, settings: FetchSettings): Promise<void> {
    const href = fetchUrl(url);
    const userAgent = userAgentHeader(this.userAgent);
    // Out-of-order answers and joined requests are http/requests.ts's: this parser is the target.
    return fetchInto(this, (this.#fetching ??= newFetchState(href, null)), href, userAgent, settings);
  }

  /**
   * What a fetch left, for hosts/ only: the shared store keeps it
   * (hosts/store-codec.ts), and a failed fetch's pause reads its Retry-After
   * (hosts/unreachable.ts). Setting it restores a stored parser's. @internal
   */
  get [FETCHED](): FetchedState {
    const parsed = this.#parsed;
    return { text: parsed.source, fromBytes: parsed.fromBytes, url: this.sourceUrl, code: this.responseCode, retryAfter: this.#fetching?.retryAfter ?? null };
  }

  /** Restores what a stored parser's fetch left. @internal */
  set [FETCHED](state: FetchedState) {
    this.parse(state.fromBytes ? Uint8Array.from(state.text, (c) => c.charCodeAt(0)) : state.text);
    this.#fetching = newFetchState(state.url, state.code, state.retryAfter);
  }

  /** The record that applies to `userAgent` (behaviour.md §3), for adapters in this package. @internal */
  protected recordFor(userAgent: string): RobotRecord | null {
    return this.#recordFor(userAgent);
  }

  /**
   * The rules back in robots.txt form, records in matching order, then the
   * sitemaps. Parsing the result gives the same answers as this parser under
   * {@link MK1996} and {@link GYM2008}, the same crawl delays and sitemaps;
   * not under {@link RFC9309}, which reads the original text its own way
   * (paths are written decoded, and records the classic syntaxes drop are
   * left out): keep the text to ask RFC9309 questions (behaviour.md §9.14).
   */
  toString(): string {
    return writeRobots(this.#classic);
  }

  /** The syntax of a call: `syntax` checked, or the constructor's when none is named. */
  #syntaxOf(syntax: Syntax | undefined): Syntax {
    return syntax === undefined ? this.#syntax : checkSyntax(syntax);
  }

  #recordFor(userAgent: string): RobotRecord | null {
    return this.#classic.recordFor(userAgent);
  }

  /** The RFC 9309 view of the current parse, built on first use. */
  #rfc9309(): Rfc9309Rules {
    return (this.#rfc ??= new Rfc9309Rules(this.#parsed));
  }

  /** The classic records of the current parse, read on first use. */
  get #classic(): RecordTable {
    const parsed = this.#parsed;
    return 'records' in parsed ? parsed : (this.#parsed = readRecords(parsed));
  }
}

// Defaults on the prototype, not class fields: an instance holds its own only
// once they are set, so a parser per origin stays small (docs/performance.md,
// "What each trick pays").
RobotExclusionRulesParser.prototype.userAgent = null;
RobotExclusionRulesParser.prototype.useLocalTime = true;
