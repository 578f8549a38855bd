// The first checks of an RFC 9309 selection (engine/direct-scan.ts): the
// pooled rules' patterns are scanned for the longest match as they stand,
// with nothing sorted or indexed, until the rules looked at add up to what
// building the selection costs. Then the selection is built (the few-rule
// table or the longest-match index) and answers from then on.
import type { Decider } from '../engine/decider.js';
import { scanBudget, scansDirectly } from '../engine/direct-scan.js';
import { matchPattern, matchSpan } from '../engine/pattern.js';
import { compactTable, endOf, isAllow, type ValueEnd } from '../text/spans.js';
import { pathStart, urlPathAt } from '../text/url-path.js';
import { FEW_FIELDS, FEW_RULES, prepareFew, type Few, type FewRule } from './few-rules.js';
import { compileLongest, type LongestMatcher } from './longest-match.js';
import { directoryPattern, isPlain, isRobotsTxt, rulePattern } from './patterns.js';
import { Selection } from './selection.js';

/** In a pending table, a pooled rule's `at` for the directory rule of an allow (see `directoryPattern`): the bits of the value's start, inverted. */
export function directoryAt(at: number): number {
  return ~at;
}

/**
 * The groups that apply to one crawler and their pooled rules, before the
 * {@link Selection} is built: what its first checks ask. It keeps one
 * table of numbers and the text; patterns are made from the text as each
 * scan needs them, so that a file asked about once holds no string for
 * its rules.
 */
export class PendingSelection implements Decider {
  /** The selection, once built. */
  built: Selection | null = null;
  readonly crawlDelay: number | null;
  /**
   * The number of groups, each group's offset and line number (as in
   * {@link Selection.info}), then two numbers a pooled rule in pool order:
   * where its value starts in {@link #text} ({@link directoryAt} for an
   * allow's directory rule, which follows it), and its ValueEnd.
   */
  readonly #table: ArrayLike<number>;
  readonly #text: string;
  readonly #bytewise: boolean;
  /** What scans may still look at (engine/direct-scan.ts), and how many rules have a `*`. */
  #left: number;
  readonly #wild: number;
  /**
   * Rule values are matched where they stand when normalising leaves them as
   * written (ASCII without `%`, the usual value). Other patterns are made
   * afresh by each scan among up to {@link FEW_RULES} rules, and kept by
   * pool index among more, until the selection is built: each scan is then
   * bounded by the path and the text, not by normalising thousands of values
   * again (measured on 2026-11-26: 500 KiB of rules outside ASCII, 4.4 ms a
   * scan made afresh, 0.6 ms kept).
   */
  #kept: string[] | null = null;

  /** @param wild how many of the pooled rules have a `*` (or more: a bound, see {@link scansDirectly}). */
  constructor(table: ArrayLike<number>, crawlDelay: number | null, text: string, bytewise: boolean, wild: number) {
    this.#table = table;
    this.crawlDelay = crawlDelay;
    this.#text = text;
    this.#bytewise = bytewise;
    this.#left = scanBudget((table.length - this.#rulesFrom) >>> 1);
    this.#wild = wild;
  }

  /** Callers ask the view again rather than keep this: it hands over to {@link built}. On the prototype, not in each object. */
  get interim(): boolean {
    return true;
  }

  /** Where the pooled rules start in {@link #table}. */
  get #rulesFrom(): number {
    return 1 + 2 * this.#table[0]!;
  }

  /** The pooled rules' normalised patterns (RFC 9309 §2.2.2), in pool order; none is empty. */
  #patterns(): string[] {
    const patterns: string[] = [];
    for (let i = this.#rulesFrom; i < this.#table.length; i += 2) patterns.push(this.#patternAt(i));
    return patterns;
  }

  /** The normalised pattern of the pooled rule at `i` in {@link #table}: kept, or made from the text. */
  #patternAt(i: number): string {
    const kept = this.#kept?.[(i - this.#rulesFrom) >>> 1];
    if (kept !== undefined) return kept;
    const at = this.#table[i]!;
    const e = endOf(this.#table[i + 1]! as ValueEnd);
    return at < 0 ? directoryPattern(this.#pattern(directoryAt(at), e))! : this.#pattern(at, e);
  }

  /**
   * Whether the crawler may fetch `url`: the longest matching pattern
   * decides, allow winning a tie (RFC 9309 §2.2.2), the first of equals in
   * pool order, as in the built selection's decision order.
   */
  allows(url: string): boolean {
    const built = this.built;
    if (built !== null) return built.allows(url);
    const path = urlPathAt(url, pathStart(url));
    if (!scansDirectly(this.#left, this.#wild, path.length)) return this.finish().allows(url);
    if (isRobotsTxt(path, 0)) return true;
    const table = this.#table;
    const from = this.#rulesFrom;
    const text = this.#text;
    const rules = (table.length - from) >>> 1;
    let length = 0;
    let allow = true;
    // The next `*` at or after `searched`: values come in file order, so one search serves every rule it passes.
    let star = -1;
    let searched = 0;
    for (let k = 0, i = from; i < table.length; k++, i += 2) {
      const at = table[i]!;
      const to = table[i + 1]! as ValueEnd;
      const e = endOf(to);
      // The usual value, ASCII without escapes, is its own pattern: matched where it stands, no string made.
      let pattern: string | null = null;
      if (at < 0 || !isPlain(text, at, e)) {
        pattern = this.#patternAt(i);
        if (rules > FEW_RULES) (this.#kept ??= new Array<string>(rules))[k] = pattern;
      }
      const n = pattern !== null ? pattern.length : e - at;
      const kind = isAllow(to);
      // Only a longer pattern, or an allow of the same length over a disallow, can decide instead.
      if (n < length || (n === length && (allow || !kind))) continue;
      if (pattern === null && (star < at || searched > at)) star = text.indexOf('*', (searched = at)) >>> 0;
      if (pattern !== null ? matchPattern(pattern, path) : matchSpan(text, at, e, star, path)) {
        length = n;
        allow = kind;
      }
    }
    this.#left -= rules;
    return allow;
  }

  /** The normalised pattern of the value text[at, e) (RFC 9309 §2.2.2). */
  #pattern(at: number, e: number): string {
    return rulePattern(this.#text, at, e, this.#bytewise).pattern;
  }

  /** The built selection: built now if it is not yet. */
  finish(): Selection {
    if (this.built === null) {
      this.built = this.#build();
      this.#kept = null;
    }
    return this.built;
  }

  /** A {@link Selection} of the pooled rules: up to {@link FEW_RULES} laid out for `matchFew`, more indexed by `compileLongest`. */
  #build(): Selection {
    const table = this.#table;
    const text = this.#text;
    const from = this.#rulesFrom;
    let rules: FewRule[] = this.#patterns().map((pattern, k) => {
      const at = table[from + 2 * k]!;
      const to = table[from + 2 * k + 1]! as ValueEnd;
      // A pattern that is the text itself where its value stands can be compared there.
      const verbatim = at >= 0 && pattern.length === endOf(to) - at && text.startsWith(pattern, at);
      return { pattern, allow: isAllow(to), verbatim, at: at < 0 ? directoryAt(at) : at, to };
    });
    if (rules.length > FEW_RULES) rules = withoutCopies(rules);
    // Filled in order from empty, so that it stays a packed array until compacted.
    const info: number[] = [];
    for (let i = 0; i < from; i++) info[i] = table[i]!;
    let few: Few = { tests: null, masks: '' };
    let match: LongestMatcher | null = null;
    if (rules.length <= FEW_RULES) {
      few = prepareFew(rules, info, from);
    } else {
      match = compileLongest(rules);
      rules.forEach((rule, k) => {
        info[from + k * FEW_FIELDS] = 0;
        info[from + k * FEW_FIELDS + 1] = rule.at;
        info[from + k * FEW_FIELDS + 2] = rule.to;
      });
    }
    return new Selection(compactTable(info), few.tests, few.masks, match, this.crawlDelay, text);
  }
}

/**
 * `rules` less each rule written again (same pattern, same kind): a copy never
 * decides, as the first of them comes before it in decision order. Dropping
 * them keeps a hostile file of 6,399 identical rules from being sorted and
 * indexed whole (docs/performance.md, "Worst cases"). Only past a few rules,
 * so that a small file's first check makes no set.
 */
function withoutCopies(rules: readonly FewRule[]): FewRule[] {
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = (rule.allow ? 'A' : 'D') + rule.pattern;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
