// Which rules of a group can never decide, in near-linear time. Under first
// match (docs/behaviour.md §4.3) a rule never decides when an earlier rule
// matches every path it matches; under longest match (RFC 9309 §2.2.2) when
// another rule does and is longer, or as long and an Allow against a
// Disallow, or the same length and kind and earlier.
//
// Comparing every pair is quadratic: a 50,000-rule file would take billions
// of steps. Instead:
// - literal rules (plain prefixes, the great majority) are found by sorting
//   the group's keys: the literal rules whose path is a prefix of a rule's
//   first part are exactly those that cover it, and in sorted order they
//   form a chain kept on a stack, so each rule costs O(log n) plus its
//   key's length;
// - wildcard rules (several parts, or a final `$`) are compared in pairs, but
//   only the first PATTERN_CAP of a group are tried as the covering rule:
//   shadowing by a later wildcard rule of a group that has more is not found.
import { covers } from '../engine/pattern.js';

/** How many wildcard rules of a group are tried as covering every other rule. */
export const PATTERN_CAP = 64;

/**
 * Steps taken: chain links and blocks visited, and rule pairs compared. Tests
 * read it to check that the work grows linearly with the rules, without
 * timing anything.
 */
export const shadowWork = { steps: 0 };

/** A rule of one group, as one syntax reads it. */
export interface ShadowRule {
  /** Under first match, whether a match allows (a blank classic rule allows as a Disallow does not, behaviour.md §4.5). */
  readonly allow: boolean;
  /** The rule as a prefix, or its pattern's first part. */
  readonly key: string;
  /** The pattern's parts, or null for a plain prefix. */
  readonly parts: readonly string[] | null;
  readonly anchored: boolean;
  /** Under longest match: the pattern's length * 2, plus 1 for an Allow (which wins ties). */
  readonly strength: number;
}

/** How rules take precedence. */
export const enum Precedence {
  FirstMatch,
  LongestMatch,
}

/** True when rule `j` keeps rule `i` from deciding, given that `j` covers `i`. */
function wins(rules: readonly ShadowRule[], j: number, i: number, mode: Precedence): boolean {
  if (mode === Precedence.FirstMatch) return j < i;
  const a = rules[j]!.strength;
  const b = rules[i]!.strength;
  return a > b || (a === b && j < i);
}

/** The better of two candidates that cover rule i (-1 for none): the earlier, or the stronger. */
function better(rules: readonly ShadowRule[], a: number, b: number, mode: Precedence): number {
  if (a < 0) return b;
  if (b < 0) return a;
  if (mode === Precedence.FirstMatch) return a < b ? a : b;
  const sa = rules[a]!.strength;
  const sb = rules[b]!.strength;
  return sa > sb || (sa === sb && a < b) ? a : b;
}

/** A literal key on the chain, and the best covering rule of the chain up to it. */
interface Link {
  readonly key: string;
  readonly best: number;
}

/**
 * For each rule of a group, the index of a rule that keeps it from ever
 * deciding (the earliest under first match, the strongest under longest
 * match), or -1.
 */
export function shadowsOf(rules: readonly ShadowRule[], mode: Precedence): Int32Array {
  const n = rules.length;
  const out = new Int32Array(n).fill(-1);
  // Literal coverers, through the sorted keys.
  const keys = rules.map((r) => r.key);
  // The native sort without a comparator is several times faster than with
  // one. `key NUL index` sorts by key first when no key holds a NUL (a
  // decoded `%00` may).
  const order = keys.some((key) => key.includes('\u0000'))
    ? Array.from({ length: n }, (_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : a - b))
    : keys
        .map((key, i) => `${key}\u0000${i}`)
        .sort()
        .map((tagged) => Number(tagged.slice(tagged.lastIndexOf('\u0000') + 1)));
  const chain: Link[] = [];
  for (let i = 0; i < n;) {
    const key = keys[order[i]!]!;
    let j = i;
    while (j < n && keys[order[j]!]! === key) j++;
    while (chain.length > 0 && !key.startsWith(chain[chain.length - 1]!.key)) {
      chain.pop();
      shadowWork.steps++;
    }
    shadowWork.steps += j - i;
    const above = chain.length > 0 ? chain[chain.length - 1]!.best : -1;
    // The block's literal rules, best first: the best and the runner-up serve every member.
    let top = -1;
    let second = -1;
    for (let k = i; k < j; k++) {
      const r = order[k]!;
      if (rules[r]!.parts !== null) continue;
      if (better(rules, top, r, mode) === r) {
        second = top;
        top = r;
      } else if (better(rules, second, r, mode) === r) second = r;
    }
    for (let k = i; k < j; k++) {
      const r = order[k]!;
      const candidate = better(rules, above, top === r ? second : top, mode);
      if (candidate >= 0 && wins(rules, candidate, r, mode)) out[r] = candidate;
    }
    if (top >= 0) chain.push({ key, best: better(rules, above, top, mode) });
    i = j;
  }
  // Wildcard coverers, the first PATTERN_CAP of them.
  const patterns: number[] = [];
  for (let i = 0; i < n && patterns.length < PATTERN_CAP; i++) if (rules[i]!.parts !== null) patterns.push(i);
  if (patterns.length === 0) return out;
  for (let i = 0; i < n; i++) {
    const inner = rules[i]!;
    const innerParts = inner.parts ?? [inner.key];
    let found = out[i]!;
    for (const p of patterns) {
      if (p === i || !wins(rules, p, i, mode) || better(rules, found, p, mode) !== p) continue;
      const outer = rules[p]!;
      shadowWork.steps++;
      if (covers(outer.parts!, outer.anchored, innerParts, inner.anchored)) found = p;
    }
    out[i] = found;
  }
  return out;
}
