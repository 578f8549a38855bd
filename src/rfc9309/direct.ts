// The first checks of an RFC 9309 selection, its first tier (the tiers:
// engine/decider.ts): the pooled rules' patterns are scanned for the longest
// match as they stand, with nothing sorted or indexed, until the selection
// is built (the few-rule table or the longest-match index).
import { FEW_RULES } from '../engine/candidates.js';
import type { Decider } from '../engine/decider.js';
import { FirstTier } from '../engine/direct-scan.js';
import { matchPattern, matchSpan } from '../engine/pattern.js';
import { compactTable, endOf, isAllow, type ValueEnd } from '../text/spans.js';
import { pathStart, urlPathAt } from '../text/url-path.js';
import { prepareFew, type Few, type FewRule } from './few-rules.js';
import { compileInOrder, type LongestMatcher } from './longest-match.js';
import { directoryPattern, isRobotsTxt, plainStar, rulePattern } from './patterns.js';
import { INDEXED_FIELDS, Selection } from './selection.js';

/** In a pending table, a pooled rule's `at` for the directory rule of an allow (see `directoryPattern`): the bits of the value's start, inverted. */
export function directoryAt(at: number): number {
  return ~at;
}

/** The table of a pending selection once built: its groups and rules are the selection's. */
const BUILT: readonly number[] = [0];

/**
 * What a scan keeps of a pooled rule: where the first `*` of a value matched
 * in place is (its end when it has none; see `plainStar`), or the pattern
 * of a value that normalising changes.
 */
type Held = number | string;

/**
 * The groups that apply to one crawler and their pooled rules, before the
 * {@link Selection} is built: what its first checks ask ({@link FirstTier}).
 * It keeps one table of numbers and the text; patterns are made from the
 * text as each scan needs them, so that a file asked about once holds no
 * string for its rules.
 */
export class PendingSelection extends FirstTier<Selection> implements Decider {
  readonly crawlDelay: number | null;
  /**
   * The number of groups, each group's offset and line number (as in
   * {@link Selection.info}), then two numbers a pooled rule in pool order:
   * where its value starts in {@link #text} ({@link directoryAt} for an
   * allow's directory rule, which follows it), and its ValueEnd.
   */
  #table: ArrayLike<number>;
  readonly #text: string;
  readonly #bytewise: boolean;
  /**
   * Until the selection is built, what each pooled rule needs, by pool index
   * ({@link Held}): a normalised pattern from the scan that makes it, and
   * everything from the second scan on, so that later scans neither read
   * each value to its end again nor normalise it again: each is then
   * bounded by the path, not by the text (docs/performance.md, "What each
   * trick pays").
   */
  #kept: Held[] | null = null;

  /** @param longest the longest path a direct scan may take (engine/direct-scan.ts, `longestScanned`). */
  constructor(table: ArrayLike<number>, crawlDelay: number | null, text: string, bytewise: boolean, longest: number) {
    super((table.length - 1 - 2 * table[0]!) >>> 1, longest);
    this.#table = table;
    this.crawlDelay = crawlDelay;
    this.#text = text;
    this.#bytewise = bytewise;
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

  /** What a scan needs of the pooled rule at `i` in {@link #table}, whose value is text[at, e) ({@link Held}). */
  #held(i: number, at: number, e: number): Held {
    // The usual value, ASCII without escapes, is its own pattern: matched where it stands, no string made.
    const star = at >= 0 ? plainStar(this.#text, at, e) : -1;
    return star >= 0 ? star : this.#patternAt(i);
  }

  /** The normalised pattern of the pooled rule at `i` in {@link #table}: kept, or made from the text. */
  #patternAt(i: number): string {
    const kept = this.#kept?.[(i - this.#rulesFrom) >>> 1];
    if (typeof kept === 'string') return kept;
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
    const handed = this.handOver(path.length);
    if (handed !== null) return handed.allows(url);
    if (isRobotsTxt(path, 0)) return true;
    const table = this.#table;
    const from = this.#rulesFrom;
    const text = this.#text;
    const rules = (table.length - from) >>> 1;
    const kept = this.#kept;
    // Plain values are read again by the second scan, which keeps what each rule needs: a file asked about once holds nothing more.
    let keep = kept ?? (this.scannedBefore(rules) ? new Array<Held>(rules) : null);
    let length = 0;
    let allow = true;
    for (let k = 0, i = from; i < table.length; k++, i += 2) {
      const at = table[i]!;
      const to = table[i + 1]! as ValueEnd;
      const e = endOf(to);
      let held = kept?.[k];
      if (held === undefined) {
        held = this.#held(i, at, e);
        // A normalised pattern is kept from the first scan: normalising is what a scan cannot afford to repeat.
        if (typeof held === 'string') keep ??= new Array<Held>(rules);
        if (keep !== null) keep[k] = held;
      }
      const n = typeof held === 'number' ? e - at : held.length;
      const kind = isAllow(to);
      // Only a longer pattern, or an allow of the same length over a disallow, can decide instead.
      if (n < length || (n === length && (allow || !kind))) continue;
      if (typeof held === 'number' ? matchSpan(text, at, e, held, path) : matchPattern(held, path)) {
        length = n;
        allow = kind;
      }
    }
    this.#kept = keep;
    this.charge(rules);
    return allow;
  }

  /** The normalised pattern of the value text[at, e) (RFC 9309 §2.2.2). */
  #pattern(at: number, e: number): string {
    return rulePattern(this.#text, at, e, this.#bytewise).pattern;
  }

  /**
   * The built selection. The view keeps this object, which answers through
   * `built` from now on: what only scans read is let go.
   */
  protected build(): Selection {
    const built = this.#select();
    this.#kept = null;
    this.#table = BUILT;
    return built;
  }

  /** A {@link Selection} of the pooled rules: up to {@link FEW_RULES} laid out for `matchFew`, more indexed by `compileInOrder`. */
  #select(): Selection {
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
      // Laid out in decision order, two numbers a rule: the matcher answers a rule's place there.
      const compiled = compileInOrder(rules);
      match = compiled.match;
      compiled.order.forEach((k, r) => {
        info[from + r * INDEXED_FIELDS] = rules[k]!.at;
        info[from + r * INDEXED_FIELDS + 1] = rules[k]!.to;
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
