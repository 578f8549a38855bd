// The first tier (the tiers: engine/decider.ts): its budget, which says
// when building the index pays or a scan would take too long, and the
// hand-over to what it builds, which both syntax families share.
import type { Decider } from './decider.js';

/**
 * Character steps a direct scan may take in the worst case, a wildcard
 * rule's try costing the path's length and its own: a few milliseconds
 * (docs/performance.md, "Tiers").
 */
export const SCAN_LIMIT = 1 << 20;

/**
 * The index is built once direct scans have looked at this many times as
 * many rules as there are: about what building costs a rule, in rules
 * looked at (docs/performance.md, "Tiers", the crossover).
 */
export const PAYBACK = 16;

/** What direct scans of `rules` rules may look at before the index is built: {@link PAYBACK} times the rules. */
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
 * the pattern's (counting the path alone let a hostile file's scan take
 * too long: docs/performance.md, "Tiers"). Negative when the rules'
 * characters alone pass the limit: no path is scanned.
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

/**
 * A first tier: a decider that answers its first checks by scanning its
 * rules as written, with nothing built, then builds the decider that
 * answers from then on (see engine/decider.ts). A subclass scans in its own
 * loop, asking {@link handOver} first and charging what it looked at
 * ({@link charge}), and says how to build. Its budget is two numbers in the
 * object, not an object of its own: a parsed file keeps one first tier per
 * record or selection asked about.
 */
export abstract class FirstTier<D extends Decider> implements Decider {
  /** The decider built, once it is: what answers from then on. */
  built: D | null = null;
  /** What scans may still look at ({@link scanBudget}), and the longest path they may take ({@link longestScanned}). */
  #left: number;
  readonly #longest: number;

  /** @param rules how many rules a scan may look at; @param longest see {@link longestScanned}. */
  constructor(rules: number, longest: number) {
    this.#left = scanBudget(rules);
    this.#longest = longest;
  }

  /** Callers ask for the decider again rather than keep this (see {@link Decider.interim}). On the prototype, not in each object. */
  get interim(): boolean {
    return true;
  }

  abstract allows(url: string): boolean;

  /**
   * What answers a check of a path of `length` characters instead of a
   * scan: the built decider, built now when the budget is spent or the
   * path is too long for a bounded scan; null when the check should scan.
   */
  protected handOver(length: number): D | null {
    const built = this.built;
    if (built !== null || scansDirectly(this.#left, this.#longest, length)) return built;
    return this.finish();
  }

  /** Charges a scan the `rules` it looked at. */
  protected charge(rules: number): void {
    this.#left -= rules;
  }

  /** True once a scan of `rules` rules has been charged. */
  protected scannedBefore(rules: number): boolean {
    return this.#left < scanBudget(rules);
  }

  /** The built decider: built now if it is not yet. */
  finish(): D {
    return (this.built ??= this.build());
  }

  /** Builds the decider to hand over to; what only scans read may be let go. */
  protected abstract build(): D;
}

/** The decider to keep: the built one once a {@link FirstTier} has handed over, else `decider`. */
export function settled<D extends Decider>(decider: D): D {
  return decider instanceof FirstTier && decider.built !== null ? (decider.built as D) : decider;
}
