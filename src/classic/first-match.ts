// The classic precedence (docs/behaviour.md §4.3 to §4.5): a record's rules
// in file order, the first that matches deciding. What answers isAllowed and
// explain for one record in one syntax: its decider.
import { longestScannedOf, scanBudget, scansDirectly } from '../engine/direct-scan.js';
import { matchPattern } from '../engine/pattern.js';
import { compileRanked, type RankedMatcher } from '../engine/rule-index.js';
import { noRuleAllows } from '../engine/work-bound.js';
import { matchTarget } from '../text/url-path.js';
import { MK1996, type Syntax } from '../syntax.js';
import { SMALL_RECORD, SmallRules } from './small-rules.js';
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
 * A record of more than {@link SMALL_RECORD} rules in one syntax: its rule
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
 * up to {@link SMALL_RECORD} are tried in turn, more are indexed.
 * @param kinds what each rule answers when it decides.
 */
export function compileRecord(paths: readonly string[], syntax: Syntax, kinds: RuleKinds): RecordDecider {
  if (paths.length > SMALL_RECORD) return new IndexedRules(paths, syntax, kinds);
  let mask = 0;
  for (let i = 0; i < paths.length; i++) if (kinds.ruleAllows(i)) mask |= 1 << i;
  return new SmallRules(paths, syntax, mask);
}

/**
 * A record's first tier (engine/direct-scan.ts): its first checks try the
 * decoded paths in file order, as written, with nothing built; once the
 * rules looked at add up to what compiling costs, or a path is long enough
 * that a scan could pass its bound, the record is compiled
 * ({@link compileRecord}) and answers from then on. Answers are the
 * compiled record's: both match the cut and decoded path (docs/behaviour.md
 * §4.1 to §4.5).
 */
export class DirectRules implements RecordDecider {
  /** The compiled record, once built. */
  compiled: RecordDecider | null = null;
  readonly #paths: readonly string[];
  readonly #syntax: Syntax;
  readonly #kinds: RuleKinds;
  /** What scans may still look at (engine/direct-scan.ts), and the longest path they may take. */
  #left: number;
  readonly #longest: number;

  constructor(paths: readonly string[], syntax: Syntax, kinds: RuleKinds) {
    this.#paths = paths;
    this.#syntax = syntax;
    this.#kinds = kinds;
    this.#left = scanBudget(paths.length);
    this.#longest = syntax === MK1996 ? Infinity : longestScannedOf(paths);
  }

  /** Callers ask the record again rather than keep this: it hands over to {@link compiled}. On the prototype, not in each object. */
  get interim(): boolean {
    return true;
  }

  allows(url: string): boolean {
    const compiled = this.compiled;
    if (compiled !== null) return compiled.allows(url);
    return answer(this.ruleForPath(matchTarget(url)), this.#kinds);
  }

  ruleFor(url: string): number {
    const compiled = this.compiled;
    return compiled !== null ? compiled.ruleFor(url) : this.ruleForPath(matchTarget(url));
  }

  ruleForPath(path: string): number {
    let compiled = this.compiled;
    if (compiled === null && !scansDirectly(this.#left, this.#longest, path.length))
      compiled = this.compiled = compileRecord(this.#paths, this.#syntax, this.#kinds);
    if (compiled !== null) return compiled.ruleForPath(path);
    const paths = this.#paths;
    const wildcards = this.#syntax !== MK1996;
    let i = 0;
    while (i < paths.length && !(wildcards ? matchPattern(paths[i]!, path) : path.startsWith(paths[i]!))) i++;
    this.#left -= i < paths.length ? i + 1 : i;
    return i < paths.length ? i : -1;
  }
}

/** The decider to keep for a record: the compiled one once a {@link DirectRules} has handed over. */
export function settled(decider: RecordDecider): RecordDecider {
  return decider instanceof DirectRules && decider.compiled !== null ? decider.compiled : decider;
}
