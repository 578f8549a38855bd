// The classic precedence (docs/behaviour.md §4.3 to §4.5): a record's rules
// in file order, the first that matches deciding. What answers isAllowed and
// explain for one record in one syntax: its decider, in the tiers of
// engine/decider.ts (a first tier, then a small record or an index).
import { FEW_RULES } from '../engine/candidates.js';
import { FirstTier, longestScannedOf } from '../engine/direct-scan.js';
import { matchPattern } from '../engine/pattern.js';
import { compileRanked, type RankedMatcher } from '../engine/rule-index.js';
import { noRuleAllows } from '../engine/work-bound.js';
import { matchTarget } from '../text/url-path.js';
import { MK1996, type Syntax } from '../syntax.js';
import { SmallRules } from './small-rules.js';
import type { RecordDecider, RuleKinds } from './model.js';

/**
 * What a record answers when rule `i` decides: allowed when no rule does
 * (-1), disallowed when the check passed its work bound (docs/behaviour.md
 * §9.45).
 */
function answer(i: number, kinds: RuleKinds): boolean {
  return i >= 0 ? kinds.ruleAllows(i) : noRuleAllows(i);
}

/**
 * A record of more than {@link FEW_RULES} rules in one syntax: its rule
 * paths indexed (engine/rule-index.ts), the path cut and decoded first.
 */
class IndexedRules implements RecordDecider {
  readonly #match: RankedMatcher;
  readonly #kinds: RuleKinds;

  constructor(paths: readonly string[], syntax: Syntax, kinds: RuleKinds) {
    this.#match = compileRanked(paths, syntax !== MK1996);
    this.#kinds = kinds;
  }

  allows(url: string): boolean {
    return answer(this.#match(matchTarget(url)), this.#kinds);
  }

  ruleFor(url: string): number {
    return this.#match(matchTarget(url));
  }

  ruleForPath(path: string): number {
    return this.#match(path);
  }
}

/**
 * Compiles a record's rule paths (decoded, in file order) for one syntax:
 * up to {@link FEW_RULES} are tried in turn, more are indexed.
 * @param kinds what each rule answers when it decides.
 */
export function compileRecord(paths: readonly string[], syntax: Syntax, kinds: RuleKinds): RecordDecider {
  if (paths.length > FEW_RULES) return new IndexedRules(paths, syntax, kinds);
  let mask = 0;
  for (let i = 0; i < paths.length; i++) if (kinds.ruleAllows(i)) mask |= 1 << i;
  return new SmallRules(paths, syntax, mask);
}

/**
 * A record's first tier ({@link FirstTier}): its first checks try the
 * decoded paths in file order, as written, with nothing built, until it
 * hands over to the compiled record ({@link compileRecord}). Answers are
 * the compiled record's: both match the cut and decoded path
 * (docs/behaviour.md §4.1 to §4.5).
 */
export class DirectRules extends FirstTier<RecordDecider> implements RecordDecider {
  readonly #paths: readonly string[];
  readonly #syntax: Syntax;
  readonly #kinds: RuleKinds;

  constructor(paths: readonly string[], syntax: Syntax, kinds: RuleKinds) {
    super(paths.length, syntax === MK1996 ? Infinity : longestScannedOf(paths));
    this.#paths = paths;
    this.#syntax = syntax;
    this.#kinds = kinds;
  }

  allows(url: string): boolean {
    const built = this.built;
    if (built !== null) return built.allows(url);
    return answer(this.ruleForPath(matchTarget(url)), this.#kinds);
  }

  ruleFor(url: string): number {
    const built = this.built;
    return built !== null ? built.ruleFor(url) : this.ruleForPath(matchTarget(url));
  }

  ruleForPath(path: string): number {
    const built = this.handOver(path.length);
    if (built !== null) return built.ruleForPath(path);
    const paths = this.#paths;
    const wildcards = this.#syntax !== MK1996;
    let i = 0;
    while (i < paths.length && !(wildcards ? matchPattern(paths[i]!, path) : path.startsWith(paths[i]!))) i++;
    this.charge(i < paths.length ? i + 1 : i);
    return i < paths.length ? i : -1;
  }

  protected build(): RecordDecider {
    return compileRecord(this.#paths, this.#syntax, this.#kinds);
  }
}
