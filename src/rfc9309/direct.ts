// The first checks of an RFC 9309 selection (engine/direct-scan.ts): the
// pooled rules' patterns are scanned for the longest match as they stand,
// with nothing sorted or indexed, until the rules looked at add up to what
// building the selection costs. Then the selection is built (the few-rule
// table or the longest-match index) and answers from then on.
import type { Decider } from '../engine/decider.js';
import { scanBudget, scansDirectly } from '../engine/direct-scan.js';
import { matchPattern } from '../engine/pattern.js';
import { compactTable, endOf, isAllow, type ValueEnd } from '../text/spans.js';
import { pathStart, urlPathAt } from '../text/url-path.js';
import { FEW_FIELDS, FEW_RULES, prepareFew, type Few, type FewRule } from './few-rules.js';
import { compileLongest, type LongestMatcher } from './longest-match.js';
import { directoryPattern, isRobotsTxt, rulePattern } from './patterns.js';
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
   * The patterns, kept from the first scan on when there are more than
   * {@link FEW_RULES}, so that each scan is bounded by the path, not by
   * making thousands of strings again; made afresh by each scan of fewer,
   * so that a small file asked about once holds none.
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
    if (this.#kept !== null) return this.#kept;
    const table = this.#table;
    const patterns: string[] = [];
    let last = '';
    for (let i = this.#rulesFrom; i < table.length; i += 2) {
      const at = table[i]!;
      last = at < 0 ? directoryPattern(last)! : rulePattern(this.#text, at, endOf(table[i + 1]! as ValueEnd), this.#bytewise).pattern;
      patterns.push(last);
    }
    if (patterns.length > FEW_RULES) this.#kept = patterns;
    return patterns;
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
    const patterns = this.#patterns();
    const table = this.#table;
    const from = this.#rulesFrom;
    let length = 0;
    let allow = true;
    for (let k = 0; k < patterns.length; k++) {
      const pattern = patterns[k]!;
      const n = pattern.length;
      // Only a longer pattern, or an allow of the same length over a disallow, can decide instead.
      if (n < length) continue;
      const kind = isAllow(table[from + 2 * k + 1]! as ValueEnd);
      if (n === length && (allow || !kind)) continue;
      if (matchPattern(pattern, path)) {
        length = n;
        allow = kind;
      }
    }
    this.#left -= patterns.length;
    return allow;
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
