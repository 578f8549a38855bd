// What one crawler gets under RFC 9309: the groups that apply and their
// rules, pooled (RFC 9309 §2.2.1), and the answers they give for URLs.
import { pathStart, urlPathAt } from '../text/url-path.js';
import { codeAt } from '../text/chars.js';
import { isAllow, type ValueEnd } from '../text/spans.js';
import { FEW_FIELDS, matchFew, matchVerbatim, type FewTest } from './few-rules.js';
import type { LongestMatcher } from './longest-match.js';
import { isRobotsTxt } from './patterns.js';
import { noRuleAllows } from '../engine/work-bound.js';
import type { Decider } from '../engine/decider.js';

/** Numbers a pooled rule of a selection of many rules: where the value starts, and its ValueEnd. */
export const INDEXED_FIELDS = 2;

/**
 * The groups that apply to one crawler and their rules, pooled. `info` holds
 * the number of groups, each group's offset and line number, then the
 * pooled rules in decision order: with few rules, {@link FEW_FIELDS}
 * numbers a rule (a field of the few-rule table, where the value starts in
 * {@link text}, and its {@link ValueEnd}); with many, {@link INDEXED_FIELDS}
 * (the last two).
 */
export class Selection implements Decider {
  constructor(
    readonly info: ArrayLike<number>,
    /** With few rules: what they compare (see `prepareFew`); else null. */
    readonly tests: readonly FewTest[] | null,
    /** With few rules: which to try for a path (see `prepareFew`); else the empty string. */
    readonly masks: string,
    /** With many rules: the compiled index; else null. */
    readonly match: LongestMatcher | null,
    readonly crawlDelay: number | null,
    /** What the value positions point into. */
    readonly text: string,
  ) {}

  /** Where the pooled rules start in {@link info}. */
  get rulesFrom(): number {
    return 1 + 2 * this.info[0]!;
  }

  /** How many groups apply: 0 when none names the crawler and there is no `*` group. */
  get groups(): number {
    return this.info[0]!;
  }

  /** Where group `g` (from 0, in file order) starts in {@link text}. */
  groupOffset(g: number): number {
    return this.info[1 + 2 * g]!;
  }

  /** The line number of group `g`'s first line. */
  groupLine(g: number): number {
    return this.info[2 + 2 * g]!;
  }

  /** The group holding the rule whose value starts at `start`: the last group that starts before it. */
  groupOf(start: number): number {
    let g = 0;
    while (g + 1 < this.groups && this.groupOffset(g + 1) <= start) g++;
    return g;
  }

  /** Where the value of the rule found at `at` by {@link decide} starts in {@link text}. */
  ruleStart(at: number): number {
    return this.info[at]!;
  }

  /** Where the value of the rule found at `at` by {@link decide} ends, and its kind. */
  ruleEnd(at: number): ValueEnd {
    return this.info[at + 1]! as ValueEnd;
  }

  /** Where in {@link info} the `k`th rule in decision order has its value's start (its end follows). */
  #startOf(k: number): number {
    return this.match !== null ? this.rulesFrom + k * INDEXED_FIELDS : this.rulesFrom + k * FEW_FIELDS + 1;
  }

  /** Whether the crawler this was selected for may fetch `url` (a URL or a path; never throws on a string). */
  allows(url: string): boolean {
    const info = this.info;
    const from = this.rulesFrom;
    if (info.length === from) return true;
    const k = this.#decideAt(url, pathStart(url));
    // Past its work bound a check disallows (docs/behaviour.md §9.45).
    return k >= 0 ? isAllow(info[this.#startOf(k) + 1]! as ValueEnd) : noRuleAllows(k);
  }

  /**
   * Where in {@link info} the deciding rule's value start is (its ValueEnd
   * follows), -1 when no rule decides, or OVER_BOUND (engine/work-bound.ts).
   */
  decide(url: string): number {
    const k = this.#decideAt(url, pathStart(url));
    return k < 0 ? k : this.#startOf(k);
  }

  /**
   * The deciding rule for a URL whose path starts at `start`, as its place
   * among the pooled rules in decision order, or -1 (also for `/robots.txt`,
   * which RFC 9309 always allows). A few rules read the URL's path where it stands.
   */
  #decideAt(url: string, start: number): number {
    const match = this.match;
    if (match === null && codeAt(url, start) === 0x2f) {
      if (isRobotsTxt(url, start)) return -1;
      const tests = this.tests;
      return tests === null
        ? matchVerbatim(this.text, this.info, this.rulesFrom, this.masks, url, start)
        : matchFew(this.text, this.info, this.rulesFrom, tests, this.masks, url, start);
    }
    const path = urlPathAt(url, start);
    if (isRobotsTxt(path, 0)) return -1;
    return match !== null ? match(path) : matchFew(this.text, this.info, this.rulesFrom, this.tests, this.masks, path);
  }
}

/** No group applies: shared by every parse. */
export const NO_GROUPS = new Selection([0], null, '', null, null, '');
