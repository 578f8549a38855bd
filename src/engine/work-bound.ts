// The work bound of one check of an index of many rules (issue 14;
// docs/performance.md, "Worst cases"; docs/behaviour.md §9.45).
//
// The index answers in time about linear in the path for the files we know
// of, but no filter of wildcard rules is linear for every file: thousands of
// long words that share their openings, or patterns whose parts each need a
// search of the whole path, cost the path's length times the rules'. So a
// check counts what it does, and one that passes its bound stops and answers
// OVER_BOUND, which the syntaxes read as "disallowed": a crawler skips a URL
// it could not be told about in time, and `explain` says why. The count is
// of work, not time, so that a check answers the same on any machine and
// under any load.

/** Units a check may spend a character of its path. */
const PER_CHAR = 16;
/**
 * Units any check may spend besides: room for a short path against many
 * rules, each a search of the path's rest, as real files have them
 * (docs/performance.md, "What each trick pays").
 */
const BASE = 1 << 18;

/**
 * What a ranked matcher answers when a check passed its work bound: not a
 * rule, nor "no rule" (-1).
 */
export const OVER_BOUND = -2;

/**
 * What a check answers when no rule decides (`k` below 0): allowed, unless
 * it passed its work bound (docs/behaviour.md §9.45).
 */
export function noRuleAllows(k: number): boolean {
  return k !== OVER_BOUND;
}

/**
 * What one check of an index may still do. A unit is about a character
 * compared in JavaScript: a character of a key or pattern compared, or read
 * by a native `indexOf` (most read faster, but a search for `aaa…ab` in
 * `aaaa…` is no faster); a key of a bucket looked at costs three, a step
 * down a trie four (engine/key-scanner.ts, engine/key-trie.ts).
 */
export class WorkBound {
  /** Units left; below 0, the check is over its bound. */
  left = 0;

  /** Starts a check of a path of `length` characters. */
  start(length: number): void {
    this.left = PER_CHAR * length + BASE;
  }

  /** `path.indexOf(part, pos)`, charged what the native search read. */
  indexOf(path: string, part: string, pos: number): number {
    const at = path.indexOf(part, pos);
    this.left -= (at < 0 ? path.length : at + part.length) - pos + 1;
    return at;
  }
}
