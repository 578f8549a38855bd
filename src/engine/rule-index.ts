// Many rules, indexed: which of them decides a path, when the rules are
// given in the order in which the first match decides. Both precedence rules
// reduce to that order: the classic syntaxes try rules in file order
// (docs/behaviour.md §4.3), and RFC 9309's longest match (RFC 9309 §2.2.2)
// is the first match once rules are sorted longest first, allow before
// disallow among equals (see rfc9309/longest-match.ts).
//
// Worst case, for n rules and a path of m characters: literal rules cost one
// binary search of a prefix chain, O(log n + m) characters read. Wildcard
// rules are tried only where their longest literal part occurs in the path,
// found by one pass of a key scanner; each try is linear in m, and part
// searches shared by many rules are remembered (PartSearches), so thousands
// of rules sharing a word cost lookups rather than scans. No rule is ever
// turned into a regular expression.
import { KeyTable, keyScanner, scansKey } from './key-scanner.js';
import { PartSearches } from './part-searches.js';
import { floatingKey, longestPart, matchPartsIn, splitPattern, type Pattern } from './pattern.js';
import { PrefixChain } from './prefix-chain.js';
import { OVER_BOUND, WorkBound } from './work-bound.js';

/**
 * The rank (index in decision order) of the rule that decides a path, -1
 * when none matches, or {@link OVER_BOUND} when the check passed its work
 * bound (engine/work-bound.ts).
 */
export type RankedMatcher = (path: string) => number;

/** No rule found yet: above every rank. */
const NO_RULE = 0x7fffffff;

/** A pattern of the rules compiled: its parts are its own (made by splitPattern), for the index to keep or share. */
interface RankedPattern extends Pattern {
  readonly parts: string[];
  readonly rank: number;
}

/**
 * Compiles rule patterns, given in decision order, into a matcher of the
 * first (lowest-ranked) one that matches a path. With `wildcards`, `*` and a
 * final `$` are special (GYM2008, RFC 9309); without, every pattern is a
 * literal prefix (MK1996). An empty literal matches every path, so nothing
 * ranked after it is kept.
 */
export function compileRanked(patterns: readonly string[], wildcards: boolean): RankedMatcher {
  const prefixes = new Map<string, number>();
  const wild: RankedPattern[] = [];
  // A pattern written again can never decide: the first of them is ranked before it.
  const seen = new Set<string>();
  for (let rank = 0; rank < patterns.length; rank++) {
    const pattern = patterns[rank]!;
    // Checked before splitting: a file of one rule written thousands of times splits it once.
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    const split = wildcards ? splitPattern(pattern) : null;
    if (split === null || typeof split === 'string') {
      const prefix = split ?? pattern;
      if (!prefixes.has(prefix)) prefixes.set(prefix, rank);
      if (prefix === '') break;
    } else {
      wild.push({ parts: split.parts, anchored: split.anchored, rank });
    }
  }
  const literal = prefixMatcher(prefixes);
  if (wild.length === 0) return literal;
  const wildcard = patternMatcher(wild);
  return (path) => {
    const lit = literal(path);
    const w = wildcard(path, lit < 0 ? NO_RULE : lit);
    return w === -1 ? lit : w;
  };
}

/**
 * The lowest rank among literal prefixes of a path: the deepest entry of a
 * {@link PrefixChain} found, each entry carrying the lowest rank along its
 * chain of ancestors.
 */
function prefixMatcher(ranks: ReadonlyMap<string, number>): RankedMatcher {
  if (ranks.size === 0) return () => -1;
  const chain = new PrefixChain(ranks.keys());
  const best = new Int32Array(chain.size);
  // Parents sort before their children, so each parent's best is known first.
  for (let i = 0; i < best.length; i++) {
    const own = ranks.get(chain.entry(i))!;
    const up = chain.parent[i]!;
    best[i] = up >= 0 && best[up]! < own ? best[up]! : own;
  }
  return (path) => {
    const at = chain.deepest(path);
    return at >= 0 ? best[at]! : -1;
  };
}

/**
 * Parts met lately, by their length and end characters: a part written in
 * many rules (`/a`, `.pdf`, a shared word) is then kept as one string. A
 * file of distinct parts costs a comparison a part (a map of every part
 * took a third of the compiling time of a hostile file of distinct ones).
 * Parts of one character need none: V8 shares them already.
 */
class RecentParts {
  readonly #seen = new Array<string>(256).fill('');

  /** Replaces each part of more than one character of `parts` by the string met lately equal to it (see {@link of}). */
  intern(parts: string[]): void {
    for (let k = 0; k < parts.length; k++) if (parts[k]!.length > 1) parts[k] = this.of(parts[k]!);
  }

  /** The string met lately equal to `part`, else `part`, now remembered. */
  of(part: string): string {
    const h = (part.length * 31 + part.charCodeAt(0) * 7 + part.charCodeAt(part.length - 1)) & 255;
    const seen = this.#seen[h]!;
    if (seen === part) return seen;
    return (this.#seen[h] = part);
  }
}

/**
 * The lowest rank among wildcard patterns that match a path, below a bound,
 * or -1 (or {@link OVER_BOUND}). A pattern can match only where its longest literal part occurs, so
 * only patterns whose part a key scanner finds in the path are tried (a
 * handful, or those with a part under two characters, are tried in turn).
 */
function patternMatcher(patterns: readonly RankedPattern[]): (path: string, below: number) => number {
  const always: RankedPattern[] = [];
  // A floating pattern (`/*key`, `/*key*`: most wildcard rules, and a hostile
  // file's thousands) is kept as its key alone: it matches where the key
  // occurs past the opening `/`. The other patterns scanned take the first
  // slots, their parts one after another in `parts` (pattern k's from
  // partStart[k] to partStart[k + 1]), a part written in rule after rule
  // one string (see RecentParts): an object and an array a pattern took
  // some 120 of the 230 bytes a rule held (docs/performance.md, "Memory per
  // origin").
  const lists: string[][] = [];
  let count = 0;
  const partStart: number[] = [0];
  const anchoredSlots: number[] = [];
  const scannedRanks: number[] = [];
  const scannedKeys: string[] = [];
  const floating: number[] = [];
  const floatingKeys: string[] = [];
  const interned = new RecentParts();
  for (const pattern of patterns) {
    const key = longestPart(pattern.parts);
    if (!scansKey(key, patterns.length)) always.push(pattern);
    else if (floatingKey(pattern.parts, pattern.anchored) === key) {
      floating.push(pattern.rank);
      floatingKeys.push(key);
    } else {
      interned.intern(pattern.parts);
      lists.push(pattern.parts);
      partStart.push((count += pattern.parts.length));
      if (pattern.anchored) anchoredSlots.push(scannedRanks.length);
      scannedRanks.push(pattern.rank);
      scannedKeys.push(key);
    }
  }
  // Joined by the runtime's concat, a chunk at a time (an argument a list):
  // pushed one by one, into an array that outgrows the young generation, a
  // part cost some 60 ns.
  let parts: string[] = [];
  for (let k = 0; k < lists.length; k += 8192) parts = parts.concat(...lists.slice(k, k + 8192));
  const first = scannedRanks.length;
  const starts = Int32Array.from(partStart);
  const anchored = new Uint8Array(first);
  for (const slot of anchoredSlots) anchored[slot] = 1;
  const keys = new KeyTable([...scannedKeys, ...floatingKeys]);
  const rank = Int32Array.from([...scannedRanks, ...floating]);
  const scan = keys.size > 0 ? keyScanner(keys, rank) : null;
  // What the scan's visits read and write: set by each call, which runs no other code meanwhile.
  let best = NO_RULE;
  let target = '';
  const work = new WorkBound();
  const searches = new PartSearches(work);
  const visit = (slot: number, at: number): number => {
    if (work.left < 0) return best;
    if (slot >= first) {
      // The key's first place is `at`; at 0 it may still occur past the `/`.
      if (target.charCodeAt(0) === 0x2f && (at > 0 || searches.indexOf(keys.key(slot), 1) > 0)) best = rank[slot]!;
    } else {
      const lo = starts[slot]!;
      const hi = starts[slot + 1]!;
      if (searches.tried()) searches.found(keys.key(slot), at);
      if (matchPartsIn(parts, lo, hi, anchored[slot] === 1, target, 0, target.length, searches)) best = rank[slot]!;
    }
    return best;
  };
  return (path, below) => {
    best = below;
    work.start(path.length);
    searches.start(path);
    for (const p of always) {
      if (p.rank >= best || work.left < 0) break;
      searches.tried();
      if (matchPartsIn(p.parts, 0, p.parts.length, p.anchored, path, 0, path.length, searches)) {
        best = p.rank;
        break;
      }
    }
    if (scan !== null) {
      target = path;
      scan(path, best, visit, work);
      target = '';
    }
    searches.finish();
    if (work.left < 0) return OVER_BOUND;
    return best === below ? -1 : best;
  };
}
