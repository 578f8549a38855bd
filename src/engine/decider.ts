// The one interface between the public parser and the rules of any syntax,
// and the tiers behind it. Both precedence rules are a first match over the
// rules in decision order: file order for MK1996 and GYM2008
// (docs/behaviour.md §4.3), longest first and allow before disallow for
// RFC 9309 (§2.2.2; rfc9309/longest-match.ts). So every syntax answers
// through the same three tiers, each built only when the one before stops
// paying (docs/performance.md, "Tiers"):
//
// 1. First checks build nothing: the rules are scanned as written, classic
//    in file order (DirectRules, classic/first-match.ts), RFC 9309 in pool
//    order keeping the longest match (PendingSelection, rfc9309/direct.ts).
//    Both are a FirstTier (engine/direct-scan.ts), which hands over once
//    the scans have looked at PAYBACK times as many rules as there are
//    (then building has cost about what the scans did), or at once for a
//    path long enough that a scan could pass SCAN_LIMIT character steps.
// 2. Up to FEW_RULES rules (engine/candidates.ts) are tried in decision
//    order through a candidate table keyed by the path's character at
//    index 1: SmallRules (classic/small-rules.ts), or a Selection's
//    few-rule table (rfc9309/few-rules.ts, rfc9309/selection.ts).
// 3. More are indexed (compileRanked, engine/rule-index.ts): IndexedRules
//    (classic/first-match.ts), or a Selection's matcher
//    (rfc9309/longest-match.ts).
//
// Worst case, for n rules and a path of m characters. No rule becomes a
// regular expression: a wildcard rule's try searches the path for its
// parts left to right, O(m + its length) (engine/pattern.ts). Tier 1 reads
// a literal rule at most to its end and tries a wildcard rule once, and
// gives way to the index before its tries could pass SCAN_LIMIT; tier 2
// tries each of at most FEW_RULES rules once; tier 3 finds literals by one
// binary search, O(log n + m), and tries a wildcard rule only where its key
// occurs in the path. What no filter bounds for every file (n tries of m
// each) the work bound does: a check of the index counts its work and past
// 16 units a path character plus 2^18 answers "disallowed"
// (engine/work-bound.ts, docs/behaviour.md §9.45).

/** What the rules that apply to one crawler, in one syntax, answer for URLs. */
export interface Decider {
  /** Whether the URL (or path) may be fetched. Never throws on a string. */
  allows(url: string): boolean;
  /**
   * True for a first tier (`FirstTier`, engine/direct-scan.ts), which hands
   * over to what it builds: callers ask for the decider again on each call
   * rather than keep it.
   */
  readonly interim?: boolean;
}
