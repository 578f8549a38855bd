// RFC 9309 precedence (RFC 9309 §2.2.2; docs/behaviour.md §8.4): among the
// rules that match a path, the one with the longest pattern decides, and
// allow wins a tie. Sorted longest first, allow before disallow among equals,
// the rules need no other precedence: the first in that order that matches
// decides, as in the classic syntaxes' file order. So both precedence rules
// share one engine (engine/rule-index.ts for many rules, the candidate table
// of engine/candidates.ts for a few).
import { compileRanked } from '../engine/rule-index.js';

/** A rule as the longest-match precedence sees it. */
export interface LongestRule {
  /** The normalised pattern; its length is the rule's priority. Empty patterns never decide. */
  readonly pattern: string;
  readonly allow: boolean;
}

/**
 * Finds the deciding rule for a path: the index of the longest matching
 * allow rule, unless a matching disallow rule is strictly longer; among rules
 * of equal length and kind, the first. -1 when no rule matches, and
 * OVER_BOUND (engine/work-bound.ts) when the check passed its work bound.
 */
export type LongestMatcher = (path: string) => number;

/**
 * The indexes of `rules` in decision order: longest pattern first, allow
 * before disallow among equals, and in the given order among the rest (a
 * stable sort). The first rule in that order that matches a path decides.
 */
export function decisionOrder(rules: readonly LongestRule[]): number[] {
  return rules.map((_, k) => k).sort((x, y) => rules[y]!.pattern.length - rules[x]!.pattern.length || Number(rules[y]!.allow) - Number(rules[x]!.allow));
}

/** Compiles rules into a {@link LongestMatcher}: empty patterns left out, the rest indexed in {@link decisionOrder}. */
export function compileLongest(rules: readonly LongestRule[]): LongestMatcher {
  const { order, match } = compileInOrder(rules);
  return byIndex(match, order);
}

/**
 * {@link compileLongest} for a caller that lays its rules out in decision
 * order itself: the order (the rules with a pattern), and a matcher that
 * answers a rule's place in it, or -1. Keeping no map from places to
 * indexes saves four bytes a rule (a selection of many rules, rfc9309/direct.ts).
 */
export function compileInOrder(rules: readonly LongestRule[]): { readonly order: Int32Array; readonly match: LongestMatcher } {
  const order = rankedIndexes(rules);
  return {
    order,
    match: compileRanked(
      Array.from(order, (k) => rules[k]!.pattern),
      true,
    ),
  };
}

/** The indexes of the rules with a pattern, in {@link decisionOrder}. */
function rankedIndexes(rules: readonly LongestRule[]): Int32Array {
  const kept: number[] = [];
  for (let k = 0; k < rules.length; k++) if (rules[k]!.pattern !== '') kept.push(k);
  return Int32Array.from(decisionOrder(kept.map((k) => rules[k]!)), (k) => kept[k]!);
}

/**
 * The matcher answering rule indexes: made apart, so that it holds only the
 * ranked matcher and the order (a closure keeps every variable of the scope
 * it was made in that any closure there uses; the rules are not kept).
 */
function byIndex(match: (path: string) => number, order: Int32Array): LongestMatcher {
  return (path) => {
    const rank = match(path);
    return rank < 0 ? rank : order[rank]!;
  };
}
