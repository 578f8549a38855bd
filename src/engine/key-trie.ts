// The key scanner's trie: the keys of crowded buckets, walked from a place
// of the path at most MAX_KEY steps (engine/key-scanner.ts).
import { MAX_KEY, reach, type KeyTable } from './key-table.js';
import type { WorkBound } from './work-bound.js';

/** What a step down the trie is charged (engine/work-bound.ts): a search of a node's children, some four comparisons. */
const TRIE_STEP = 4;

/**
 * The keys of crowded buckets as a trie. Node 0 is the root, whose edges
 * take a key's first two code units at once (`c0 << 16 | c1`, unsigned);
 * every other edge takes one. Nodes are numbered breadth first, so that the
 * children of `node` are the nodes `first[node]` up to `first[node + 1]`,
 * in the order of `unit`, the code unit (or two) of the edge into each: a
 * child is found by a search of that run, and no table of edges is kept.
 * The keys that end at a node are the chain of slots from `ends[node]`
 * through `nextEnd`; `least[node]` is the lowest rank of the keys at or
 * below the node, where a walk can stop. Some 17 bytes a node: an
 * open-addressed table of edges took about 30 (docs/performance.md,
 * "Memory per origin").
 */
export interface KeyTrie {
  readonly first: Int32Array;
  readonly unit: Uint32Array;
  readonly ends: Int32Array;
  readonly nextEnd: Int32Array;
  readonly least: Int32Array;
  /** Per node, the scan (its epoch) in which the keys ending there were all visited: a later position skips them. */
  readonly done: Uint8Array;
}

/** The child of `node` by code unit (or root pair) `c`, or -1. */
function edgeOf(trie: KeyTrie, node: number, c: number): number {
  const unit = trie.unit;
  let lo = trie.first[node]!;
  let hi = trie.first[node + 1]!;
  // Halved while many (the root's children), then read in turn. The first
  // unit at or above `c` stays in [lo, hi): a unit at `mid` that is not
  // below `c` may be it, so `hi` goes just past it. (It went to `mid`, which
  // lost a child found there: a node of more than eight children missed
  // keys.)
  while (hi - lo > 8) {
    const mid = (lo + hi) >>> 1;
    if (unit[mid]! < c) lo = mid + 1;
    else hi = mid + 1;
  }
  for (; lo < hi; lo++) {
    const u = unit[lo]!;
    if (u >= c) return u === c ? lo : -1;
  }
  return -1;
}

/** The unit of the edge taking a key's character `i` (from 1 on) of `s` at `at`: at 1, the first two at once. */
function unitOf(s: string, at: number, i: number): number {
  return i === 1 ? ((s.charCodeAt(at) << 16) | s.charCodeAt(at + 1)) >>> 0 : s.charCodeAt(at + i);
}

function edgeHash(node: number, c: number, mask: number): number {
  return (Math.imul(node, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & mask;
}

/**
 * A power of two above 1.25 `n`: a table of `n` edges at most 80 % full
 * (and at least 40 %), small, while a search still meets an empty slot soon.
 */
function tableSize(n: number): number {
  return 1 << (32 - Math.clz32(n + (n >>> 2)));
}

export function keyTrie(keys: KeyTable, rank: Int32Array, slots: readonly number[]): KeyTrie {
  const { text, starts } = keys;
  // Built first with an open-addressed table of edges (`from` a parent + 1,
  // `units`, `to`: a step a unit, whatever a hostile file's keys share),
  // nodes numbered as made; then laid out breadth first. A key of n code
  // units adds at most n - 1 nodes (the first edge takes two units).
  let most = 1;
  for (const slot of slots) most += Math.min(starts[slot + 1]! - starts[slot]!, MAX_KEY) - 1;
  const mask = tableSize(most) - 1;
  const from = new Int32Array(mask + 1);
  const units = new Uint32Array(mask + 1);
  const to = new Int32Array(mask + 1);
  const nodeUnit = new Uint32Array(most);
  const least = new Int32Array(most).fill(0x7fffffff);
  const ends = new Int32Array(most).fill(-1);
  const nextEnd = new Int32Array(keys.size).fill(-1);
  let nodes = 1;
  for (const slot of slots) {
    const at = starts[slot]!;
    const r = rank[slot]!;
    let node = 0;
    for (let i = 1, n = Math.min(starts[slot + 1]! - at, MAX_KEY); i < n; i++) {
      const c = unitOf(text, at, i);
      let h = edgeHash(node, c, mask);
      while (from[h] !== 0 && (from[h] !== node + 1 || units[h] !== c)) h = (h + 1) & mask;
      if (from[h] === 0) {
        from[h] = node + 1;
        units[h] = c;
        nodeUnit[(to[h] = nodes++)] = c;
      }
      node = to[h]!;
      if (r < least[node]!) least[node] = r;
    }
    nextEnd[slot] = ends[node]!;
    ends[node] = slot;
  }
  // Each node's children, as made: node p's are kids[head[p]] up to kids[head[p + 1]].
  const head = new Int32Array(nodes + 1);
  for (let h = 0; h <= mask; h++) if (from[h] !== 0) head[from[h]!]!++;
  for (let p = 0; p < nodes; p++) head[p + 1]! += head[p]!;
  const fill = head.slice(0, -1);
  const kids = new Int32Array(nodes);
  for (let h = 0; h <= mask; h++) if (from[h] !== 0) kids[fill[from[h]! - 1]!++] = to[h]!;
  const trie: KeyTrie = {
    first: new Int32Array(nodes + 1),
    unit: new Uint32Array(nodes),
    ends: new Int32Array(nodes),
    nextEnd,
    least: new Int32Array(nodes),
    done: new Uint8Array(nodes),
  };
  // Breadth first: the node made as `order[k]` takes number k.
  const order = new Int32Array(nodes);
  const byUnit = (x: number, y: number): number => nodeUnit[x]! - nodeUnit[y]!;
  let placed = 1;
  for (let k = 0; k < nodes; k++) {
    const old = order[k]!;
    trie.ends[k] = ends[old]!;
    trie.least[k] = least[old]!;
    trie.unit[k] = nodeUnit[old]!;
    trie.first[k] = placed;
    const lo = head[old]!;
    const hi = head[old + 1]!;
    if (hi - lo > 1) kids.subarray(lo, hi).sort(byUnit);
    for (let j = lo; j < hi; j++) order[placed++] = kids[j]!;
  }
  trie.first[nodes] = placed;
  return trie;
}

/** The crowded keys whose openings occur in `path` at `i`, walked down the trie: a {@link KeyScan} step. */
export function walkTrie(
  trie: KeyTrie,
  keys: KeyTable,
  path: string,
  i: number,
  rank: Int32Array,
  below: number,
  found: Uint8Array,
  epoch: number,
  visit: (slot: number, at: number) => number,
  work: WorkBound,
): number {
  let node = 0;
  // Steps are charged when the walk ends or visits: at most MAX_KEY of them.
  let steps = 0;
  for (let j = i + 1; j < path.length; j++) {
    steps++;
    const next = edgeOf(trie, node, unitOf(path, i, j - i));
    if (next < 0 || trie.least[next]! >= below) break;
    node = next;
    // Each key is visited once a scan: a node whose keys were all looked at
    // is passed at once, so many keys ending at one node (a hostile file's
    // rules sharing a word) cost their number once, not once a position.
    if (trie.ends[node]! < 0 || trie.done[node] === epoch) continue;
    work.left -= TRIE_STEP * steps;
    steps = 0;
    below = visitEnds(trie, keys, node, path, i, rank, below, found, epoch, visit, work);
  }
  work.left -= TRIE_STEP * steps;
  return below;
}

/**
 * Visits the keys that end at trie node `node`, their openings found at `i`
 * ({@link walkTrie}'s seldom path, apart so that the walk stays small
 * enough for V8 to inline into the scan: called, it cost synth5k some 10 %).
 */
function visitEnds(
  trie: KeyTrie,
  keys: KeyTable,
  node: number,
  path: string,
  i: number,
  rank: Int32Array,
  below: number,
  found: Uint8Array,
  epoch: number,
  visit: (slot: number, at: number) => number,
  work: WorkBound,
): number {
  for (let slot = trie.ends[node]!; slot >= 0; slot = trie.nextEnd[slot]!) {
    if (--work.left < 0) return below;
    if (rank[slot]! >= below || found[slot] === epoch) continue;
    found[slot] = epoch;
    below = reach(keys, slot, path, i, below, visit, work);
  }
  trie.done[node] = epoch;
  return below;
}
