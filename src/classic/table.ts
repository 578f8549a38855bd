// The records a parse reads, as rows of a table of numbers. A crawler asks
// about one record of a file that may have thousands: an object per record
// (its fields, names array and names' strings) cost several times the size
// of a file of one-rule groups. A row is six numbers and a
// name four, positions in the text where it is written as read (its usual
// case); a record object is made only for a row that is asked for, and kept
// (docs/performance.md, "Memory per origin").
import { AgentCache } from '../engine/agent-cache.js';
import { compactTable } from '../text/spans.js';
import { LazyRecord, SPAN_FIELDS, spanStats, type RecordRows } from './record.js';
import type { ParsedRobots, RequestRate, RobotRecord, RuleStats } from './model.js';

/**
 * Numbers per row: where the record's first line starts in the text, the
 * index of its first rule in the span table, its number of rules, the line
 * number of its first line, and the range of its names (indexes of names,
 * which follow the rows in the same table).
 */
const ROW_FIELDS = 6;
const OFFSET = 0;
const FIRST = 1;
const COUNT = 2;
const LINE = 3;
const NAMES_FROM = 4;
const NAMES_TO = 5;

/**
 * Numbers per name: the ends of the name as read (scrubbed, §1.7), then of
 * its lower-cased form (the same two where lower-casing changes nothing).
 * An end at or past 0 is a position in the text; a negative one, `~p`, is
 * position `p` in the string of names not written as read, joined.
 */
const NAME_FIELDS = 4;

/** No record names `*`. */
const NONE: readonly number[] = Object.freeze([]);

/** The names of the many records naming `*` alone share one array. */
const STAR: readonly string[] = Object.freeze(['*']);

/** The record that applies to `userAgent` in `table` (its {@link RecordTable.rowFor}), made if need be, or null. */
function selectRecord(table: RecordTable, userAgent: string): RobotRecord | null {
  const i = table.rowFor(userAgent);
  return i < 0 ? null : table.record(i);
}

/** What the classic reader finds of a file besides its records. */
export interface FileFacts {
  readonly source: string;
  readonly fromBytes: boolean;
  readonly sitemaps: readonly string[];
  readonly requestRates: ReadonlyMap<number, RequestRate>;
  readonly host: string | null;
}

/**
 * The records of a parse in matching order, records naming `*` last
 * (behaviour.md §2.6), as rows; a {@link RobotRecord} is made for a row on
 * first use and kept, so that its compiled rules persist. The table is the
 * classic reader's whole parse (with the file's sitemaps, request rates and
 * host), not an object apart for those. It is also its own cache of records
 * by user agent (a subclass, as the RFC 9309 view is, not a cache apart in
 * the parser): each object less is kept per host (docs/performance.md,
 * "What each trick pays").
 */
export class RecordTable extends AgentCache<RobotRecord | null> implements ParsedRobots, RecordRows {
  readonly source: string;
  readonly fromBytes: boolean;
  readonly sitemaps: readonly string[];
  readonly requestRates: ReadonlyMap<number, RequestRate>;
  readonly host: string | null;
  /** How many records. */
  readonly size: number;
  /** Rows from this one on name `*`. */
  readonly #defaultsFrom: number;
  /** The rows, then the names (ROW_FIELDS, NAME_FIELDS numbers each): one table, as each costs a header. */
  readonly #table: ArrayLike<number>;
  /** The names (and lower-cased forms) not written as read in the text, joined. */
  readonly #joined: string;
  /** Each row's crawl delay, NaN for none; null when no row has one. */
  readonly #delays: ArrayLike<number> | null;
  /** The parse's span list (SPAN_FIELDS numbers a rule), shared by its records. */
  readonly #spans: ArrayLike<number>;
  /** The first record made, and its row: a crawler asks for one. */
  #first: RobotRecord | null = null;
  #firstRow = -1;
  /** The records made after the first, by row. */
  #more: Map<number, RobotRecord> | null = null;
  /** Every record, once {@link all} is asked (toString, the CLI). */
  #all: RobotRecord[] | null = null;

  constructor(
    size: number,
    defaultsFrom: number,
    table: ArrayLike<number>,
    joined: string,
    delays: ArrayLike<number> | null,
    spans: ArrayLike<number>,
    file: FileFacts,
  ) {
    super();
    this.source = file.source;
    this.fromBytes = file.fromBytes;
    this.sitemaps = file.sitemaps;
    this.requestRates = file.requestRates;
    this.host = file.host;
    this.size = size;
    this.#defaultsFrom = defaultsFrom;
    this.#table = table;
    this.#joined = joined;
    this.#delays = delays;
    this.#spans = spans;
  }

  /** Every record, made (toString, the CLI). */
  get records(): readonly RobotRecord[] {
    return this.all();
  }

  /** How many names the records have. */
  get nameCount(): number {
    return (this.#table.length - this.size * ROW_FIELDS) / NAME_FIELDS;
  }

  /** Characters of names not written as read, or lower-cased apart (see {@link NAME_FIELDS}). */
  get joinedChars(): number {
    return this.#joined.length;
  }

  /** True when some row has a crawl delay: the table then holds one number a row for them. */
  get hasDelays(): boolean {
    return this.#delays !== null;
  }

  /**
   * The index of the record that applies to `userAgent` (behaviour.md §3):
   * the first, in matching order, that names `*` or a name whose lower-cased
   * form is a substring of the lower-cased user agent; -1 when none does.
   */
  rowFor(userAgent: string): number {
    const lower = userAgent.toLowerCase();
    const rows = this.#table;
    for (let i = 0; i < this.#defaultsFrom; i++) {
      const to = rows[i * ROW_FIELDS + NAMES_TO]!;
      for (let k = rows[i * ROW_FIELDS + NAMES_FROM]!; k < to; k++) if (lower.includes(this.#name(k, 2))) return i;
    }
    return this.#defaultsFrom < this.size ? this.#defaultsFrom : -1;
  }

  /** The record that applies to `userAgent` ({@link rowFor}), or null. */
  recordFor(userAgent: string): RobotRecord | null {
    return this.get(userAgent, selectRecord, this);
  }

  /** True when record `i` names `*`. */
  isDefault(i: number): boolean {
    return i >= this.#defaultsFrom;
  }

  /** What record `i`'s rules amount to, read from the spans: no record is made. */
  stats(i: number): RuleStats {
    return spanStats(this.source, this.#spans, this.firstRuleOf(i), this.ruleCountOf(i));
  }

  /** Record `i`, made on first use and kept. */
  record(i: number): RobotRecord {
    if (this.#all !== null) return this.#all[i]!;
    if (i === this.#firstRow) return this.#first!;
    if (this.#first === null) {
      this.#firstRow = i;
      return (this.#first = this.#make(i));
    }
    const more = (this.#more ??= new Map<number, RobotRecord>());
    let record = more.get(i);
    if (record === undefined) more.set(i, (record = this.#make(i)));
    return record;
  }

  /** Every record in matching order, made once. */
  all(): readonly RobotRecord[] {
    if (this.#all === null) {
      const all = new Array<RobotRecord>(this.size);
      for (let i = 0; i < this.size; i++) all[i] = this.record(i);
      this.#all = all;
      this.#first = null;
      this.#more = null;
    }
    return this.#all;
  }

  #make(i: number): LazyRecord {
    const rows = this.#table;
    const names = this.size * ROW_FIELDS;
    const at = i * ROW_FIELDS;
    const from = rows[at + NAMES_FROM]!;
    const to = rows[at + NAMES_TO]!;
    const written = new Array<string>(to - from);
    for (let k = from; k < to; k++) written[k - from] = this.#name(k, 0);
    // Lower-cased forms are kept apart only where they differ; otherwise the arrays are one.
    let lower: string[] | null = null;
    for (let k = from; k < to; k++)
      if (rows[names + k * NAME_FIELDS + 2] !== rows[names + k * NAME_FIELDS]) (lower ??= written.slice())[k - from] = this.#name(k, 2);
    const shared = written.length === 1 && written[0] === '*' ? STAR : written;
    return new LazyRecord(this, i, shared, lower ?? shared);
  }

  /** The parse's span list (SPAN_FIELDS numbers a rule), shared by its records. */
  get spans(): ArrayLike<number> {
    return this.#spans;
  }

  /** Record `i`'s first rule in {@link spans}. */
  firstRuleOf(i: number): number {
    return this.#table[i * ROW_FIELDS + FIRST]!;
  }

  /** How many rules record `i` has. */
  ruleCountOf(i: number): number {
    return this.#table[i * ROW_FIELDS + COUNT]!;
  }

  /** Where record `i`'s first line starts in the text. */
  offsetOf(i: number): number {
    return this.#table[i * ROW_FIELDS + OFFSET]!;
  }

  /** The line number of record `i`'s first line. */
  lineOf(i: number): number {
    return this.#table[i * ROW_FIELDS + LINE]!;
  }

  /** Record `i`'s crawl delay, or null. */
  delayOf(i: number): number | null {
    const delay = this.#delays?.[i] ?? NaN;
    return Number.isNaN(delay) ? null : delay;
  }

  /** Name `k` (part 0) or its lower-cased form (part 2). */
  #name(k: number, part: 0 | 2): string {
    const at = this.size * ROW_FIELDS + k * NAME_FIELDS + part;
    const start = this.#table[at]!;
    const end = this.#table[at + 1]!;
    return start >= 0 ? this.source.slice(start, end) : this.#joined.slice(~start, ~end);
  }
}

/**
 * The rows of a table as the reader finds them: records open at a
 * User-agent line, take names and a crawl delay, and are kept at their end
 * when they have names and rules (behaviour.md §2).
 */
export class TableBuilder {
  readonly #text: string;
  /** Rows in file order. */
  readonly #rows: number[] = [];
  readonly #names: number[] = [];
  /** Row indexes (file order) of the records naming `*`; made at the first. */
  #defaults: number[] | null = null;
  /** Names not written as read, and lower-cased forms apart, joined. */
  #joined = '';
  /** Crawl delays by row (file order), NaN for none; made at the first delay. */
  #delays: number[] | null = null;
  /** The open record's first line number, 0 when none is open. */
  #line = 0;
  #offset = 0;
  #first = 0;
  #namesFrom = 0;
  /** The length of the joined names when the open record opened. */
  #joinedFrom = 0;
  #delay = NaN;
  #isDefault = false;

  constructor(text: string) {
    this.#text = text;
  }

  /** The line number of the open record's first User-agent line, 0 when no record is open. */
  get line(): number {
    return this.#line;
  }

  /** Opens a record whose first line starts at `offset` and is line `line`, its first rule `first` in the spans. */
  open(offset: number, first: number, line: number): void {
    this.#line = line;
    this.#offset = offset;
    this.#first = first;
    this.#namesFrom = this.#names.length / NAME_FIELDS;
    this.#joinedFrom = this.#joined.length;
    this.#delay = NaN;
    this.#isDefault = false;
  }

  /**
   * Adds a name to the open record: `value`, scrubbed (behaviour.md §1.7)
   * from text[at, to), not empty.
   */
  name(value: string, at: number, to: number): void {
    let start = at;
    let end = at + value.length;
    // Kept as its ends in the text where scrubbing took nothing (the usual case) or left it in place; else joined.
    if (value.length !== to - at && !this.#text.startsWith(value, at)) {
      start = ~this.#join(value);
      end = ~this.#joined.length;
    }
    const low = value.toLowerCase();
    if (low === value) this.#names.push(start, end, start, end);
    else this.#names.push(start, end, ~this.#join(low), ~this.#joined.length);
    if (value === '*') this.#isDefault = true;
  }

  /** Sets the open record's crawl delay. */
  delay(seconds: number): void {
    this.#delay = seconds;
  }

  /**
   * Closes the open record, if any: kept when it has names and rules (its
   * rules end the spans), else its spans and names are given back.
   */
  close(spans: number[]): void {
    if (this.#line === 0) return;
    const count = spans.length / SPAN_FIELDS - this.#first;
    const names = this.#names.length / NAME_FIELDS;
    if (names > this.#namesFrom && count > 0) {
      const row = this.#rows.length / ROW_FIELDS;
      if (this.#isDefault) (this.#defaults ??= []).push(row);
      if (!Number.isNaN(this.#delay)) (this.#delays ??= new Array<number>(row).fill(NaN))[row] = this.#delay;
      else this.#delays?.push(NaN);
      this.#rows.push(this.#offset, this.#first, count, this.#line, this.#namesFrom, names);
    } else {
      spans.length = this.#first * SPAN_FIELDS;
      this.#names.length = this.#namesFrom * NAME_FIELDS;
      if (this.#joined.length !== this.#joinedFrom) this.#joined = this.#joined.slice(0, this.#joinedFrom);
    }
    this.#line = 0;
  }

  /** The table of the rows closed, in matching order (§2.6: records naming `*` last, each group in file order), and the file's `facts`. */
  build(spans: ArrayLike<number>, facts: FileFacts): RecordTable {
    const rows = this.#rows;
    const defaults = this.#defaults ?? NONE;
    const order = rows.length / ROW_FIELDS;
    const named = order - defaults.length;
    let byMatch: number[] = rows;
    let delays = this.#delays;
    if (defaults.length > 0 && defaults[0] !== named) {
      // Some record naming `*` comes before another: the rows are copied in matching order.
      const sequence: number[] = [];
      let d = 0;
      for (let i = 0; i < order; i++) {
        if (defaults[d] === i) d++;
        else sequence.push(i);
      }
      for (const i of defaults) sequence.push(i);
      byMatch = [];
      const delaysByMatch: number[] = [];
      for (const i of sequence) {
        for (let f = 0; f < ROW_FIELDS; f++) byMatch.push(rows[i * ROW_FIELDS + f]!);
        if (delays !== null) delaysByMatch.push(delays[i]!);
      }
      if (delays !== null) delays = delaysByMatch;
    }
    // The names follow the rows in one table (pushed: a concat is slower for the usual few).
    for (const n of this.#names) byMatch.push(n);
    return new RecordTable(order, named, compactTable(byMatch), this.#joined, delays === null ? null : compactTable(delays, true), spans, facts);
  }

  /** Appends `value` to the joined names; returns where it starts there. */
  #join(value: string): number {
    const start = this.#joined.length;
    this.#joined += value;
    return start;
  }
}
