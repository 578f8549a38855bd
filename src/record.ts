// A record whose rules stay positions in the parsed text until first use. A
// crawler asks about one record of a file that may have hundreds, so parsing
// stays a scan and memory holds strings only for the records that are used.
import { decodePath } from './path.js';
import { scrubValue } from './text.js';
import type { RobotRecord, Rule } from './model.js';

/** Numbers stored per rule in {@link RuleSpans}: value start, value end, line * 2 + allow. */
export const SPAN_FIELDS = 3;

/** Where every rule value of one parsed text is: shared by that text's records. */
export interface RuleSpans {
  readonly text: string;
  /** {@link SPAN_FIELDS} numbers per rule, in file order. */
  readonly data: Int32Array;
}

/**
 * A record built by the parser. Rule values are read from the text (scrubbed
 * and decoded exactly as SEMANTICS 1.7 and 4.2 say) when first needed: the
 * paths for matching, the {@link Rule} objects only for explaining and
 * printing.
 */
export class LazyRecord implements RobotRecord {
  readonly names: readonly string[];
  readonly lowerNames: readonly string[];
  readonly isDefault: boolean;
  readonly crawlDelay: number | null;
  readonly line: number;
  readonly #spans: RuleSpans;
  /** Index in the spans of this record's first rule. */
  readonly #first: number;
  readonly #count: number;
  #paths: string[] | null = null;
  #rules: Rule[] | null = null;

  constructor(names: string[], crawlDelay: number | null, line: number, spans: RuleSpans, first: number, count: number) {
    // Copies are sized exactly; lower-case names share the array.
    this.names = names.slice();
    const lower = names.map((n) => n.toLowerCase());
    this.lowerNames = lower.every((n, k) => n === names[k]) ? this.names : lower;
    this.isDefault = names.includes('*');
    this.crawlDelay = crawlDelay;
    this.line = line;
    this.#spans = spans;
    this.#first = first;
    this.#count = count;
  }

  /** The value of rule `i` as written (comment and white space removed). */
  #raw(i: number): string {
    const at = (this.#first + i) * SPAN_FIELDS;
    const data = this.#spans.data;
    return scrubValue(this.#spans.text.slice(data[at]!, data[at + 1]!));
  }

  get paths(): readonly string[] {
    if (this.#paths === null) {
      const paths = new Array<string>(this.#count);
      for (let i = 0; i < this.#count; i++) paths[i] = decodePath(this.#raw(i));
      this.#paths = paths;
    }
    return this.#paths;
  }

  get rules(): readonly Rule[] {
    if (this.#rules === null) {
      const paths = this.paths;
      const data = this.#spans.data;
      const rules = new Array<Rule>(this.#count);
      for (let i = 0; i < this.#count; i++) {
        const bits = data[(this.#first + i) * SPAN_FIELDS + 2]!;
        const path = paths[i]!;
        const raw = this.#raw(i);
        // Without escapes the value is the path: keep one string.
        rules[i] = { allow: (bits & 1) === 1, raw: raw === path ? path : raw, path, line: bits >>> 1 };
      }
      this.#rules = rules;
    }
    return this.#rules;
  }

  allows(i: number): boolean {
    const allow = (this.#spans.data[(this.#first + i) * SPAN_FIELDS + 2]! & 1) === 1;
    return this.paths[i] === '' ? !allow : allow;
  }
}
