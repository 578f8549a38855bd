// Many keys held as one string, and what reads them: the key scanner's
// buckets and its trie (engine/key-scanner.ts, engine/key-trie.ts).
import { indexes, type Indexes } from './indexes.js';
import type { WorkBound } from './work-bound.js';

/**
 * Many strings held as one string: the key scanner's keys, the index's
 * patterns kept as written, the prefix chain's entries. Key k is
 * `text.slice(starts[k], starts[k + 1])`: a string each holds a header and
 * a slot besides its characters, most of what a short key costs
 * (docs/performance.md, "What each trick pays").
 */
export class KeyTable {
  /** The keys, one after another. */
  readonly text: string;
  /** Where each key starts in {@link text}, and where the last ends. */
  readonly starts: Indexes;

  /** @param keys the strings to hold, in the order of their indexes. */
  constructor(keys: readonly string[]) {
    this.text = keys.join('');
    const starts = indexes(keys.length + 1, this.text.length);
    for (let k = 0; k < keys.length; k++) starts[k + 1] = starts[k]! + keys[k]!.length;
    this.starts = starts;
  }

  /** How many keys. */
  get size(): number {
    return this.starts.length - 1;
  }

  /** Key `k`, as a string of its own. */
  key(k: number): string {
    return this.text.slice(this.starts[k], this.starts[k + 1]);
  }

  /** The length of key `k`'s opening: its first {@link MAX_KEY} code units. */
  openingLength(k: number): number {
    return Math.min(this.starts[k + 1]! - this.starts[k]!, MAX_KEY);
  }
}

/**
 * The scanner looks for a key's first 16 code units (its opening), so that
 * a position costs at most that many steps, whatever the keys' length: keys
 * of thousands of characters that share their openings with the path made
 * each position walk or compare them whole, quadratic time (90 keys of
 * `a`s against a path of 16,000 `a`s took 0.2 to 0.5 s; docs/performance.md,
 * "Worst cases"). A longer key is searched whole, once a scan, from where its
 * opening first occurs.
 */
export const MAX_KEY = 16;

/**
 * A hash of two numbers (multiply-shift mixing), for the key scanner's
 * buckets (of a key's first two code units) and the trie's table of edges
 * as it is built (of a node and a code unit); callers keep the bits they need.
 */
export function pairHash(a: number, b: number): number {
  return Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b);
}

/**
 * Visits key `slot`, whose opening first occurs in `path` at `i`, at its
 * first occurrence: there when the key is its opening, else where a search
 * from `i` finds it whole (not at all when it is missing).
 */
export function reach(
  keys: KeyTable,
  slot: number,
  path: string,
  i: number,
  below: number,
  visit: (slot: number, at: number) => number,
  work: WorkBound,
): number {
  if (keys.starts[slot + 1]! - keys.starts[slot]! <= MAX_KEY) return visit(slot, i);
  if (work.left < 0) return below;
  const at = work.indexOf(path, keys.key(slot), i);
  return at < 0 ? below : visit(slot, at);
}
