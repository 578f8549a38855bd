// The first tier of matching (docs/performance.md, "Tiers"): a crawler that
// meets a host once asks its robots.txt about a handful of URLs, and
// building an index (a candidate table, a prefix chain, a key scanner) costs
// more than those checks save. So a record's or selection's first checks
// scan its rules as written, in a plain loop, and the index is built once
// the rules scanned add up to what building it costs.
//
// Worst case: a direct scan reads each literal rule at most to its end, and
// tries each wildcard rule in time linear in the path (engine/pattern.ts,
// matchPattern). A check whose wildcard rules times the path's length could
// pass SCAN_LIMIT builds the index at once instead, so that a scan stays
// under about a millisecond and the index's own bounds apply beyond.

/**
 * Character steps a direct scan may take in the worst case: wildcard rules
 * times the path's length. At about 1 ns a step in `indexOf`, a millisecond.
 */
export const SCAN_LIMIT = 1 << 20;

/**
 * The index is built once direct scans have looked at this many times as
 * many rules as there are. Building costs some 60 to 150 ns a rule (a
 * prefix chain's sort and links, a key scanner's table, a candidate table's
 * cover test) and a rule looked at in a scan 5 to 15 ns: measured on
 * 2026-11-26 over the shared corpus (docs/performance.md, "Tiers").
 */
export const PAYBACK = 16;

/** Counts what direct scans have cost a set of rules, to say when the index pays. */
export class ScanBudget {
  /** Rules looked at so far, up to {@link PAYBACK} times the rules there are. */
  #left: number;
  /** How many rules have a `*`: each may read the whole path. */
  readonly #wild: number;

  constructor(rules: number, wild: number) {
    this.#left = PAYBACK * rules;
    this.#wild = wild;
  }

  /** True when a path of `length` characters should be scanned directly: the budget is not spent and the scan stays bounded. */
  scans(length: number): boolean {
    return this.#left > 0 && this.#wild * length <= SCAN_LIMIT;
  }

  /** Takes off what a scan looked at. */
  spend(rules: number): void {
    this.#left -= rules;
  }
}

/** How many of `patterns` have a `*` (a wildcard that may read the whole path). */
export function countStars(patterns: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < patterns.length; i++) if (patterns[i]!.includes('*')) n++;
  return n;
}
