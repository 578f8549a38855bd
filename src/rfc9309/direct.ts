// The first checks of an RFC 9309 selection (engine/direct-scan.ts): the
// pooled rules' patterns are scanned for the longest match as they stand,
// with nothing sorted or indexed, until the rules looked at add up to what
// building the selection costs. Then the selection is built (the few-rule
// table or the longest-match index) and answers from then on.
import type { Decider } from '../engine/decider.js';
import { countStars, ScanBudget } from '../engine/direct-scan.js';
import { matchPattern } from '../engine/pattern.js';
import { compactTable, endOf, isAllow, type ValueEnd } from '../text/spans.js';
import { pathStart, urlPathAt } from '../text/url-path.js';
import { FEW_FIELDS, FEW_RULES, prepareFew, type Few, type FewRule } from './few-rules.js';
import { compileLongest, type LongestMatcher } from './longest-match.js';
import { isRobotsTxt } from './patterns.js';
import { Selection } from './selection.js';

/**
 * The groups that apply to one crawler and their pooled rules, before the
 * {@link Selection} is built: what its first checks ask.
 */
export class PendingSelection implements Decider {
  /** Callers ask the view again rather than keep this: it hands over to {@link built}. */
  readonly interim = true;
  /** The selection, once built. */
  built: Selection | null = null;
  readonly crawlDelay: number | null;
  /** The number of groups, then each group's offset and line number (see {@link Selection.info}). */
  readonly #head: number[];
  /** The pooled rules' normalised patterns, in pool order (none is empty). */
  readonly #patterns: string[];
  /** Two numbers a pooled rule: where its value starts in {@link #text}, and its ValueEnd. */
  readonly #ends: number[];
  readonly #text: string;
  readonly #budget: ScanBudget;

  constructor(head: number[], patterns: string[], ends: number[], crawlDelay: number | null, text: string) {
    this.#head = head;
    this.#patterns = patterns;
    this.#ends = ends;
    this.crawlDelay = crawlDelay;
    this.#text = text;
    this.#budget = new ScanBudget(patterns.length, countStars(patterns));
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
    if (!this.#budget.scans(path.length)) return this.finish().allows(url);
    if (isRobotsTxt(path, 0)) return true;
    const patterns = this.#patterns;
    let length = 0;
    let allow = true;
    for (let k = 0; k < patterns.length; k++) {
      const pattern = patterns[k]!;
      const n = pattern.length;
      // Only a longer pattern, or an allow of the same length over a disallow, can decide instead.
      if (n < length) continue;
      const kind = isAllow(this.#ends[2 * k + 1]! as ValueEnd);
      if (n === length && (allow || !kind)) continue;
      if (matchPattern(pattern, path)) {
        length = n;
        allow = kind;
      }
    }
    this.#budget.spend(patterns.length);
    return allow;
  }

  /** The built selection: built now if it is not yet. */
  finish(): Selection {
    return (this.built ??= buildSelection(this.#head, this.#patterns, this.#ends, this.crawlDelay, this.#text));
  }
}

/**
 * A {@link Selection} of pooled rules: up to {@link FEW_RULES} laid out for
 * `matchFew`, more indexed by `compileLongest`.
 */
function buildSelection(head: number[], patterns: readonly string[], ends: readonly number[], crawlDelay: number | null, text: string): Selection {
  const rules: FewRule[] = patterns.map((pattern, k) => {
    const at = ends[2 * k]!;
    const to = ends[2 * k + 1]! as ValueEnd;
    // A pattern that is the text itself where its value stands can be compared there.
    const verbatim = pattern.length === endOf(to) - at && text.startsWith(pattern, at);
    return { pattern, allow: isAllow(to), verbatim, at, to };
  });
  const from = head.length;
  const table = head.slice();
  let few: Few = { tests: null, masks: '' };
  let match: LongestMatcher | null = null;
  if (rules.length <= FEW_RULES) {
    few = prepareFew(rules, table, from);
  } else {
    match = compileLongest(rules);
    rules.forEach((rule, k) => {
      table[from + k * FEW_FIELDS] = 0;
      table[from + k * FEW_FIELDS + 1] = rule.at;
      table[from + k * FEW_FIELDS + 2] = rule.to;
    });
  }
  return new Selection(compactTable(table), few.tests, few.masks, match, crawlDelay, text);
}
