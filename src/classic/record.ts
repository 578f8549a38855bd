// A record whose rules stay positions in the parsed text until first use. A
// crawler asks about one record of a file that may have hundreds, so parsing
// stays a scan and memory holds strings only for the records that are used.
import { hasWildcards, keptAsKey } from '../engine/pattern.js';
import { decodePath } from '../text/url-path.js';
import { settled } from '../engine/direct-scan.js';
import { DirectRules } from './first-match.js';
import { GYM2008, MK1996, type Syntax } from '../syntax.js';
import { scrubValue } from '../text/chars.js';
import { lineAt } from '../text/lines.js';
import { endOf, isAllow, type ValueEnd } from '../text/spans.js';
import type { RecordDecider, RobotRecord, Rule, RuleStats } from './model.js';

/**
 * Numbers stored per rule in a parse's span list: value start and value end
 * * 2 + allow (the value's ends in the text, after comment and white-space
 * removal). Line numbers are counted again when Rule objects are built.
 */
export const SPAN_FIELDS = 2;

const NO_EMPTIES: readonly number[] = Object.freeze([]);

/**
 * What the `count` rules from `first` in a parse's span list amount to
 * ({@link RuleStats}), read from the text: no string is kept.
 */
export function spanStats(text: string, spans: ArrayLike<number>, first: number, count: number): RuleStats {
  let chars = 0;
  let wildcards = 0;
  let floating = 0;
  let wildcardChars = 0;
  // A value written again compiles to nothing more (the matchers drop copies).
  const seen = new Set<string>();
  for (let i = first; i < first + count; i++) {
    const start = spans[i * SPAN_FIELDS]!;
    const end = endOf(spans[i * SPAN_FIELDS + 1]! as ValueEnd);
    chars += end - start;
    const value = text.slice(start, end);
    if (seen.has(value)) continue;
    seen.add(value);
    if (value.includes('*') || value.endsWith('$')) {
      wildcards++;
      if (keptAsKey(value)) floating++;
      else wildcardChars += value.length;
    }
  }
  return { rules: count, distinct: seen.size, chars, wildcards, floating, wildcardChars };
}

/**
 * What a record reads of its row in the parse's table: declared here, which
 * table.ts imports, so that the table satisfies it with no import back.
 */
export interface RecordRows {
  readonly source: string;
  readonly spans: ArrayLike<number>;
  isDefault(i: number): boolean;
  stats(i: number): RuleStats;
  firstRuleOf(i: number): number;
  ruleCountOf(i: number): number;
  offsetOf(i: number): number;
  lineOf(i: number): number;
  delayOf(i: number): number | null;
}

/**
 * A record, made from its row of the parse's table (table.ts) when first
 * asked for. Rule values are read from the text (scrubbed
 * and decoded exactly as behaviour.md §1.7 and §4.2 say) when first needed: the
 * paths for matching, the {@link Rule} objects only for explaining and
 * printing. Matchers are compiled once per syntax, on first use.
 */
export class LazyRecord implements RobotRecord {
  readonly names: readonly string[];
  readonly lowerNames: readonly string[];
  /** The parse, whose row `#row` this record is: its text, spans and row are read there, not copied into each record. */
  readonly #table: RecordRows;
  readonly #row: number;
  // What the record holds once used. A record is made only for a row that is
  // asked for (table.ts), so these are its own fields, not an object of
  // their own (docs/performance.md, "What each trick pays").
  /**
   * The decoded paths, shared by the deciders of both syntaxes while they
   * scan them; let go once the deciders made are compiled, which keep only
   * what they match with (GYM2008's index holds no wildcard rule's path:
   * docs/performance.md, "Memory per origin"). A syntax asked later decodes
   * them again.
   */
  #paths: string[] | null = null;
  #rules: Rule[] | null = null;
  /** The rules compiled per syntax on first use (GYM2008 shares MK1996's when no path has a wildcard). */
  #mk1996: RecordDecider | null = null;
  #gym2008: RecordDecider | null = null;
  /** True when no path has `*` or a final `$`; null until first needed. */
  #plain: boolean | null = null;
  /** The rules whose decoded path is empty (their kind is inverted: behaviour.md §4.5), found as the paths are first decoded. */
  #empties: readonly number[] | null = null;

  constructor(table: RecordRows, row: number, names: readonly string[], lowerNames: readonly string[]) {
    this.#table = table;
    this.#row = row;
    this.names = names;
    this.lowerNames = lowerNames;
  }

  get crawlDelay(): number | null {
    return this.#table.delayOf(this.#row);
  }

  get line(): number {
    return this.#table.lineOf(this.#row);
  }

  get #count(): number {
    return this.#table.ruleCountOf(this.#row);
  }

  get isDefault(): boolean {
    return this.#table.isDefault(this.#row);
  }

  /** Number `field` of rule `i`'s span (see {@link SPAN_FIELDS}). */
  #span(i: number, field: 0 | 1): number {
    return this.#table.spans[(this.#table.firstRuleOf(this.#row) + i) * SPAN_FIELDS + field]!;
  }

  /** Where the value of rule `i` starts in the text. */
  #start(i: number): number {
    return this.#span(i, 0);
  }

  /** Where the value of rule `i` ends, and its kind. */
  #end(i: number): ValueEnd {
    return this.#span(i, 1) as ValueEnd;
  }

  /** The value of rule `i` as written (comment and white space removed). */
  #raw(i: number): string {
    return scrubValue(this.#table.source.slice(this.#start(i), endOf(this.#end(i))));
  }

  get paths(): readonly string[] {
    return this.#paths ?? this.#decode();
  }

  /** Decodes the paths, kept until no decider scans them, and notes which are empty. */
  #decode(): string[] {
    const paths = new Array<string>(this.#count);
    let empties: number[] | null = null;
    for (let i = 0; i < this.#count; i++) if ((paths[i] = decodePath(this.#raw(i))) === '') (empties ??= []).push(i);
    this.#empties = empties ?? NO_EMPTIES;
    return (this.#paths = paths);
  }

  get rules(): readonly Rule[] {
    if (this.#rules === null) {
      const paths = this.paths;
      const text = this.#table.source;
      const rules = new Array<Rule>(this.#count);
      // Lines are counted on from the record's first line.
      let line = this.line;
      let at = this.#table.offsetOf(this.#row);
      for (let i = 0; i < this.#count; i++) {
        const start = this.#start(i);
        line = lineAt(text, at, start, line);
        at = start;
        const path = paths[i]!;
        const raw = this.#raw(i);
        // Without escapes the value is the path: keep one string.
        rules[i] = { allow: isAllow(this.#end(i)), raw: raw === path ? path : raw, path, line };
      }
      this.#rules = rules;
    }
    return this.#rules;
  }

  ruleStats(): RuleStats {
    return this.#table.stats(this.#row);
  }

  ruleAllows(i: number): boolean {
    const allow = isAllow(this.#end(i));
    // Known once the paths are first decoded, and kept when they are let go.
    const empties = this.#empties ?? this.#decodedEmpties();
    return empties.length !== 0 && empties.includes(i) ? !allow : allow;
  }

  /** The rules whose path is empty, the paths decoded to know. */
  #decodedEmpties(): readonly number[] {
    this.#decode();
    return this.#empties!;
  }

  decider(syntax: Syntax): RecordDecider {
    // Without `*` or a final `$`, GYM2008 reads the paths as MK1996 does: one decider serves both.
    // The first checks scan the paths directly; the record keeps the compiled rules once they hand over.
    if (syntax === MK1996 || (this.#plain ??= !hasWildcards(this.paths)))
      return this.#released((this.#mk1996 = settled(this.#mk1996 ?? new DirectRules(this.paths, MK1996, this))));
    return this.#released((this.#gym2008 = settled(this.#gym2008 ?? new DirectRules(this.paths, GYM2008, this))));
  }

  /** `decider`, the paths let go once no decider made scans them (see {@link #paths}). */
  #released(decider: RecordDecider): RecordDecider {
    if (this.#paths !== null && !(this.#mk1996 instanceof DirectRules) && !(this.#gym2008 instanceof DirectRules)) this.#paths = null;
    return decider;
  }
}
