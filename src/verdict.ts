// What explain answers, in every syntax.

/** Which record and rule decided a URL; see `RobotExclusionRulesParser.explain`. */
export interface Verdict {
  /** The answer `isAllowed` gives. */
  readonly allowed: boolean;
  /**
   * The record that applied to the user agent, or null when none did. Under
   * RFC9309, where every group naming the crawler applies, the group holding
   * the deciding rule (the first group that applies when no rule decided).
   */
  readonly record: {
    /** The record's robot names, as written. */
    readonly names: readonly string[];
    /** 1-based line number of the record's first User-agent line. */
    readonly line: number;
  } | null;
  /**
   * The rule that decided, or null when no rule matched (allowed). `path` is the
   * value as written; an empty path inverts its kind (`Disallow:` allows all)
   * under MK1996 and GYM2008, and never decides under RFC9309.
   */
  readonly rule: {
    /** `allow` or `disallow`, as written. */
    readonly kind: 'allow' | 'disallow';
    /** The rule's path as written. */
    readonly path: string;
    /** 1-based line number of the rule. */
    readonly line: number;
  } | null;
  /**
   * Set (true) when the record's rules would have taken more work on this
   * URL than a check may do (docs/behaviour.md §9.45, the bound of
   * docs/performance.md "Worst cases"): no file of the corpus or the
   * benchmarks gets there. `allowed` is then false and `rule` null. Absent otherwise.
   */
  readonly overBound?: true;
}

/** The verdict of a check that passed its work bound, for the record that applied. */
export function overBound(record: Verdict['record']): Verdict {
  return { allowed: false, record, rule: null, overBound: true };
}
