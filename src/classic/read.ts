// behaviour.md §1 and §2: text to records, one pass, never throws.
import { CommentCutter, isPyWhitespace, scrubValue } from '../text/chars.js';
import { Key } from '../text/keys.js';
import { sourceText, type SourceText } from '../text/source.js';
import { compactTable, packEnd } from '../text/spans.js';
import { parseCrawlDelay } from '../text/values.js';
import { SPAN_FIELDS } from './record.js';
import { TableBuilder, type RecordTable } from './table.js';
import type { RequestRate } from './model.js';

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
    case 'host':
      return Key.Host;
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

/** A line's key and the length of its name, packed: the key in the low 4 bits. */
export type KeyAndLength = number & { readonly __brand: 'KeyAndLength' };

function packKey(key: Key, length: number): KeyAndLength {
  return (key | (length << 4)) as KeyAndLength;
}

/** The key of a packed {@link keyAt} answer. */
export function keyPart(packed: KeyAndLength): Key {
  const key = packed & 15;
  // Every value below 16 that packKey writes is a Key: the table is the enum's own.
  return KEYS[key] ?? Key.None;
}

/** The keys by value, so that an unpacked number is read back as a Key. */
const KEYS: readonly Key[] = [Key.None, Key.UserAgent, Key.Allow, Key.Disallow, Key.Sitemap, Key.CrawlDelay, Key.RequestRate, Key.Host];

/** The length of the key's name in a packed {@link keyAt} answer. */
export function lengthPart(packed: KeyAndLength): number {
  return packed >>> 4;
}

/**
 * The key of the line text[s, e) (the run of letters and `-` before a colon)
 * and the key's length. The usual keys are compared in place, the rest go
 * through {@link keyOf}. Exported for the linter, which must read a line's
 * directive exactly as this reader does.
 */
export function keyAt(text: string, s: number, e: number): KeyAndLength {
  const c = text.charCodeAt(s) | 0x20;
  if (c === 0x64 && startsWithKey(text, s, e, 'disallow')) return packKey(Key.Disallow, 8);
  if (c === 0x61 && startsWithKey(text, s, e, 'allow')) return packKey(Key.Allow, 5);
  if (c === 0x75 && startsWithKey(text, s, e, 'user-agent')) return packKey(Key.UserAgent, 10);
  let k = s;
  while (k < e && isKeyChar(text.charCodeAt(k))) k++;
  return packKey(k < e && text.charCodeAt(k) === 0x3a ? keyOf(text.slice(s, k)) : Key.None, k - s);
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

const NO_SITEMAPS: readonly string[] = Object.freeze([]);
/** Shared by every parse without a Request-rate: a Map of its own is large (docs/performance.md, "What each trick pays"). */
const NO_REQUEST_RATES: ReadonlyMap<number, RequestRate> = new Map();

/**
 * Parses robots.txt text into records as the Python original does.
 * Never throws: any string (or bytes, read as ISO-8859-1) gives a result.
 */
export function parseRobots(input: string | Uint8Array): RecordTable {
  return readRecords(sourceText(input));
}

/** {@link parseRobots} of text already taken from its input. */
export function readRecords({ source: text, fromBytes }: SourceText): RecordTable {
  const rows = new TableBuilder(text);
  const sitemaps: string[] = [];
  let requestRates: Map<number, RequestRate> | null = null;
  let host: string | null = null;
  let afterUserAgent = false;
  // Rule values are kept as positions (see record.ts), SPAN_FIELDS numbers a rule.
  const spans: number[] = [];

  const len = text.length;
  const comments = new CommentCutter();
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
      rows.close(spans);
      afterUserAgent = false;
    } else if (text.charCodeAt(s) !== 0x23) {
      // 1.4: cut the comment.
      e = comments.cut(text, s, e);
      // 1.5 as the port chooses it (§7): a directive only at the start, after
      // any number of byte-order marks and white space.
      for (;;) {
        if (text.charCodeAt(s) === 0xfeff) s++;
        else if (text.charCodeAt(s) === 0xef && text.startsWith('\u00ef\u00bb\u00bf', s)) s += 3;
        else break;
        while (s < e && isPyWhitespace(text.charCodeAt(s))) s++;
      }
      const found = keyAt(text, s, e);
      const key = keyPart(found);
      const k = s + lengthPart(found);
      if (key === Key.RequestRate) {
        // Not a directive of the original: it changes no other state (1.6).
        const rate = rows.line === 0 ? null : readRequestRate(text.slice(k + 1, e));
        if (rate !== null) (requestRates ??= new Map()).set(rows.line, rate);
      } else if (key === Key.Host) {
        // Nor is Host (§9.2): the first non-empty value is kept, wherever it is.
        if (host === null) {
          const value = scrubValue(text.slice(k + 1, e));
          if (value !== '') host = value;
        }
      } else if (key !== Key.None) {
        let v = k + 1;
        while (v < e) {
          const c = text.charCodeAt(v);
          if (c !== 0x20 && c !== 0x09) break;
          v++;
        }
        if (key === Key.Allow || key === Key.Disallow) {
          afterUserAgent = false;
          if (rows.line !== 0) {
            // The value is scrubbed and decoded when the record is first used.
            spans.push(v, packEnd(e, key === Key.Allow));
          }
        } else {
          const value = scrubValue(text.slice(v, e));
          if (key === Key.UserAgent) {
            if (!afterUserAgent) {
              rows.close(spans);
              rows.open(pos, spans.length / SPAN_FIELDS, lineNo);
            }
            if (value !== '') rows.name(value, v, e);
            afterUserAgent = true;
          } else {
            afterUserAgent = false;
            if (key === Key.Sitemap) {
              if (value !== '') sitemaps.push(value);
            } else if (rows.line !== 0) {
              const delay = parseCrawlDelay(value);
              if (delay !== null) rows.delay(delay);
            }
          }
        }
      }
    }
    pos = next;
  }
  rows.close(spans);
  return rows.build(compactTable(spans), {
    source: text,
    fromBytes,
    sitemaps: sitemaps.length > 0 ? sitemaps.slice() : NO_SITEMAPS,
    requestRates: requestRates ?? NO_REQUEST_RATES,
    host,
  });
}
