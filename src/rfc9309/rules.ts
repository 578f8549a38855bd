// The RFC 9309 syntax: its own reading of the parsed text (bytes, Google's
// line rules, groups that blank lines do not end) and the answers it gives.
// MK1996 and GYM2008 never see it. Nothing is kept per group: the text is
// read again for each new product token, and only the groups that token
// selects are kept, as positions in the text and a matcher.
import { Buffer } from 'node:buffer';
import { Key, type ParsedRobots } from '../classic/model.js';
import type { Verdict } from '../parser.js';
import { parseCrawlDelay } from '../classic/read.js';
import { pathStart, urlPathAt } from '../text/url-path.js';
import { codeAt } from '../text/chars.js';
import { compileLongest, FEW_FIELDS, FEW_RULES, matchFew, matchVerbatim, prepareFew, type Few, type FewRule, type FewTest, type LongestMatcher } from './longest-match.js';

// Google's line limit: longer lines are cut after this many bytes.
const MAX_LINE_BYTES = 2083 * 8 - 1;

// Key prefixes, Google's frequent typos included.
const KEYS: ReadonlyArray<readonly [string, Key]> = [
  ['user-agent', Key.UserAgent],
  ['useragent', Key.UserAgent],
  ['user agent', Key.UserAgent],
  ['allow', Key.Allow],
  ['disallow', Key.Disallow],
  ['dissallow', Key.Disallow],
  ['dissalow', Key.Disallow],
  ['disalow', Key.Disallow],
  ['diasllow', Key.Disallow],
  ['disallaw', Key.Disallow],
  ['sitemap', Key.Sitemap],
  ['site-map', Key.Sitemap],
  ['crawl-delay', Key.CrawlDelay],
];

/** ASCII white space as C's `isspace` sees it; CR and LF never occur inside a line. */
function isAsciiSpace(c: number): boolean {
  return c === 0x20 || (c >= 0x09 && c <= 0x0d);
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

function isTokenChar(c: number): boolean {
  const l = c | 0x20;
  return (l >= 0x61 && l <= 0x7a) || c === 0x2d || c === 0x5f;
}

function isHex(c: number): boolean {
  const l = c | 0x20;
  return (c >= 0x30 && c <= 0x39) || (l >= 0x61 && l <= 0x66);
}

function lowerAscii(c: number): number {
  return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
}

function keyOf(text: string, s: number, e: number): Key {
  outer: for (const [word, key] of KEYS) {
    if (e - s < word.length) continue;
    for (let j = 0; j < word.length; j++) if (lowerAscii(text.charCodeAt(s + j)) !== word.charCodeAt(j)) continue outer;
    return key;
  }
  return Key.None;
}

const HEX = '0123456789ABCDEF';

/**
 * A rule value as a pattern, from text whose characters are bytes: `%xx`
 * escapes get upper-case hex and are never decoded; every byte outside ASCII
 * becomes an escape. Null when nothing changes (the value is ASCII and so
 * reads the same either way).
 */
function normaliseBytes(b: string, s: number, e: number): string | null {
  let out = '';
  let from = s;
  for (let i = s; i < e; i++) {
    const c = b.charCodeAt(i);
    if (c === 0x25 && i + 2 < e && isHex(b.charCodeAt(i + 1)) && isHex(b.charCodeAt(i + 2))) {
      const hi = b.charCodeAt(i + 1);
      const lo = b.charCodeAt(i + 2);
      if (hi >= 0x61 || lo >= 0x61) {
        out += b.slice(from, i) + '%' + String.fromCharCode(hi >= 0x61 ? hi - 0x20 : hi, lo >= 0x61 ? lo - 0x20 : lo);
        from = i + 3;
      }
      i += 2;
    } else if (c >= 0x80) {
      out += b.slice(from, i) + '%' + HEX[c >> 4]! + HEX[c & 15]!;
      from = i + 1;
    }
  }
  return from === s ? null : out + b.slice(from, e);
}

/** True when every character of text[s, e) is ASCII. */
function isAscii(text: string, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** The string as its UTF-8 bytes would decode: lone surrogates become U+FFFD. */
function wellFormed(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return Buffer.from(s, 'utf8').toString('utf8');
  }
  return s;
}

// What readLine found in its line: parsing is synchronous, so one set serves.
let lineKey = Key.None;
let lineValue = 0;
let lineEnd = 0;
let lineNext = 0;

/**
 * Reads the line that starts at `pos` as Google's reference parser does: its
 * key, its value text[lineValue, lineEnd), and where the next line starts.
 * `bytewise` says that each character is one byte; otherwise characters are
 * UTF-16 and their UTF-8 bytes are what the reference reads. Those are the
 * same for everything looked at (ASCII), except the byte limit on a line's
 * length: false when a line of such text reaches it, so that the text must
 * be read as bytes.
 */
function readLine(text: string, pos: number, bytewise: boolean): boolean {
  const n = text.length;
  // The line ends at CR or LF; it is read only up to the byte limit, a NUL
  // (the reference reads C strings) or a `#`.
  let end = pos;
  let cut = -1;
  let colon = -1;
  while (end < n) {
    const c = text.charCodeAt(end);
    if (c === 0x0a || c === 0x0d) break;
    if (cut < 0 && (c === 0x23 || c === 0x00)) cut = end;
    else if (colon < 0 && c === 0x3a) colon = end;
    end++;
  }
  lineNext = end < n && text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;
  let s = pos;
  let e = cut >= 0 ? cut : end;
  if (bytewise) {
    if (e > pos + MAX_LINE_BYTES) e = pos + MAX_LINE_BYTES;
  } else if ((e - pos) * 3 > MAX_LINE_BYTES && Buffer.byteLength(text.slice(pos, e)) > MAX_LINE_BYTES) {
    return false;
  }

  while (s < e && isAsciiSpace(text.charCodeAt(s))) s++;
  while (e > s && isAsciiSpace(text.charCodeAt(e - 1))) e--;
  lineKey = Key.None;
  // Key and value split at the first colon, or at blanks when the line is exactly two words.
  let sep = colon;
  if (sep < 0 || sep >= e) {
    sep = s;
    while (sep < e && !isBlank(text.charCodeAt(sep))) sep++;
    let v = sep;
    while (v < e && isBlank(text.charCodeAt(v))) v++;
    while (v < e && !isBlank(text.charCodeAt(v))) v++;
    if (sep >= e || v < e) return true;
  }
  let ke = sep;
  while (ke > s && isAsciiSpace(text.charCodeAt(ke - 1))) ke--;
  let vs = sep + 1;
  while (vs < e && isAsciiSpace(text.charCodeAt(vs))) vs++;
  if (ke > s) lineKey = keyOf(text, s, ke);
  lineValue = vs;
  lineEnd = e;
  return true;
}

/** Where reading starts: after a UTF-8 byte-order mark, whole or cut short. */
function firstLine(text: string, bytewise: boolean): number {
  if (!bytewise) return text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return text.charCodeAt(0) !== 0xef ? 0 : text.charCodeAt(1) !== 0xbb ? 1 : text.charCodeAt(2) !== 0xbf ? 2 : 3;
}

/** True when the user-agent value text[s, e) names `token`: its leading token characters are that token, in any case. */
function namesToken(text: string, s: number, e: number, token: string): boolean {
  const n = token.length;
  if (e - s < n || (s + n < e && isTokenChar(text.charCodeAt(s + n)))) return false;
  for (let j = 0; j < n; j++) if (lowerAscii(text.charCodeAt(s + j)) !== token.charCodeAt(j)) return false;
  return true;
}

/** A user-agent value that is `*` alone or `*` followed by white space: the global group. */
function isGlobal(text: string, s: number, e: number): boolean {
  return s < e && text.charCodeAt(s) === 0x2a && (s + 1 === e || isAsciiSpace(text.charCodeAt(s + 1)));
}

/** One group while the text is read for a token. */
interface Candidate {
  /** Where its first user-agent line starts, and that line's number. */
  readonly offset: number;
  readonly line: number;
  named: boolean;
  global: boolean;
  /** Its rules in the read's span list: [first, end) rule numbers. */
  first: number;
  end: number;
  crawlDelay: number | null;
}

/**
 * Reads the whole text for one product token: the groups that name it and
 * the global groups, with the rules of those groups as spans (value start,
 * value end * 2 + allow). Null when the text must be read as bytes.
 */
function readFor(text: string, bytewise: boolean, token: string): { groups: Candidate[]; spans: number[] } | null {
  const groups: Candidate[] = [];
  const spans: number[] = [];
  let current: Candidate | null = null;
  let sawRule = false;
  const n = text.length;
  let lineNo = 0;
  for (let pos = firstLine(text, bytewise); ; pos = lineNext) {
    lineNo++;
    if (!readLine(text, pos, bytewise)) return null;
    const key = lineKey;
    const vs = lineValue;
    const e = lineEnd;
    if (key === Key.UserAgent) {
      if (current === null || sawRule) {
        current = { offset: pos, line: lineNo, named: false, global: false, first: spans.length / 2, end: 0, crawlDelay: null };
        groups.push(current);
        sawRule = false;
      }
      if (isGlobal(text, vs, e)) current.global = true;
      else if (token !== '' && namesToken(text, vs, e, token)) current.named = true;
    } else if ((key === Key.Allow || key === Key.Disallow) && current !== null) {
      // Even an empty rule ends the run of user-agent lines. A group's
      // user-agent lines all come before its rules, so whether it can apply
      // is known here: the rules of other groups are not kept.
      sawRule = true;
      if (e > vs && (current.named || current.global)) spans.push(vs, e * 2 + (key === Key.Allow ? 1 : 0));
    } else if (key === Key.CrawlDelay && current !== null) {
      current.crawlDelay = parseCrawlDelay(text.slice(vs, e)) ?? current.crawlDelay;
    }
    if (current !== null) current.end = spans.length / 2;
    if (lineNext > n) break;
  }
  return { groups, spans };
}

/**
 * The product token in a caller's user agent, lower-cased: its leading run of
 * letters, `-` and `_`, read the same way as a user-agent line's value. A
 * token (`Googlebot`) stays whole; `Googlebot/2.1 (+http://…)` gives
 * `googlebot`; an empty result names no group.
 */
export function productToken(userAgent: string): string {
  let t = 0;
  while (t < userAgent.length && isTokenChar(userAgent.charCodeAt(t))) t++;
  return userAgent.slice(0, t).toLowerCase();
}

/**
 * Google's `index.html` rule: an allow pattern whose last segment starts with
 * `index.htm` also allows its directory, as the pattern `dir/$`.
 */
function directoryPattern(pattern: string): string | null {
  const slash = pattern.lastIndexOf('/');
  return slash >= 0 && pattern.startsWith('/index.htm', slash) ? pattern.slice(0, slash + 1) + '$' : null;
}

/**
 * True for the robots.txt file itself, which RFC 9309 always allows: the
 * path at `start` in `s` (running to `#` or the end) is `/robots.txt`, with
 * or without a query.
 */
function isRobotsTxt(s: string, start: number): boolean {
  if (codeAt(s, start + 1) !== 0x72 || !s.startsWith('/robots.txt', start)) return false;
  const c = codeAt(s, start + 11);
  return c < 0 || c === 0x3f || c === 0x23;
}

/**
 * What one crawler gets: the groups that apply and their rules, pooled.
 * `info` holds the number of groups, each group's offset and line number,
 * then {@link FEW_FIELDS} numbers a pooled rule: a field of the few-rule
 * table (or 0), the value's start, and its end * 2 + allow.
 */
export class Selection {
  constructor(
    readonly info: ArrayLike<number>,
    /** With few rules: what they compare (see `prepareFew`); else null. */
    readonly tests: readonly FewTest[] | null,
    /** With few rules: which to try for a path (see `prepareFew`); else the empty string. */
    readonly masks: string,
    /** With many rules: the compiled index; else null. */
    readonly match: LongestMatcher | null,
    readonly crawlDelay: number | null,
  ) {}

  /** Where the pooled rules start in {@link info}. */
  get rulesFrom(): number {
    return 1 + 2 * this.info[0]!;
  }
}

/** No group applies: shared by every parse. */
const NONE = new Selection([0], null, '', null, null);

/** Small tables stay plain arrays: a typed array costs ~200 bytes of its own. */
const TYPED_FROM = 48;

const UA_CACHE_LIMIT = 1024;

/**
 * The deciding rule for a URL whose path starts at `start`, as its number
 * among the selection's pooled rules, or -1 (also for `/robots.txt`). A few
 * rules read the URL's path in place.
 */
function decideAt(sel: Selection, url: string, start: number, text: string): number {
  if (sel.match === null && codeAt(url, start) === 0x2f) {
    if (isRobotsTxt(url, start)) return -1;
    const tests = sel.tests;
    return tests === null ? matchVerbatim(text, sel.info, sel.rulesFrom, sel.masks, url, start) : matchFew(text, sel.info, sel.rulesFrom, tests, sel.masks, url, start);
  }
  const path = urlPathAt(url, start);
  if (isRobotsTxt(path, 0)) return -1;
  return sel.match !== null ? sel.match(path) : matchFew(text, sel.info, sel.rulesFrom, sel.tests, sel.masks, path);
}

/** Position in the selection's info of the deciding rule for a URL, or -1. */
function decide(sel: Selection, url: string, text: string): number {
  const k = decideAt(sel, url, pathStart(url), text);
  return k < 0 ? -1 : sel.rulesFrom + k * FEW_FIELDS;
}

/**
 * Whether the crawler that `sel` was selected for may fetch `url`; `text` is
 * what the selection's value positions point into ({@link Rfc9309Rules.text}). @internal
 */
export function selectionAllows(sel: Selection, url: string, text: string): boolean {
  const info = sel.info;
  const from = sel.rulesFrom;
  if (info.length === from) return true;
  const k = decideAt(sel, url, pathStart(url), text);
  return k < 0 || (info[from + k * FEW_FIELDS + 2]! & 1) === 1;
}

/**
 * A parsed file's RFC 9309 answers. The text is read on the first query for
 * each product token; only the groups that apply are kept.
 */
export class Rfc9309Rules {
  /** The parse this was built from. */
  readonly parsed: ParsedRobots;
  /**
   * The text as bytes, one character each: the source itself when it came
   * from bytes, its UTF-8 bytes when a line reaches the byte limit; null
   * while the source's characters can be read in place.
   */
  #bytes: string | null;
  #lastAgent: string | null = null;
  #last: Selection = NONE;
  /** Selections by user agent and by product token, once more than one agent asked. */
  #known: Map<string, Selection> | null = null;
  /** Line numbers of rules, by value start; made on the first explain. */
  #lines: Map<number, number> | null = null;

  constructor(parsed: ParsedRobots) {
    this.parsed = parsed;
    this.#bytes = parsed.fromBytes ? parsed.source : null;
  }

  /** What the crawler with this product token gets: the groups that apply, and their rules. @internal */
  selection(userAgent: string): Selection {
    return this.#selection(userAgent);
  }

  /** What selections' value positions point into; fixed once a selection is made. @internal */
  get text(): string {
    return this.#text;
  }

  /** The verdict with the deciding rule and the group it sits in. */
  explain(userAgent: string, url: string | URL): Verdict {
    const sel = this.#selection(userAgent);
    const info = sel.info;
    if (info[0] === 0) return { allowed: true, record: null, rule: null };
    const at = decide(sel, typeof url === 'string' ? url : String(url), this.#text);
    if (at < 0) return { allowed: true, record: this.#record(info[1]!, info[2]!), rule: null };
    const start = info[at + 1]!;
    const bits = info[at + 2]!;
    // The owner: the last group that starts before the rule.
    let g = 1;
    while (g + 2 < sel.rulesFrom && info[g + 2]! <= start) g += 2;
    const allow = (bits & 1) === 1;
    return {
      allowed: allow,
      record: this.#record(info[g]!, info[g + 1]!),
      rule: { kind: allow ? 'allow' : 'disallow', path: this.#decode(start, bits >>> 1), line: this.#lineOf(info[g]!, info[g + 1]!, start) },
    };
  }

  /** The last valid crawl delay among the groups that apply, or null. */
  crawlDelay(userAgent: string): number | null {
    return this.#selection(userAgent).crawlDelay;
  }

  /** The text as read: bytes when {@link #bytes} is set, else the source's characters. */
  get #text(): string {
    return this.#bytes ?? this.parsed.source;
  }

  #selection(userAgent: string): Selection {
    if (userAgent === this.#lastAgent && userAgent !== null) return this.#last;
    const ua = typeof userAgent === 'string' ? userAgent : String(userAgent);
    let known = this.#known;
    if (known === null && this.#lastAgent !== null) {
      // A second agent: from now on selections are kept by agent and by token.
      known = this.#known = new Map([
        [this.#lastAgent, this.#last],
        [productToken(this.#lastAgent), this.#last],
      ]);
    }
    let found = known?.get(ua);
    if (found === undefined) {
      const token = productToken(ua);
      found = known?.get(token) ?? this.#select(token, known);
      if (known !== null) {
        if (known.size >= UA_CACHE_LIMIT) known.clear();
        known.set(ua, found).set(token, found);
      }
    }
    this.#lastAgent = ua;
    this.#last = found;
    return found;
  }

  /** Reads the text for a token and builds what it selects (the `*` groups when no group names it). */
  #select(token: string, known: Map<string, Selection> | null): Selection {
    let read = readFor(this.#text, this.#bytes !== null, token);
    if (read === null) {
      // A line reaches the byte limit inside its UTF-8 form: read the bytes.
      this.#bytes = Buffer.from(this.parsed.source, 'utf8').toString('latin1');
      read = readFor(this.#bytes, true, token);
    }
    const { groups, spans } = read!;
    let chosen = groups.filter((g) => g.named);
    if (chosen.length === 0) {
      const fallback = known?.get('');
      if (fallback !== undefined) return fallback;
      chosen = groups.filter((g) => g.global);
      const sel = this.#build(chosen, spans);
      known?.set('', sel);
      return sel;
    }
    return this.#build(chosen, spans);
  }

  #build(groups: readonly Candidate[], spans: readonly number[]): Selection {
    if (groups.length === 0) return NONE;
    const text = this.#text;
    const bytewise = this.#bytes !== null;
    const rules: FewRule[] = [];
    let crawlDelay: number | null = null;
    for (const group of groups) {
      if (group.crawlDelay !== null) crawlDelay = group.crawlDelay;
      for (let r = group.first; r < group.end; r++) {
        const at = spans[2 * r]!;
        const to = spans[2 * r + 1]!;
        const e = to >>> 1;
        let pattern: string | null;
        let verbatim = false;
        if (bytewise || isAscii(text, at, e)) {
          pattern = normaliseBytes(text, at, e);
          if (pattern === null) {
            pattern = text.slice(at, e);
            verbatim = true;
          }
        } else {
          const bytes = Buffer.from(text.slice(at, e), 'utf8').toString('latin1');
          pattern = normaliseBytes(bytes, 0, bytes.length) ?? bytes;
        }
        const allow = (to & 1) === 1;
        rules.push({ pattern, allow, verbatim, at, to });
        const dir = allow ? directoryPattern(pattern) : null;
        if (dir !== null) rules.push({ pattern: dir, allow, verbatim: false, at, to });
      }
    }
    const from = 1 + 2 * groups.length;
    const size = from + rules.length * FEW_FIELDS;
    let few: Few = { tests: null, masks: '' };
    let match: LongestMatcher | null = null;
    // Filled in order from empty, so that it stays a packed array (and is
    // copied at the end, to shed the spare room that growing left).
    const table: number[] = [];
    table[0] = groups.length;
    groups.forEach((g, k) => {
      table[1 + 2 * k] = g.offset;
      table[2 + 2 * k] = g.line;
    });
    if (rules.length <= FEW_RULES) {
      few = prepareFew(rules, table, from);
    } else {
      match = compileLongest(rules);
      rules.forEach((rule, k) => {
        table[from + k * FEW_FIELDS] = 0;
        table[from + k * FEW_FIELDS + 1] = rule.at;
        table[from + k * FEW_FIELDS + 2] = rule.to;
      });
    }
    return new Selection(size >= TYPED_FROM ? Int32Array.from(table) : table.slice(), few.tests, few.masks, match, crawlDelay);
  }

  /** A value as written, from the text: characters as bytes decode as the source did. */
  #decode(s: number, e: number): string {
    const bytes = this.#bytes;
    if (bytes === null) return wellFormed(this.parsed.source.slice(s, e));
    return this.parsed.fromBytes ? bytes.slice(s, e) : Buffer.from(bytes.slice(s, e), 'latin1').toString('utf8');
  }

  /** A group for a verdict: its user-agent values (read again from its first line) and line number. */
  #record(offset: number, line: number): { names: string[]; line: number } {
    const text = this.#text;
    const bytewise = this.#bytes !== null;
    const names: string[] = [];
    // The group's user-agent lines are those before its first rule.
    for (let pos = offset; pos <= text.length; pos = lineNext) {
      readLine(text, pos, bytewise);
      if (lineKey === Key.Allow || lineKey === Key.Disallow) break;
      if (lineKey === Key.UserAgent && lineEnd > lineValue) names.push(this.#decode(lineValue, lineEnd));
    }
    return { names, line };
  }

  /** The line number of the rule whose value starts at `start`, counted on from its group's first line. */
  #lineOf(offset: number, line: number, start: number): number {
    const lines = (this.#lines ??= new Map());
    let found = lines.get(start);
    if (found === undefined) {
      // LF, CR and CR LF each end one line.
      const text = this.#text;
      found = line;
      for (let at = offset; at < start; at++) {
        const c = text.charCodeAt(at);
        if (c === 0x0a || (c === 0x0d && text.charCodeAt(at + 1) !== 0x0a)) found++;
      }
      if (lines.size >= UA_CACHE_LIMIT) lines.clear();
      lines.set(start, found);
    }
    return found;
  }
}
