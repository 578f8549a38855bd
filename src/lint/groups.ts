// Records as MK1996 and GYM2008 build them (docs/behaviour.md §2) and groups
// as RFC 9309 builds them (docs/behaviour.md §8.1), side by side: rules that
// belong to none, User-agent lines that lead to no rules, agents named twice,
// and user agent values the two read differently (§3, §8.2).
import { Key } from '../text/keys.js';
import { isAsciiSpace, isTokenChar } from '../rfc9309/lines.js';
import { fromUtf8Bytes } from '../text/bytes.js';
import { Content, type LintLine, type LintText } from './lines.js';
import { nameSyntaxes, type Report } from './report.js';
import type { LintSyntax } from './codes.js';

/** A record as the classic reader builds it, dropped or kept. */
export interface ClassicRecord {
  readonly uas: LintLine[];
  readonly rules: LintLine[];
  /** The Sitemap or Crawl-delay that ended the run of User-agent lines before any rule, if one did. */
  runEnd: LintLine | null;
  /** What closed the record: a blank line, or the User-agent line of the next record; null at the end of the file. */
  closedBy: LintLine | null;
}

/** A group as RFC 9309 reads it. */
export interface RfcGroup {
  readonly uas: LintLine[];
  readonly rules: LintLine[];
}

/** The file's records and groups. */
export interface Structure {
  readonly records: readonly ClassicRecord[];
  readonly groups: readonly RfcGroup[];
}

const CLASSIC: readonly LintSyntax[] = ['MK1996', 'GYM2008'];

const isRule = (key: Key): boolean => key === Key.Allow || key === Key.Disallow;

/** The directive's name for messages: `rule` for Allow and Disallow, `crawl delay` for Crawl-delay. */
const what = (key: Key): string => (key === Key.CrawlDelay ? 'crawl delay' : 'rule');

/** A User-agent value read by RFC 9309 (docs/behaviour.md §8.2): the `*` group, or its product token (maybe empty). */
export function rfcAgent(value: string): { global: boolean; token: string } {
  const global = value.charCodeAt(0) === 0x2a && (value.length === 1 || isAsciiSpace(value.charCodeAt(1)));
  let t = 0;
  while (t < value.length && isTokenChar(value.charCodeAt(t))) t++;
  return { global, token: value.slice(0, t).toLowerCase() };
}

/** Builds the records and groups, reporting rules and crawl delays that belong to none. */
function build(t: LintText, report: Report): Structure {
  const records: ClassicRecord[] = [];
  const groups: RfcGroup[] = [];
  let record: ClassicRecord | null = null;
  let afterUserAgent = false;
  let blank: LintLine | null = null;
  /** The run of classic orphans after a blank line: its first line, and how many. */
  let cut: { first: LintLine; blank: LintLine; count: number } | null = null;
  let group: RfcGroup | null = null;
  let sawRule = false;
  const flushCut = (): void => {
    if (cut === null) return;
    const more = cut.count === 1 ? ' belongs' : cut.count === 2 ? ' and the next belong' : ` and the ${cut.count - 1} after it belong`;
    const where =
      cut.first.rfcKey === cut.first.classicKey
        ? '; RFC9309, where blank lines end nothing, keeps ' + (cut.count > 1 ? 'them' : 'it') + ' in the group above'
        : '';
    report.add(
      'rule-after-blank-line',
      cut.first.number,
      `the blank line ${cut.blank.number} ends the record above under MK1996 and GYM2008, so this ${what(cut.first.classicKey)}${more} to no record there (behaviour.md §2.5)${where}: remove the blank line`,
      { syntaxes: CLASSIC },
    );
    cut = null;
  };
  for (const line of t.lines) {
    // MK1996 and GYM2008.
    const ck = line.classicKey;
    if (line.content === Content.Blank) {
      if (record !== null) record.closedBy = line;
      record = null;
      afterUserAgent = false;
      blank = line;
    } else if (ck === Key.UserAgent) {
      flushCut();
      if (!afterUserAgent) {
        if (record !== null) record.closedBy = line;
        record = { uas: [], rules: [], runEnd: null, closedBy: null };
        records.push(record);
      }
      record!.uas.push(line);
      afterUserAgent = true;
    } else if (isRule(ck) || ck === Key.CrawlDelay || ck === Key.Sitemap) {
      afterUserAgent = false;
      if (record !== null && isRule(ck)) record.rules.push(line);
      else if (record !== null && record.rules.length === 0) record.runEnd ??= line;
      else if (record === null && ck !== Key.Sitemap && blank !== null && records.length > 0) {
        if (cut === null) cut = { first: line, blank, count: 0 };
        cut.count++;
      }
    }
    // RFC 9309.
    const rk = line.rfcKey;
    if (rk === Key.UserAgent) {
      if (group === null || sawRule) {
        group = { uas: [], rules: [] };
        groups.push(group);
        sawRule = false;
      }
      group.uas.push(line);
    } else if (isRule(rk) && group !== null) {
      sawRule = true;
      group.rules.push(line);
    }
    // Before any User-agent line, in each syntax.
    const before: LintSyntax[] = [];
    if ((isRule(ck) || ck === Key.CrawlDelay) && records.length === 0) before.push(...CLASSIC);
    if ((isRule(rk) || rk === Key.CrawlDelay) && group === null) before.push('RFC9309');
    if (before.length > 0) {
      const key = isRule(ck) || ck === Key.CrawlDelay ? ck : rk;
      const who = before.length === 3 ? 'no syntax applies' : `${nameSyntaxes(before)} appl${before.length === 1 ? 'ies' : 'y'}`;
      report.add(
        'rule-before-user-agent',
        line.number,
        `this ${what(key)} comes before any User-agent line, so ${who} it to ${before.length === 3 ? 'any' : 'no'} crawler`,
        { syntaxes: before },
      );
    }
  }
  flushCut();
  return { records, groups };
}

/** The names of a record, as written. */
const namesOf = (uas: readonly LintLine[]): string => uas.map((l) => `"${l.value}"`).join(', ');

/** Records the classic reader drops for want of rules (behaviour.md §2.5), as RFC 9309 reads the same lines. */
function checkEmptyRecords(t: LintText, s: Structure, report: Report): void {
  const groupOf = new Map<LintLine, RfcGroup>();
  for (const g of s.groups) for (const ua of g.uas) groupOf.set(ua, g);
  for (const record of s.records) {
    if (record.rules.length > 0) continue;
    const first = record.uas[0]!;
    const group = groupOf.get(first);
    const names = namesOf(record.uas.filter((l) => l.value !== ''));
    if (names === '') continue;
    if (group !== undefined && group.rules.length > 0) {
      const closed = record.closedBy;
      const ender =
        closed === null
          ? 'the file ends before any rule of this record'
          : closed.content === Content.Blank
            ? `the blank line ${closed.number} ends this record before any rule`
            : `the ${record.runEnd?.classicKey === Key.Sitemap ? 'Sitemap' : 'Crawl-delay'} on line ${record.runEnd?.number} ends this run of User-agent lines and line ${closed.number} opens a new record, leaving this one without rules`;
      const plural = record.uas.length > 1;
      report.add(
        'user-agent-split',
        first.number,
        `${ender}: MK1996 and GYM2008 drop it (behaviour.md §2.4, §2.5), so ${names} get${plural ? '' : 's'} no rules from it; RFC9309 reads ${plural ? 'them' : 'it'} with the rules from line ${group.rules[0]!.number} on`,
        { syntaxes: CLASSIC },
      );
    } else {
      const named = record.uas.some((l) => l.value !== '*');
      const rfc = named
        ? 'under RFC9309 the group still names them, so they may fetch everything (the * group no longer applies to them)'
        : 'under RFC9309 the group has no rules';
      report.add(
        'user-agent-without-rules',
        first.number,
        `no Allow or Disallow follows ${names}: MK1996 and GYM2008 drop the record (behaviour.md §2.5), so it gives its agents no rules; ${rfc}`,
      );
    }
  }
}

/** User-agent values: empty ones, and those the product-token rule reads otherwise. */
function checkAgents(t: LintText, report: Report): void {
  for (const line of t.lines) {
    if (line.classicKey !== Key.UserAgent) continue;
    const column = line.valueStart - line.start + 1;
    const value = line.value;
    if (value === '') {
      report.add(
        'empty-user-agent',
        line.number,
        'this User-agent line names no crawler: MK1996 and GYM2008 skip its value, and under RFC9309 it names nothing',
        { column },
      );
      continue;
    }
    if (line.rfcKey !== Key.UserAgent) continue;
    const { global, token } = rfcAgent(line.rfcValue);
    const shown = fromUtf8Bytes(line.rfcValue);
    if (value === '*') {
      if (!global)
        report.add(
          'user-agent-token',
          line.number,
          `"${shown}" is the * record under MK1996 and GYM2008 but names no crawler under RFC9309, which trims only ASCII white space`,
          { column, syntaxes: ['RFC9309'] },
        );
    } else if (global) {
      report.add(
        'user-agent-token',
        line.number,
        `RFC9309 reads "${value}" as the * group; MK1996 and GYM2008 look for "${value}" inside the crawler's user agent`,
        { column },
      );
    } else if (token !== value.toLowerCase()) {
      const rfc = token === '' ? 'names no crawler under RFC9309 (its product token is empty)' : `names the product token "${token}" under RFC9309`;
      // A digit or another letter inside the name cuts the token short: writing less would not help.
      const inWord = /^[\p{L}\p{N}]/u.test(value.slice(token.length));
      const fix = inWord ? ', as a product token holds only letters, "-" and "_" (RFC 9309 §2.2.1)' : ': write the product token alone';
      report.add(
        'user-agent-token',
        line.number,
        `"${value}" ${rfc}, while MK1996 and GYM2008 look for "${value.toLowerCase()}" inside the crawler's user agent (behaviour.md §3, §8.2)${fix}`,
        { column: column + token.length },
      );
    }
  }
}

/** Agents named by two groups that have rules: RFC 9309 merges them, the classic syntaxes take the first. */
function checkDuplicateGroups(s: Structure, report: Report): void {
  const firstGroup = new Map<string, { group: RfcGroup; line: number }>();
  for (const group of s.groups) {
    if (group.rules.length === 0) continue;
    for (const ua of group.uas) {
      const { global, token } = rfcAgent(ua.rfcValue);
      const agent = global ? '*' : token;
      if (agent === '') continue;
      const seen = firstGroup.get(agent);
      if (seen === undefined) firstGroup.set(agent, { group, line: ua.number });
      else if (seen.group !== group) {
        report.add(
          'duplicate-group',
          ua.number,
          `"${agent}" is named by the group of line ${seen.line} too: RFC9309 merges the rules of both groups (RFC 9309 §2.2.1), MK1996 and GYM2008 use only the first record that applies: write one group`,
        );
      }
    }
  }
}

/** The group checks; returns the records and groups for the rule checks. */
export function checkGroups(t: LintText, report: Report): Structure {
  const s = build(t, report);
  checkEmptyRecords(t, s, report);
  checkAgents(t, report);
  checkDuplicateGroups(s, report);
  return s;
}
