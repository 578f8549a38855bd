import { fetchRobotsTxt, fetchSettings, fetchUrl, type FetchOptions } from './http/fetch.js';
import { userAgentHeader } from './options.js';
import { nowSeconds, SEVEN_DAYS } from './http/expiry.js';
import { allowedMask, matchUrlInPlace, type SmallTest } from './engine/match.js';
import { parseRobots } from './classic/read.js';
import { checkSyntax, GYM2008, RFC9309, type Syntax } from './syntax.js';
import { Rfc9309Rules, selectionAllows, type Selection } from './rfc9309/rules.js';
import type { ParsedRobots, RobotRecord } from './classic/model.js';

/** Which record and rule decided a URL; see {@link RobotExclusionRulesParser.explain}. */
export interface Verdict {
  /** The answer {@link RobotExclusionRulesParser.isAllowed} gives. */
  readonly allowed: boolean;
  /**
   * The record that applied to the user agent, or null when none did. Under
   * RFC9309, where every group naming the crawler applies, the group holding
   * the deciding rule (the first group that applies when no rule decided).
   */
  readonly record: {
    /** The record's robot names, as written. */
    readonly names: readonly string[];
    /** 1-based line number of the record's first User-agent line. */
    readonly line: number;
  } | null;
  /**
   * The rule that decided, or null when no rule matched (allowed). `path` is the
   * value as written; an empty path inverts its kind (`Disallow:` allows all)
   * under MK1996 and GYM2008, and never decides under RFC9309.
   */
  readonly rule: {
    /** `allow` or `disallow`, as written. */
    readonly kind: 'allow' | 'disallow';
    /** The rule's path as written. */
    readonly path: string;
    /** 1-based line number of the rule. */
    readonly line: number;
  } | null;
}

const EMPTY: ParsedRobots = { records: [], sitemaps: [], source: '', fromBytes: false, requestRates: new Map() };
const UA_CACHE_LIMIT = 1024;

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
  #parsed: ParsedRobots = EMPTY;
  /** The last user agent asked about and its record: a crawler asks with one. */
  #lastAgent: string | null = null;
  #lastRecord: RobotRecord | null = null;
  /** Records of further user agents, made when a second one is asked about. */
  #byAgent: Map<string, RobotRecord | null> | null = null;
  /**
   * What answers {@link isAllowed} for the last agent asked (`#lastAgent`)
   * in this syntax (0: nothing yet): under RFC9309 its selection; else its
   * record's tests and their table, when they read URLs in place (null when
   * they do not), with the table's allow mask read out once. Apart, so that
   * each field holds one kind of object; under RFC9309 the table field holds
   * the text the selection points into.
   */
  #fastSyntax = 0;
  #fastTests: readonly SmallTest[] | null = null;
  #fastTable = '';
  #fastAllowed = 0;
  #fastSelection: Selection | null = null;
  #rfc: Rfc9309Rules | null = null;

  /**
   * Parses robots.txt content, replacing all rules and sitemaps held before.
   * Bytes are decoded as ISO-8859-1. Never throws, whatever the input.
   */
  parse(text: string | Uint8Array): void {
    this.#parsed = parseRobots(text);
    this.#lastAgent = null;
    this.#lastRecord = null;
    this.#byAgent = null;
    this.#forgetFast();
  }

  /** The parsed form, for adapters in this package. @internal */
  protected get parsed(): ParsedRobots {
    return this.#parsed;
  }

  /**
   * Whether `userAgent` may fetch `url`. The first record whose name is `*` or
   * a case-insensitive substring of `userAgent` applies; its first matching
   * rule in file order decides; no match means allowed. Under {@link RFC9309},
   * `userAgent` is a product token (`Googlebot`; a longer string counts by its
   * leading run of letters, `-` and `_`), every group naming it applies, and
   * the longest matching rule decides; see that constant.
   * @param url An absolute URL or a path; never throws on any string. Under
   *   RFC9309 it is matched as given, so pass it percent-encoded.
   * @param syntax {@link GYM2008} (default), {@link MK1996} or {@link RFC9309}.
   * @throws InvalidArgumentError for any other syntax value.
   */
  isAllowed(userAgent: string, url: string | URL, syntax: Syntax = GYM2008): boolean {
    // A crawler asks with one agent in one syntax: those calls go straight to the rules.
    if (syntax === this.#fastSyntax && userAgent === this.#lastAgent && typeof url === 'string') {
      const tests = this.#fastTests;
      if (tests !== null) {
        const i = matchUrlInPlace(tests, this.#fastTable, url);
        if (i >= -1) return i < 0 || ((this.#fastAllowed >>> i) & 1) === 1;
      } else if (syntax === RFC9309) {
        return selectionAllows(this.#fastSelection!, url, this.#fastTable);
      }
    }
    const s = checkSyntax(syntax);
    // Looked up under RFC9309 too: the fast path is keyed on the agent it caches.
    const record = this.#recordFor(userAgent);
    if (s === RFC9309) {
      const rfc = this.#rfc9309();
      const selection = rfc.selection(userAgent);
      this.#fastTests = null;
      this.#fastSelection = selection;
      this.#fastTable = rfc.text;
      this.#fastSyntax = s;
      return selectionAllows(selection, typeof url === 'string' ? url : String(url), rfc.text);
    }
    if (record === null) return true;
    const table = record.inPlaceTable(s);
    this.#fastTests = table === null ? null : record.inPlaceTests(s);
    this.#fastTable = table ?? '';
    this.#fastAllowed = table === null ? 0 : allowedMask(table);
    this.#fastSyntax = s;
    const i = record.matchUrl(typeof url === 'string' ? url : String(url), s);
    return i < 0 || record.allows(i);
  }

  /**
   * Explains {@link isAllowed}'s answer: which record applied and which rule
   * decided, with 1-based line numbers in the parsed text.
   * @throws InvalidArgumentError for an unknown syntax value.
   */
  explain(userAgent: string, url: string | URL, syntax: Syntax = GYM2008): Verdict {
    const s = checkSyntax(syntax);
    if (s === RFC9309) return this.#rfc9309().explain(userAgent, url);
    const record = this.#recordFor(userAgent);
    if (record === null) return { allowed: true, record: null, rule: null };
    const i = record.matchUrl(typeof url === 'string' ? url : String(url), s);
    const applied = { names: record.names, line: record.line };
    if (i < 0) return { allowed: true, record: applied, rule: null };
    const rule = record.rules[i]!;
    return {
      allowed: record.allows(i),
      record: applied,
      rule: { kind: rule.allow ? 'allow' : 'disallow', path: rule.raw, line: rule.line },
    };
  }

  /**
   * The crawl delay in seconds of the record that applies to `userAgent`, or
   * null when that record sets none or no record applies. Under RFC9309 the
   * groups that apply are chosen as that syntax chooses them, and the last
   * valid delay among them counts.
   * @throws InvalidArgumentError for an unknown syntax value.
   */
  getCrawlDelay(userAgent: string, syntax: Syntax = GYM2008): number | null {
    if (checkSyntax(syntax) === RFC9309) return this.#rfc9309().crawlDelay(userAgent);
    return this.#recordFor(userAgent)?.crawlDelay ?? null;
  }

  /** The Sitemap URLs in file order, as written (empty values skipped). */
  get sitemaps(): readonly string[] {
    return this.#parsed.sitemaps;
  }

  // Fetching (SEMANTICS 5): the HTTP work is in fetch.ts; this is the state it leaves.
  /** The last fetch's URL and status (`code` null until it answers), or null before any. */
  #fetched: { readonly url: string; readonly code: number | null } | null = null;

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
    return this.#fetched?.url ?? '';
  }

  /**
   * The HTTP status of the last answer a {@link fetch} received: null before
   * any, 0 when no complete HTTP answer came (network failure, timeout,
   * abort). While a fetch is in flight it still holds the one before.
   */
  get responseCode(): number | null {
    return this.#fetched?.code ?? null;
  }

  /** True once {@link expirationDate} is reached: time for `await p.fetch(p.sourceUrl)`. */
  get isExpired(): boolean {
    return this.expirationDate <= nowSeconds();
  }

  /**
   * Fetches a robots.txt over HTTP(S) and parses it. 2xx bodies are decoded
   * (byte-order mark, else Content-Type charset, else ISO-8859-1); 401/403
   * disallow everything and 404 allows everything (under the default
   * `statusPolicy`). Sets {@link sourceUrl}, {@link responseCode} and, when
   * rules result, {@link expirationDate}.
   *
   * When it throws, the rules, sitemaps and expiry held before the call are
   * kept exactly; {@link sourceUrl} and {@link responseCode} still describe the
   * failed attempt.
   * @throws RobotsFetchError for other statuses, network failures, timeouts,
   * aborts and too many redirects; RobotsEncodingError when the body cannot
   * be decoded. Before any request and any change to the parser:
   * InvalidUrlError when `url` is not an absolute http(s) URL;
   * InvalidArgumentError for bad options or a {@link userAgent} that is not
   * a valid HTTP header value.
   */
  async fetch(url: string | URL, options?: FetchOptions): Promise<void> {
    const settings = fetchSettings(options);
    const href = fetchUrl(url);
    const userAgent = userAgentHeader(this.userAgent);
    this.#fetched = { url: href, code: this.#fetched?.code ?? null };
    const result = await fetchRobotsTxt(href, userAgent, settings);
    // The URL stays the last call's, which may have been made since this one began.
    this.#fetched = { url: this.#fetched!.url, code: result.responseCode };
    if ('error' in result) throw result.error;
    this.parse(result.text);
    this.expirationDate = result.expirationDate;
  }

  /** The record that applies to `userAgent` (SEMANTICS 3), for adapters in this package. @internal */
  protected recordFor(userAgent: string): RobotRecord | null {
    return this.#recordFor(userAgent);
  }

  /**
   * The rules back in robots.txt form, records in matching order, then the
   * sitemaps. Parsing the result gives the same answers as this parser.
   */
  toString(): string {
    let out = '';
    for (const record of this.#parsed.records) {
      for (const name of record.names) out += `User-agent: ${name}\n`;
      if (record.crawlDelay !== null) out += `Crawl-delay: ${formatDelay(record.crawlDelay)}\n`;
      const rate = this.#parsed.requestRates.get(record.line);
      if (rate !== undefined) out += `Request-rate: ${rate.requests}/${rate.seconds}\n`;
      for (const rule of record.rules) out += `${rule.allow ? 'Allow' : 'Disallow'}: ${encodeRulePath(rule.path)}\n`;
      out += '\n';
    }
    for (const url of this.#parsed.sitemaps) out += `Sitemap: ${url}\n`;
    return out;
  }

  #recordFor(userAgent: string): RobotRecord | null {
    // null before the first call: a null agent from untyped code must not hit it.
    if (userAgent === this.#lastAgent && userAgent !== null) return this.#lastRecord;
    // Another agent: what answered the last one no longer does.
    this.#forgetFast();
    const ua = typeof userAgent === 'string' ? userAgent : String(userAgent);
    let found = this.#byAgent?.get(ua);
    if (found === undefined) {
      found = this.#findRecord(ua);
      if (this.#lastAgent !== null) {
        const cache = (this.#byAgent ??= new Map());
        if (cache.size >= UA_CACHE_LIMIT) cache.clear();
        cache.set(ua, found);
      }
    }
    this.#lastAgent = ua;
    this.#lastRecord = found;
    return found;
  }

  /**
   * Empties the fast path. Its syntax then holds no rules, so a caller passing
   * that syntax (0, which is not one) falls through to the check that throws.
   */
  #forgetFast(): void {
    this.#fastSyntax = 0;
    this.#fastTests = null;
    this.#fastTable = '';
    this.#fastSelection = null;
  }

  #findRecord(ua: string): RobotRecord | null {
    const lower = ua.toLowerCase();
    for (const record of this.#parsed.records) {
      if (record.isDefault) return record;
      for (const name of record.lowerNames) if (lower.includes(name)) return record;
    }
    return null;
  }

  /** The RFC 9309 view of the current parse, built on first use. */
  #rfc9309(): Rfc9309Rules {
    const view = this.#rfc;
    return view !== null && view.parsed === this.#parsed ? view : (this.#rfc = new Rfc9309Rules(this.#parsed));
  }
}

// Defaults on the prototype: an instance holds its own only once they are set.
RobotExclusionRulesParser.prototype.userAgent = null;
RobotExclusionRulesParser.prototype.useLocalTime = true;

/**
 * Writes a decoded rule path so that parsing it again gives the same path:
 * `%` (other than an encoded slash), `#`, white space and control characters
 * are percent-encoded. U+0085 is listed because Python's trim removes it and
 * `\s` does not cover it.
 */
function encodeRulePath(path: string): string {
  return path.replace(/%(?!2F)|[#\s\u0000-\u001f\u007f\u0085]/g, percentEncode);
}

/** `%XX` for each UTF-8 byte of a character. */
function percentEncode(c: string): string {
  const code = c.charCodeAt(0);
  if (code < 0x80) return HEX_BYTES[code]!;
  let out = '';
  for (const b of UTF8.encode(c)) out += HEX_BYTES[b]!;
  return out;
}

const UTF8 = new TextEncoder();
const HEX_BYTES = Array.from({ length: 256 }, (_, b) => '%' + b.toString(16).toUpperCase().padStart(2, '0'));

/**
 * A crawl delay in the digits-and-fraction form the parser reads back as the
 * same number: the shortest round-trip digits, written out without exponent.
 */
function formatDelay(delay: number): string {
  // Only a digit string too long for a double gives Infinity; so does this one.
  if (delay === Infinity) return '1' + '0'.repeat(309);
  const text = String(delay);
  const exp = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (exp === null) return text;
  const digits = exp[1]! + (exp[2] ?? '');
  const point = 1 + Number(exp[3]);
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`;
}
