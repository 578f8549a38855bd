// Rules that never decide, in every syntax or only in some: first match
// (docs/behaviour.md §4.3) against longest match (docs/behaviour.md §8.4).
// Groups are compared as each syntax builds them; shadowing across the
// groups RFC 9309 merges for one agent is merged.ts's.
import { splitPattern } from '../engine/pattern.js';
import { rulePattern } from '../rfc9309/patterns.js';
import { fromUtf8Bytes } from '../text/bytes.js';
import { Key } from '../text/keys.js';
import { decodePath } from '../text/url-path.js';
import type { LintSyntax } from './codes.js';
import type { Structure } from './groups.js';
import type { LintLine, LintText } from './lines.js';
import { nameSyntaxes, type Report } from './report.js';
import { checkMergedGroups, type RfcRules } from './merged.js';
import { Precedence, shadowsOf, type ShadowRule } from './shadow.js';

/** What keeps a rule from deciding in one syntax. */
interface Shadowed {
  readonly syntax: LintSyntax;
  readonly by: LintLine;
  /** True when the rule that wins answers the opposite: the answer would change if this rule decided. */
  readonly opposite: boolean;
}

const SYNTAX_BITS: Readonly<Record<LintSyntax, number>> = { MK1996: 1, GYM2008: 2, RFC9309: 4 };
const SYNTAXES: readonly LintSyntax[] = ['MK1996', 'GYM2008', 'RFC9309'];

/** What is found, indexed by line number: the syntaxes that hold each rule in a group, and where it never decides. */
interface Findings {
  /** Bits of {@link SYNTAX_BITS}. */
  readonly present: Uint8Array;
  /** How many readings (classic record, RFC 9309 group) hold the rule, and in how many it repeats an earlier rule. */
  readonly readings: Uint8Array;
  readonly repeats: Map<LintLine, LintLine>;
  readonly repeated: Uint8Array;
  readonly shadowed: Map<LintLine, Shadowed[]>;
}

const isAllowKey = (key: Key): boolean => key === Key.Allow;

/** A rule read as a prefix or a pattern: `splitPattern` with its literal cases folded. */
function shadowRule(allow: boolean, path: string, wildcards: boolean, strength: number): ShadowRule {
  const split = wildcards ? splitPattern(path) : null;
  if (split === null) return { allow, key: path, parts: null, anchored: false, strength };
  if (typeof split === 'string') return { allow, key: split, parts: null, anchored: false, strength };
  return { allow, key: split.parts[0]!, parts: split.parts, anchored: split.anchored, strength };
}

/** A rule as RFC 9309 reads it: its normalised pattern (behaviour.md §8.5), and its length for longest match. */
function rfcRule(line: LintLine): ShadowRule {
  const allow = isAllowKey(line.rfcKey);
  const { pattern } = rulePattern(line.rfcValue, 0, line.rfcValue.length, true);
  return shadowRule(allow, pattern, true, pattern.length * 2 + (allow ? 1 : 0));
}

/** Notes which rules of one group never decide in `syntax`, given their shadows. */
function note(findings: Findings, lines: readonly LintLine[], rules: readonly ShadowRule[], shadows: Int32Array, syntax: LintSyntax): void {
  const bit = SYNTAX_BITS[syntax];
  lines.forEach((line, i) => {
    findings.present[line.number] = (findings.present[line.number] ?? 0) | bit;
    const by = shadows[i]!;
    if (by < 0) return;
    let list = findings.shadowed.get(line);
    if (list === undefined) findings.shadowed.set(line, (list = []));
    list.push({ syntax, by: lines[by]!, opposite: rules[by]!.allow !== rules[i]!.allow });
  });
}

/** Notes, for each rule of a group, whether an earlier rule is written the same way (same directive, same value). */
function noteRepeats(findings: Findings, rules: readonly LintLine[], keyOf: (line: LintLine) => string): void {
  const first = new Map<string, LintLine>();
  for (const line of rules) {
    findings.readings[line.number] = (findings.readings[line.number] ?? 0) + 1;
    const key = keyOf(line);
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, line);
    else {
      findings.repeated[line.number] = (findings.repeated[line.number] ?? 0) + 1;
      if (!findings.repeats.has(line)) findings.repeats.set(line, earlier);
    }
  }
}

/** The rule as written, `Disallow: /a`, for messages. */
function written(line: LintLine, syntax: LintSyntax): string {
  if (syntax !== 'RFC9309') return `${line.classicKey === Key.Allow ? 'Allow' : 'Disallow'}: ${line.value}`.trimEnd();
  return `${line.rfcKey === Key.Allow ? 'Allow' : 'Disallow'}: ${fromUtf8Bytes(line.rfcValue)}`;
}

/** How the winning rule wins, in the syntaxes named. */
function how(syntaxes: readonly LintSyntax[]): string {
  const rfc = syntaxes.includes('RFC9309');
  const classic = syntaxes.some((s) => s !== 'RFC9309');
  if (rfc && classic) return 'wins';
  return rfc ? 'wins the longest match' : 'matches first';
}

/** The winning rule, for messages: `"Disallow: /a" (line 2)`, and what a blank classic rule means. */
function winner(s: Shadowed): string {
  const blank = s.syntax !== 'RFC9309' && s.by.value === '' ? ', a blank rule that matches every URL (behaviour.md §4.5),' : '';
  return `"${written(s.by, s.syntax)}" (line ${s.by.number})${blank}`;
}

/** The winning rules, each with the syntaxes it wins in when they differ. */
function winners(list: readonly Shadowed[]): string {
  const lines = [...new Set(list.map((s) => s.by))];
  if (lines.length === 1) return winner(list[0]!);
  return lines
    .map((by) => {
      const here = list.filter((s) => s.by === by);
      return `${winner(here[0]!)} under ${nameSyntaxes(here.map((s) => s.syntax))}`;
    })
    .join(' and ');
}

function classify(line: LintLine, present: readonly LintSyntax[], shadowed: readonly Shadowed[], report: Report): void {
  const against = shadowed.filter((s) => s.opposite);
  const everywhere = shadowed.length === present.length;
  const where = shadowed.map((s) => s.syntax);
  const under = everywhere ? '' : `under ${nameSyntaxes(where)} `;
  const cover = new Set(shadowed.map((s) => s.by)).size > 1 ? 'cover' : 'covers';
  if (against.length === 0) {
    report.add(
      'redundant-rule',
      line.number,
      `${under}this rule never decides: ${winners(shadowed)} already ${cover} every URL it matches, with the same answer`,
      { syntaxes: where },
    );
  } else if (everywhere) {
    report.add(
      'shadowed-rule',
      line.number,
      `this rule never decides: ${winners(against)} ${cover} every URL it matches and ${how(against.map((s) => s.syntax))} with the opposite answer; remove one of them or make this one more specific`,
      { syntaxes: present },
    );
  } else {
    const opposite = against.map((s) => s.syntax);
    const alive = present.filter((s) => !where.includes(s));
    const fix = opposite.includes('RFC9309') ? '' : `: move it above line ${against[0]!.by.number} for one answer in every syntax`;
    const decides = alive.length === 0 ? '' : `; under ${nameSyntaxes(alive)} it decides${fix}`;
    report.add(
      'precedence-differs',
      line.number,
      `under ${nameSyntaxes(opposite)} this rule never decides, because ${winners(against)} ${how(opposite)} with the opposite answer${decides}`,
      {
        syntaxes: opposite,
      },
    );
  }
}

/** Reports the rules that never decide, or decide only in some syntaxes. */
export function checkPrecedence(t: LintText, s: Structure, report: Report): void {
  const size = t.lines.length + 1;
  const findings: Findings = {
    present: new Uint8Array(size),
    readings: new Uint8Array(size),
    repeats: new Map(),
    repeated: new Uint8Array(size),
    shadowed: new Map(),
  };
  for (const record of s.records) {
    if (record.rules.length === 0 || record.uas.every((l) => l.value === '')) continue;
    noteRepeats(findings, record.rules, (l) => (l.classicKey === Key.Allow ? 'A' : 'D') + l.value);
    const paths = record.rules.map((l) => decodePath(l.value));
    const wildcards = paths.some((path) => path.includes('*') || path.endsWith('$'));
    // A blank rule matches everything and means the opposite of its kind (behaviour.md §4.5).
    const allows = record.rules.map((l, i) => (paths[i] === '' ? !isAllowKey(l.classicKey) : isAllowKey(l.classicKey)));
    const literal = paths.map((path, i) => shadowRule(allows[i]!, path, false, 0));
    const mk1996 = shadowsOf(literal, Precedence.FirstMatch);
    note(findings, record.rules, literal, mk1996, 'MK1996');
    // Without wildcards GYM2008 reads the rules as MK1996 does.
    const gym = wildcards ? paths.map((path, i) => shadowRule(allows[i]!, path, true, 0)) : literal;
    note(findings, record.rules, gym, wildcards ? shadowsOf(gym, Precedence.FirstMatch) : mk1996, 'GYM2008');
  }
  const rfcGroups = s.groups.map((group): RfcRules => {
    // Blank rules do nothing under RFC 9309 (behaviour.md §8.4).
    const lines = group.rules.filter((l) => l.rfcValue !== '');
    noteRepeats(findings, lines, (l) => (l.rfcKey === Key.Allow ? 'A' : 'D') + l.rfcValue);
    const rules = lines.map(rfcRule);
    note(findings, lines, rules, shadowsOf(rules, Precedence.LongestMatch), 'RFC9309');
    return { group, lines, rules };
  });
  checkMergedGroups(rfcGroups, report);
  for (const line of t.lines) {
    const bits = findings.present[line.number]!;
    if (bits === 0) continue;
    const present = SYNTAXES.filter((syntax) => (bits & SYNTAX_BITS[syntax]) !== 0);
    // A repeat in every reading that holds it is said once, as a repeat.
    const readings = findings.readings[line.number]!;
    if (readings > 0 && findings.repeated[line.number] === readings) {
      report.add('duplicate-rule', line.number, `this rule repeats line ${findings.repeats.get(line)!.number}`, { syntaxes: present });
      continue;
    }
    const shadowed = findings.shadowed.get(line);
    if (shadowed !== undefined) classify(line, present, shadowed, report);
  }
}
