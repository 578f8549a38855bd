// SEMANTICS 4.3 to 4.5: first matching rule in file order, compiled once per
// record and syntax. No RegExp is built from robots.txt input, and every rule
// is matched in time linear in the path length.
import type { RobotRecord, Rule } from '../classic/model.js';
import { hexValue, pathStart } from '../text/url-path.js';
import { asString, codeAt, unitAt } from '../text/chars.js';
import { MK1996, type Syntax } from '../syntax.js';

/** Finds the deciding rule for a path: the lowest rule index that matches, or -1. */
export type Matcher = (path: string) => number;

/** A GYM2008 wildcard rule split at its stars. */
interface Pattern {
  /** Literal runs between stars; the first must be a prefix, the last a suffix when anchored. */
  readonly parts: readonly string[];
  /** True when the rule ends in `$`: the last part must end the path. */
  readonly anchored: boolean;
  /** The rule's index in file order. */
  readonly index: number;
}

/**
 * True when `path` matches: `*` matches any run, a trailing `$` anchors the
 * end. Leftmost-greedy search of each part is exact for star-only globs, and
 * each `indexOf` starts where the previous part ended, so the work is linear.
 */
export function matchParts(parts: readonly string[], anchored: boolean, path: string): boolean {
  return matchPartsAt(parts, anchored, path, 0, path.length);
}

/**
 * {@link matchParts} of the path `s.slice(start, end)`, read in place. A part
 * whose first occurrence runs past `end` has none before it either.
 */
export function matchPartsAt(parts: readonly string[], anchored: boolean, s: string, start: number, end: number, memo: PartSearches | null = null): boolean {
  const first = parts[0]!;
  let pos = start + first.length;
  if (pos > end) return false;
  // The usual first part is `/` alone: one character needs no call.
  if (first.length === 1 ? s.charCodeAt(start) !== first.charCodeAt(0) : !startsAt(s, first, start)) return false;
  const last = parts.length - 1;
  if (last === 0) return !anchored || pos === end;
  const tail = parts[last]!;
  if (end - pos < tail.length) return false;
  // An anchored tail has one place to be: a path that does not end in it is
  // settled before any search.
  if (anchored && !startsAt(s, tail, end - tail.length)) return false;
  for (let k = 1; k < last; k++) {
    const part = parts[k]!;
    // Too little path left settles it without a call.
    if (end - pos < part.length) return false;
    const at = memo === null ? s.indexOf(part, pos) : memo.indexOf(part, pos);
    if (at < 0) return false;
    pos = at + part.length;
    if (pos > end) return false;
  }
  if (end - pos < tail.length) return false;
  if (anchored) return true;
  if (tail === '') return true;
  const at = memo === null ? s.indexOf(tail, pos) : memo.indexOf(tail, pos);
  return at >= 0 && at + tail.length <= end;
}

/**
 * `indexOf` on one path for the patterns tried on it. Once {@link MANY_TRIED}
 * patterns have been tried on the path, each part's last answer is
 * remembered: a part first found at `at` from `from` on is found there from
 * any position up to `at`, and one missing from `from` on is missing from
 * any later position. When a path holds the words of many patterns
 * (`/*ab1*zq`, `/*ab2*zq`, … on a URL holding every `ab<i>`), each then
 * costs a lookup, not a scan of the path for `zq`; a word's first position
 * is the one the key scanner found.
 */
export class PartSearches {
  #path = '';
  #tried = 0;
  #from: Map<string, number> | null = null;
  #at: Map<string, number> | null = null;

  /** Starts on `path`: nothing tried, nothing known. */
  start(path: string): void {
    this.#path = path;
    this.#tried = 0;
  }

  /**
   * Counts one more pattern tried, whose `word` first occurs at `at`: this,
   * to search the pattern's parts with, once many have been tried; else
   * null, as plain `indexOf` costs less for a few.
   */
  tried(word: string, at: number): PartSearches | null {
    if (++this.#tried < MANY_TRIED) return null;
    if (this.#tried === MANY_TRIED) {
      (this.#from ??= new Map()).clear();
      (this.#at ??= new Map()).clear();
    }
    this.#from!.set(word, 0);
    this.#at!.set(word, at);
    return this;
  }

  /** `path.indexOf(part, pos)`. */
  indexOf(part: string, pos: number): number {
    const from = this.#from!.get(part);
    if (from !== undefined && pos >= from) {
      const at = this.#at!.get(part)!;
      if (at < 0 || pos <= at) return at;
    }
    const at = this.#path.indexOf(part, pos);
    this.#from!.set(part, pos);
    this.#at!.set(part, at);
    return at;
  }
}

/** How many patterns {@link PartSearches} lets be tried on one path before it remembers their searches. */
const MANY_TRIED = 16;

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
  // Cut at each star by hand (split is a runtime call, slow on thousands of
  // rules); runs of stars are one star: the empty parts between them are dropped.
  const parts: string[] = [];
  let from = 0;
  for (let star = body.indexOf('*'); star >= 0; star = body.indexOf('*', from)) {
    if (star > from || parts.length === 0) parts.push(body.slice(from, star));
    from = star + 1;
  }
  parts.push(body.slice(from));
  // A copy at its exact length: an array grown by push keeps spare room.
  return { parts: parts.slice(), anchored };
}

/**
 * The key of a floating pattern, or null: `/*key` and `/*key*` (without `$`)
 * match exactly the paths that start with `/` and hold `key` after it. Most
 * wildcard rules are of this kind, and one search of the key is all they need.
 */
export function floatingKey(parts: readonly string[], anchored: boolean): string | null {
  if (anchored || parts[0] !== '/' || parts.length > 3 || parts[1] === '' || (parts.length === 3 && parts[2] !== '')) return null;
  return parts[1]!;
}

/** True when some path has a `*` or a final `$`: GYM2008 then reads it differently from MK1996. */
export function hasWildcards(paths: readonly string[]): boolean {
  for (const path of paths) if (path.includes('*') || path.endsWith('$')) return true;
  return false;
}

// ---------------------------------------------------------------------------
// Literal rules: prefix matching.

/**
 * How many leading code units `a` and `b` share, known to share `from`. Read
 * through {@link unitAt}: the prefix chain's search calls it on strings of
 * every kind.
 */
function shared(a: string, b: string, from: number): number {
  a = asString(a);
  b = asString(b);
  const m = a.length < b.length ? a.length : b.length;
  let j = from;
  while (j < m && unitAt(a, j) === unitAt(b, j)) j++;
  return j;
}

/**
 * Distinct strings in sorted order, each linked to the longest other entry
 * that is its prefix. The entries that are prefixes of a path form a chain: a
 * binary search finds the greatest entry not above the path, and every prefix
 * of the path in the set is that entry or one of its ancestors, so a walk up
 * the chain finds the longest (a walk as long as the entries nested in one
 * another). The search keeps what each midpoint shares with its range's ends
 * (Manber and Myers), so it reads O(log n + path length) characters
 * whatever the entries share.
 */
export class PrefixChain {
  /** The entries, sorted by code unit. */
  readonly sorted: readonly string[];
  /** For each entry, the index of its longest proper prefix in the set, or -1. Parents come first. */
  readonly parent: Int32Array;
  /**
   * For each entry, what it shares with the entry just below (`belowShares`)
   * and just above (`aboveShares`) the range whose midpoint it is in the
   * search; 0 where the range reaches an end of the list.
   */
  readonly #belowShares: Int32Array;
  readonly #aboveShares: Int32Array;

  /** @param entries distinct strings, in any order. */
  constructor(entries: Iterable<string>) {
    const sorted = [...entries].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const n = sorted.length;
    const parent = new Int32Array(n);
    const stack: number[] = [];
    for (let i = 0; i < n; i++) {
      const p = sorted[i]!;
      while (stack.length > 0 && !p.startsWith(sorted[stack[stack.length - 1]!]!)) stack.pop();
      parent[i] = stack.length > 0 ? stack[stack.length - 1]! : -1;
      stack.push(i);
    }
    const below = new Int32Array(n);
    const above = new Int32Array(n);
    // The ranges the search can meet, as it halves them.
    const ranges = n > 0 ? [0, n - 1] : [];
    while (ranges.length > 0) {
      const hi = ranges.pop()!;
      const lo = ranges.pop()!;
      const mid = (lo + hi) >>> 1;
      if (lo > 0) below[mid] = shared(sorted[lo - 1]!, sorted[mid]!, 0);
      if (hi < n - 1) above[mid] = shared(sorted[mid]!, sorted[hi + 1]!, 0);
      if (lo < mid) ranges.push(lo, mid - 1);
      if (mid < hi) ranges.push(mid + 1, hi);
    }
    this.sorted = sorted;
    this.parent = parent;
    this.#belowShares = below;
    this.#aboveShares = above;
  }

  /** Index of the longest entry that is a prefix of `path`, or -1; the others are its ancestors. */
  deepest(path: string): number {
    path = asString(path);
    const sorted = this.sorted;
    const belowShares = this.#belowShares;
    const aboveShares = this.#aboveShares;
    let lo = 0;
    let hi = sorted.length - 1;
    let at = -1;
    // What the path shares with the entries just below and just above the
    // range left (0 with none): the entry below is not above the path, the
    // one above is.
    let low = 0;
    let high = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      // Whether the entry is not above the path, and what it shares with it.
      let notAbove: boolean;
      let j: number;
      // What the entry shares with the nearer end, against what the path
      // does, often settles it unread: the entry parts from that end before
      // the path does (it is on the far side of the path), or after it (on
      // the near side, sharing with the path what that end does).
      const fromBelow = low >= high;
      const near = fromBelow ? belowShares[mid]! : aboveShares[mid]!;
      const known = fromBelow ? low : high;
      if (near !== known) {
        notAbove = (near > known) === fromBelow;
        j = near > known ? known : near;
      } else {
        // Compared in JavaScript: `<=` on two strings is a call into V8's runtime.
        const entry = asString(sorted[mid]!);
        j = shared(entry, path, known);
        notAbove = j === entry.length || (j < path.length && unitAt(entry, j) < unitAt(path, j));
      }
      if (notAbove) {
        at = mid;
        lo = mid + 1;
        low = j;
      } else {
        hi = mid - 1;
        high = j;
      }
    }
    // `low` is now what the entry found shares with the path: it and every
    // ancestor no longer than that are prefixes of the path.
    while (at >= 0 && sorted[at]!.length > low) at = this.parent[at]!;
    return at;
  }
}

/**
 * Up to this many rules are tried one by one in file order rather than
 * indexed: as fast at this size, and little to build or keep. At most 31:
 * {@link SmallRules} gives each rule a bit.
 */
export const SMALL_RECORD = 24;

/**
 * A rule of a small record as it is tried: a literal prefix, or a GYM2008
 * pattern's parts (whether it is anchored is kept apart, in {@link SmallRules.table}).
 */
export type SmallTest = string | readonly string[];

/**
 * True when every path that the rule `later` matches is matched by the
 * earlier rule `outer` too: a sufficient test, not a complete one. Rules are
 * given as parts (a literal prefix is one part, not anchored). `outer`'s
 * first part must begin `inner`'s, and its further parts must be found in
 * order, each inside one part of `inner`: whatever `inner`'s stars match,
 * they are there. An anchored rule covers only itself, written again.
 */
export function covers(outer: readonly string[], outerAnchored: boolean, inner: readonly string[], innerAnchored: boolean): boolean {
  if (outerAnchored) return innerAnchored && outer.length === inner.length && outer.every((part, k) => part === inner[k]);
  if (!inner[0]!.startsWith(outer[0]!)) return false;
  let p = 0;
  let at = outer[0]!.length;
  for (let k = 1; k < outer.length; k++) {
    const part = outer[k]!;
    let found = inner[p]!.indexOf(part, at);
    while (found < 0 && ++p < inner.length) found = inner[p]!.indexOf(part);
    if (found < 0) return false;
    at = found + part.length;
  }
  return true;
}

/** Where {@link SmallRules.table} holds the mask of anchored patterns. */
const ANCHORED = 0;
/** Where {@link SmallRules.table} holds the mask of floating patterns (see {@link floatingKey}). */
const FLOATING = ANCHORED + 2;
/** Where {@link SmallRules.table} says whether URLs can be matched in place: 1 when no test holds `%` or `#`. */
const IN_PLACE = FLOATING + 2;
/** Where {@link SmallRules.table} holds the set of ASCII characters in the patterns' parts: 128 bits. */
const PATTERN_CHARS = IN_PLACE + 1;
/** Where {@link SmallRules.table} says whether some pattern's parts hold a character past ASCII: 1 if so. */
const NON_ASCII = PATTERN_CHARS + 8;
/** Where {@link SmallRules.table} holds its number of buckets less one. */
const BUCKET_MASK = NON_ASCII + 1;
/** Where {@link SmallRules.table} holds the mask of the tests that allow when they decide. */
const ALLOWED = BUCKET_MASK + 1;
/** Where {@link SmallRules.table} says whether every test is a literal prefix: 1 if so. */
const PREFIXES = ALLOWED + 2;
/** Where {@link SmallRules.table} holds the character at index 1 of each test. */
const SECONDS = PREFIXES + 1;
/**
 * Buckets of {@link SmallRules.table}, by the low bits of the path's
 * character at index 1: few for a few tests, where they would mostly be
 * empty, more for more, so that a path seldom meets a test of another
 * second character.
 */
export function bucketsFor(tests: number): number {
  return tests <= 8 ? 8 : 32;
}
/** In {@link SmallRules.table}, a test without a character at index 1. */
const ANY = 0xffff;

/**
 * A small record's rules (at most {@link SMALL_RECORD}, one bit each) as
 * {@link firstMatch} tries them: in file order, but only those whose literal
 * start can agree with the path's character at index 1 (index 0 is `/`
 * nearly always), which settles most misses without a call, and never those
 * that an earlier rule {@link covers}. Kept small: a record in use holds one.
 */
export class SmallRules {
  /**
   * The paths as literal prefixes (the paths array itself under MK1996);
   * GYM2008 patterns split into parts, or held as their key when they are
   * floating ({@link floatingKey}; the table says which).
   */
  readonly tests: readonly SmallTest[];
  /**
   * Numbers as the code units of a string, two bytes each (a JS array takes
   * eight a number without pointer compression, as in Node). A mask's bit k
   * stands for test k; it takes two units, low half first. Units 0 and 1:
   * the mask of anchored patterns; 2 and 3: of floating ones. Unit 4: 1 when
   * no test holds `%` or `#`, so that URLs can be matched in place
   * ({@link readsInPlace}). Units 5 to 12: the set of ASCII characters in the
   * patterns, 16 a unit; unit 13: 1 when a pattern holds a character past
   * ASCII (see `escapesInert`). Unit 14: the number of buckets B less one.
   * Units 15 and 16: the mask of the tests that allow when they decide (the
   * caller's, see {@link allowedMask}); unit 17: 1 when every test is a literal
   * prefix. Then, for n tests: unit 18 + k, the character at index 1 of test k's
   * literal start, or U+FFFF when it has none (or is U+FFFF: then it is
   * always tried); unit 18 + n + k, a literal's last character when it is
   * longer than two, else U+FFFF; units 18 + 2n + 2b and the next: the mask
   * of the tests that may match a path whose character at index 1 is c, for
   * b = c % B. A record holds only this string when its tests are its paths.
   */
  readonly table: string;

  /** @param allowed Which rules allow when they decide (see {@link RobotRecord.allows}), a bit each: {@link allowedMask} reads it back. */
  constructor(paths: readonly string[], syntax: Syntax, allowed = 0) {
    let anchored = 0;
    let floating = 0;
    const tests =
      syntax === MK1996
        ? paths
        : paths.map((path, k): SmallTest => {
            const split = splitPattern(path);
            if (split === null || typeof split === 'string') return split ?? path;
            if (split.anchored) anchored |= 1 << k;
            const key = floatingKey(split.parts, split.anchored);
            if (key === null) return split.parts;
            floating |= 1 << k;
            return key;
          });
    const partsOf = (k: number): readonly string[] => {
      const test = tests[k]!;
      return typeof test !== 'string' ? test : (floating & (1 << k)) !== 0 ? ['/', test] : [test];
    };
    const buckets = bucketsFor(tests.length);
    const masks = new Array<number>(buckets).fill(0);
    const seconds = tests.map((test, k) => {
      const start = partsOf(k)[0]!;
      const c = start.length > 1 ? start.charCodeAt(1) : ANY;
      // A rule that an earlier one covers never decides: it is never tried.
      let covered = false;
      for (let i = 0; i < k && !covered; i++) covered = covers(partsOf(i), (anchored & (1 << i)) !== 0, partsOf(k), (anchored & (1 << k)) !== 0);
      if (!covered) for (let b = 0; b < buckets; b++) if (c === ANY || c % buckets === b) masks[b]! |= 1 << k;
      return c;
    });
    // A literal's last character (past index 1) settles most near misses without a call.
    const lasts = tests.map((test, k) => (typeof test === 'string' && (floating & (1 << k)) === 0 && test.length > 2 ? test.charCodeAt(test.length - 1) : ANY));
    const wide = (m: number): number[] => [m & 0xffff, m >>> 16];
    const inPlace = paths.every((path) => !path.includes('%') && !path.includes('#'));
    const chars = new Array<number>(8).fill(0);
    let nonAscii = 0;
    for (let k = 0; k < tests.length; k++) {
      const test = tests[k]!;
      if (typeof test === 'string' && (floating & (1 << k)) === 0) continue;
      for (const part of partsOf(k)) {
        for (let i = 0; i < part.length; i++) {
          const c = part.charCodeAt(i);
          if (c < 128) chars[c >>> 4]! |= 1 << (c & 15);
          else nonAscii = 1;
        }
      }
    }
    const prefixes = floating === 0 && tests.every((test) => typeof test === 'string');
    this.tests = tests;
    this.table = String.fromCharCode(
      ...wide(anchored), ...wide(floating), inPlace ? 1 : 0, ...chars, nonAscii, buckets - 1, ...wide(allowed), prefixes ? 1 : 0,
      ...seconds, ...lasts, ...masks.flatMap(wide),
    );
  }
}

/** True when a {@link SmallRules.table}'s tests hold no `%` or `#`, so that URLs can be matched in place. */
export function readsInPlace(table: string): boolean {
  return table.charCodeAt(IN_PLACE) === 1;
}

/**
 * {@link firstMatch}'s answer in place when a percent-escape could change
 * it from test `k` on: `undecidedFrom(k)`, at most -2. The tests before `k`
 * do not match; decode the path and ask again from `k`.
 */
export function undecidedFrom(k: number): number {
  return -2 - k;
}

/**
 * Index of the first of a small record's tests (in file order) that a path
 * matches, or -1, given the tests and their {@link SmallRules.table}.
 *
 * Unless `inPlace`, the path is `s.slice(start)`, cut out and decoded. When
 * `inPlace`, `s` is a URL whose path starts with `/` at `start` and runs to
 * its first `#`, compared as written, without cutting or decoding: the rules
 * must be {@link readsInPlace}, and the answer may be {@link undecidedFrom}. That
 * is exact because a prefix equal to the URL's characters holds no escape
 * and no fragment mark, so the decoded path starts with it too; a comparison
 * that fails at any character but `%` fails on the decoded path as well (a
 * `#` or the URL's end makes it shorter); and a pattern, which looks at the
 * whole path, is tried only when the path holds no escape. A `%` where a
 * comparison may have failed, or in a path that a pattern looks at, is left
 * undecided. `from` skips the tests known not to match.
 */
export function firstMatch(tests: readonly SmallTest[], table: string, s: string, start: number, inPlace: boolean, from = 0): number {
  // -1 past the end: no test with a second character is then a candidate.
  const c1 = codeAt(s, start + 1);
  /** Where the path ends: -1 until needed in place. */
  let end = inPlace ? -1 : s.length;
  /** In place, the first `%` after index 1 of the path, or -1; -2 until looked for. */
  let escape = -1;
  /** How patterns read the path: as written ({@link CLEAN}), unknown yet, or with inert escapes. */
  let reading = inPlace ? UNREAD : CLEAN;
  if (inPlace) {
    if (c1 === 0x25) return undecidedFrom(from);
    escape = -2;
  }
  // The candidates, as bits in file order.
  const b = SECONDS + 2 * tests.length + 2 * (c1 & table.charCodeAt(BUCKET_MASK));
  let candidates = (table.charCodeAt(b) | (table.charCodeAt(b + 1) << 16)) & (-1 << from);
  const floating = table.charCodeAt(FLOATING) | (table.charCodeAt(FLOATING + 1) << 16);
  while (candidates !== 0) {
    const k = 31 - Math.clz32(candidates & -candidates);
    candidates &= candidates - 1;
    const c = table.charCodeAt(SECONDS + k);
    if (c !== ANY && c !== c1) continue;
    const test = tests[k]!;
    if (typeof test === 'string' && ((floating >>> k) & 1) === 0) {
      const z = table.charCodeAt(SECONDS + tests.length + k);
      if ((z === ANY || codeAt(s, start + test.length - 1) === z) && startsAt(s, test, start)) return k;
      if (reading === CLEAN) continue;
      if (escape === -2) escape = s.indexOf('%', start + 2);
      if (escape >= 0 && escape < start + test.length) return undecidedFrom(k);
      continue;
    }
    // A pattern looks at the whole path: escapes in it must be known inert.
    if (reading === UNREAD) {
      if (escape === -2) escape = s.indexOf('%', start + 2);
      reading = CLEAN;
      if (escape >= 0) {
        if (end < 0) end = pathEnd(s, start);
        if (escape < end) {
          if (!escapesInert(table, s, escape, end)) return undecidedFrom(k);
          reading = INERT;
        }
      }
    }
    if (typeof test === 'string') {
      // A floating pattern: its key anywhere after the path's opening `/`
      // (which a URL read in place has).
      if (s.length - start <= test.length || (!inPlace && codeAt(s, start) !== 0x2f)) continue;
      const at = reading === INERT ? indexBetweenEscapes(s, test, start + 1, start) : s.indexOf(test, start + 1);
      if (at < 0) continue;
      if (end < 0) end = pathEnd(s, start);
      if (at + test.length > end) continue;
      return k;
    }
    const anchored = ((table.charCodeAt(ANCHORED + (k >>> 4)) >>> (k & 15)) & 1) === 1;
    if (reading === INERT) {
      if (matchPartsBetweenEscapes(test, anchored, s, start, end)) return k;
      continue;
    }
    if (end < 0 && anchored) end = pathEnd(s, start);
    // Until the fragment is looked for, the URL's end stands for the path's:
    // a pattern without `$` that fails there fails on any shorter path.
    if (!matchPartsAt(test, anchored, s, start, end < 0 ? s.length : end)) continue;
    if (end < 0) {
      end = pathEnd(s, start);
      if (end < s.length && !matchPartsAt(test, false, s, start, end)) continue;
    }
    return k;
  }
  return -1;
}

/**
 * {@link firstMatch} of a URL read in place (`inPlace` true), for rules that
 * {@link readsInPlace}: rules that are all literal prefixes, as under MK1996,
 * take a loop with less to decide per rule.
 */
export function matchInPlace(tests: readonly SmallTest[], table: string, url: string, start: number): number {
  return table.charCodeAt(PREFIXES) === 1 ? firstPrefixInPlace(tests, table, url, start) : firstMatch(tests, table, url, start, true);
}

/**
 * {@link matchInPlace} of a whole URL: where its path starts is found first,
 * and a path that does not start with `/` is left undecided from the first
 * test (see {@link undecidedFrom}), for the decoded path to decide.
 */
export function matchUrlInPlace(tests: readonly SmallTest[], table: string, url: string): number {
  const start = pathStart(url);
  return codeAt(url, start) === 0x2f ? matchInPlace(tests, table, url, start) : undecidedFrom(0);
}

/** Which tests of a {@link SmallRules.table} allow when they decide: bit k for test k. */
export function allowedMask(table: string): number {
  return table.charCodeAt(ALLOWED) | (table.charCodeAt(ALLOWED + 1) << 16);
}

/** {@link firstMatch} in place when every test is a literal prefix. */
function firstPrefixInPlace(tests: readonly SmallTest[], table: string, s: string, start: number): number {
  const c1 = codeAt(s, start + 1);
  if (c1 === 0x25) return undecidedFrom(0);
  const n = tests.length;
  const b = SECONDS + 2 * n + 2 * (c1 & table.charCodeAt(BUCKET_MASK));
  let candidates = table.charCodeAt(b) | (table.charCodeAt(b + 1) << 16);
  let escape = -2;
  while (candidates !== 0) {
    const k = 31 - Math.clz32(candidates & -candidates);
    candidates &= candidates - 1;
    const c = table.charCodeAt(SECONDS + k);
    if (c !== ANY && c !== c1) continue;
    const test = tests[k] as string;
    const z = table.charCodeAt(SECONDS + n + k);
    if ((z === ANY || codeAt(s, start + test.length - 1) === z) && startsAt(s, test, start)) return k;
    if (escape === -2) escape = s.indexOf('%', start + 2);
    if (escape >= 0 && escape < start + test.length) return undecidedFrom(k);
  }
  return -1;
}

/** {@link firstMatch}'s path holds no escape (or was decoded): patterns read it as it is. */
const CLEAN = 0;
/** In place, not yet looked at for escapes. */
const UNREAD = 1;
/** In place, with escapes that decode to no character of any pattern (see {@link escapesInert}). */
const INERT = 2;

/**
 * True when every percent-escape of `s` from `from` to `end` decodes to
 * characters that no pattern of the table holds. A pattern then matches the
 * decoded path exactly when its parts can be placed in the path as written
 * without touching an escape ({@link matchPartsBetweenEscapes}): decoding
 * leaves the text between escapes as it is and in order, and no part can
 * take in what an escape decodes to. Escapes that are not valid stay as
 * written and do not count; `%2F` stays `%2F`.
 */
function escapesInert(table: string, s: string, from: number, end: number): boolean {
  for (let i = from; i >= 0 && i < end; i = s.indexOf('%', i + 1)) {
    const hi = hexValue(codeAt(s, i + 1));
    const lo = hi < 0 ? -1 : hexValue(codeAt(s, i + 2));
    if (lo < 0) continue;
    const b = hi * 16 + lo;
    // Bytes past ASCII decode to characters past ASCII (or U+FFFD).
    if (b >= 0x80 ? table.charCodeAt(NON_ASCII) === 1 : b === 0x2f ? holds(table, 0x32) || holds(table, 0x46) : holds(table, b)) return false;
  }
  return true;
}

/**
 * {@link matchPartsAt} of a path's decoded form, read as written, when its
 * escapes are inert ({@link escapesInert}) and the parts hold no `%`: each
 * part is placed leftmost where it overlaps no escape. A part that holds no
 * `%` overlaps one only by starting one or two characters after its `%`.
 */
function matchPartsBetweenEscapes(parts: readonly string[], anchored: boolean, s: string, start: number, end: number): boolean {
  const first = parts[0]!;
  let pos = start + first.length;
  // The first part starts the path: no escape comes before it.
  if (pos > end || !s.startsWith(first, start)) return false;
  const last = parts.length - 1;
  if (last === 0) return !anchored || pos === end;
  for (let k = 1; k <= last; k++) {
    const part = parts[k]!;
    if (part === '') return !anchored || pos <= end;
    let at: number;
    if (k === last && anchored) {
      at = end - part.length;
      if (at < pos || !s.startsWith(part, at) || splitsEscape(s, start, at)) return false;
    } else {
      at = indexBetweenEscapes(s, part, pos, start);
      if (at < 0) return false;
    }
    pos = at + part.length;
    if (pos > end) return false;
  }
  return true;
}

/** Where `part` first occurs in `s` from `from` on without starting inside an escape of the path at `start`, or -1. */
function indexBetweenEscapes(s: string, part: string, from: number, start: number): number {
  let at = s.indexOf(part, from);
  while (at >= 0 && splitsEscape(s, start, at)) at = s.indexOf(part, at + 1);
  return at;
}

/** True when text starting at `at` begins inside a valid escape of the path that starts at `start`. */
function splitsEscape(s: string, start: number, at: number): boolean {
  for (let i = at - 2; i < at; i++) {
    if (i >= start && s.charCodeAt(i) === 0x25 && hexValue(codeAt(s, i + 1)) >= 0 && hexValue(codeAt(s, i + 2)) >= 0) return true;
  }
  return false;
}

/** True when the patterns of a {@link SmallRules.table} hold the ASCII character `c`. */
function holds(table: string, c: number): boolean {
  return ((table.charCodeAt(PATTERN_CHARS + (c >>> 4)) >>> (c & 15)) & 1) === 1;
}

/**
 * Up to this many characters from `at` on, {@link startsAt} may search with
 * `indexOf`, whose miss scans on to the end of the string.
 */
const SCAN_ROOM = 512;

/**
 * `s.startsWith(prefix, at)` (for `at` from 0 on), for a prefix that likely
 * matches: startsWith compares a character at a time, while indexOf's native
 * search takes a long prefix at once. If the prefix is not at `at`, indexOf
 * scans on to the end of `s`: past {@link SCAN_ROOM} characters, startsWith
 * serves, which stops at the prefix's end.
 */
export function startsAt(s: string, prefix: string, at: number): boolean {
  return prefix.length < 6 || s.length - at > SCAN_ROOM ? s.startsWith(prefix, at) : s.indexOf(prefix, at) === at;
}

/** Where the path of a URL read in place ends: at its first `#`, or the URL's end. */
export function pathEnd(url: string, start: number): number {
  const end = url.indexOf('#', start);
  return end < 0 ? url.length : end;
}

/** Lowest index among a few literal rules that are prefixes of a path: tried in order. */
function linearMatcher(paths: readonly string[], indexes: readonly number[]): Matcher {
  return (path) => {
    for (let k = 0; k < paths.length; k++) if (path.startsWith(paths[k]!)) return indexes[k]!;
    return -1;
  };
}

/**
 * Lowest index among literal rules that are prefixes of a path. Small sets are
 * scanned in order; larger ones use a {@link PrefixChain} where each entry
 * carries the lowest index along its chain.
 */
function literalMatcher(paths: readonly string[], indexes: readonly number[]): Matcher {
  if (paths.length === 0) return () => -1;
  if (paths.length <= SMALL_RECORD) return linearMatcher(paths.slice(), indexes.slice());
  return chainMatcher(paths, indexes);
}

function chainMatcher(paths: readonly string[], indexes: readonly number[]): Matcher {
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

const NO_RULE = 0x7fffffff;

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

function keyTrie(keys: readonly string[], rank: Int32Array, slots: readonly number[]): KeyTrie {
  // A key of n code units adds at most n - 1 edges (the first takes two units).
  let units = 1;
  for (const slot of slots) units += keys[slot]!.length - 1;
  // Built for as many nodes as that, then copied at the size used.
  const built = emptyTrie(tableSize(units), units, keys.length);
  let nodes = 1;
  for (const slot of slots) {
    const key = keys[slot]!;
    const r = rank[slot]!;
    let node = 0;
    for (let i = 1; i < key.length; i++) {
      const c = i === 1 ? (key.charCodeAt(0) << 16) | key.charCodeAt(1) : key.charCodeAt(i);
      let next = edgeOf(built, node, c);
      if (next < 0) addEdge(built, node, c, (next = nodes++));
      node = next;
      if (r < built.least[node]!) built.least[node] = r;
    }
    built.nextEnd[slot] = built.ends[node]!;
    built.ends[node] = slot;
  }
  const trie = { ...emptyTrie(tableSize(nodes - 1), 0, 0), ends: built.ends.slice(0, nodes), nextEnd: built.nextEnd, least: built.least.slice(0, nodes) };
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
 * two-character openings (about four buckets a key, stored as offsets into
 * one array of slots) gives the few keys worth comparing. A bucket that many
 * keys share (`ab1x`, `ab2x`, ... from a hostile file) is walked as a trie
 * instead, so that a position costs at most the longest key's length, not
 * a comparison per key.
 */
export function keyScanner(keys: readonly string[], rank: Int32Array): KeyScan {
  const n = keys.length;
  const bits = Math.max(4, Math.min(16, 32 - Math.clz32(n * 4 - 1)));
  const buckets = 1 << bits;
  const opens = new Int32Array(4);
  const found = new Uint32Array(n);
  let epoch = 0;
  let firsts = '';
  const bucketOf = new Int32Array(n);
  const sizes = new Int32Array(buckets);
  for (let slot = 0; slot < n; slot++) {
    const key = keys[slot]!;
    const c0 = key.charCodeAt(0);
    if (c0 < 128) opens[c0 >>> 5]! |= 1 << (c0 & 31);
    if (!firsts.includes(key[0]!)) firsts += key[0]!;
    sizes[(bucketOf[slot] = bigram(c0, key.charCodeAt(1), bits))]!++;
  }
  // Bucket h holds the slots order[head[h]] up to order[head[h + 1]]; a
  // crowded one holds the single entry -1, standing for the trie.
  const crowded: number[] = [];
  for (let slot = 0; slot < n; slot++) if (sizes[bucketOf[slot]!]! > CROWDED) crowded.push(slot);
  const trie = crowded.length > 0 ? keyTrie(keys, rank, crowded) : null;
  const head = new Int32Array(buckets + 1);
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
    epoch = (epoch + 1) >>> 0;
    if (epoch === 0) {
      found.fill(0);
      epoch = 1;
    }
    const last = path.length - 1;
    // Jumping: the next occurrence of each opening character, -1 when none is left.
    let next0 = jump ? path.indexOf(first0) : -1;
    let next1 = jump && first1 !== '' ? path.indexOf(first1) : -1;
    for (let i = -1; ; ) {
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
        if (rank[slot]! >= below || found[slot] === epoch || !path.startsWith(keys[slot]!, i)) continue;
        found[slot] = epoch;
        below = visit(slot, i);
      }
    }
  };
}

/** The crowded keys that occur in `path` at `i`, walked down the trie: a {@link KeyScan} step. */
function walkTrie(trie: KeyTrie, path: string, i: number, rank: Int32Array, below: number, found: Uint32Array, epoch: number, visit: (slot: number, at: number) => number): number {
  let node = 0;
  for (let j = i + 1; j < path.length; j++) {
    const next = edgeOf(trie, node, j === i + 1 ? (path.charCodeAt(i) << 16) | path.charCodeAt(j) : path.charCodeAt(j));
    if (next < 0 || trie.least[next]! >= below) break;
    node = next;
    for (let slot = trie.ends[node]!; slot >= 0; slot = trie.nextEnd[slot]!) {
      if (rank[slot]! >= below || found[slot] === epoch) continue;
      found[slot] = epoch;
      below = visit(slot, i);
    }
  }
  return below;
}

/** The longest literal part of a pattern (from part `from` on): where a match must contain it. */
export function longestPart(parts: readonly string[], from = 0): string {
  let key = '';
  for (let k = from; k < parts.length; k++) if (parts[k]!.length > key.length) key = parts[k]!;
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
  const rank = new Int32Array(scanned.map((p) => p.index));
  const scan = scanned.length > 0 ? keyScanner(keys, rank) : null;
  let best = NO_RULE;
  let target = '';
  const searches = new PartSearches();
  const visit = (slot: number, at: number): number => {
    const p = scanned[slot]!;
    if (matchPartsAt(p.parts, p.anchored, target, 0, target.length, searches.tried(keys[slot]!, at))) best = p.index;
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
      searches.start(path);
      scan(path, best, visit);
    }
    return best === below ? -1 : best;
  };
}

/** First match among a few rules, tried in file order by {@link firstMatch}. */
function smallMatcher(paths: readonly string[], syntax: Syntax): Matcher {
  const rules = new SmallRules(paths, syntax);
  const { tests, table } = rules;
  return (path) => firstMatch(tests, table, path, 0, false);
}

/**
 * Compiles a record's rules for one syntax into a matcher that returns the
 * index of the first rule (in file order) that matches a path, or -1.
 */
export function compileRules(rules: readonly Rule[], syntax: Syntax): Matcher {
  return compilePaths(rules.map((rule) => rule.path), syntax);
}

/**
 * Compiles a record's rule paths (decoded, in file order) for one syntax into
 * a matcher that returns the index of the first rule that matches a path, or -1.
 */
export function compilePaths(paths: readonly string[], syntax: Syntax): Matcher {
  if (paths.length <= SMALL_RECORD) return smallMatcher(paths, syntax);
  const litPaths: string[] = [];
  const litIndexes: number[] = [];
  const patterns: Pattern[] = [];
  for (let index = 0; index < paths.length; index++) {
    const path = paths[index]!;
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
