// Helpers for the linter's tests: its findings as short strings, and the
// parser's answers in the three syntaxes, to check that a finding about
// syntaxes is borne out by them.
import { GYM2008, lint, MK1996, RFC9309, RobotExclusionRulesParser, type LintCode, type LintDiagnostic } from '../../src/index.js';

/** Every finding as `line:code`, in order. */
export function found(text: string | Uint8Array): string[] {
  return lint(text).map((d) => `${d.line}:${d.code}`);
}

/** The findings of one code. */
export function findings(text: string | Uint8Array, code: LintCode): LintDiagnostic[] {
  return lint(text).filter((d) => d.code === code);
}

/** The one finding of `code`, or an error naming what was found instead. */
export function one(text: string | Uint8Array, code: LintCode): LintDiagnostic {
  const all = lint(text);
  const hits = all.filter((d) => d.code === code);
  if (hits.length !== 1) throw new Error(`expected one ${code}, found: ${all.map((d) => `${d.line}:${d.code}`).join(', ') || 'nothing'}`);
  return hits[0]!;
}

/** What each syntax answers for `userAgent` and `url`. */
export function answers(text: string, userAgent: string, url: string): { MK1996: boolean; GYM2008: boolean; RFC9309: boolean } {
  const parser = new RobotExclusionRulesParser();
  parser.parse(text);
  return {
    MK1996: parser.isAllowed(userAgent, url, MK1996),
    GYM2008: parser.isAllowed(userAgent, url, GYM2008),
    RFC9309: parser.isAllowed(userAgent, url, RFC9309),
  };
}
