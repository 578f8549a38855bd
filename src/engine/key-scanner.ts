// Which of many words occur in a path, in one pass over it: the filter that
// decides which wildcard rules of a large record are worth trying.
import { indexes, type Indexes } from './indexes.js';
import { KeyTable, pairHash, reach } from './key-table.js';
import { keyTrie, walkTrie } from './key-trie.js';
import type { WorkBound } from './work-bound.js';

/** Bucket of a two-character opening in a table of `1 << bits` buckets (multiply-shift hash). */
function bigram(a: number, b: number, bits: number): number {
  return pairHash(a, b) >>> (32 - bits);
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

/** Fewer wildcard rules than this are tried in turn: a scan costs more than trying a handful. */
const SCAN_FROM = 5;

/**
 * True when a wildcard rule whose key (the literal part it is scanned for:
 * `rarestPart` in engine/rule-index.ts) is `key`, among
 * `rules` wildcard rules, is worth a place in a {@link keyScanner}: a key
 * needs two characters (the scanner looks up two-character openings), and a
 * handful of rules are cheaper tried in turn.
 */
export function scansKey(key: string, rules: number): boolean {
  return key.length >= 2 && rules >= SCAN_FROM;
}

/** A bucket with more keys than this is searched through a trie of its keys instead of key by key. */
const CROWDED = 24;

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
 * instead, and a smaller one's keys are sorted so that each is compared
 * from where the one before it stopped: a position costs at most
 * MAX_KEY (engine/key-table.ts) steps of the trie or characters compared, not a
 * comparison per key. `rank` gives each slot's rank, an index (0 or more):
 * the trie keeps the least below each node in an array sized for them.
 */
export function keyScanner(keys: KeyTable | readonly string[], rank: Indexes): KeyScan {
  const table = keys instanceof KeyTable ? keys : new KeyTable(keys);
  const { text, starts } = table;
  const n = table.size;
  const opens = new Int32Array(4);
  // Epochs (which scan marked a key found) are one byte: every 255 scans the marks are cleared, a memset of a byte a key.
  const found = new Uint8Array(n);
  let epoch = 0;
  let firsts = '';
  for (let slot = 0; slot < n; slot++) {
    const c0 = text.charCodeAt(starts[slot]!);
    if (c0 < 128) opens[c0 >>> 5]! |= 1 << (c0 & 31);
    // Only whether there are at most two is asked: past three, the search stops.
    if (firsts.length <= 2 && !firsts.includes(text[starts[slot]!]!)) firsts += text[starts[slot]!]!;
  }
  // About two buckets a key: a bucket that keys share costs a comparison
  // more, a bucket's slot in `head` two or four bytes. Keys that share few
  // openings (a hostile file's thousands of `/*<i>*`, whose keys open with
  // some hundred pairs of digits) get eight buckets an opening: fewer than
  // two a key, whose `head` was a large part of such a file's heap, and
  // enough that openings seldom share a bucket, as two an opening did
  // (docs/performance.md, "What each trick pays").
  let bits = bucketBits(n);
  let bucketOf = bucketsOf(table, bits);
  let sizes = countBuckets(bucketOf, bits);
  let used = 0;
  for (const size of sizes) if (size > 0) used++;
  if (bucketBits(4 * used) < bits) {
    bits = bucketBits(4 * used);
    bucketOf = bucketsOf(table, bits);
    sizes = countBuckets(bucketOf, bits);
  }
  const buckets = 1 << bits;
  // Bucket h holds the slots order[head[h]] up to order[head[h + 1]]; a
  // crowded one holds the single entry `n` (no key's slot), standing for the trie.
  const crowded: number[] = [];
  for (let slot = 0; slot < n; slot++) if (sizes[bucketOf[slot]!]! > CROWDED) crowded.push(slot);
  const trie = crowded.length > 0 ? keyTrie(table, rank, crowded) : null;
  // Offsets into `order`: at most one a key.
  const head = indexes(buckets + 1, n);
  for (let h = 0; h < buckets; h++) head[h + 1] = head[h]! + (sizes[h]! > CROWDED ? 1 : sizes[h]!);
  const order = indexes(head[buckets]!, n).fill(n);
  const fill = head.slice(0, -1);
  for (let slot = 0; slot < n; slot++) {
    const h = bucketOf[slot]!;
    if (sizes[h]! <= CROWDED) order[fill[h]!++] = slot;
  }
  // Each key's opening length (at most MAX_KEY, so a byte each), kept apart
  // rather than read from `starts` in the hot loop below.
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
        if (slot === n) {
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
        // not of each. Compared here, not in a call, which cost a large
        // file's checks (docs/performance.md, "What each trick pays"), and
        // charged the characters read.
        const len = opening[slot]!;
        // A bucket's first key shares nothing with one before it (`shared` holds 0 there).
        const l = shared[k]!;
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
function sharedOpenings(keys: KeyTable, opening: Uint8Array, head: Indexes, order: Indexes): Uint8Array {
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
    // A crowded bucket's one entry stands for the trie: fewer than two, nothing to sort.
    if (hi - lo < 2) continue;
    order.subarray(lo, hi).sort(byOpening);
    for (let k = lo + 1; k < hi; k++) shared[k] = common(order[k - 1]!, order[k]!);
  }
  return shared;
}
