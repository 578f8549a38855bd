// Literal prefixes: which of many strings are prefixes of a path, found by
// one binary search and a walk up a chain of parents.
import { indexes, type Indexes } from './indexes.js';
import { KeyTable } from './key-table.js';

// Entries and paths reach the search in many internal kinds of string (flat,
// sliced, joined; one or two bytes a character), and V8 gives each kind its
// own map: `length` or `charCodeAt` looked up on them at one place in the
// code becomes a megamorphic property load, a call into a generic stub each
// time. These two helpers let the optimising compiler see a string instead
// (docs/performance.md, "What each trick pays").

/** `s` itself, typed as a string for the optimising compiler, whose `length` then needs no lookup. */
function asString(s: string): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- the concatenation is the point (see above)
  return '' + s;
}

/** `s.charCodeAt(i)` through `String.prototype`, which needs no lookup on `s`. */
function unitAt(s: string, i: number): number {
  return String.prototype.charCodeAt.call(s, i);
}

/**
 * How many leading code units `a` and `b` share, known to share `from`. Read
 * through {@link unitAt}: the prefix chain's search calls it on strings of
 * every kind.
 */
function shared(a: string, b: string, from: number): number {
  a = asString(a);
  b = asString(b);
  const m = a.length < b.length ? a.length : b.length;
  let j = from;
  while (j < m && unitAt(a, j) === unitAt(b, j)) j++;
  return j;
}

/** {@link shared} of `text.slice(at, at + len)` and `path`, read in place. */
function sharedAt(text: string, at: number, len: number, path: string, from: number): number {
  const m = len < path.length ? len : path.length;
  let j = from;
  while (j < m && unitAt(text, at + j) === unitAt(path, j)) j++;
  return j;
}

/**
 * Distinct strings in sorted order, each linked to the longest other entry
 * that is its prefix. The entries that are prefixes of a path form a chain: a
 * binary search finds the greatest entry not above the path, and every prefix
 * of the path in the set is that entry or one of its ancestors, so a walk up
 * the chain finds the longest (a walk as long as the entries nested in one
 * another). The search keeps what each midpoint shares with its range's ends
 * (Manber and Myers), so it reads O(log n + path length) characters
 * whatever the entries share, where a search that compares from what the
 * path shares with both ends of its range reads O(log n x path length); it
 * is also the fastest on real files (docs/performance.md, "What each trick
 * pays").
 */
export class PrefixChain {
  /**
   * The entries, sorted by code unit, one after another in one string: a
   * string each holds a header and a slot besides its characters, the most
   * of what a short literal rule held (docs/performance.md, "What each trick
   * pays").
   */
  readonly #entries: KeyTable;
  /** For each entry, the index of its longest proper prefix in the set + 1, or 0 (see {@link parentOf}). */
  readonly #up: Indexes;
  /**
   * For each entry, what it shares with the entry just below (`belowShares`)
   * and just above (`aboveShares`) the range whose midpoint it is in the
   * search; 0 where the range reaches an end of the list.
   */
  readonly #belowShares: Indexes;
  readonly #aboveShares: Indexes;

  /** @param entries distinct strings, in any order. */
  constructor(entries: Iterable<string>) {
    const sorted = [...entries].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const n = sorted.length;
    let longest = 0;
    for (const entry of sorted) if (entry.length > longest) longest = entry.length;
    const up = indexes(n, n);
    const stack: number[] = [];
    for (let i = 0; i < n; i++) {
      const p = sorted[i]!;
      while (stack.length > 0 && !p.startsWith(sorted[stack[stack.length - 1]!]!)) stack.pop();
      up[i] = stack.length > 0 ? stack[stack.length - 1]! + 1 : 0;
      stack.push(i);
    }
    // What two entries share is at most the longer's length.
    const below = indexes(n, longest);
    const above = indexes(n, longest);
    // The ranges the search can meet, as it halves them.
    const ranges = n > 0 ? [0, n - 1] : [];
    while (ranges.length > 0) {
      const hi = ranges.pop()!;
      const lo = ranges.pop()!;
      const mid = (lo + hi) >>> 1;
      if (lo > 0) below[mid] = shared(sorted[lo - 1]!, sorted[mid]!, 0);
      if (hi < n - 1) above[mid] = shared(sorted[mid]!, sorted[hi + 1]!, 0);
      if (lo < mid) ranges.push(lo, mid - 1);
      if (mid < hi) ranges.push(mid + 1, hi);
    }
    this.#entries = new KeyTable(sorted);
    this.#up = up;
    this.#belowShares = below;
    this.#aboveShares = above;
  }

  /** How many entries. */
  get size(): number {
    return this.#entries.size;
  }

  /** The index of entry `i`'s longest proper prefix in the set, or -1. Parents come first. */
  parentOf(i: number): number {
    return this.#up[i]! - 1;
  }

  /** Entry `i` (in sorted order), as a string of its own. */
  entry(i: number): string {
    return this.#entries.key(i);
  }

  /** Index of the longest entry that is a prefix of `path`, or -1; the others are its ancestors. */
  deepest(path: string): number {
    path = asString(path);
    const text = asString(this.#entries.text);
    const starts = this.#entries.starts;
    const belowShares = this.#belowShares;
    const aboveShares = this.#aboveShares;
    let lo = 0;
    let hi = starts.length - 2;
    let at = -1;
    // What the path shares with the entries just below and just above the
    // range left (0 with none): the entry below is not above the path, the
    // one above is.
    let low = 0;
    let high = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      // Whether the entry is not above the path, and what it shares with it.
      let notAbove: boolean;
      let j: number;
      // What the entry shares with the nearer end, against what the path
      // does, often settles it unread: the entry parts from that end before
      // the path does (it is on the far side of the path), or after it (on
      // the near side, sharing with the path what that end does).
      const fromBelow = low >= high;
      const near = fromBelow ? belowShares[mid]! : aboveShares[mid]!;
      const known = fromBelow ? low : high;
      if (near !== known) {
        notAbove = near > known === fromBelow;
        j = near > known ? known : near;
      } else {
        // Compared in JavaScript: `<=` on two strings is a call into V8's runtime.
        const at = starts[mid]!;
        const len = starts[mid + 1]! - at;
        j = sharedAt(text, at, len, path, known);
        notAbove = j === len || (j < path.length && unitAt(text, at + j) < unitAt(path, j));
      }
      if (notAbove) {
        at = mid;
        lo = mid + 1;
        low = j;
      } else {
        hi = mid - 1;
        high = j;
      }
    }
    // `low` is now what the entry found shares with the path: it and every
    // ancestor no longer than that are prefixes of the path.
    while (at >= 0 && starts[at + 1]! - starts[at]! > low) at = this.#up[at]! - 1;
    return at;
  }
}
