// The key scanner's trie: the keys of crowded buckets, walked from a place
// of the path at most MAX_KEY steps (engine/key-scanner.ts).
import { indexes, indexesOf, type Indexes } from './indexes.js';
import { pairHash, reach, type KeyTable } from './key-table.js';
import type { WorkBound } from './work-bound.js';

/** What a step down the trie is charged (engine/work-bound.ts): a search of a node's children, some four comparisons. */
const TRIE_STEP = 4;

/**
 * The keys of crowded buckets as a trie, an edge a code unit. Node 0 is the
 * root. Nodes are numbered breadth first, so that the children of `node`
 * are the nodes `first[node]` up to `first[node + 1]`, in the order of
 * `unit`, the code unit of the edge into each: a child is found by a search
 * of that run, and no table of edges is kept, which an open-addressed
 * table of edges took several times over (docs/performance.md, "What each
 * trick pays"). `least[node]` is the lowest rank of the keys at or below
 * the node, where a walk can stop.
 */
export interface KeyTrie {
  readonly first: Indexes;
  readonly unit: Uint16Array;
  /**
   * The keys that end at each node, for `n` keys: 0 for none; the slot + 1
   * of the one key, up to `n`; else `n + 1 + at`, where `many[at]` counts
   * the keys and their slots follow it. Only a word that rules share ends
   * more than one key at a node, so no chain through every key is kept.
   */
  readonly ends: Indexes;
  readonly many: Indexes;
  readonly least: Indexes;
}

/** The child of `node` by code unit `c`, or -1. */
function edgeOf(trie: KeyTrie, node: number, c: number): number {
  const unit = trie.unit;
  let lo = trie.first[node]!;
  let hi = trie.first[node + 1]!;
  // Halved while many (the root's children), then read in turn. The first
  // unit at or above `c` stays in [lo, hi): a unit at `mid` that is not
  // below `c` may be it, so `hi` goes just past it, not to it.
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

/**
 * A power of two above 1.25 `n`: a table of `n` edges at most four fifths
 * full (and at least two fifths), small, while a search still meets an
 * empty slot soon.
 */
function tableSize(n: number): number {
  return 1 << (32 - Math.clz32(n + (n >>> 2)));
}

/**
 * The trie of the keys in `slots` (their openings: at most `MAX_KEY` code
 * units each), ranked by `rank` (see {@link KeyTrie}).
 */
export function keyTrie(keys: KeyTable, rank: Indexes, slots: readonly number[]): KeyTrie {
  const { text, starts } = keys;
  // Built first with an open-addressed table of edges (`from` a parent + 1,
  // `units`, `to`: a step a unit, whatever a hostile file's keys share),
  // nodes numbered as made; then laid out breadth first. A key of n code
  // units adds at most n nodes.
  let most = 1;
  let largest = 0;
  for (const slot of slots) {
    most += keys.openingLength(slot);
    if (rank[slot]! > largest) largest = rank[slot]!;
  }
  const mask = tableSize(most) - 1;
  const from = new Int32Array(mask + 1);
  const units = new Uint16Array(mask + 1);
  const to = new Int32Array(mask + 1);
  const nodeUnit = new Uint16Array(most);
  const least = new Int32Array(most).fill(0x7fffffff);
  // The keys that end at a node, as made: a chain of slots + 1 from `ends` through `nextEnd`, 0 ending it.
  const ends = new Int32Array(most);
  const nextEnd = new Int32Array(keys.size);
  let nodes = 1;
  for (const slot of slots) {
    const at = starts[slot]!;
    const r = rank[slot]!;
    let node = 0;
    for (let i = 0, n = keys.openingLength(slot); i < n; i++) {
      const c = text.charCodeAt(at + i);
      let h = pairHash(node, c) & mask;
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
    ends[node] = slot + 1;
  }
  // Each node's children, as made: node p's are kids[head[p]] up to kids[head[p + 1]].
  const head = new Int32Array(nodes + 1);
  for (let h = 0; h <= mask; h++) if (from[h] !== 0) head[from[h]!]!++;
  for (let p = 0; p < nodes; p++) head[p + 1]! += head[p]!;
  const fill = head.slice(0, -1);
  const kids = new Int32Array(nodes);
  for (let h = 0; h <= mask; h++) if (from[h] !== 0) kids[fill[from[h]! - 1]!++] = to[h]!;
  const first = indexes(nodes + 1, nodes);
  const unit = new Uint16Array(nodes);
  const nodeEnds = new Int32Array(nodes);
  const many: number[] = [];
  const bestRank = indexes(nodes, largest);
  // Breadth first: the node made as `order[k]` takes number k.
  const order = new Int32Array(nodes);
  const byUnit = (x: number, y: number): number => nodeUnit[x]! - nodeUnit[y]!;
  let placed = 1;
  for (let k = 0; k < nodes; k++) {
    const old = order[k]!;
    const end = ends[old]!;
    if (end === 0 || nextEnd[end - 1] === 0) nodeEnds[k] = end;
    else {
      nodeEnds[k] = keys.size + 1 + many.length;
      const at = many.push(0) - 1;
      for (let e = end; e > 0; e = nextEnd[e - 1]!) many.push(e - 1);
      many[at] = many.length - at - 1;
    }
    bestRank[k] = least[old]!;
    unit[k] = nodeUnit[old]!;
    first[k] = placed;
    const lo = head[old]!;
    const hi = head[old + 1]!;
    if (hi - lo > 1) kids.subarray(lo, hi).sort(byUnit);
    for (let j = lo; j < hi; j++) order[placed++] = kids[j]!;
  }
  first[nodes] = placed;
  return { first, unit, ends: indexesOf(nodeEnds), many: indexesOf(many), least: bestRank };
}

// walkTrie and visitEnds take the scan's state as ten and eleven positional
// parameters, not as an object: the key scanner's loop holds that state in
// locals and calls walkTrie at each crowded bucket, where V8 inlines it
// while it stays small (visitEnds is apart for that); plain arguments make
// no object a call and read nothing through one. Nothing else calls them.

/** The crowded keys whose openings occur in `path` at `i`, walked down the trie: a {@link KeyScan} step. */
export function walkTrie(
  trie: KeyTrie,
  keys: KeyTable,
  path: string,
  i: number,
  rank: Indexes,
  below: number,
  found: Uint8Array,
  epoch: number,
  visit: (slot: number, at: number) => number,
  work: WorkBound,
): number {
  let node = 0;
  // Steps are charged when the walk ends or visits: at most MAX_KEY of them,
  // the first two code units counted as one, since the bucket that sent the
  // walk here was found by them (and the work bound was calibrated so).
  let steps = -1;
  for (let j = i; j < path.length; j++) {
    steps++;
    const next = edgeOf(trie, node, path.charCodeAt(j));
    if (next < 0 || trie.least[next]! >= below) break;
    node = next;
    if (trie.ends[node] === 0) continue;
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
 * enough for V8 to inline into the scan).
 * Each key is visited once a scan: a node whose keys were all looked at is
 * passed at once, so many keys ending at one node (a hostile file's rules
 * sharing a word) cost their number once, not once a position. Its first
 * key is marked found when they are: no flag a node is kept.
 */
function visitEnds(
  trie: KeyTrie,
  keys: KeyTable,
  node: number,
  path: string,
  i: number,
  rank: Indexes,
  below: number,
  found: Uint8Array,
  epoch: number,
  visit: (slot: number, at: number) => number,
  work: WorkBound,
): number {
  const end = trie.ends[node]!;
  const one = end <= keys.size;
  const at = end - keys.size;
  const count = one ? 1 : trie.many[at - 1]!;
  if (found[one ? end - 1 : trie.many[at]!] === epoch) return below;
  for (let k = 0; k < count; k++) {
    const slot = one ? end - 1 : trie.many[at + k]!;
    if (--work.left < 0) return below;
    // Marked found even when its rank is not below the bound, which only
    // falls: it never will be.
    found[slot] = epoch;
    if (rank[slot]! < below) below = reach(keys, slot, path, i, below, visit, work);
  }
  return below;
}
