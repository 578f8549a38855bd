// The parsed form of a robots.txt file, shared by every syntax.
import type { SourceText } from '../text/source.js';
import type { Decider } from '../engine/decider.js';
import type { Syntax } from '../syntax.js';

/** One Allow or Disallow line of a record. */
export interface Rule {
  /** True for `Allow`, false for `Disallow`. */
  readonly allow: boolean;
  /** The value as written in the file (after comment and white-space removal). */
  readonly raw: string;
  /** The value percent-decoded as in behaviour.md §4.2: what URLs are compared with. */
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

/** What one record's rules amount to: what held-bytes.ts weighs what they compile to by. */
export interface RuleStats {
  /** How many rules. */
  readonly rules: number;
  /** How many distinct values (copies of a rule compile to nothing more). */
  readonly distinct: number;
  /** How many characters the values have. */
  readonly chars: number;
  /** How many distinct values are wildcard patterns (`*` or a final `$`). */
  readonly wildcards: number;
  /** How many of those the index keeps as their key alone (`/*key`, `*key`: see `keptAsKey` in engine/pattern.ts). */
  readonly floating: number;
  /** How many characters the distinct wildcard values that are not kept as their key have: the index keeps them as written. */
  readonly wildcardChars: number;
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
  /** What rule `i` answers when it decides: its kind, inverted for an empty path (behaviour.md §4.5). */
  ruleAllows(i: number): boolean;
  /** How many rules, how many characters their values have, and how many are wildcard patterns (`*` or a final `$`). */
  ruleStats(): RuleStats;
  /** The rules compiled for MK1996 or GYM2008 (built on first use): what answers for URLs. */
  decider(syntax: Syntax): RecordDecider;
  readonly crawlDelay: number | null;
  /** 1-based line number of the record's first User-agent line. */
  readonly line: number;
}

/** The result of parsing a file: what MK1996 and GYM2008 use, plus the source. */
export interface ParsedRobots extends SourceText {
  /**
   * Records in matching order: records naming `*` moved last (behaviour.md
   * §2.6). Every one is made on first access: what asks about one user
   * agent goes through the record table (classic/table.ts), which is the
   * parse and makes only the record it selects.
   */
  readonly records: readonly RobotRecord[];
  readonly sitemaps: readonly string[];
  /**
   * `Request-rate` values, read as Python's `urllib.robotparser` reads them,
   * by the `line` of the record they belong to (last valid one wins). Not a
   * directive of the original: only the lookalike adapter reports them.
   */
  readonly requestRates: ReadonlyMap<number, RequestRate>;
  /** The first non-empty `Host` value, cleaned as §1.7 says, or null (behaviour.md §9.2). */
  readonly host: string | null;
}

/** What a record's rules answer for URLs in one syntax. */
export interface RecordDecider extends Decider {
  /** The index in file order of the rule that decides the URL (or path), or -1. */
  ruleFor(url: string): number;
  /** {@link ruleFor} of a path already cut from its URL and decoded (docs/behaviour.md §4.1, §4.2). */
  ruleForPath(path: string): number;
}

/** Rules that say what each answers when it decides. */
export interface RuleKinds {
  /** What rule `i` answers when it decides: its kind, inverted for an empty path (docs/behaviour.md §4.5). */
  ruleAllows(i: number): boolean;
}
