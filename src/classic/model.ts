// The parsed form of a robots.txt file, shared by every syntax.
import type { SmallTest } from '../engine/match.js';
import type { Syntax } from '../syntax.js';

/** The directives the readers recognise; each syntax's reader decides which lines are which. @internal */
export const enum Key {
  None,
  UserAgent,
  Allow,
  Disallow,
  Sitemap,
  CrawlDelay,
  RequestRate,
}

/** One Allow or Disallow line of a record. */
export interface Rule {
  /** True for `Allow`, false for `Disallow`. */
  readonly allow: boolean;
  /** The value as written in the file (after comment and white-space removal). */
  readonly raw: string;
  /** The value percent-decoded as in SEMANTICS 4.2: what URLs are compared with. */
  readonly path: string;
  /** 1-based line number in the parsed text. */
  readonly line: number;
}

/** A `Request-rate: n/m` value: at most `requests` requests per `seconds` seconds. */
export interface RequestRate {
  /** The `n` of `n/m`: how many requests. */
  readonly requests: number;
  /** The `m` of `n/m`: in how many seconds. */
  readonly seconds: number;
}

/** One record (group): the robot names it names, its rules and crawl delay. */
export interface RobotRecord {
  /** The robot names, as written. */
  readonly names: readonly string[];
  /** The names lower-cased, for matching. */
  readonly lowerNames: readonly string[];
  /** True when one of the names is `*`. */
  readonly isDefault: boolean;
  /** The rules in file order; built on first access (matching does not need them). */
  readonly rules: readonly Rule[];
  /** The rules' decoded paths in file order: what matchers are compiled from. */
  readonly paths: readonly string[];
  /** What rule `i` answers when it decides: its kind, inverted for an empty path (SEMANTICS 4.5). */
  allows(i: number): boolean;
  /**
   * The index of the first rule that matches a path (as `matchTarget`
   * gives it) in MK1996 or GYM2008, or -1. Compiles on first use.
   */
  match(path: string, syntax: Syntax): number;
  /**
   * The same answer for a URL (or path) as given to `isAllowed`: `match` of
   * its `matchTarget`, found without cutting the path out where it can be.
   */
  matchUrl(url: string, syntax: Syntax): number;
  /**
   * For a small record whose rules can read URLs as written, the table of
   * those rules in `syntax` (which also says which of them allow): what
   * `matchUrl` tries first. Null otherwise. @internal
   */
  inPlaceTable(syntax: Syntax): string | null;
  /** The tests that go with {@link inPlaceTable}'s table. @internal */
  inPlaceTests(syntax: Syntax): readonly SmallTest[];
  readonly crawlDelay: number | null;
  /** 1-based line number of the record's first User-agent line. */
  readonly line: number;
}

/** The result of parsing a file: what MK1996 and GYM2008 use, plus the source. */
export interface ParsedRobots {
  /** Records in matching order: records naming `*` moved last (SEMANTICS 2.6). */
  readonly records: readonly RobotRecord[];
  readonly sitemaps: readonly string[];
  /** The text as parsed (bytes are decoded as ISO-8859-1 first). */
  readonly source: string;
  /** True when the text came from bytes, so each character is one original byte. */
  readonly fromBytes: boolean;
  /**
   * `Request-rate` values, read as Python's `urllib.robotparser` reads them,
   * by the `line` of the record they belong to (last valid one wins). Not a
   * directive of the original: only the lookalike adapter reports them.
   */
  readonly requestRates: ReadonlyMap<number, RequestRate>;
}
