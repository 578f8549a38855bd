// Which groups apply to a crawler (RFC 9309 §2.2.1; docs/behaviour.md §8.1,
// §8.2): the text read once for one product token.
import { Key } from '../text/keys.js';
import { parseCrawlDelay } from '../text/values.js';
import { packEnd } from '../text/spans.js';
import { firstLine, isAsciiSpace, isTokenChar, LineReader, lowerAscii } from './lines.js';

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
export interface Group {
  /** Where its first user-agent line starts, and that line's number. */
  readonly offset: number;
  readonly line: number;
  named: boolean;
  global: boolean;
  /** Its rules in the read's span list: [first, end) rule numbers. */
  first: number;
  end: number;
  /**
   * The last valid crawl delay given to user-agent lines of this group that
   * name the token, and to its `*` lines (behaviour.md §9.16).
   */
  namedDelay: number | null;
  globalDelay: number | null;
}

/** What {@link readFor} finds: the groups, and the rules of those that can apply as spans. */
export interface GroupsRead {
  readonly groups: Group[];
  /** Two numbers a rule: where its value starts, and its `ValueEnd` (text/spans.ts). */
  readonly spans: number[];
}

/**
 * Reads the whole text for one product token: the groups that name it and
 * the global groups, with the rules of those groups as spans. Null when the
 * text must be read as bytes.
 */
export function readFor(text: string, bytewise: boolean, token: string): GroupsRead | null {
  const groups: Group[] = [];
  const spans: number[] = [];
  let current: Group | null = null;
  let sawRule = false;
  // The run of user-agent lines a crawl delay applies to: those since the
  // last rule or crawl-delay line. A delay line ends the run, not the group.
  let sawDelay = false;
  let runNamed = false;
  let runGlobal = false;
  const n = text.length;
  let lineNo = 0;
  const line = new LineReader(text, bytewise);
  for (let pos = firstLine(text, bytewise); ; pos = line.next) {
    lineNo++;
    if (!line.read(pos)) return null;
    const key = line.key;
    const vs = line.value;
    const e = line.end;
    if (key === Key.UserAgent) {
      if (current === null || sawRule) {
        current = { offset: pos, line: lineNo, named: false, global: false, first: spans.length / 2, end: 0, namedDelay: null, globalDelay: null };
        groups.push(current);
      }
      if (sawRule || sawDelay) runNamed = runGlobal = sawRule = sawDelay = false;
      if (isGlobal(text, vs, e)) current.global = runGlobal = true;
      else if (token !== '' && namesToken(text, vs, e, token)) current.named = runNamed = true;
    } else if ((key === Key.Allow || key === Key.Disallow) && current !== null) {
      // Even an empty rule ends the run of user-agent lines. A group's
      // user-agent lines all come before its rules, so whether it can apply
      // is known here: the rules of other groups are not kept.
      sawRule = true;
      if (e > vs && (current.named || current.global)) spans.push(vs, packEnd(e, key === Key.Allow));
    } else if (key === Key.CrawlDelay && current !== null) {
      sawDelay = true;
      if (runNamed || runGlobal) {
        const delay = parseCrawlDelay(text.slice(vs, e));
        if (delay !== null && runNamed) current.namedDelay = delay;
        if (delay !== null && runGlobal) current.globalDelay = delay;
      }
    }
    if (current !== null) current.end = spans.length / 2;
    if (line.next > n) break;
  }
  return { groups, spans };
}

/**
 * The product token in a caller's user agent, lower-cased (behaviour.md
 * §9.15). The string is compared whole, as Google's reference parser compares
 * it, except that a token followed by `/` (a version) is cut there:
 * `Googlebot` and `Googlebot/2.1 (+http://…)` give `googlebot`. A string
 * that is neither (`Foo Bar`, `Rule1TestBot`, `*`, `''`) can equal no
 * user-agent line's name, which is only letters, `-` and `_`: it gives the
 * empty token, which names no group.
 */
export function productToken(userAgent: string): string {
  let t = 0;
  while (t < userAgent.length && isTokenChar(userAgent.charCodeAt(t))) t++;
  if (t === userAgent.length) return userAgent.toLowerCase();
  return userAgent.charCodeAt(t) === 0x2f ? userAgent.slice(0, t).toLowerCase() : '';
}
