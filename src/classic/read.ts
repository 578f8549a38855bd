// SEMANTICS sections 1 and 2: text to records, one pass, never throws.
import { isPyWhitespace, scrubValue } from '../text/chars.js';
import { LazyRecord, SPAN_FIELDS } from './record.js';
import { Key, type ParsedRobots, type RequestRate, type RobotRecord } from './model.js';

function keyOf(name: string): Key {
  switch (name.toLowerCase()) {
    case 'user-agent':
    case 'useragent':
      return Key.UserAgent;
    case 'allow':
      return Key.Allow;
    case 'disallow':
      return Key.Disallow;
    case 'sitemap':
      return Key.Sitemap;
    case 'crawl-delay':
      return Key.CrawlDelay;
    case 'request-rate':
      return Key.RequestRate;
    default:
      return Key.None;
  }
}

/** True when text[at, at + word.length) is `word` (lower case letters and `-`) in any case. */
function isWord(text: string, at: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) if ((text.charCodeAt(at + j) | 0x20) !== word.charCodeAt(j)) return false;
  return true;
}

/** True when the line text[s, e) starts with `word` (any case) and a colon. */
function startsWithKey(text: string, s: number, e: number, word: string): boolean {
  return s + word.length < e && text.charCodeAt(s + word.length) === 0x3a && isWord(text, s, word);
}

/**
 * The key of the line text[s, e) (the run of letters and `-` before a colon)
 * in the low 4 bits, the key's length above them. The usual keys are compared
 * in place, the rest go through {@link keyOf}.
 */
function keyAt(text: string, s: number, e: number): number {
  const c = text.charCodeAt(s) | 0x20;
  if (c === 0x64 && startsWithKey(text, s, e, 'disallow')) return Key.Disallow | (8 << 4);
  if (c === 0x61 && startsWithKey(text, s, e, 'allow')) return Key.Allow | (5 << 4);
  if (c === 0x75 && startsWithKey(text, s, e, 'user-agent')) return Key.UserAgent | (10 << 4);
  let k = s;
  while (k < e && isKeyChar(text.charCodeAt(k))) k++;
  return (k < e && text.charCodeAt(k) === 0x3a ? keyOf(text.slice(s, k)) : Key.None) | ((k - s) << 4);
}

/** `n/m`, digits on both sides of the slash, as Python's `urllib.robotparser` reads a Request-rate. */
const REQUEST_RATE = /^(\d+)[ \t]*\/[ \t]*(\d+)$/;

function readRequestRate(raw: string): RequestRate | null {
  const m = REQUEST_RATE.exec(scrubValue(raw));
  return m === null ? null : { requests: Number(m[1]), seconds: Number(m[2]) };
}

function isKeyChar(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || c === 0x2d;
}

/** The port's crawl-delay grammar (SEMANTICS 7): digits with an optional fraction. */
const CRAWL_DELAY = /^(?:\d+\.?\d*|\.\d+)$/;

/** A crawl-delay value in seconds, or null when it is not in the port's grammar. */
export function parseCrawlDelay(value: string): number | null {
  return CRAWL_DELAY.test(value) ? Number(value) : null;
}

/** Text from whatever `parse` was handed: bytes are read as ISO-8859-1. */
export function sourceText(input: unknown): { text: string; fromBytes: boolean } {
  if (typeof input === 'string') return { text: input, fromBytes: false };
  if (input instanceof Uint8Array) {
    return { text: Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1'), fromBytes: true };
  }
  if (input instanceof ArrayBuffer) return { text: Buffer.from(input).toString('latin1'), fromBytes: true };
  return { text: input == null ? '' : String(input), fromBytes: false };
}

interface OpenRecord {
  names: string[];
  /** Index in the spans of the record's first rule. */
  first: number;
  /** Where the record's first line starts in the text. */
  offset: number;
  /** Number of rules, set when the record closes. */
  count: number;
  crawlDelay: number | null;
  line: number;
}

const NO_SITEMAPS: readonly string[] = Object.freeze([]);
/** Shared by every parse without a Request-rate: a Map of its own costs some 200 bytes. */
const NO_REQUEST_RATES: ReadonlyMap<number, RequestRate> = new Map();

/** Small span lists stay plain arrays: a typed array costs ~200 bytes of its own. */
const TYPED_SPANS_FROM = 48;

/**
 * Keeps a record that has names and rules. Returns how many span numbers
 * stay in use: a dropped record's spans are given back.
 */
function closeRecord(open: OpenRecord | null, used: number, kept: OpenRecord[]): number {
  if (open === null) return used;
  open.count = used / SPAN_FIELDS - open.first;
  if (open.names.length > 0 && open.count > 0) kept.push(open);
  else used = open.first * SPAN_FIELDS;
  return used;
}

/**
 * Span numbers are written here during a parse, then copied out at their
 * exact size: no buffer is allocated or grown per parse. Parsing runs no
 * other code while it writes, so one buffer serves every parse.
 */
let scratch = new Int32Array(1024);

/** A buffer this big is not kept after the parse that needed it. */
const SCRATCH_KEPT = 1 << 16;

/** The first `used` span numbers, as compact as their count allows. */
function finalSpans(data: Int32Array, used: number): ArrayLike<number> {
  if (used >= TYPED_SPANS_FROM) return data.slice(0, used);
  const small = new Array<number>(used);
  for (let k = 0; k < used; k++) small[k] = data[k]!;
  return small;
}

/**
 * Parses robots.txt text into records as the Python original does.
 * Never throws: any string (or bytes, read as ISO-8859-1) gives a result.
 */
export function parseRobots(input: string | Uint8Array): ParsedRobots {
  const { text, fromBytes } = sourceText(input);
  const kept: OpenRecord[] = [];
  const sitemaps: string[] = [];
  let requestRates: Map<number, RequestRate> | null = null;
  let current: OpenRecord | null = null;
  let afterUserAgent = false;
  // Rule values are kept as positions (see record.ts), SPAN_FIELDS numbers a rule.
  let spans = scratch;
  let used = 0;


  const len = text.length;
  let nextHash = -1;
  // Next LF and CR at or after pos (len when none), found by indexOf and cached.
  let nextLf = -1;
  let nextCr = -1;
  let pos = 0;
  let lineNo = 0;
  while (pos <= len) {
    if (nextLf < pos) {
      nextLf = text.indexOf('\n', pos);
      if (nextLf < 0) nextLf = len;
    }
    if (nextCr < pos) {
      nextCr = text.indexOf('\r', pos);
      if (nextCr < 0) nextCr = len;
    }
    const end = nextLf < nextCr ? nextLf : nextCr;
    lineNo++;
    const next = end < len && text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;

    let s = pos;
    let e = end;
    while (s < e && isPyWhitespace(text.charCodeAt(s))) s++;
    while (e > s && isPyWhitespace(text.charCodeAt(e - 1))) e--;
    if (s === e) {
      // 2.5: a blank line closes the record.
      used = closeRecord(current, used, kept);
      current = null;
      afterUserAgent = false;
    } else if (text.charCodeAt(s) !== 0x23) {
      // 1.4: cut the comment. nextHash is cached so the search stays linear.
      if (nextHash < s && nextHash !== -2) {
        nextHash = text.indexOf('#', s);
        if (nextHash < 0) nextHash = -2;
      }
      if (nextHash >= 0 && nextHash < e) {
        e = nextHash;
        while (e > s && isPyWhitespace(text.charCodeAt(e - 1))) e--;
      }
      // 1.5 as the port chooses it: a directive only at the start, after a BOM.
      if (text.charCodeAt(s) === 0xfeff) s++;
      else if (text.charCodeAt(s) === 0xef && text.startsWith('\u00ef\u00bb\u00bf', s)) s += 3;
      while (s < e && isPyWhitespace(text.charCodeAt(s))) s++;
      const found = keyAt(text, s, e);
      const key: Key = found & 15;
      const k = s + (found >>> 4);
      if (key === Key.RequestRate) {
        // Not a directive of the original: it changes no other state (1.6).
        const rate = current === null ? null : readRequestRate(text.slice(k + 1, e));
        if (rate !== null) (requestRates ??= new Map()).set(current!.line, rate);
      } else if (key !== Key.None) {
        let v = k + 1;
        while (v < e) {
          const c = text.charCodeAt(v);
          if (c !== 0x20 && c !== 0x09) break;
          v++;
        }
        if (key === Key.Allow || key === Key.Disallow) {
          afterUserAgent = false;
          if (current !== null) {
            // The value is scrubbed and decoded when the record is first used.
            if (used + SPAN_FIELDS > spans.length) {
              const grown = new Int32Array(spans.length * 2);
              grown.set(spans);
              spans = grown;
            }
            spans[used++] = v;
            spans[used++] = e * 2 + (key === Key.Allow ? 1 : 0);
          }
        } else {
          const value = scrubValue(text.slice(v, e));
          if (key === Key.UserAgent) {
            if (!afterUserAgent) {
              used = closeRecord(current, used, kept);
              current = { names: [], first: used / SPAN_FIELDS, offset: pos, count: 0, crawlDelay: null, line: lineNo };
            }
            if (value !== '') current!.names.push(value);
            afterUserAgent = true;
          } else {
            afterUserAgent = false;
            if (key === Key.Sitemap) {
              if (value !== '') sitemaps.push(value);
            } else if (current !== null) {
              current.crawlDelay = parseCrawlDelay(value) ?? current.crawlDelay;
            }
          }
        }
      }
    }
    pos = next;
  }
  used = closeRecord(current, used, kept);

  const data = finalSpans(spans, used);
  if (spans.length <= SCRATCH_KEPT) scratch = spans;
  const built = kept.map((o) => new LazyRecord(o.names, o.crawlDelay, o.line, text, o.offset, data, o.first, o.count));
  // 2.6: records naming `*` go last, each group in file order.
  const records = new Array<RobotRecord>(built.length);
  let k = 0;
  for (const r of built) if (!r.isDefault) records[k++] = r;
  for (const r of built) if (r.isDefault) records[k++] = r;
  return {
    records,
    sitemaps: sitemaps.length > 0 ? sitemaps.slice() : NO_SITEMAPS,
    source: text,
    fromBytes,
    requestRates: requestRates ?? NO_REQUEST_RATES,
  };
}
