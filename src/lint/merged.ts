// Shadowing across the groups RFC 9309 merges (RFC 9309 §2.2.1,
// docs/behaviour.md §8.1): when several groups name one agent, their rules
// are one set for it, so a rule of one group can be kept from deciding by an
// equal or longer opposite rule of another (longest match, §8.4). MK1996 and
// GYM2008 read only the first such record, so this is an RFC9309 finding.
//
// Time stays linear: agents named by the same groups share one merged set,
// and the merged sets examined hold at most MERGE_BUDGET times the rules of
// the file's groups together; past that, the remaining sets are not examined.
import type { RfcGroup } from './groups.js';
import { rfcAgent } from './groups.js';
import type { LintLine } from './lines.js';
import type { Report } from './report.js';
import { Precedence, shadowsOf, type ShadowRule } from './shadow.js';
import { Key } from '../text/keys.js';
import { fromUtf8Bytes } from '../text/bytes.js';

/** How many times the file's group rules the merged sets may hold together. */
export const MERGE_BUDGET = 4;

/** One RFC 9309 group with its rules that can decide (not blank), as the shadow check reads them. */
export interface RfcRules {
  readonly group: RfcGroup;
  readonly lines: readonly LintLine[];
  readonly rules: readonly ShadowRule[];
}

/** The rule as RFC 9309 reads it, for messages. */
const written = (line: LintLine): string => `${line.rfcKey === Key.Allow ? 'Allow' : 'Disallow'}: ${fromUtf8Bytes(line.rfcValue)}`;

/** Reports the rules an opposite rule of another group for the same agent keeps from deciding under RFC9309. */
export function checkMergedGroups(groups: readonly RfcRules[], report: Report): void {
  // The groups (with rules) that name each agent, in file order.
  const named = new Map<string, number[]>();
  groups.forEach((g, k) => {
    if (g.lines.length === 0) return;
    for (const ua of g.group.uas) {
      const { global, token } = rfcAgent(ua.rfcValue);
      const agent = global ? '*' : token;
      if (agent === '') continue;
      let list = named.get(agent);
      if (list === undefined) named.set(agent, (list = []));
      if (list[list.length - 1] !== k) list.push(k);
    }
  });
  let budget = MERGE_BUDGET * groups.reduce((n, g) => n + g.lines.length, 0);
  const seen = new Set<string>();
  const reported = new Set<LintLine>();
  for (const [agent, list] of named) {
    if (list.length < 2) continue;
    const key = list.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    const lines: LintLine[] = [];
    const rules: ShadowRule[] = [];
    const from: number[] = [];
    for (const k of list) {
      const g = groups[k]!;
      lines.push(...g.lines);
      rules.push(...g.rules);
      for (let i = 0; i < g.lines.length; i++) from.push(k);
    }
    budget -= lines.length;
    if (budget < 0) return;
    const shadows = shadowsOf(rules, Precedence.LongestMatch);
    shadows.forEach((by, i) => {
      if (by < 0 || from[by] === from[i] || rules[by]!.allow === rules[i]!.allow) return;
      const line = lines[i]!;
      if (reported.has(line)) return;
      reported.add(line);
      const winner = lines[by]!;
      const other = groups[from[by]!]!.group.uas[0]!.number;
      const shown = agent === '*' ? 'the * group' : `"${agent}"`;
      report.add(
        'shadowed-across-groups',
        line.number,
        `for ${shown}, RFC9309 merges this group with the group of line ${other} (RFC 9309 §2.2.1), where "${written(winner)}" (line ${winner.number}) matches every URL this rule matches and wins the longest match with the opposite answer, so this rule never decides for ${shown}; MK1996 and GYM2008 read only the first of the groups: write one group`,
        { syntaxes: ['RFC9309'] },
      );
    });
  }
}
