// Which of many words occur in a path, in one pass over it: the filter that
// decides which wildcard rules of a large record are worth trying.
import type { WorkBound } from './work-bound.js';

/** Bucket of a two-character opening in a table of `1 << bits` buckets (multiply-shift hash). */
function bigram(a: number, b: number, bits: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) >>> (32 - bits);
}

/**
 * Calls `visit` with the slot of every key that occurs in `path` and where it
 * first occurs, once per key, skipping slots whose rank (given to
 * {@link keyScanner}) is not below the bound: `visit` returns the new bound,
 * so a caller that has found its answer can stop the comparisons that cannot
 * change it. What the scan does is charged to `work`; it stops, leaving
 * keys unvisited, once that is spent.
 */
export type KeyScan = (path: string, below: number, visit: (slot: number, at: number) => number, work: WorkBound) => void;

/**
 * Many keys held as one string: key k is `text.slice(starts[k], starts[k + 1])`.
 * A string each took some 32 bytes besides its characters (a header and a
 * slot), for keys of three or four characters in a hostile file's thousands
 * of `/*<i>*` rules (docs/performance.md, "Memory per origin").
 */
export class KeyTable {
  readonly text: string;
  readonly starts: Int32Array;

  constructor(keys: readonly string[]) {
    this.text = keys.join('');
    const starts = new Int32Array(keys.length + 1);
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

/** What a step down the trie is charged (engine/work-bound.ts): a search of a node's children, some four comparisons. */
const TRIE_STEP = 4;

/** Fewer wildcard rules than this are tried in turn: a scan costs more than trying a handful. */
const SCAN_FROM = 5;

/**
 * True when a wildcard rule whose longest literal part is `key`, among
 * `rules` wildcard rules, is worth a place in a {@link keyScanner}: a key
 * needs two characters (the scanner looks up two-character openings), and a
 * handful of rules are cheaper tried in turn.
 */
export function scansKey(key: string, rules: number): boolean {
  return key.length >= 2 && rules >= SCAN_FROM;
}

/** A bucket with more keys than this is searched through a trie of its keys instead of key by key. */
const CROWDED = 24;

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
interface KeyTrie {
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

function keyTrie(keys: KeyTable, rank: Int32Array, slots: readonly number[]): KeyTrie {
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

/** Bits of a table of about two buckets for each of `n` keys or openings, from 16 buckets to 65,536. */
function bucketBits(n: number): number {
  return Math.max(4, Math.min(16, 32 - Math.clz32(n * 2 - 1)));
}

/** Each key's bucket: the hash of its first two code units, in a table of `1 << bits`. */
function bucketsOf(keys: KeyTable, bits: number): Int32Array {
  const { text, starts } = keys;
  const bucketOf = new Int32Array(keys.size);
  for (let slot = 0; slot < bucketOf.length; slot++) bucketOf[slot] = bigram(text.charCodeAt(starts[slot]!), text.charCodeAt(starts[slot]! + 1), bits);
  return bucketOf;
}

/** How many keys each bucket of a table of `1 << bits` holds. */
function countBuckets(bucketOf: Int32Array, bits: number): Int32Array {
  const sizes = new Int32Array(1 << bits);
  for (const h of bucketOf) sizes[h]!++;
  return sizes;
}

/**
 * Compiles a finder for which of many literal keys (each at least two
 * characters long, slots being their indexes) occur in a path, in one pass
 * over the path. When the keys open with at most two distinct characters
 * (`?name` and `&name` keys, say), indexOf jumps from one such character to
 * the next; otherwise every character is looked at, and a 128-bit set of the
 * opening characters skips most. At each opening, a hash table of the keys'
 * two-character openings (about two buckets a key, stored as offsets into
 * one array of slots) gives the few keys worth comparing. A bucket that many
 * keys share (`ab1x`, `ab2x`, ... from a hostile file) is walked as a trie
 * instead, so that a position costs at most the longest key's length, not
 * a comparison per key.
 */
export function keyScanner(keys: KeyTable | readonly string[], rank: Int32Array): KeyScan {
  if (!(keys instanceof KeyTable)) keys = new KeyTable(keys);
  const table = keys;
  const { text, starts } = keys;
  const n = keys.size;
  const opens = new Int32Array(4);
  // Epochs (which scan marked a key found) are one byte: every 255 scans the marks are cleared, a memset of a byte a key and node.
  const found = new Uint8Array(n);
  let epoch = 0;
  let firsts = '';
  for (let slot = 0; slot < n; slot++) {
    const c0 = text.charCodeAt(starts[slot]!);
    if (c0 < 128) opens[c0 >>> 5]! |= 1 << (c0 & 31);
    if (!firsts.includes(text[starts[slot]!]!)) firsts += text[starts[slot]!]!;
  }
  // About two buckets a key: a bucket that keys share costs a comparison
  // more, a bucket's slot in `head` two or four bytes. Keys that share few
  // openings (a hostile file's thousands of `/*<i>*`, whose keys open with
  // some hundred pairs of digits) get eight buckets an opening: `head` took
  // 32 KiB of the 350 that such a file of 95 KiB held. (Two buckets an
  // opening made synth5k's checks 7 % more instructions, openings sharing
  // buckets.)
  let bits = bucketBits(n);
  let bucketOf = bucketsOf(keys, bits);
  let sizes = countBuckets(bucketOf, bits);
  let used = 0;
  for (const size of sizes) if (size > 0) used++;
  if (bucketBits(4 * used) < bits) {
    bits = bucketBits(4 * used);
    bucketOf = bucketsOf(keys, bits);
    sizes = countBuckets(bucketOf, bits);
  }
  const buckets = 1 << bits;
  // Bucket h holds the slots order[head[h]] up to order[head[h + 1]]; a
  // crowded one holds the single entry -1, standing for the trie.
  const crowded: number[] = [];
  for (let slot = 0; slot < n; slot++) if (sizes[bucketOf[slot]!]! > CROWDED) crowded.push(slot);
  const trie = crowded.length > 0 ? keyTrie(keys, rank, crowded) : null;
  // Offsets into `order` (at most one a key) take two bytes when they fit.
  const head = n < 0x10000 ? new Uint16Array(buckets + 1) : new Int32Array(buckets + 1);
  for (let h = 0; h < buckets; h++) head[h + 1] = head[h]! + (sizes[h]! > CROWDED ? 1 : sizes[h]!);
  const order = new Int32Array(head[buckets]!).fill(-1);
  const fill = head.slice(0, -1);
  for (let slot = 0; slot < n; slot++) {
    const h = bucketOf[slot]!;
    if (sizes[h]! <= CROWDED) order[fill[h]!++] = slot;
  }
  // Each key's opening length (at most MAX_KEY, so a byte each).
  const opening = new Uint8Array(n);
  for (let slot = 0; slot < n; slot++) opening[slot] = table.openingLength(slot);
  const shared = sharedOpenings(table, opening, head, order);
  const jump = firsts.length <= 2;
  const first0 = firsts[0] ?? '';
  const first1 = firsts[1] ?? '';
  return (path, below, visit, work) => {
    epoch = (epoch + 1) & 0xff;
    if (epoch === 0) {
      found.fill(0);
      trie?.done.fill(0);
      epoch = 1;
    }
    const last = path.length - 1;
    // Charged in a local while the scan runs alone, and handed over to `work` around each call that charges it too.
    let left = work.left;
    // Jumping: the next occurrence of each opening character, -1 when none is left.
    let next0 = jump ? path.indexOf(first0) : -1;
    let next1 = jump && first1 !== '' ? path.indexOf(first1) : -1;
    for (let i = -1; ;) {
      if (jump) {
        i = next0 < 0 ? next1 : next1 < 0 || next0 < next1 ? next0 : next1;
        if (i < 0 || i >= last) break;
        if (i === next0) next0 = path.indexOf(first0, i + 1);
        else next1 = path.indexOf(first1, i + 1);
      } else {
        if (++i >= last) break;
        const c = path.charCodeAt(i);
        if (c < 128 && (opens[c >>> 5]! & (1 << (c & 31))) === 0) continue;
      }
      const h = bigram(path.charCodeAt(i), path.charCodeAt(i + 1), bits);
      const end = head[h + 1]!;
      left -= 3 * (end - head[h]!);
      if (left < 0) break;
      // Characters of the path from `i` that the last key compared matched.
      let m = 0;
      for (let k = head[h]!; k < end; k++) {
        const slot = order[k]!;
        if (slot < 0) {
          work.left = left;
          below = walkTrie(trie!, table, path, i, rank, below, found, epoch, visit, work);
          left = work.left;
          continue;
        }
        // How much of this key's opening the path holds from `i`: what the
        // bucket's keys before it matched tells, through the openings they
        // share (sorted, each shares `shared[k]` with the one before it),
        // and only the rest is compared, so a bucket of keys that differ
        // late (`aaa…aA`, `aaa…aB`, …) costs a comparison of one opening,
        // not of each. Compared here, not in a call (a call a comparison
        // cost synth5k 10 %), and charged the characters read.
        const len = opening[slot]!;
        const l = k === head[h] ? 0 : shared[k]!;
        if (l < m) m = l;
        else if (l === m) {
          const from = starts[slot]!;
          while (m < len && i + m <= last && path.charCodeAt(i + m) === text.charCodeAt(from + m)) m++;
          left -= m - l + 1;
        }
        if (m < len || rank[slot]! >= below || found[slot] === epoch) continue;
        found[slot] = epoch;
        work.left = left;
        below = reach(table, slot, path, i, below, visit, work);
        left = work.left;
      }
    }
    work.left = left;
  };
}

/**
 * Sorts each bucket's keys (in `order`, from `head`) by their openings, and
 * answers, for each place of `order` after a bucket's first, how many code
 * units its key's opening shares with the one before it.
 */
function sharedOpenings(keys: KeyTable, opening: Uint8Array, head: ArrayLike<number>, order: Int32Array): Uint8Array {
  const { text, starts } = keys;
  const shared = new Uint8Array(order.length);
  const common = (x: number, y: number): number => {
    const n = Math.min(opening[x]!, opening[y]!);
    let j = 0;
    while (j < n && text.charCodeAt(starts[x]! + j) === text.charCodeAt(starts[y]! + j)) j++;
    return j;
  };
  const byOpening = (x: number, y: number): number => {
    const j = common(x, y);
    return j < opening[x]! && j < opening[y]! ? text.charCodeAt(starts[x]! + j) - text.charCodeAt(starts[y]! + j) : opening[x]! - opening[y]!;
  };
  for (let h = 0; h + 1 < head.length; h++) {
    const lo = head[h]!;
    const hi = head[h + 1]!;
    if (hi - lo < 2 || order[lo]! < 0) continue;
    order.subarray(lo, hi).sort(byOpening);
    for (let k = lo + 1; k < hi; k++) shared[k] = common(order[k - 1]!, order[k]!);
  }
  return shared;
}

/**
 * Visits key `slot`, whose opening first occurs in `path` at `i`, at its
 * first occurrence: there when the key is its opening, else where a search
 * from `i` finds it whole (not at all when it is missing).
 */
function reach(keys: KeyTable, slot: number, path: string, i: number, below: number, visit: (slot: number, at: number) => number, work: WorkBound): number {
  const length = keys.starts[slot + 1]! - keys.starts[slot]!;
  if (length <= MAX_KEY) return visit(slot, i);
  if (work.left < 0) return below;
  const at = path.indexOf(keys.key(slot), i);
  work.searched((at < 0 ? path.length : at + length) - i);
  return at < 0 ? below : visit(slot, at);
}

/** The crowded keys whose openings occur in `path` at `i`, walked down the trie: a {@link KeyScan} step. */
function walkTrie(
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
