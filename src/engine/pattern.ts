// Wildcard patterns as GYM2008 and RFC 9309 read them (docs/behaviour.md
// §4.4, RFC 9309 §2.2.3): `*` matches any run of characters, a final `$`
// anchors the end. Worst case: a path of n characters against a pattern of
// k parts costs O(n) character comparisons, since each part is searched from
// where the previous one ended (leftmost-greedy is exact for star-only globs).
// No regular expression is ever built from robots.txt input.
import type { PartSearches } from './part-searches.js';

/** A wildcard rule split at its stars. */
export interface Pattern {
  /** Literal runs between stars; the first must be a prefix, the last a suffix when anchored. */
  readonly parts: readonly string[];
  /** True when the rule ends in `$`: the last part must end the path. */
  readonly anchored: boolean;
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
 * whose first occurrence runs past `end` has none before it either. With
 * `memo`, parts are searched through it (remembered and charged to the
 * check's work: engine/part-searches.ts).
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
 * {@link matchParts} of a pattern as written (`*` any run, a final `$`
 * anchors), read where it stands: nothing is split or kept, for the first
 * checks of a record (engine/direct-scan.ts). The same leftmost-greedy
 * search: each part is searched from where the previous one ended, so the
 * work is linear in the path for each part; only a searched part is cut out.
 */
export function matchPattern(pattern: string, path: string): boolean {
  const star = pattern.indexOf('*');
  return matchSpan(pattern, 0, pattern.length, star < 0 ? pattern.length : star, path);
}

/**
 * {@link matchPattern} of the pattern src[ps, pe), read in place in the
 * text it was written in, whose first `*` is at `star` (`pe` or more when
 * it has none): the caller finds it, so that no search runs past `pe`.
 * With `memo`, parts are searched through it (remembered and charged to
 * the check's work: engine/part-searches.ts).
 */
export function matchSpan(src: string, ps: number, pe: number, star: number, path: string, memo: PartSearches | null = null): boolean {
  let plen = pe;
  const anchored = pe > ps && src.charCodeAt(pe - 1) === 0x24;
  if (anchored) plen--;
  const n = path.length;
  if (star >= plen) {
    const len = plen - ps;
    return (anchored ? n === len : n >= len) && sameAt(path, 0, src, ps, len);
  }
  let pos = star - ps;
  if (pos > n || !sameAt(path, 0, src, ps, pos)) return false;
  const lastStar = src.lastIndexOf('*', plen - 1);
  const tail = plen - lastStar - 1;
  if (n - pos < tail) return false;
  // An anchored tail has one place to be: checked before any search.
  if (anchored && !sameAt(path, n - tail, src, lastStar + 1, tail)) return false;
  for (let from = star + 1; from <= lastStar;) {
    const next = src.indexOf('*', from);
    if (next > from) {
      if (n - pos < next - from) return false;
      const part = src.slice(from, next);
      const at = memo === null ? path.indexOf(part, pos) : memo.indexOf(part, pos);
      if (at < 0) return false;
      pos = at + next - from;
    }
    from = next + 1;
  }
  if (n - pos < tail) return false;
  if (anchored || tail === 0) return true;
  const tailPart = src.slice(lastStar + 1, plen);
  return (memo === null ? path.indexOf(tailPart, pos) : memo.indexOf(tailPart, pos)) >= 0;
}

/**
 * True when a[at, at + len) equals b[from, from + len); `a` must hold that
 * many characters from `at`. A short run is compared here; a long one as
 * two slices (which V8 makes without copying) compared whole, natively,
 * far faster than a loop or `startsWith`, which both go a character at a
 * time (docs/performance.md, "What each trick pays").
 */
function sameAt(a: string, at: number, b: string, from: number, len: number): boolean {
  if (len > 32) return a.slice(at, at + len) === b.slice(from, from + len);
  for (let j = 0; j < len; j++) if (a.charCodeAt(at + j) !== b.charCodeAt(from + j)) return false;
  return true;
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

/**
 * The key of an open pattern, or null: `*key` (without `$`; trailing stars
 * are dropped when split) matches exactly the paths that hold `key` anywhere.
 */
export function openKey(parts: readonly string[], anchored: boolean): string | null {
  return anchored || parts.length !== 2 || parts[0] !== '' ? null : parts[1]!;
}

/**
 * True for a rule value that the index of many rules keeps as its key alone
 * (engine/rule-index.ts): a floating or open pattern ({@link floatingKey},
 * {@link openKey}) whose key is two characters or more, the shortest a key
 * scanner looks for. held-bytes.ts weighs such rules apart.
 */
export function keptAsKey(value: string): boolean {
  // Settled unsplit: a value that ends in `$`, or opens with neither `*` nor `/*`.
  if (value.endsWith('$') || !(value.startsWith('*') || value.startsWith('/*'))) return false;
  const split = splitPattern(value);
  if (split === null || typeof split === 'string') return false;
  const key = floatingKey(split.parts, split.anchored) ?? openKey(split.parts, split.anchored);
  return key !== null && key.length >= 2;
}

/** True when some path has a `*` or a final `$`: GYM2008 then reads it differently from MK1996. */
export function hasWildcards(paths: readonly string[]): boolean {
  for (const path of paths) if (path.includes('*') || path.endsWith('$')) return true;
  return false;
}

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

/** The longest literal part of a pattern, from part `from` on: where a match must contain it. */
export function longestPart(parts: readonly string[], from: number): string {
  let key = '';
  for (let k = from; k < parts.length; k++) if (parts[k]!.length > key.length) key = parts[k]!;
  return key;
}

/**
 * Up to this many characters from `at` on, {@link startsAt} may search with
 * `indexOf`, whose miss scans on to the end of the string.
 */
const SCAN_ROOM = 512;

/**
 * `s.startsWith(prefix, at)` (for `at` from 0 on), for a prefix that likely
 * matches: startsWith compares a character at a time, while indexOf's native
 * search takes a long prefix at once (docs/performance.md, "What each trick
 * pays"). If the prefix is not at `at`, indexOf scans on to the end of `s`:
 * past {@link SCAN_ROOM} characters, startsWith serves, which stops at the
 * prefix's end (bench/pathological.ts, the near-miss case).
 */
export function startsAt(s: string, prefix: string, at: number): boolean {
  return prefix.length < 6 || s.length - at > SCAN_ROOM ? s.startsWith(prefix, at) : s.indexOf(prefix, at) === at;
}

/** Where the path of a URL read in place ends: at its first `#`, or the URL's end. */
export function pathEnd(url: string, start: number): number {
  const end = url.indexOf('#', start);
  return end < 0 ? url.length : end;
}
