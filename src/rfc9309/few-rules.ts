// RFC 9309 precedence among a few rules (up to FEW_RULES from the groups
// that apply; the second tier of engine/decider.ts): tried in decision order
// (longest first, allow before disallow; see longest-match.ts), so the first
// that matches decides, through the candidate table of engine/candidates.ts.
// URLs are read where they stand: RFC 9309 matches them as given
// (docs/behaviour.md §8.5), so only a `#` ends the path.
import { addCandidate, candidatesFor, emptyMasks, lowest, unitsOfSets, type RuleSet } from '../engine/candidates.js';
import { floatingKey, longestPart, matchPartsAt, pathEnd, splitPattern, startsAt } from '../engine/pattern.js';
import { codeAt } from '../text/chars.js';
import { decisionOrder, type LongestRule } from './longest-match.js';

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

/** A rule's first number in a few-rule table: its pattern's length and its flags, packed. */
type LengthAndFlags = number & { readonly __brand: 'LengthAndFlags' };

function packLength(length: number, flags: number): LengthAndFlags {
  return ((length << FLAG_BITS) | flags) as LengthAndFlags;
}

/** The pattern's length of a packed first number. */
function lengthOf(packed: LengthAndFlags): number {
  return packed >>> FLAG_BITS;
}

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
   * (see engine/candidates.ts). A rule whose literal start has no
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
  const order = decisionOrder(rules);
  let tests: FewTest[] | null = null;
  const masks = emptyMasks(order.length);
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
    info[base] = packLength(pattern.length, flags);
    info[base + 1] = at;
    info[base + 2] = to;
    // Paths start with `/`: a verbatim literal that does not is never tried (nor compared there).
    if ((flags & VERBATIM) !== 0 && pattern.charCodeAt(0) !== 0x2f) continue;
    addCandidate(masks, k, opening);
  }
  return { tests, masks: String.fromCharCode(...unitsOfSets(masks)) };
}

/** The rules of a few-rule table that may match a path whose character at index 1 is `c1` (see {@link Few.masks}). */
function candidatesOf(masks: string, c1: number): RuleSet {
  return candidatesFor(masks, 0, (masks.length >>> 1) - 1, c1);
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
 * null): a small file's usual case, with nothing to tell apart per rule, and
 * matchFew then never sees such a selection, so it stays specialised to the
 * rules it has (docs/performance.md, "What each trick pays").
 */
export function matchVerbatim(text: string, info: ArrayLike<number>, from: number, masks: string, s: string, start: number): number {
  const room = s.length - start;
  const c1 = codeAt(s, start + 1);
  let candidates = candidatesOf(masks, c1);
  while (candidates !== 0) {
    const k = lowest(candidates);
    candidates &= candidates - 1;
    const base = from + k * FEW_FIELDS;
    if (verbatimAt(text, info[base + 1]!, lengthOf(info[base]! as LengthAndFlags), s, start, c1, room)) return k;
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
  let candidates = candidatesOf(masks, c1);
  while (candidates !== 0) {
    const k = lowest(candidates);
    candidates &= candidates - 1;
    const base = from + k * FEW_FIELDS;
    const flags = info[base]! as LengthAndFlags;
    if ((flags & VERBATIM) !== 0) {
      if (!verbatimAt(text, info[base + 1]!, lengthOf(flags), s, start, c1, room)) continue;
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
