// SEMANTICS 4.3 to 4.5: first matching rule in file order, compiled once per
// record and syntax. No RegExp is built from robots.txt input, and every rule
// is matched in time linear in the path length.
import type { Rule } from './model.js';
import { MK1996, type Syntax } from './syntax.js';

/** Finds the deciding rule for a path: the lowest rule index that matches, or -1. */
export type Matcher = (path: string) => number;

/** A GYM2008 wildcard rule split at its stars. */
interface Pattern {
  /** Literal runs between stars; the first must be a prefix, the last a suffix when anchored. */
  readonly parts: readonly string[];
  readonly anchored: boolean;
  readonly index: number;
}

/**
 * True when `path` matches: `*` matches any run, a trailing `$` anchors the
 * end. Leftmost-greedy search of each part is exact for star-only globs, and
 * each `indexOf` starts where the previous part ended, so the work is linear.
 */
export function matchParts(parts: readonly string[], anchored: boolean, path: string): boolean {
  const first = parts[0]!;
  if (!path.startsWith(first)) return false;
  const last = parts.length - 1;
  if (last === 0) return !anchored || path.length === first.length;
  let pos = first.length;
  for (let k = 1; k < last; k++) {
    const part = parts[k]!;
    const at = path.indexOf(part, pos);
    if (at < 0) return false;
    pos = at + part.length;
  }
  const tail = parts[last]!;
  if (anchored) return path.length - tail.length >= pos && path.endsWith(tail);
  return tail === '' || path.indexOf(tail, pos) >= 0;
}

/**
 * Splits a GYM2008 rule path into a pattern, or returns the literal prefix it
 * is equivalent to (`/a*` is the prefix `/a`), or null for a literal rule.
 */
export function splitPattern(path: string): { parts: string[]; anchored: boolean } | string | null {
  const anchored = path.endsWith('$');
  if (!anchored && !path.includes('*')) return null;
  let body = anchored ? path.slice(0, -1) : path;
  if (!anchored) {
    let e = body.length;
    while (e > 0 && body.charCodeAt(e - 1) === 0x2a) e--;
    body = body.slice(0, e);
    if (!body.includes('*')) return body;
  }
  const raw = body.split('*');
  const parts = [raw[0]!];
  for (let k = 1; k < raw.length - 1; k++) if (raw[k] !== '') parts.push(raw[k]!);
  if (raw.length > 1) parts.push(raw[raw.length - 1]!);
  return { parts, anchored };
}

// ---------------------------------------------------------------------------
// Literal rules: prefix matching.

/**
 * Distinct strings in sorted order, each linked to the longest other entry
 * that is its prefix. The entries that are prefixes of a path form a chain: a
 * binary search finds the greatest entry not above the path, and every prefix
 * of the path in the set is that entry or one of its ancestors, so a short
 * walk up the chain finds the longest, in O(log n + path length).
 */
export class PrefixChain {
  /** The entries, sorted by code unit. */
  readonly sorted: readonly string[];
  /** For each entry, the index of its longest proper prefix in the set, or -1. Parents come first. */
  readonly parent: Int32Array;

  /** @param entries distinct strings, in any order. */
  constructor(entries: Iterable<string>) {
    const sorted = [...entries].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const parent = new Int32Array(sorted.length);
    const stack: number[] = [];
    for (let i = 0; i < sorted.length; i++) {
      const p = sorted[i]!;
      while (stack.length > 0 && !p.startsWith(sorted[stack[stack.length - 1]!]!)) stack.pop();
      parent[i] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      stack.push(i);
    }
    this.sorted = sorted;
    this.parent = parent;
  }

  /** Index of the longest entry that is a prefix of `path`, or -1; the others are its ancestors. */
  deepest(path: string): number {
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! <= path) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (at < 0) return -1;
    const cand = sorted[at]!;
    const limit = Math.min(cand.length, path.length);
    let common = 0;
    while (common < limit && cand.charCodeAt(common) === path.charCodeAt(common)) common++;
    while (at >= 0 && sorted[at]!.length > common) at = this.parent[at]!;
    return at;
  }
}

const LINEAR_LIMIT = 12;

/**
 * Lowest index among literal rules that are prefixes of a path. Small sets are
 * scanned in order; larger ones use a {@link PrefixChain} where each entry
 * carries the lowest index along its chain.
 */
function literalMatcher(paths: string[], indexes: number[]): Matcher {
  if (paths.length === 0) return () => -1;
  if (paths.length <= LINEAR_LIMIT) {
    return (path) => {
      for (let k = 0; k < paths.length; k++) if (path.startsWith(paths[k]!)) return indexes[k]!;
      return -1;
    };
  }
  const byPath = new Map<string, number>();
  for (let k = 0; k < paths.length; k++) if (!byPath.has(paths[k]!)) byPath.set(paths[k]!, indexes[k]!);
  const chain = new PrefixChain(byPath.keys());
  const best = new Int32Array(chain.sorted.length);
  for (let i = 0; i < best.length; i++) {
    const own = byPath.get(chain.sorted[i]!)!;
    const up = chain.parent[i]!;
    best[i] = up >= 0 && best[up]! < own ? best[up]! : own;
  }
  return (path) => {
    const at = chain.deepest(path);
    return at >= 0 ? best[at]! : -1;
  };
}

// ---------------------------------------------------------------------------
// Wildcard rules: a filter on each pattern's longest literal part.

const BIGRAM_BITS = 1 << 16;
const NO_RULE = 0x7fffffff;

function bigram(a: number, b: number): number {
  return ((a * 31) ^ b) & (BIGRAM_BITS - 1);
}

/**
 * Calls `visit` with the slot of every key that occurs in `path`, once per key
 * and in order of first occurrence, skipping slots whose `rank` is not below
 * the bound: `visit` returns the new bound, so a caller that has found its
 * answer can stop the comparisons that cannot change it.
 */
export type KeyScan = (path: string, rank: Int32Array, below: number, visit: (slot: number) => number) => void;

/**
 * Compiles a finder for which of many literal keys (each at least two
 * characters long, slots being their indexes) occur in a path, in one scan of
 * the path: a bit set says which two-character openings the keys have, and
 * only keys with an opening found there are compared.
 */
export function keyScanner(keys: readonly string[]): KeyScan {
  const buckets = new Map<number, number[]>();
  const seen = new Uint8Array(BIGRAM_BITS >>> 3);
  // First characters of the keys: most path characters fail this one load.
  const opens = new Uint8Array(128);
  const found = new Uint32Array(keys.length);
  let epoch = 0;
  for (let slot = 0; slot < keys.length; slot++) {
    const key = keys[slot]!;
    const c0 = key.charCodeAt(0);
    if (c0 < 128) opens[c0] = 1;
    const h = bigram(c0, key.charCodeAt(1));
    seen[h >>> 3]! |= 1 << (h & 7);
    let list = buckets.get(h);
    if (list === undefined) buckets.set(h, (list = []));
    list.push(slot);
  }
  return (path, rank, below, visit) => {
    epoch = (epoch + 1) >>> 0;
    if (epoch === 0) {
      found.fill(0);
      epoch = 1;
    }
    for (let i = 0, n = path.length - 1; i < n; i++) {
      const c = path.charCodeAt(i);
      if (c < 128 && opens[c] === 0) continue;
      const h = bigram(c, path.charCodeAt(i + 1));
      if ((seen[h >>> 3]! & (1 << (h & 7))) === 0) continue;
      for (const slot of buckets.get(h)!) {
        if (rank[slot]! >= below || found[slot] === epoch || !path.startsWith(keys[slot]!, i)) continue;
        found[slot] = epoch;
        below = visit(slot);
      }
    }
  };
}

/** The longest literal part of a pattern: where a match must contain it. */
export function longestPart(parts: readonly string[]): string {
  let key = '';
  for (const part of parts) if (part.length > key.length) key = part;
  return key;
}

/**
 * Lowest index among wildcard rules that match a path, below a bound. A
 * pattern can match only where its longest literal part occurs, so only
 * patterns whose part a {@link keyScanner} finds in the path are tried.
 */
function patternMatcher(patterns: Pattern[]): (path: string, below: number) => number {
  if (patterns.length === 0) return () => -1;
  const always: Pattern[] = [];
  const scanned: Pattern[] = [];
  const keys: string[] = [];
  for (const pattern of patterns) {
    const key = longestPart(pattern.parts);
    if (key.length < 2 || patterns.length <= 4) {
      always.push(pattern);
    } else {
      scanned.push(pattern);
      keys.push(key);
    }
  }
  const scan = scanned.length > 0 ? keyScanner(keys) : null;
  const rank = Int32Array.from(scanned, (p) => p.index);
  let best = NO_RULE;
  let target = '';
  const visit = (slot: number): number => {
    const p = scanned[slot]!;
    if (matchParts(p.parts, p.anchored, target)) best = p.index;
    return best;
  };
  return (path, below) => {
    best = below;
    for (const p of always) {
      if (p.index >= best) break;
      if (matchParts(p.parts, p.anchored, path)) {
        best = p.index;
        break;
      }
    }
    if (scan !== null) {
      target = path;
      scan(path, rank, best, visit);
    }
    return best === below ? -1 : best;
  };
}

/**
 * Compiles a record's rules for one syntax into a matcher that returns the
 * index of the first rule (in file order) that matches a path, or -1.
 */
export function compileRules(rules: readonly Rule[], syntax: Syntax): Matcher {
  const litPaths: string[] = [];
  const litIndexes: number[] = [];
  const patterns: Pattern[] = [];
  for (let index = 0; index < rules.length; index++) {
    const path = rules[index]!.path;
    const split = syntax === MK1996 ? null : splitPattern(path);
    if (split === null || typeof split === 'string') {
      litPaths.push(split ?? path);
      litIndexes.push(index);
      // An empty path matches everything: nothing after it can decide.
      if ((split ?? path) === '') break;
    } else {
      patterns.push({ parts: split.parts, anchored: split.anchored, index });
    }
  }
  const literal = literalMatcher(litPaths, litIndexes);
  if (patterns.length === 0) return literal;
  const wild = patternMatcher(patterns);
  return (path) => {
    const lit = literal(path);
    const w = wild(path, lit < 0 ? NO_RULE : lit);
    return w < 0 ? lit : w;
  };
}
