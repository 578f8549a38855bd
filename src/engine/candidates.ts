// The candidate table of a few rules (docs/performance.md, "Few rules and many"):
// which rules may match a path, by the path's character at index 1. Index 0
// is `/` in nearly every path, so index 1 is the first character that tells
// rules apart; most misses are then settled without looking at a rule. Both
// precedence rules use it: the classic first match in file order, and RFC
// 9309's longest match, whose few rules are tried longest first.

/**
 * A set of rules of a few-rule table, bit k for the k-th rule in the order
 * they are tried; at most {@link MAX_FEW_RULES} rules.
 */
export type RuleSet = number;

/** A table of few rules gives each rule one bit of a 32-bit integer, the sign bit unused. */
export const MAX_FEW_RULES = 31;

/**
 * Up to this many rules (at most {@link MAX_FEW_RULES}) are tried in turn
 * through a candidate table rather than indexed, in every syntax: as fast
 * at this size, and little to build or keep (the tiers: engine/decider.ts).
 * The two syntax families pack their few rules apart, around the same
 * masks, as they match different things: a classic record's rules are
 * decoded paths, in file order, matched against the URL's decoded path
 * (read in place where no escape can change the answer:
 * classic/small-rules.ts); RFC 9309's are values as written, longest
 * first, matched where they stand in the text against the URL as given
 * (rfc9309/few-rules.ts).
 */
export const FEW_RULES = 24;

/**
 * How many buckets a table of `rules` rules has: few for a few rules, where
 * they would mostly be empty, more for more, so that a path seldom meets a
 * rule with another character at index 1.
 */
export function bucketsFor(rules: number): number {
  return rules <= 8 ? 8 : 32;
}

/** Empty masks for a table of `rules` rules: one {@link RuleSet} per bucket. */
export function emptyMasks(rules: number): number[] {
  return new Array<number>(bucketsFor(rules)).fill(0);
}

/**
 * Makes rule `k` a candidate for the paths its literal opening can start:
 * those with its character at index 1, or every path when it has none.
 */
export function addCandidate(masks: number[], k: number, opening: string): void {
  const buckets = masks.length;
  if (opening.length < 2) {
    for (let b = 0; b < buckets; b++) masks[b]! |= 1 << k;
  } else {
    masks[opening.charCodeAt(1) % buckets]! |= 1 << k;
  }
}

/** A set as two UTF-16 code units, low half first: how tables hold them. */
export function setUnits(set: RuleSet): [number, number] {
  return [set & 0xffff, set >>> 16];
}

/**
 * Sets as code units, two a set ({@link setUnits}), in one array, for a
 * table's `String.fromCharCode`: a loop, as `flatMap` of {@link setUnits}
 * was most of a small selection's first check (docs/performance.md, "What
 * each trick pays"). One call makes the table a flat string, which is read
 * a character at a time on every check.
 */
export function unitsOfSets(sets: readonly RuleSet[]): number[] {
  const units = new Array<number>(2 * sets.length);
  for (let k = 0; k < sets.length; k++) {
    units[2 * k] = sets[k]! & 0xffff;
    units[2 * k + 1] = sets[k]! >>> 16;
  }
  return units;
}

/** The set whose two code units start at `at` in `table`. */
export function setAt(table: string, at: number): RuleSet {
  return table.charCodeAt(at) | (table.charCodeAt(at + 1) << 16);
}

/**
 * The candidates for a path whose character at index 1 is `c1` (-1 when it
 * has none), from masks stored as code units at `from` in `table` with
 * `bucketMask` = buckets - 1. A bucket holds every character that falls in
 * it: callers still compare the character of each candidate they try.
 */
export function candidatesFor(table: string, from: number, bucketMask: number, c1: number): RuleSet {
  return setAt(table, from + 2 * (c1 & bucketMask));
}

/** The lowest rule of a non-empty set: the next to try. */
export function lowest(set: RuleSet): number {
  return 31 - Math.clz32(set & -set);
}
