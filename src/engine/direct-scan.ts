// The first tier of matching (docs/performance.md, "Tiers"): a crawler that
// meets a host once asks its robots.txt about a handful of URLs, and
// building an index (a candidate table, a prefix chain, a key scanner) costs
// more than those checks save. So a record's or selection's first checks
// scan its rules as written, in a plain loop, and the index is built once
// the rules scanned add up to what building it costs.
//
// Worst case: a direct scan reads each literal rule at most to its end, and
// tries each wildcard rule in time linear in the path (engine/pattern.ts,
// matchPattern). An RFC 9309 value that normalising changes is normalised
// by the first scan that meets it and kept, and from the second scan on
// nothing is read to its end again (rfc9309/direct.ts). A check whose
// wildcard rules could take more than SCAN_LIMIT steps (the path's length
// and the pattern's, a rule: see longestScanned) builds the index at once
// instead, so that a scan stays within a few milliseconds and the index's
// own bounds apply beyond.

/**
 * Character steps a direct scan may take in the worst case, a wildcard
 * rule's try costing the path's length and its own. At 1 to 3 ns a step in
 * `indexOf`, 1 to 3 ms.
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

/**
 * What direct scans of `rules` rules may look at before the index is built:
 * {@link PAYBACK} times the rules. Kept as a number in the scanning object
 * (an object of its own would cost each parsed file some 40 bytes).
 */
export function scanBudget(rules: number): number {
  return PAYBACK * rules;
}

/**
 * True when a path of `length` characters should be scanned directly: the
 * budget `left` is not spent, and the path is no longer than `longest`
 * (see {@link longestScanned}).
 */
export function scansDirectly(left: number, longest: number, length: number): boolean {
  return left > 0 && length <= longest;
}

/**
 * The longest path a direct scan of `stars` rules with a `*`, of `chars`
 * characters in all, may take within {@link SCAN_LIMIT} steps: a try
 * searches the path for each part, and `indexOf` reads the part it looks
 * for too (to build its skip tables), so a try costs the path's length and
 * the pattern's. Counting the path alone, 500 KiB of rules `/*aaa…a<i>*q`
 * with words of 1,000 characters scanned a 2 KiB path in 5 ms. Negative
 * when the rules' characters alone pass the limit: no path is scanned.
 */
export function longestScanned(stars: number, chars: number): number {
  return stars === 0 ? Infinity : Math.floor((SCAN_LIMIT - chars) / stars);
}

/** {@link longestScanned} for `patterns`: those with a `*` may read the whole path. */
export function longestScannedOf(patterns: readonly string[]): number {
  let stars = 0;
  let chars = 0;
  for (let i = 0; i < patterns.length; i++) {
    if (!patterns[i]!.includes('*')) continue;
    stars++;
    chars += patterns[i]!.length;
  }
  return longestScanned(stars, chars);
}
