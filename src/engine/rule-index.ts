// Many rules, indexed (the third tier; the tiers and their worst cases:
// engine/decider.ts): which of them decides a path, the rules given in the
// order in which the first match decides. Literal rules go into a prefix
// chain, one binary search a path. Wildcard rules are tried only where
// their key (a literal part; see rarestPart) occurs in the path, found by
// one pass of a key scanner, and part searches shared by many rules are
// remembered (PartSearches), so thousands of rules sharing a word cost
// lookups rather than scans. A check counts its work, and past its bound
// answers OVER_BOUND (engine/work-bound.ts). No rule is ever turned into a
// regular expression.
import { keyScanner, scansKey } from './key-scanner.js';
import { indexes, indexesOf } from './indexes.js';
import { KeyTable, MAX_KEY } from './key-table.js';
import { PartSearches } from './part-searches.js';
import { floatingKey, matchPartsAt, matchSpan, openKey, splitPattern, type Pattern } from './pattern.js';
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

/** A pattern of the rules compiled, split (by splitPattern). */
interface RankedPattern extends Pattern {
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
  let largest = 0;
  for (const rank of ranks.values()) if (rank > largest) largest = rank;
  const best = indexes(chain.size, largest);
  // Parents sort before their children, so each parent's best is known first.
  for (let i = 0; i < best.length; i++) {
    const own = ranks.get(chain.entry(i))!;
    const up = chain.parentOf(i);
    best[i] = up >= 0 && best[up]! < own ? best[up]! : own;
  }
  return (path) => {
    const at = chain.deepest(path);
    return at >= 0 ? best[at]! : -1;
  };
}

/**
 * The lowest rank among wildcard patterns that match a path, below a bound,
 * or -1 (or {@link OVER_BOUND}). A pattern can match only where each of its
 * literal parts occurs, so only patterns whose key (see {@link rarestPart})
 * a key scanner finds in the path are tried (a handful, or those with no
 * part of two characters, are tried in turn).
 */
function patternMatcher(patterns: readonly RankedPattern[]): (path: string, below: number) => number {
  const always: RankedPattern[] = [];
  // The patterns scanned take three runs of slots. Slots [0, first): the
  // patterns tried where their key is found, kept as written, one after
  // another in one string (pattern k is written[starts[k], starts[k + 1]])
  // and matched where they stand (matchSpan), as an array of parts was half
  // of what such a rule held. Slots [first, anywhere): the floating patterns
  // (`/*key`, `/*key*`: most wildcard rules, and a hostile file's
  // thousands), kept as their key alone: they match where the key occurs
  // past the opening `/`. Slots from `anywhere` on: those that open with
  // their star (`*key`, `*?name*`), which match where the key occurs at
  // all, which is what the scan found, so they are never tried
  // (docs/performance.md, "What each trick pays").
  const sources: string[] = [];
  const scannedRanks: number[] = [];
  const scannedKeys: string[] = [];
  const floating: number[] = [];
  const floatingKeys: string[] = [];
  const open: number[] = [];
  const openKeys: string[] = [];
  const shares = partShares(patterns);
  for (const pattern of patterns) {
    const key = rarestPart(pattern.parts, shares);
    if (!scansKey(key, patterns.length)) always.push(pattern);
    else if (floatingKey(pattern.parts, pattern.anchored) === key) {
      floating.push(pattern.rank);
      floatingKeys.push(key);
    } else if (openKey(pattern.parts, pattern.anchored) !== null) {
      open.push(pattern.rank);
      openKeys.push(key);
    } else {
      // As split: runs of stars one star, trailing stars dropped (a long run
      // cost a step a star on every try), but one kept after a `$` that is
      // not the anchor (`/a*$*`), which would read as one.
      const joined = pattern.parts.join('*');
      const source = pattern.anchored ? joined + '$' : joined.endsWith('$') ? joined + '*' : joined;
      sources.push(source);
      scannedRanks.push(pattern.rank);
      // Its opening alone: a try matches the pattern whole, so where the
      // scanner finds the opening is where to try it, and a long key copied
      // whole held each long value twice (the pattern as written, and its
      // key).
      scannedKeys.push(key.slice(0, MAX_KEY));
    }
  }
  const { text: written, starts } = new KeyTable(sources);
  const first = scannedRanks.length;
  const anywhere = first + floating.length;
  const keys = new KeyTable([...scannedKeys, ...floatingKeys, ...openKeys]);
  const rank = indexesOf([...scannedRanks, ...floating, ...open]);
  const scan = keys.size > 0 ? keyScanner(keys, rank) : null;
  // What the scan's visits read and write: set by each call, which runs no other code meanwhile.
  let best = NO_RULE;
  let target = '';
  const work = new WorkBound();
  const searches = new PartSearches(work);
  const visit = (slot: number, at: number): number => {
    if (work.left < 0) return best;
    if (slot >= anywhere) {
      best = rank[slot]!;
    } else if (slot >= first) {
      // The key's first place is `at`; at 0 it may still occur past the `/`.
      if (target.charCodeAt(0) === 0x2f && (at > 0 || searches.indexOf(keys.key(slot), 1) > 0)) best = rank[slot]!;
    } else {
      const lo = starts[slot]!;
      const hi = starts[slot + 1]!;
      // A try reads at most the pattern besides its searches.
      searches.tried(hi - lo);
      if (matchSpan(written, lo, hi, firstStar(written, lo, hi), target, searches)) best = rank[slot]!;
    }
    return best;
  };
  return (path, below) => {
    best = below;
    work.start(path.length);
    searches.start(path);
    for (const p of always) {
      if (p.rank >= best || work.left < 0) break;
      searches.tried(p.parts.length);
      if (matchPartsAt(p.parts, p.anchored, path, 0, path.length, searches)) {
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

/** Where the first `*` of src[lo, hi) is, or `hi`: found here so that no search runs past the pattern. */
function firstStar(src: string, lo: number, hi: number): number {
  let at = lo;
  while (at < hi && src.charCodeAt(at) !== 0x2a) at++;
  return at;
}

/**
 * How often each part of two characters or more occurs in `patterns` (a
 * part written twice in one pattern counts twice: looking for it among the
 * pattern's other parts made a pattern of thousands of parts quadratic).
 */
function partShares(patterns: readonly RankedPattern[]): Map<string, number> {
  const shares = new Map<string, number>();
  for (const { parts } of patterns) for (const part of parts) if (part.length >= 2) shares.set(part, (shares.get(part) ?? 0) + 1);
  return shares;
}

/** A part held by more patterns than this is a key only when the pattern has no part held by fewer. */
const SHARED = 8;

/**
 * The part a pattern is scanned for (its key): its longest part of two
 * characters or more that at most {@link SHARED} patterns hold, else the
 * one fewest hold (the longest among those). A match must hold every part,
 * so any serves; the longest is the rarest in paths, but one that many
 * patterns share (`/product/` in 1,300 rules `/*&#47;product/*&ref=<i>`)
 * makes the scan try them all wherever it occurs, each with a search of the
 * path, where `&ref=<i>` tries the one rule whose word is there. (Always the
 * rarest costs more: short rare parts are common in paths;
 * docs/performance.md, "What each trick pays".)
 */
function rarestPart(parts: readonly string[], shares: ReadonlyMap<string, number>): string {
  let key = '';
  let fewest = Infinity;
  for (const part of parts) {
    if (part.length < 2) {
      if (key.length < 2 && part.length > key.length) key = part;
      continue;
    }
    const n = Math.max(shares.get(part)!, SHARED);
    if (n < fewest || (n === fewest && part.length > key.length)) {
      key = part;
      fewest = n;
    }
  }
  return key;
}
