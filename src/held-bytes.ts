// How much heap a parse holds: the one place that knows the sizes of what
// `parse` keeps and of what the matchers hold once compiled, so that a cache
// can bound its memory by bytes (RobotsCache and RobotRules `maxBytes`). The
// sizes are V8's, fitted to heap measured on hostile and ordinary files; when
// the engine changes what it holds, measure again (docs/performance.md,
// "Memory per origin").
import type { RecordTable } from './classic/table.js';
import type { RuleStats } from './classic/model.js';
import { readRecords } from './classic/read.js';
import { TWO_BYTES } from './engine/indexes.js';
import type { SourceText } from './text/source.js';

/** A string's header (map, hash, length), and its characters padded to eight bytes. */
function stringBytes(chars: number, width: 1 | 2): number {
  return 16 + ((chars * width + 7) & ~7);
}

/** What a parse holds for nothing at all: the parser, its parse, its caches, the RFC 9309 view. */
const PARSER_BYTES = 1_024;
/** Per record at parse: its row in the parse's record table (six numbers). */
const ROW_BYTES = 24;
/** Per robot name at parse: its four numbers in the record table (its ends and its lower-cased form's, in the text or the joined names). */
const NAME_BYTES = 16;
/** Per record, when any record of the file has a crawl delay: its number in the table's delays. */
const DELAY_BYTES = 8;
/** The one record a user agent selects, made from its row on first use: its object, names arrays and names' strings. */
const RECORD_BYTES = 200;
/** What the RFC 9309 view keeps of a group once the text has been read for a user agent. */
const GROUP_BYTES = 48;
/** Per rule, at parse: its two numbers in the span table. */
const SPAN_BYTES = 8;
/** Per rule of a record in use, while its first checks scan it: its decoded path (a slot and a string), shared by MK1996 and GYM2008. */
const PATH_BYTES = 32;
/**
 * Per distinct literal rule of a compiled record, in MK1996 or GYM2008,
 * besides its characters: its entry in the prefix chain (its offset into
 * the chain's one string, its parent, two shares and its rank), two bytes
 * each where they fit (engine/indexes.ts; see {@link WIDE_BYTES}).
 */
const LITERAL_BYTES = 10;
/**
 * Per distinct wildcard rule of a record in use, in GYM2008, that is not
 * floating: its value as written in the index's one string of them and its
 * offset, its key in the key table, rank, and place in the key scanner or
 * its trie; besides the value's characters ({@link RuleStats.wildcardChars}).
 */
const WILDCARD_BYTES = 18;
/** Per distinct floating rule (`/*key`, `*key`, with a star after or not) in GYM2008: its key in the key table, rank, and place in the key scanner or its trie. */
const FLOATING_BYTES = 20;
/** Per distinct literal rule pooled for a user agent under RFC 9309: its two numbers, its prefix chain entry. */
const RFC_LITERAL_BYTES = 16;
/** Per distinct wildcard rule pooled for a user agent under RFC 9309 (as {@link WILDCARD_BYTES}, plus its two numbers). */
const RFC_WILDCARD_BYTES = 25;
/** Per distinct floating rule pooled under RFC 9309, besides its characters. */
const RFC_FLOATING_BYTES = 16;
/**
 * Per distinct rule of an index whose arrays take four bytes an entry, not
 * two (engine/indexes.ts): all of them past 65,535 rules, its offsets into
 * its strings past 65,535 characters.
 */
const WIDE_BYTES = 16;
const WIDE_OFFSET_BYTES = 2;

/** What an index of the rules `s` adds where its arrays take four bytes an entry. */
function wideBytes(s: RuleStats): number {
  return s.distinct * ((s.distinct > TWO_BYTES ? WIDE_BYTES : 0) + (s.chars > TWO_BYTES ? WIDE_OFFSET_BYTES : 0));
}

const NONE: RuleStats = { rules: 0, distinct: 0, chars: 0, wildcards: 0, floating: 0, wildcardChars: 0 };

/**
 * A record's matchers for MK1996 and GYM2008: its decoded paths while the
 * first checks scan them, or MK1996's prefix chain once built (the paths are
 * then let go), whichever is more; and GYM2008's index, which a file of many
 * wildcard rules builds at its first check.
 */
function classicBytes(s: RuleStats): number {
  const wild =
    s.wildcards > 0
      ? (s.distinct - s.wildcards) * LITERAL_BYTES + (s.wildcards - s.floating) * WILDCARD_BYTES + s.floating * FLOATING_BYTES + s.wildcardChars
      : 0;
  return Math.max(s.rules * PATH_BYTES, s.distinct * LITERAL_BYTES + s.chars + wideBytes(s)) + wild;
}

/** A user agent's RFC 9309 selection: patterns are strings of their own (long ones copied), then the index. */
function rfcBytes(s: RuleStats): number {
  return (
    (s.distinct - s.wildcards) * RFC_LITERAL_BYTES +
    (s.wildcards - s.floating) * RFC_WILDCARD_BYTES +
    s.floating * RFC_FLOATING_BYTES +
    s.chars +
    s.wildcardChars +
    wideBytes(s)
  );
}

/**
 * An estimate, in bytes, of the heap a parse holds once one user agent has
 * been asked in every syntax: the text, the records, and the matchers that
 * compile on first use, counted in advance (so the figure does not grow as
 * the parser is used). Asking for more user agents compiles the matchers of
 * the records they select, each at most what the largest one costs. A
 * parse whose records are not read yet (its text alone) has them read for
 * the estimate and not kept, so that a parser asked only under RFC9309
 * holds no records for having been weighed (docs/performance.md, "One read
 * per syntax family").
 */
export function heldBytes(parsed: RecordTable | SourceText): number {
  let bytes = estimates.get(parsed);
  if (bytes === undefined) estimates.set(parsed, (bytes = estimate('records' in parsed ? parsed : readRecords(parsed))));
  return bytes;
}

/** Estimates made, by parse (its records, or its text while they are not read): a cache asks on every use, and a parse never changes. */
const estimates = new WeakMap<RecordTable | SourceText, number>();

function estimate(table: RecordTable): number {
  const text = table.source;
  // A string holds one byte a character unless some character is past U+00FF.
  const width = table.fromBytes || !/[^\0-\xff]/.test(text) ? 1 : 2;
  let bytes = PARSER_BYTES + stringBytes(text.length, width);
  for (const url of table.sitemaps) bytes += 8 + stringBytes(url.length, 1);
  // One user agent uses one record (MK1996, GYM2008), and under RFC 9309 the
  // groups naming it, or the `*` groups pooled: counted as the largest record, or the default ones.
  let largest = NONE;
  let pooled = NONE;
  bytes += RECORD_BYTES + table.size * (ROW_BYTES + GROUP_BYTES) + table.nameCount * NAME_BYTES + stringBytes(table.joinedChars, width);
  if (table.hasDelays) bytes += table.size * DELAY_BYTES;
  for (let i = 0; i < table.size; i++) {
    const s = table.stats(i);
    bytes += s.rules * SPAN_BYTES;
    if (classicBytes(s) > classicBytes(largest)) largest = s;
    if (table.isDefault(i)) {
      pooled = {
        rules: pooled.rules + s.rules,
        distinct: pooled.distinct + s.distinct,
        chars: pooled.chars + s.chars,
        wildcards: pooled.wildcards + s.wildcards,
        floating: pooled.floating + s.floating,
        wildcardChars: pooled.wildcardChars + s.wildcardChars,
      };
    }
  }
  return bytes + classicBytes(largest) + Math.max(rfcBytes(largest), rfcBytes(pooled));
}
