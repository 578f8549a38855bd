// A record whose rules stay positions in the parsed text until first use. A
// crawler asks about one record of a file that may have hundreds, so parsing
// stays a scan and memory holds strings only for the records that are used.
import { compilePaths, firstMatch, hasWildcards, matchUrlInPlace, readsInPlace, SMALL_RECORD, SmallRules, type Matcher, type SmallTest } from '../engine/match.js';
import { decodePath, urlPath } from '../text/url-path.js';
import { GYM2008, MK1996, type Syntax } from '../syntax.js';
import { scrubValue } from '../text/chars.js';
import type { RobotRecord, Rule } from './model.js';

/**
 * Numbers stored per rule in a parse's span list: value start and value end
 * * 2 + allow (the value's ends in the text, after comment and white-space
 * removal). Line numbers are counted again when Rule objects are built.
 */
export const SPAN_FIELDS = 2;

const STAR: readonly string[] = Object.freeze(['*']);

/**
 * A record built by the parser. Rule values are read from the text (scrubbed
 * and decoded exactly as SEMANTICS 1.7 and 4.2 say) when first needed: the
 * paths for matching, the {@link Rule} objects only for explaining and
 * printing. Matchers are compiled once per syntax, on first use.
 */
export class LazyRecord implements RobotRecord {
  readonly names: readonly string[];
  readonly lowerNames: readonly string[];
  readonly isDefault: boolean;
  readonly crawlDelay: number | null;
  readonly line: number;
  readonly #text: string;
  /** Where the record's first line starts in the text. */
  readonly #offset: number;
  /** The parse's span list, shared by its records. */
  readonly #spans: ArrayLike<number>;
  /** Index in the spans of this record's first rule. */
  readonly #first: number;
  readonly #count: number;
  #paths: string[] | null = null;
  #rules: Rule[] | null = null;
  /**
   * Per syntax, null until first use: for a large record its compiled
   * matcher; for a small one the {@link SmallRules} (MK1996 keeps only the
   * table: its tests are the paths). One field serves both, as records are
   * many and a record is either.
   */
  #mk1996: Matcher | string | null = null;
  #gym2008: Matcher | SmallRules | null = null;
  /** True when no path has `*` or a final `$`; null until first needed. */
  #plain: boolean | null = null;

  constructor(
    names: readonly string[],
    crawlDelay: number | null,
    line: number,
    text: string,
    offset: number,
    spans: ArrayLike<number>,
    first: number,
    count: number,
  ) {
    // Copies are sized exactly (the usual `*` alone shares one array); lower-case names share the array.
    this.names = names.length === 1 && names[0] === '*' ? STAR : names.slice();
    let lower: string[] | null = null;
    for (let k = 0; k < names.length; k++) {
      const low = names[k]!.toLowerCase();
      if (low !== names[k]) (lower ??= names.slice())[k] = low;
    }
    this.lowerNames = lower ?? this.names;
    this.isDefault = names.includes('*');
    this.crawlDelay = crawlDelay;
    this.line = line;
    this.#text = text;
    this.#offset = offset;
    this.#spans = spans;
    this.#first = first;
    this.#count = count;
  }

  /** Where the value of rule `i` starts in the text. */
  #start(i: number): number {
    return this.#spans[(this.#first + i) * SPAN_FIELDS]!;
  }

  /** Value end * 2 + allow of rule `i`. */
  #bits(i: number): number {
    return this.#spans[(this.#first + i) * SPAN_FIELDS + 1]!;
  }

  /** The value of rule `i` as written (comment and white space removed). */
  #raw(i: number): string {
    return scrubValue(this.#text.slice(this.#start(i), this.#bits(i) >>> 1));
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
      const text = this.#text;
      const rules = new Array<Rule>(this.#count);
      // Lines are counted on from the record's first line as the parser counts
      // them: LF, CR and CR LF each end one.
      let line = this.line;
      let at = this.#offset;
      for (let i = 0; i < this.#count; i++) {
        for (const start = this.#start(i); at < start; at++) {
          const c = text.charCodeAt(at);
          if (c === 0x0a || (c === 0x0d && text.charCodeAt(at + 1) !== 0x0a)) line++;
        }
        const path = paths[i]!;
        const raw = this.#raw(i);
        // Without escapes the value is the path: keep one string.
        rules[i] = { allow: (this.#bits(i) & 1) === 1, raw: raw === path ? path : raw, path, line };
      }
      this.#rules = rules;
    }
    return this.#rules;
  }

  allows(i: number): boolean {
    const allow = (this.#bits(i) & 1) === 1;
    return this.paths[i] === '' ? !allow : allow;
  }

  matchUrl(url: string, syntax: Syntax): number {
    const table = this.inPlaceTable(syntax);
    if (table === null) return this.match(decodePath(urlPath(url)), syntax);
    const tests = this.#tests(syntax);
    const i = matchUrlInPlace(tests, table, url);
    if (i >= -1) return i;
    // Undecided: the rules before -2 - i do not match; the decoded path decides from there.
    return firstMatch(tests, table, decodePath(urlPath(url)), 0, false, -2 - i);
  }

  inPlaceTable(syntax: Syntax): string | null {
    if (this.#count > SMALL_RECORD) return null;
    const table = this.#table(syntax);
    return readsInPlace(table) ? table : null;
  }

  inPlaceTests(syntax: Syntax): readonly SmallTest[] {
    return this.#tests(syntax);
  }

  match(path: string, syntax: Syntax): number {
    if (this.#count <= SMALL_RECORD) {
      // A few rules are fastest tried in order, with little compiled.
      return firstMatch(this.#tests(syntax), this.#table(syntax), path, 0, false);
    }
    if (this.#wild(syntax)) return ((this.#gym2008 ??= compilePaths(this.paths, GYM2008)) as Matcher)(path);
    return ((this.#mk1996 ??= compilePaths(this.paths, MK1996)) as Matcher)(path);
  }

  /** True when `syntax` reads `*` and `$` as wildcards and some path has them. */
  #wild(syntax: Syntax): boolean {
    // Without `*` or a final `$`, GYM2008 reads the paths as MK1996 does.
    return syntax !== MK1996 && !(this.#plain ??= !hasWildcards(this.paths));
  }

  /**
   * A small record's tests as `syntax` reads them: GYM2008 reads paths
   * without wildcards as MK1996 does, as the paths themselves.
   */
  #tests(syntax: Syntax): readonly SmallTest[] {
    return this.#wild(syntax) ? this.#gymSmall().tests : this.paths;
  }

  /** A small record's {@link SmallRules.table} as `syntax` reads it. */
  #table(syntax: Syntax): string {
    if (this.#wild(syntax)) return this.#gymSmall().table;
    return (this.#mk1996 ??= new SmallRules(this.paths, MK1996, this.#allowed()).table) as string;
  }

  #gymSmall(): SmallRules {
    return (this.#gym2008 ??= new SmallRules(this.paths, GYM2008, this.#allowed())) as SmallRules;
  }

  /** {@link allows} of every rule, a bit each (for a small record). */
  #allowed(): number {
    let mask = 0;
    for (let i = 0; i < this.#count; i++) if (this.allows(i)) mask |= 1 << i;
    return mask;
  }
}
