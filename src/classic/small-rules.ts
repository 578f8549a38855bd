// A small record's rules (docs/behaviour.md §4.3 to §4.5), the second tier
// of engine/decider.ts: up to FEW_RULES, tried in file order through a
// candidate table, reading the URL where it stands.
import { addCandidate, candidatesFor, emptyMasks, lowest, setAt, setUnits, unitsOfSets } from '../engine/candidates.js';
import { covers, floatingKey, matchPartsAt, pathEnd, splitPattern, startsAt } from '../engine/pattern.js';
import { codeAt } from '../text/chars.js';
import { hexValue, matchTarget, pathStart } from '../text/url-path.js';
import { MK1996, type Syntax } from '../syntax.js';
import { indexBetweenEscapes, matchPartsBetweenEscapes } from './escapes.js';
import type { RecordDecider } from './model.js';

/**
 * A rule of a small record as it is tried: a literal prefix, or a GYM2008
 * pattern's parts (whether it is anchored is kept apart, in {@link SmallRules.table}).
 */
export type SmallTest = string | readonly string[];

/** Where {@link SmallRules.table} holds the mask of anchored patterns. */
const ANCHORED = 0;
/** Where {@link SmallRules.table} holds the mask of floating patterns (see {@link floatingKey}). */
const FLOATING = ANCHORED + 2;
/** Where {@link SmallRules.table} says how URLs are read: {@link DECODED}, {@link IN_PLACE} or {@link PREFIXES_IN_PLACE}. */
const READING = FLOATING + 2;
/** Some test holds `%` or `#`: a URL's path is cut and decoded before it is matched. */
const DECODED = 0;
/** No test holds `%` or `#`: URLs are matched in place ({@link firstMatch}). */
const IN_PLACE = 1;
/** As {@link IN_PLACE}, every test a literal prefix ({@link firstPrefixInPlace}). */
const PREFIXES_IN_PLACE = 2;
/** Where {@link SmallRules.table} holds the set of ASCII characters in the patterns' parts: 128 bits. */
const PATTERN_CHARS = READING + 1;
/** Where {@link SmallRules.table} says whether some pattern's parts hold a character past ASCII: 1 if so. */
const NON_ASCII = PATTERN_CHARS + 8;
/** Where {@link SmallRules.table} holds its number of buckets less one. */
const BUCKET_MASK = NON_ASCII + 1;
/** Where {@link SmallRules.table} holds the mask of the tests that allow when they decide. */
const ALLOWED = BUCKET_MASK + 1;
/** Where {@link SmallRules.table} holds the character at index 1 of each test. */
const SECONDS = ALLOWED + 2;
/** In {@link SmallRules.table}, a test without a character at index 1. */
const ANY = 0xffff;

/**
 * A small record's rules (at most `FEW_RULES` of engine/candidates.ts, one bit each) as
 * {@link firstMatch} tries them: in file order, but only those whose literal
 * start can agree with the path's character at index 1 (index 0 is `/`
 * nearly always), which settles most misses without a call, and never those
 * that an earlier rule {@link covers}. Kept small: a record in use holds one.
 */
export class SmallRules implements RecordDecider {
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
   * the mask of anchored patterns; 2 and 3: of floating ones. Unit 4: how
   * URLs are read: 1 when no test holds `%` or `#`, so that they can be
   * matched in place ({@link readsInPlace}), 2 when every test is also a
   * literal prefix, else 0. Units 5 to 12: the set of ASCII characters in the
   * patterns, 16 a unit; unit 13: 1 when a pattern holds a character past
   * ASCII (see `escapesInert`). Unit 14: the number of buckets B less one.
   * Units 15 and 16: the mask of the tests that allow when they decide (the
   * caller's, read by {@link SmallRules.allows}). Then, for n tests: unit 17 + k, the
   * character at index 1 of test k's literal start, or U+FFFF when it has
   * none (or is U+FFFF: then it is always tried); unit 17 + n + k, a
   * literal's last character when it is longer than two, else U+FFFF;
   * units 17 + 2n + 2b and the next: the mask of the tests that may match a
   * path whose character at index 1 is c, for b = c % B. A record holds only
   * this string when its tests are its paths.
   */
  readonly table: string;

  /** @param allowed Which rules allow when they decide (see {@link RobotRecord.allows}), a bit each, read back by {@link SmallRules.allows}. */
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
    const masks = emptyMasks(tests.length);
    const seconds = tests.map((_, k) => {
      const start = partsOf(k)[0]!;
      // A rule that an earlier one covers never decides: it is never tried.
      let covered = false;
      for (let i = 0; i < k && !covered; i++) covered = covers(partsOf(i), (anchored & (1 << i)) !== 0, partsOf(k), (anchored & (1 << k)) !== 0);
      if (!covered) addCandidate(masks, k, start);
      return start.length > 1 ? start.charCodeAt(1) : ANY;
    });
    // A literal's last character (past index 1) settles most near misses without a call.
    const lasts = tests.map((test, k) => (typeof test === 'string' && (floating & (1 << k)) === 0 && test.length > 2 ? test.charCodeAt(test.length - 1) : ANY));
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
      ...setUnits(anchored),
      ...setUnits(floating),
      !inPlace ? DECODED : prefixes ? PREFIXES_IN_PLACE : IN_PLACE,
      ...chars,
      nonAscii,
      masks.length - 1,
      ...setUnits(allowed),
      ...seconds,
      ...lasts,
      ...unitsOfSets(masks),
    );
  }

  allows(url: string): boolean {
    const table = this.table;
    // The usual case first, and alone: a URL read in place that settles it.
    const answer = matchUrlInPlace(this.tests, table, url);
    const i = isUndecided(answer) ? this.ruleFor(url) : answer;
    // One unit of the mask read here, not two through a helper: each read of the table checks the string's form.
    return i < 0 || ((table.charCodeAt(ALLOWED + (i >>> 4)) >>> (i & 15)) & 1) === 1;
  }

  ruleFor(url: string): number {
    const tests = this.tests;
    const table = this.table;
    if (!readsInPlace(table)) return firstMatch(tests, table, matchTarget(url), 0, false);
    const answer = matchUrlInPlace(tests, table, url);
    return isUndecided(answer) ? firstMatch(tests, table, matchTarget(url), 0, false, resumeFrom(answer)) : answer;
  }

  ruleForPath(path: string): number {
    return firstMatch(this.tests, this.table, path, 0, false);
  }
}

/** True when a {@link SmallRules.table}'s tests hold no `%` or `#`, so that URLs can be matched in place. */
export function readsInPlace(table: string): boolean {
  return table.charCodeAt(READING) !== DECODED;
}

/**
 * What {@link firstMatch} answers: the index of the first test that matches
 * (0 or more), -1 when none does, or, for a URL read in place, a test from
 * which a percent-escape could change the answer ({@link undecidedFrom}).
 */
export type FirstMatch = number & { readonly __brand: 'FirstMatch' };

/** No test matches. */
export const NO_MATCH = -1 as FirstMatch;

/** Test `k` matches. */
function matched(k: number): FirstMatch {
  return k as FirstMatch;
}

/**
 * The answer in place when a percent-escape could change it from test `k`
 * on: the tests before `k` do not match; decode the path and ask again from
 * `k` ({@link resumeFrom}). Encoded as -2 - k, below every other answer.
 */
export function undecidedFrom(k: number): FirstMatch {
  return (-2 - k) as FirstMatch;
}

/** True for an answer of {@link undecidedFrom}. */
export function isUndecided(answer: FirstMatch): boolean {
  return answer < -1;
}

/** The test from which an {@link undecidedFrom} answer asks to decide again. */
export function resumeFrom(answer: FirstMatch): number {
  return -2 - answer;
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
export function firstMatch(tests: readonly SmallTest[], table: string, s: string, start: number, inPlace: boolean, from = 0): FirstMatch {
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
  let candidates = candidatesFor(table, SECONDS + 2 * tests.length, table.charCodeAt(BUCKET_MASK), c1) & (-1 << from);
  const floating = setAt(table, FLOATING);
  while (candidates !== 0) {
    const k = lowest(candidates);
    candidates &= candidates - 1;
    const c = table.charCodeAt(SECONDS + k);
    if (c !== ANY && c !== c1) continue;
    const test = tests[k]!;
    if (typeof test === 'string' && ((floating >>> k) & 1) === 0) {
      const z = table.charCodeAt(SECONDS + tests.length + k);
      if ((z === ANY || codeAt(s, start + test.length - 1) === z) && startsAt(s, test, start)) return matched(k);
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
      return matched(k);
    }
    const anchored = ((table.charCodeAt(ANCHORED + (k >>> 4)) >>> (k & 15)) & 1) === 1;
    if (reading === INERT) {
      if (matchPartsBetweenEscapes(test, anchored, s, start, end)) return matched(k);
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
    return matched(k);
  }
  return NO_MATCH;
}

/**
 * {@link firstMatch} of a whole URL read in place (`inPlace` true), for rules
 * that {@link readsInPlace}, else undecided from the first test (see
 * {@link undecidedFrom}). Where its path starts is found first, and a path
 * that does not start with `/` is left undecided as well, for the decoded
 * path to decide. Rules that are all literal prefixes, as under MK1996, take
 * a loop with less to decide per rule.
 */
export function matchUrlInPlace(tests: readonly SmallTest[], table: string, url: string): FirstMatch {
  // One read of the table says whether and how: each read costs a check of the string's form.
  const reading = table.charCodeAt(READING);
  if (reading === DECODED) return undecidedFrom(0);
  const start = pathStart(url);
  if (codeAt(url, start) !== 0x2f) return undecidedFrom(0);
  return reading === PREFIXES_IN_PLACE ? firstPrefixInPlace(tests, table, url, start) : firstMatch(tests, table, url, start, true);
}

/**
 * {@link firstMatch} in place when every test is a literal prefix: the usual
 * small record, and every one under MK1996. Its loop has no pattern cases to
 * tell apart per rule, which pays on small files (docs/performance.md, "What
 * each trick pays").
 */
function firstPrefixInPlace(tests: readonly SmallTest[], table: string, s: string, start: number): FirstMatch {
  const c1 = codeAt(s, start + 1);
  if (c1 === 0x25) return undecidedFrom(0);
  const n = tests.length;
  let candidates = candidatesFor(table, SECONDS + 2 * n, table.charCodeAt(BUCKET_MASK), c1);
  let escape = -2;
  while (candidates !== 0) {
    const k = lowest(candidates);
    candidates &= candidates - 1;
    const c = table.charCodeAt(SECONDS + k);
    if (c !== ANY && c !== c1) continue;
    const test = tests[k] as string;
    const z = table.charCodeAt(SECONDS + n + k);
    if ((z === ANY || codeAt(s, start + test.length - 1) === z) && startsAt(s, test, start)) return matched(k);
    if (escape === -2) escape = s.indexOf('%', start + 2);
    if (escape >= 0 && escape < start + test.length) return undecidedFrom(k);
  }
  return NO_MATCH;
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

/** True when the patterns of a {@link SmallRules.table} hold the ASCII character `c`. */
function holds(table: string, c: number): boolean {
  return ((table.charCodeAt(PATTERN_CHARS + (c >>> 4)) >>> (c & 15)) & 1) === 1;
}
