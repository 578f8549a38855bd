// The RFC 9309 syntax: its own reading of the parsed text (bytes, Google's
// line rules, groups that blank lines do not end), built once per parse on
// first use, and the answers it gives. MK1996 and GYM2008 never see it.
import { Buffer } from 'node:buffer';
import type { ParsedRobots } from './model.js';
import type { Verdict } from './parser.js';
import { parseCrawlDelay } from './parse.js';
import { urlPath } from './path.js';
import { compileLongest, type LongestMatcher } from './longest.js';

/** An Allow or Disallow line as RFC 9309 reads it. Empty values are not kept. */
export interface RfcRule {
  readonly allow: boolean;
  /** The value normalised: bytes outside ASCII and `%xx` escapes in upper-case hex. */
  readonly pattern: string;
  /** The value as written (after comment and white-space removal). */
  readonly raw: string;
  /** 1-based line number. */
  readonly line: number;
}

/** A group: user-agent lines and the rules after them, up to the next user-agent line after a rule. */
export interface RfcGroup {
  /** The user-agent values as written (empty values left out). */
  readonly names: string[];
  /** The product tokens the group names, lower-cased: each value cut to its leading `[A-Za-z_-]` run. */
  readonly tokens: string[];
  /** True when one value is `*` alone or `*` followed by white space. */
  global: boolean;
  readonly rules: RfcRule[];
  /** The last valid crawl delay in the group, in seconds. */
  crawlDelay: number | null;
  /** 1-based line number of the first user-agent line. */
  readonly line: number;
}

// Google's line limit: longer lines are cut after this many bytes.
const MAX_LINE_BYTES = 2083 * 8 - 1;

const enum Key {
  None,
  UserAgent,
  Allow,
  Disallow,
  Sitemap,
  CrawlDelay,
}

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

function keyOf(b: Buffer, s: number, e: number): Key {
  outer: for (const [word, key] of KEYS) {
    if (e - s < word.length) continue;
    for (let j = 0; j < word.length; j++) if (lowerAscii(b[s + j]!) !== word.charCodeAt(j)) continue outer;
    return key;
  }
  return Key.None;
}

const HEX = '0123456789ABCDEF';

/**
 * A rule value as a pattern, byte by byte: `%xx` escapes get upper-case hex
 * and are never decoded; every byte outside ASCII becomes an escape. Null
 * when nothing changes (the value is ASCII and so reads the same either way).
 */
function normalisePattern(b: Buffer, s: number, e: number): string | null {
  let out = '';
  let from = s;
  for (let i = s; i < e; i++) {
    const c = b[i]!;
    if (c === 0x25 && i + 2 < e && isHex(b[i + 1]!) && isHex(b[i + 2]!)) {
      const hi = b[i + 1]!;
      const lo = b[i + 2]!;
      if (hi >= 0x61 || lo >= 0x61) {
        out += b.toString('latin1', from, i) + '%' + String.fromCharCode(hi >= 0x61 ? hi - 0x20 : hi, lo >= 0x61 ? lo - 0x20 : lo);
        from = i + 3;
      }
      i += 2;
    } else if (c >= 0x80) {
      out += b.toString('latin1', from, i) + '%' + HEX[c >> 4]! + HEX[c & 15]!;
      from = i + 1;
    }
  }
  return from === s ? null : out + b.toString('latin1', from, e);
}

/**
 * Reads robots.txt text into RFC 9309 groups, as Google's reference parser
 * reads a file. `fromBytes` says that each character is one byte of the
 * original file (ISO-8859-1 decoding); otherwise the text's UTF-8 bytes are
 * read. Never throws.
 */
export function readGroups(source: string, fromBytes: boolean): RfcGroup[] {
  const b = Buffer.from(source, fromBytes ? 'latin1' : 'utf8');
  const encoding = fromBytes ? 'latin1' : 'utf8';
  const n = b.length;
  const groups: RfcGroup[] = [];
  let current: RfcGroup | null = null;
  let sawRule = false;

  // A UTF-8 byte-order mark, whole or cut short, is skipped.
  let pos = 0;
  if (b[0] === 0xef) pos = b[1] !== 0xbb ? 1 : b[2] !== 0xbf ? 2 : 3;
  let lineNo = 0;
  for (;;) {
    // The line ends at CR or LF; it is read only up to the byte limit, a NUL
    // (the reference reads C strings) or a `#`.
    const limit = pos + MAX_LINE_BYTES;
    let end = pos;
    let cut = -1;
    let colon = -1;
    while (end < n) {
      const c = b[end]!;
      if (c === 0x0a || c === 0x0d) break;
      if (cut < 0 && (c === 0x23 || c === 0x00)) cut = end;
      else if (colon < 0 && c === 0x3a) colon = end;
      end++;
    }
    lineNo++;
    let s = pos;
    let e = end < limit ? end : limit;
    if (cut >= 0 && cut < e) e = cut;
    pos = end < n && b[end] === 0x0d && b[end + 1] === 0x0a ? end + 2 : end + 1;

    while (s < e && isAsciiSpace(b[s]!)) s++;
    while (e > s && isAsciiSpace(b[e - 1]!)) e--;
    // Key and value split at the first colon, or at blanks when the line is exactly two words.
    let sep = colon;
    if (sep < 0 || sep >= e) {
      sep = s;
      while (sep < e && !isBlank(b[sep]!)) sep++;
      let v = sep;
      while (v < e && isBlank(b[v]!)) v++;
      while (v < e && !isBlank(b[v]!)) v++;
      if (sep >= e || v < e) sep = -1;
    }
    if (sep >= 0) {
      let ke = sep;
      while (ke > s && isAsciiSpace(b[ke - 1]!)) ke--;
      let vs = sep + 1;
      while (vs < e && isAsciiSpace(b[vs]!)) vs++;
      const key = ke > s ? keyOf(b, s, ke) : Key.None;
      if (key === Key.UserAgent) {
        if (current === null || sawRule) {
          current = { names: [], tokens: [], global: false, rules: [], crawlDelay: null, line: lineNo };
          groups.push(current);
          sawRule = false;
        }
        if (vs < e && b[vs] === 0x2a && (vs + 1 === e || isAsciiSpace(b[vs + 1]!))) {
          current.global = true;
        } else {
          let t = vs;
          while (t < e && isTokenChar(b[t]!)) t++;
          if (t > vs) current.tokens.push(b.toString('latin1', vs, t).toLowerCase());
        }
        if (e > vs) current.names.push(b.toString(encoding, vs, e));
      } else if ((key === Key.Allow || key === Key.Disallow) && current !== null) {
        // Even an empty rule ends the run of user-agent lines.
        sawRule = true;
        if (e > vs) {
          const raw = b.toString(encoding, vs, e);
          current.rules.push({ allow: key === Key.Allow, pattern: normalisePattern(b, vs, e) ?? raw, raw, line: lineNo });
        }
      } else if (key === Key.CrawlDelay && current !== null) {
        current.crawlDelay = parseCrawlDelay(b.toString('latin1', vs, e)) ?? current.crawlDelay;
      }
    }
    if (end >= n) break;
  }
  return groups;
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

/** True for the robots.txt file itself, which RFC 9309 always allows. */
function isRobotsTxt(path: string): boolean {
  return path.startsWith('/robots.txt') && (path.length === 11 || path.charCodeAt(11) === 0x3f);
}

/** What one crawler gets: the groups that apply, their rules pooled and compiled. */
interface Applied {
  readonly groups: readonly RfcGroup[];
  /** Pooled rules in file order, index-rule extras right after their line; parallel arrays. */
  readonly rules: readonly RfcRule[];
  readonly owners: readonly RfcGroup[];
  readonly match: LongestMatcher;
  readonly crawlDelay: number | null;
}

const UA_CACHE_LIMIT = 1024;

function apply(groups: readonly RfcGroup[]): Applied {
  const rules: RfcRule[] = [];
  const owners: RfcGroup[] = [];
  const patterns: Array<{ pattern: string; allow: boolean }> = [];
  let crawlDelay: number | null = null;
  for (const group of groups) {
    if (group.crawlDelay !== null) crawlDelay = group.crawlDelay;
    for (const rule of group.rules) {
      rules.push(rule);
      owners.push(group);
      patterns.push(rule);
      const dir = rule.allow ? directoryPattern(rule.pattern) : null;
      if (dir !== null) {
        rules.push(rule);
        owners.push(group);
        patterns.push({ pattern: dir, allow: true });
      }
    }
  }
  return { groups, rules, owners, match: compileLongest(patterns), crawlDelay };
}

/**
 * A parsed file's RFC 9309 answers. Built from {@link ParsedRobots.source} on
 * first use; each crawler's pooled rules are compiled on its first query.
 */
export class Rfc9309Rules {
  /** The parse this was built from. */
  readonly parsed: ParsedRobots;
  readonly groups: readonly RfcGroup[];
  readonly #named = new Map<string, Applied>();
  readonly #tokens = new Set<string>();
  #fallback: Applied | null = null;
  #byAgent = new Map<string, Applied>();

  constructor(parsed: ParsedRobots) {
    this.parsed = parsed;
    this.groups = readGroups(parsed.source, parsed.fromBytes);
    for (const group of this.groups) for (const token of group.tokens) this.#tokens.add(token);
  }

  /** Whether the crawler with this product token may fetch `url`. Never throws. */
  isAllowed(userAgent: string, url: string | URL): boolean {
    const applied = this.#applied(userAgent);
    if (applied.rules.length === 0) return true;
    const path = urlPath(typeof url === 'string' ? url : String(url));
    if (isRobotsTxt(path)) return true;
    const i = applied.match(path);
    return i < 0 || applied.rules[i]!.allow;
  }

  /** The verdict with the deciding rule and the group it sits in. */
  explain(userAgent: string, url: string | URL): Verdict {
    const applied = this.#applied(userAgent);
    const first = applied.groups[0];
    if (first === undefined) return { allowed: true, record: null, rule: null };
    const path = urlPath(typeof url === 'string' ? url : String(url));
    const i = isRobotsTxt(path) ? -1 : applied.match(path);
    if (i < 0) return { allowed: true, record: { names: first.names, line: first.line }, rule: null };
    const rule = applied.rules[i]!;
    const owner = applied.owners[i]!;
    return {
      allowed: rule.allow,
      record: { names: owner.names, line: owner.line },
      rule: { kind: rule.allow ? 'allow' : 'disallow', path: rule.raw, line: rule.line },
    };
  }

  /** The last valid crawl delay among the groups that apply, or null. */
  crawlDelay(userAgent: string): number | null {
    return this.#applied(userAgent).crawlDelay;
  }

  #applied(userAgent: string): Applied {
    const ua = typeof userAgent === 'string' ? userAgent : String(userAgent);
    let found = this.#byAgent.get(ua);
    if (found !== undefined) return found;
    const token = productToken(ua);
    if (token !== '' && this.#tokens.has(token)) {
      found = this.#named.get(token);
      if (found === undefined) {
        found = apply(this.groups.filter((g) => g.tokens.includes(token)));
        this.#named.set(token, found);
      }
    } else {
      found = this.#fallback ??= apply(this.groups.filter((g) => g.global));
    }
    if (this.#byAgent.size >= UA_CACHE_LIMIT) this.#byAgent.clear();
    this.#byAgent.set(ua, found);
    return found;
  }
}

const views = new WeakMap<ParsedRobots, Rfc9309Rules>();

/** The RFC 9309 view of a parse, built once and shared by every parser holding that parse. */
export function rfc9309Rules(parsed: ParsedRobots): Rfc9309Rules {
  let view = views.get(parsed);
  if (view === undefined) views.set(parsed, (view = new Rfc9309Rules(parsed)));
  return view;
}
