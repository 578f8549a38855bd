// Which of many words occur in a path, in one pass over it: the filter that
// decides which wildcard rules of a large record are worth trying.

/** Bucket of a two-character opening in a table of `1 << bits` buckets (multiply-shift hash). */
function bigram(a: number, b: number, bits: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) >>> (32 - bits);
}

/**
 * Calls `visit` with the slot of every key that occurs in `path` and where it
 * first occurs, once per key and in order of first occurrence, skipping slots whose rank (given to
 * {@link keyScanner}) is not below the bound: `visit` returns the new bound,
 * so a caller that has found its answer can stop the comparisons that cannot
 * change it.
 */
export type KeyScan = (path: string, below: number, visit: (slot: number, at: number) => number) => void;

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

  /** True when key `k` occurs in `path` at `i`. */
  occursAt(path: string, i: number, k: number): boolean {
    const text = this.text;
    const from = this.starts[k]!;
    const n = this.starts[k + 1]! - from;
    if (path.length - i < n) return false;
    for (let j = 0; j < n; j++) if (path.charCodeAt(i + j) !== text.charCodeAt(from + j)) return false;
    return true;
  }
}

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
 * take a key's first two code units at once (`c0 << 16 | c1`); every other
 * edge takes one. The edge from `node` by `c` sits in an open-addressed
 * table at the first slot from `edgeHash(node, c)` whose `from` is node + 1
 * and `unit` is c (a `from` of 0 ends the search), and leads to `to`. The
 * keys that end at a node are the chain of slots from `ends[node]` through
 * `nextEnd`; `least[node]` is the lowest rank of the keys at or below the
 * node, where a walk can stop.
 */
interface KeyTrie {
  readonly mask: number;
  readonly from: Int32Array;
  readonly unit: Int32Array;
  readonly to: Int32Array;
  readonly ends: Int32Array;
  readonly nextEnd: Int32Array;
  readonly least: Int32Array;
  /** Per node, the scan (its epoch) in which the keys ending there were all visited: a later position skips them. */
  readonly done: Uint8Array;
}

function edgeHash(node: number, c: number, mask: number): number {
  return (Math.imul(node, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & mask;
}

/** The child of `node` by code unit `c`, or -1. */
function edgeOf(trie: KeyTrie, node: number, c: number): number {
  for (let h = edgeHash(node, c, trie.mask); ; h = (h + 1) & trie.mask) {
    const from = trie.from[h]!;
    if (from === 0) return -1;
    if (from === node + 1 && trie.unit[h] === c) return trie.to[h]!;
  }
}

/** Empty arrays for a table of edges `size` long (a power of two), keys ending at nodes to come. */
function emptyTrie(size: number, nodes: number, keys: number): KeyTrie {
  return {
    mask: size - 1,
    from: new Int32Array(size),
    unit: new Int32Array(size),
    to: new Int32Array(size),
    ends: new Int32Array(nodes).fill(-1),
    nextEnd: new Int32Array(keys).fill(-1),
    least: new Int32Array(nodes).fill(0x7fffffff),
    done: new Uint8Array(nodes),
  };
}

function addEdge(trie: KeyTrie, node: number, c: number, next: number): void {
  let h = edgeHash(node, c, trie.mask);
  while (trie.from[h] !== 0) h = (h + 1) & trie.mask;
  trie.from[h] = node + 1;
  trie.unit[h] = c;
  trie.to[h] = next;
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
  // A key of n code units adds at most n - 1 edges (the first takes two units).
  let units = 1;
  for (const slot of slots) units += starts[slot + 1]! - starts[slot]! - 1;
  // Built for as many nodes as that, then copied at the size used.
  const built = emptyTrie(tableSize(units), units, keys.size);
  let nodes = 1;
  for (const slot of slots) {
    const at = starts[slot]!;
    const r = rank[slot]!;
    let node = 0;
    for (let i = 1; i < starts[slot + 1]! - at; i++) {
      const c = i === 1 ? (text.charCodeAt(at) << 16) | text.charCodeAt(at + 1) : text.charCodeAt(at + i);
      let next = edgeOf(built, node, c);
      if (next < 0) addEdge(built, node, c, (next = nodes++));
      node = next;
      if (r < built.least[node]!) built.least[node] = r;
    }
    built.nextEnd[slot] = built.ends[node]!;
    built.ends[node] = slot;
  }
  const trie = {
    ...emptyTrie(tableSize(nodes - 1), 0, 0),
    ends: built.ends.slice(0, nodes),
    nextEnd: built.nextEnd,
    least: built.least.slice(0, nodes),
    done: new Uint8Array(nodes),
  };
  for (let h = 0; h <= built.mask; h++) if (built.from[h] !== 0) addEdge(trie, built.from[h]! - 1, built.unit[h]!, built.to[h]!);
  return trie;
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
  // About two buckets a key: a bucket that keys share costs a comparison more, a bucket's slot in `head` two or four bytes.
  const bits = Math.max(4, Math.min(16, 32 - Math.clz32(n * 2 - 1)));
  const buckets = 1 << bits;
  const opens = new Int32Array(4);
  // Epochs (which scan marked a key found) are one byte: every 255 scans the marks are cleared, a memset of a byte a key and node.
  const found = new Uint8Array(n);
  let epoch = 0;
  let firsts = '';
  const bucketOf = new Int32Array(n);
  const sizes = new Int32Array(buckets);
  for (let slot = 0; slot < n; slot++) {
    const c0 = text.charCodeAt(starts[slot]!);
    if (c0 < 128) opens[c0 >>> 5]! |= 1 << (c0 & 31);
    if (!firsts.includes(text[starts[slot]!]!)) firsts += text[starts[slot]!]!;
    sizes[(bucketOf[slot] = bigram(c0, text.charCodeAt(starts[slot]! + 1), bits))]!++;
  }
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
  const jump = firsts.length <= 2;
  const first0 = firsts[0] ?? '';
  const first1 = firsts[1] ?? '';
  return (path, below, visit) => {
    epoch = (epoch + 1) & 0xff;
    if (epoch === 0) {
      found.fill(0);
      trie?.done.fill(0);
      epoch = 1;
    }
    const last = path.length - 1;
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
      for (let k = head[h]!, end = head[h + 1]!; k < end; k++) {
        const slot = order[k]!;
        if (slot < 0) {
          below = walkTrie(trie!, path, i, rank, below, found, epoch, visit);
          continue;
        }
        if (rank[slot]! >= below || found[slot] === epoch || !table.occursAt(path, i, slot)) continue;
        found[slot] = epoch;
        below = visit(slot, i);
      }
    }
  };
}

/** The crowded keys that occur in `path` at `i`, walked down the trie: a {@link KeyScan} step. */
function walkTrie(
  trie: KeyTrie,
  path: string,
  i: number,
  rank: Int32Array,
  below: number,
  found: Uint8Array,
  epoch: number,
  visit: (slot: number, at: number) => number,
): number {
  let node = 0;
  for (let j = i + 1; j < path.length; j++) {
    const next = edgeOf(trie, node, j === i + 1 ? (path.charCodeAt(i) << 16) | path.charCodeAt(j) : path.charCodeAt(j));
    if (next < 0 || trie.least[next]! >= below) break;
    node = next;
    // Each key is visited once a scan: a node whose keys were all looked at
    // is passed at once, so many keys ending at one node (a hostile file's
    // rules sharing a word) cost their number once, not once a position.
    const first = trie.ends[node]!;
    if (first < 0 || trie.done[node] === epoch) continue;
    for (let slot = first; slot >= 0; slot = trie.nextEnd[slot]!) {
      if (rank[slot]! >= below || found[slot] === epoch) continue;
      found[slot] = epoch;
      below = visit(slot, i);
    }
    trie.done[node] = epoch;
  }
  return below;
}
