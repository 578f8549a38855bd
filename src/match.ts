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

const LINEAR_LIMIT = 12;

/**
 * Lowest index among literal rules that are prefixes of a path. Small sets are
 * scanned in order; larger ones use a sorted array where every prefix of the
 * path is an ancestor of the greatest entry not above it, so a binary search
 * and a short walk up the prefix chain answer in O(log n + path length).
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
  const sorted = [...byPath.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const n = sorted.length;
  const parent = new Int32Array(n);
  const best = new Int32Array(n);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = sorted[i]!;
    while (stack.length > 0 && !p.startsWith(sorted[stack[stack.length - 1]!]!)) stack.pop();
    const up = stack.length > 0 ? stack[stack.length - 1]! : -1;
    parent[i] = up;
    const own = byPath.get(p)!;
    best[i] = up >= 0 && best[up]! < own ? best[up]! : own;
    stack.push(i);
  }
  return (path) => {
    let lo = 0;
    let hi = n - 1;
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
    while (at >= 0 && sorted[at]!.length > common) at = parent[at]!;
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
 * Lowest index among wildcard rules that match a path, below a bound. A
 * pattern can match only where its longest literal part occurs, so the path is
 * scanned once for the two-character openings of those parts (a bit set says
 * which openings exist) and only patterns whose part is found are tried.
 */
function patternMatcher(patterns: Pattern[]): (path: string, below: number) => number {
  if (patterns.length === 0) return () => -1;
  const always: Pattern[] = [];
  const buckets = new Map<number, Array<{ key: string; pattern: Pattern; slot: number }>>();
  const seen = new Uint8Array(BIGRAM_BITS >>> 3);
  // First characters of the keys: most path characters fail this one load.
  const opens = new Uint8Array(128);
  for (let slot = 0; slot < patterns.length; slot++) {
    const pattern = patterns[slot]!;
    let key = '';
    for (const part of pattern.parts) if (part.length > key.length) key = part;
    if (key.length < 2 || patterns.length <= 4) {
      always.push(pattern);
      continue;
    }
    const c0 = key.charCodeAt(0);
    if (c0 < 128) opens[c0] = 1;
    const h = bigram(c0, key.charCodeAt(1));
    seen[h >>> 3]! |= 1 << (h & 7);
    let list = buckets.get(h);
    if (list === undefined) buckets.set(h, (list = []));
    list.push({ key, pattern, slot });
  }
  const tried = new Uint32Array(patterns.length);
  let epoch = 0;
  const filtered = buckets.size > 0;
  return (path, below) => {
    let best = below;
    for (const p of always) {
      if (p.index >= best) break;
      if (matchParts(p.parts, p.anchored, path)) {
        best = p.index;
        break;
      }
    }
    if (filtered) {
      epoch = (epoch + 1) >>> 0;
      if (epoch === 0) {
        tried.fill(0);
        epoch = 1;
      }
      for (let i = 0, n = path.length - 1; i < n; i++) {
        const c = path.charCodeAt(i);
        if (c < 128 && opens[c] === 0) continue;
        const h = bigram(c, path.charCodeAt(i + 1));
        if ((seen[h >>> 3]! & (1 << (h & 7))) === 0) continue;
        for (const { key, pattern, slot } of buckets.get(h)!) {
          if (pattern.index >= best || tried[slot] === epoch || !path.startsWith(key, i)) continue;
          tried[slot] = epoch;
          if (matchParts(pattern.parts, pattern.anchored, path)) best = pattern.index;
        }
      }
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
