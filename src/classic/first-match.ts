// The classic precedence (docs/behaviour.md §4.3 to §4.5): a record's rules
// in file order, the first that matches deciding. What answers isAllowed and
// explain for one record in one syntax: its decider.
import { compileRanked, type RankedMatcher } from '../engine/rule-index.js';
import { matchTarget } from '../text/url-path.js';
import { MK1996, type Syntax } from '../syntax.js';
import { SMALL_RECORD, SmallRules } from './small-rules.js';
import type { RecordDecider, RuleKinds } from './model.js';

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
    const i = this.#match(matchTarget(url));
    return i < 0 || this.#kinds.ruleAllows(i);
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
