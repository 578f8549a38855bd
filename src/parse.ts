// SEMANTICS sections 1 and 2: text to records, one pass, never throws.
import { isPyWhitespace, scrubValue } from './text.js';
import { decodePath } from './path.js';
import type { ParsedRobots, RequestRate, RobotRecord, Rule } from './model.js';

const enum Key {
  None,
  UserAgent,
  Allow,
  Disallow,
  Sitemap,
  CrawlDelay,
  RequestRate,
}

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
  rules: Rule[];
  crawlDelay: number | null;
  line: number;
}

/**
 * Parses robots.txt text into records as the Python original does.
 * Never throws: any string (or bytes, read as ISO-8859-1) gives a result.
 */
export function parseRobots(input: string | Uint8Array): ParsedRobots {
  const { text, fromBytes } = sourceText(input);
  const kept: RobotRecord[] = [];
  const sitemaps: string[] = [];
  const requestRates = new Map<number, RequestRate>();
  let current: OpenRecord | null = null;
  let afterUserAgent = false;

  const close = (): void => {
    if (current !== null && current.names.length > 0 && current.rules.length > 0) {
      const names = current.names;
      const lowerNames = names.map((n) => n.toLowerCase());
      kept.push({
        names,
        lowerNames,
        isDefault: names.includes('*'),
        rules: current.rules,
        crawlDelay: current.crawlDelay,
        line: current.line,
      });
    }
    current = null;
  };

  const len = text.length;
  let nextHash = -1;
  let pos = 0;
  let lineNo = 0;
  while (pos <= len) {
    let end = pos;
    while (end < len) {
      const c = text.charCodeAt(end);
      if (c === 0x0a || c === 0x0d) break;
      end++;
    }
    lineNo++;
    const next = end < len && text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;

    let s = pos;
    let e = end;
    while (s < e && isPyWhitespace(text.charCodeAt(s))) s++;
    while (e > s && isPyWhitespace(text.charCodeAt(e - 1))) e--;
    if (s === e) {
      // 2.5: a blank line closes the record.
      close();
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
      else if (text.startsWith('\u00ef\u00bb\u00bf', s)) s += 3;
      while (s < e && isPyWhitespace(text.charCodeAt(s))) s++;
      let k = s;
      while (k < e && isKeyChar(text.charCodeAt(k))) k++;
      const key = k < e && text.charCodeAt(k) === 0x3a ? keyOf(text.slice(s, k)) : Key.None;
      if (key === Key.RequestRate) {
        // Not a directive of the original: it changes no other state (1.6).
        const rate = current === null ? null : readRequestRate(text.slice(k + 1, e));
        if (rate !== null) requestRates.set(current!.line, rate);
      } else if (key !== Key.None) {
        let v = k + 1;
        while (v < e) {
          const c = text.charCodeAt(v);
          if (c !== 0x20 && c !== 0x09) break;
          v++;
        }
        const value = scrubValue(text.slice(v, e));
        if (key === Key.UserAgent) {
          if (!afterUserAgent) {
            close();
            current = { names: [], rules: [], crawlDelay: null, line: lineNo };
          }
          if (value !== '') current!.names.push(value);
          afterUserAgent = true;
        } else {
          afterUserAgent = false;
          if (key === Key.Sitemap) {
            if (value !== '') sitemaps.push(value);
          } else if (current !== null) {
            const open: OpenRecord = current;
            if (key === Key.CrawlDelay) {
              open.crawlDelay = parseCrawlDelay(value) ?? open.crawlDelay;
            } else {
              open.rules.push({ allow: key === Key.Allow, raw: value, path: decodePath(value), line: lineNo });
            }
          }
        }
      }
    }
    pos = next;
  }
  close();

  // 2.6: records naming `*` go last, each group in file order.
  const records = kept.filter((r) => !r.isDefault);
  for (const r of kept) if (r.isDefault) records.push(r);
  return { records, sitemaps, source: text, fromBytes, requestRates };
}
