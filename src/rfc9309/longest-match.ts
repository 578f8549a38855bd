// RFC 9309 precedence: among the rules that match a path, the one with the
// longest pattern decides, and allow wins a tie. Compiled once per set of
// rules into an index, so a path costs a prefix-chain lookup for the literal
// rules plus a filtered look at the wildcard rules, not one try per rule.
import { codeAt } from '../text/chars.js';
import { bucketsFor, floatingKey, keyScanner, longestPart, matchPartsAt, PartSearches, pathEnd, PrefixChain, splitPattern, startsAt } from '../engine/match.js';

/** A rule as the longest-match index sees it. */
export interface LongestRule {
  /** The normalised pattern; its length is the rule's priority. Empty patterns never decide. */
  readonly pattern: string;
  readonly allow: boolean;
}

/**
 * Finds the deciding rule for a path: the index of the longest matching
 * allow rule, unless a matching disallow rule is strictly longer; among rules
 * of equal length and kind, the first. -1 when no rule matches.
 */
export type LongestMatcher = (path: string) => number;

/** A wildcard rule: `*` inside, or `$` at the end. */
interface Wild {
  readonly parts: readonly string[];
  readonly anchored: boolean;
  readonly len: number;
  readonly allow: boolean;
  readonly index: number;
}

/** The best allow and disallow rule for one literal prefix (or one chain of them). */
interface Best {
  aLen: number;
  aIdx: number;
  dLen: number;
  dIdx: number;
}

const LINEAR_LIMIT = 12;
const SCAN_MIN = 5;

/** True when (len, idx) beats (curLen, curIdx): longer, or as long and earlier. */
function beats(len: number, idx: number, curLen: number, curIdx: number): boolean {
  return len > curLen || (len === curLen && idx < curIdx);
}

function merge(into: Best, from: Best): void {
  if (from.aIdx >= 0 && beats(from.aLen, from.aIdx, into.aLen, into.aIdx)) {
    into.aLen = from.aLen;
    into.aIdx = from.aIdx;
  }
  if (from.dIdx >= 0 && beats(from.dLen, from.dIdx, into.dLen, into.dIdx)) {
    into.dLen = from.dLen;
    into.dIdx = from.dIdx;
  }
}

// ---------------------------------------------------------------------------
// A few rules: all tried, longest first, nothing indexed.

/** Up to this many rules are tried longest first rather than indexed. */
export const FEW_RULES = 24;

/** Numbers per rule in a few-rule table: flags and length, then the caller's two numbers. */
export const FEW_FIELDS = 3;

/** Up to this many rules, verbatim literals are compared in place (see {@link VERBATIM}). */
const IN_PLACE_RULES = 8;

const ALLOW = 1;
const ANCHORED = 2;
/**
 * The pattern is a literal prefix found as written in the caller's text, at
 * the rule's first number, and compared there (only among a few rules: see
 * {@link IN_PLACE_RULES}).
 */
const VERBATIM = 4;
/** The pattern is floating (see `floatingKey`); its test is the key. */
const FLOATING = 8;
const FLAG_BITS = 4;

/** A rule for {@link prepareFew}. */
export interface FewRule extends LongestRule {
  /**
   * True when the pattern is the caller's text from `at` on, as written: a
   * literal one among a few rules (see {@link IN_PLACE_RULES}) is then
   * compared there and needs no string of its own.
   */
  readonly verbatim: boolean;
  /** The caller's numbers, kept in the table: where the rule's value starts, and anything else. */
  readonly at: number;
  readonly to: number;
}

/** What {@link matchFew} compares for one rule: a prefix or a floating pattern's key, a pattern's parts, or null for a verbatim literal. */
export type FewTest = string | readonly string[] | null;

/** A few rules as {@link matchFew} tries them, besides the numbers {@link prepareFew} writes. */
export interface Few {
  /** What each rule compares; null when every rule is a verbatim literal. */
  readonly tests: FewTest[] | null;
  /**
   * Two code units a bucket, low half first: for a path whose character at
   * index 1 is c, the mask of the rules (bit k for the k-th in the order
   * they are tried) that may match it, in bucket c % B, for B buckets
   * (`bucketsFor` the number of rules). A rule whose literal start has no
   * character at index 1 is in every bucket.
   */
  readonly masks: string;
}

/**
 * Lays out a few rules for {@link matchFew}, longest first, allow before
 * disallow, and in the given order among equals: writes `FEW_FIELDS` numbers
 * a rule into `info` from `from` on (flags and length, `at`, `to`) and
 * returns what else is tried. Empty patterns must be left out.
 */
export function prepareFew(rules: readonly FewRule[], info: number[], from: number): Few {
  // Longest first, allow before disallow: the first rule that matches then
  // decides. A stable sort keeps the given order among the rest.
  const order = rules.map((_, k) => k).sort((x, y) => rules[y]!.pattern.length - rules[x]!.pattern.length || Number(rules[y]!.allow) - Number(rules[x]!.allow));
  let tests: FewTest[] | null = null;
  const buckets = bucketsFor(order.length);
  const masks = new Array<number>(buckets).fill(0);
  for (let k = 0; k < order.length; k++) {
    const { pattern, allow, verbatim, at, to } = rules[order[k]!]!;
    const split = splitPattern(pattern);
    let flags = allow ? ALLOW : 0;
    let test: FewTest = null;
    let opening = pattern;
    // Past a handful of rules, literals are compared natively, as strings (a
    // verbatim pattern is already one); below, in place, to keep small files small.
    if (split === null && verbatim && order.length <= IN_PLACE_RULES) flags |= VERBATIM;
    else if (split === null || typeof split === 'string') opening = test = split ?? pattern;
    else {
      test = floatingKey(split.parts, split.anchored);
      if (test === null) test = split.parts;
      else flags |= FLOATING;
      opening = split.parts[0]!;
      if (split.anchored) flags |= ANCHORED;
    }
    if (test !== null) (tests ??= new Array<FewTest>(order.length).fill(null))[k] = test;
    const base = from + k * FEW_FIELDS;
    info[base] = (pattern.length << FLAG_BITS) | flags;
    info[base + 1] = at;
    info[base + 2] = to;
    // Paths start with `/`: a verbatim literal that does not is never tried (nor compared there).
    if ((flags & VERBATIM) !== 0 && pattern.charCodeAt(0) !== 0x2f) continue;
    for (let b = 0; b < buckets; b++) if (opening.length < 2 || opening.charCodeAt(1) % buckets === b) masks[b]! |= 1 << k;
  }
  return { tests, masks: String.fromCharCode(...masks.flatMap((m) => [m & 0xffff, m >>> 16])) };
}

/** The rules of a few-rule table that may match a path whose character at index 1 is `c1` (see {@link Few.masks}). */
function candidatesFor(masks: string, c1: number): number {
  const b = (c1 & ((masks.length >>> 1) - 1)) * 2;
  return masks.charCodeAt(b) | (masks.charCodeAt(b + 1) << 16);
}

/**
 * False when the literal text[at, at + len) cannot start the path at `start`
 * in `s`, which has `room` characters from there and `c1` at index 1: too
 * long, or another character at index 1 or at its last index. Those two
 * settle most near misses without a comparison.
 */
function endsAgree(text: string, at: number, len: number, s: string, start: number, c1: number, room: number): boolean {
  return len <= room && (len < 2 || (text.charCodeAt(at + 1) === c1 && text.charCodeAt(at + len - 1) === s.charCodeAt(start + len - 1)));
}

/** True when the verbatim literal text[at, at + len) starts the path at `start` in `s` (see {@link endsAgree}). */
function verbatimAt(text: string, at: number, len: number, s: string, start: number, c1: number, room: number): boolean {
  if (!endsAgree(text, at, len, s, start, c1, room)) return false;
  // The rest past index 1; index 0 is `/` on both sides.
  let j = len > 1 ? 2 : 0;
  while (j < len && text.charCodeAt(at + j) === s.charCodeAt(start + j)) j++;
  return j === len;
}

/**
 * {@link matchFew} when every rule is a verbatim literal (its `tests` are
 * null): a small file's usual case, with nothing to tell apart per rule. It
 * leaves its caller small enough for the compiler to take in whole.
 */
export function matchVerbatim(text: string, info: ArrayLike<number>, from: number, masks: string, s: string, start: number): number {
  const room = s.length - start;
  const c1 = codeAt(s, start + 1);
  let candidates = candidatesFor(masks, c1);
  while (candidates !== 0) {
    const k = 31 - Math.clz32(candidates & -candidates);
    candidates &= candidates - 1;
    const base = from + k * FEW_FIELDS;
    if (verbatimAt(text, info[base + 1]!, info[base]! >>> FLAG_BITS, s, start, c1, room)) return k;
  }
  return -1;
}

/**
 * The deciding rule among a few laid out by {@link prepareFew}: its number k
 * in the order they are tried (its numbers are the table's k-th
 * `FEW_FIELDS`), or -1. Rules are tried longest first, allow before disallow
 * among equals, so the first match decides. As in `firstMatch`, a rule
 * whose literal start needs another character at index 1 than the path has
 * is skipped at once.
 *
 * The path is `s` from `start` to its first `#` (or its end), read in place:
 * a rule holds no `#`, so a literal that equals the characters there lies
 * within the path.
 */
export function matchFew(text: string, info: ArrayLike<number>, from: number, tests: readonly FewTest[] | null, masks: string, s: string, start = 0): number {
  const room = s.length - start;
  // -1 past the end: no rule with a character at index 1 is then a candidate.
  const c1 = codeAt(s, start + 1);
  /** Where the path ends, for patterns: -1 until one is tried. */
  let end = -1;
  /**
   * A word found not to occur in the URL after the path's opening character:
   * other rules that need it (a pattern for `/search/` anywhere, and one for
   * it after a second `/`, say) need not look again.
   */
  let absent: string | null = null;
  /** True when the path opens with `/`, as floating patterns need. */
  const slash = codeAt(s, start) === 0x2f;
  // The candidates, in the order that makes the first match decide.
  let candidates = candidatesFor(masks, c1);
  while (candidates !== 0) {
    const k = 31 - Math.clz32(candidates & -candidates);
    candidates &= candidates - 1;
    const base = from + k * FEW_FIELDS;
    const flags = info[base]!;
    if ((flags & VERBATIM) !== 0) {
      if (!verbatimAt(text, info[base + 1]!, flags >>> FLAG_BITS, s, start, c1, room)) continue;
    } else {
      const test = tests![k]!;
      if (typeof test !== 'string') {
        const first = test[0]!;
        if (first.length > 1 && first.charCodeAt(1) !== c1) continue;
        // Its longest later part must occur after the first: one search
        // settles most paths, and tells later rules with that word.
        const word = longestPart(test, 1);
        if (first.length > 0 && word === absent) continue;
        if (word.length > 1 && s.indexOf(word, start + first.length) < 0) {
          if (first.length === 1) absent = word;
          continue;
        }
        if (end < 0) end = pathEnd(s, start);
        if (!matchPartsAt(test, (flags & ANCHORED) !== 0, s, start, end)) continue;
      } else if ((flags & FLOATING) !== 0) {
        // The key anywhere after the path's opening `/`; the fragment is looked for once it is found.
        if (test === absent) continue;
        const at = room > test.length && slash ? s.indexOf(test, start + 1) : -1;
        if (at < 0) {
          absent = test;
          continue;
        }
        if (end < 0) end = pathEnd(s, start);
        if (at + test.length > end) continue;
      } else {
        // A literal prefix, held as a string: confirmed natively.
        if (!endsAgree(test, 0, test.length, s, start, c1, room) || !startsAt(s, test, start)) continue;
      }
    }
    return k;
  }
  return -1;
}

// ---------------------------------------------------------------------------
// Many rules: indexed.

/**
 * Compiles rules into a {@link LongestMatcher}. Up to {@link FEW_RULES}
 * (empty patterns left out) are tried in turn, longest first. Literal rules (and rules that
 * end in `*` only, which are prefixes too) go into a {@link PrefixChain}
 * whose entries carry the best allow and disallow along their chain; wildcard
 * rules are tried only when their longest literal part occurs in the path and
 * only when they are long enough to change the answer.
 */
export function compileLongest(rules: readonly LongestRule[]): LongestMatcher {
  const few: FewRule[] = [];
  for (let index = 0; index < rules.length && few.length <= FEW_RULES; index++) {
    const { pattern, allow } = rules[index]!;
    if (pattern !== '') few.push({ pattern, allow, verbatim: false, at: 0, to: index });
  }
  if (few.length <= FEW_RULES) {
    const info: number[] = [];
    const { tests, masks } = prepareFew(few, info, 0);
    return (path) => {
      const k = matchFew('', info, 0, tests, masks, path);
      return k < 0 ? -1 : info[k * FEW_FIELDS + 2]!;
    };
  }
  const literal = new Map<string, Best>();
  const wilds: Wild[] = [];
  for (let index = 0; index < rules.length; index++) {
    const { pattern, allow } = rules[index]!;
    if (pattern === '') continue;
    const split = splitPattern(pattern);
    if (split === null || typeof split === 'string') {
      const key = split ?? pattern;
      let best = literal.get(key);
      if (best === undefined) literal.set(key, (best = { aLen: 0, aIdx: -1, dLen: 0, dIdx: -1 }));
      merge(best, allow ? { aLen: pattern.length, aIdx: index, dLen: 0, dIdx: -1 } : { aLen: 0, aIdx: -1, dLen: pattern.length, dIdx: index });
    } else {
      wilds.push({ parts: split.parts, anchored: split.anchored, len: pattern.length, allow, index });
    }
  }

  // The answer so far for the path being matched; reset on every call.
  let aLen = 0;
  let aIdx = -1;
  let dLen = 0;
  let dIdx = -1;
  let target = '';

  // Literal rules.
  let lookUp: (path: string) => void;
  if (literal.size <= LINEAR_LIMIT) {
    const keys = [...literal.keys()];
    const bests = [...literal.values()];
    lookUp = (path) => {
      for (let k = 0; k < keys.length; k++) {
        if (!path.startsWith(keys[k]!)) continue;
        const b = bests[k]!;
        if (b.aIdx >= 0 && beats(b.aLen, b.aIdx, aLen, aIdx)) {
          aLen = b.aLen;
          aIdx = b.aIdx;
        }
        if (b.dIdx >= 0 && beats(b.dLen, b.dIdx, dLen, dIdx)) {
          dLen = b.dLen;
          dIdx = b.dIdx;
        }
      }
    };
  } else {
    const chain = new PrefixChain(literal.keys());
    const n = chain.sorted.length;
    const A = new Int32Array(n);
    const AI = new Int32Array(n);
    const D = new Int32Array(n);
    const DI = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const best = { ...literal.get(chain.sorted[i]!)! };
      const up = chain.parent[i]!;
      if (up >= 0) merge(best, { aLen: A[up]!, aIdx: AI[up]!, dLen: D[up]!, dIdx: DI[up]! });
      A[i] = best.aLen;
      AI[i] = best.aIdx;
      D[i] = best.dLen;
      DI[i] = best.dIdx;
    }
    lookUp = (path) => {
      const at = chain.deepest(path);
      if (at < 0) return;
      aLen = A[at]!;
      aIdx = AI[at]!;
      dLen = D[at]!;
      dIdx = DI[at]!;
    };
  }

  // Wildcard rules. A rule can change the answer only if it is at least as
  // long as the best of both kinds so far: a shorter allow loses to the
  // disallow, a shorter (or equal) disallow loses to the allow.
  const tryWild = (w: Wild, searches: PartSearches | null = null): void => {
    if (w.allow) {
      if (w.len < dLen || !beats(w.len, w.index, aLen, aIdx)) return;
      if (matchPartsAt(w.parts, w.anchored, target, 0, target.length, searches)) {
        aLen = w.len;
        aIdx = w.index;
      }
    } else {
      if (w.len <= aLen || !beats(w.len, w.index, dLen, dIdx)) return;
      if (matchPartsAt(w.parts, w.anchored, target, 0, target.length, searches)) {
        dLen = w.len;
        dIdx = w.index;
      }
    }
  };
  const always: Wild[] = [];
  const scanned: Wild[] = [];
  const keys: string[] = [];
  for (const w of wilds) {
    const key = longestPart(w.parts);
    if (key.length < 2 || wilds.length < SCAN_MIN) always.push(w);
    else {
      scanned.push(w);
      keys.push(key);
    }
  }
  // Longest first, so the loop stops at the first rule too short to matter.
  always.sort((x, y) => y.len - x.len || x.index - y.index);
  // Ranked by length, longest lowest: the scanner skips ranks at or above the bound.
  const scan = scanned.length > 0 ? keyScanner(keys, new Int32Array(scanned.map((w) => -w.len))) : null;
  const bound = (): number => 1 - (aLen > dLen ? aLen : dLen);
  const searches = new PartSearches();
  const visit = (slot: number, at: number): number => {
    tryWild(scanned[slot]!, searches.tried(keys[slot]!, at));
    return bound();
  };

  return (path) => {
    aLen = 0;
    aIdx = -1;
    dLen = 0;
    dIdx = -1;
    target = path;
    searches.start(path);
    lookUp(path);
    for (const w of always) {
      if (w.len < aLen || w.len < dLen) break;
      tryWild(w);
    }
    if (scan !== null) scan(path, bound(), visit);
    return dLen > aLen ? dIdx : aIdx;
  };
}
