// Collects diagnostics as the checks find them, and hands them out in line order.
import { CODE_ORDER, LINT_CODES, type LintCode, type LintDiagnostic, type LintSyntax } from './codes.js';

/** Where on the line, and which syntaxes, when a diagnostic names them. */
export interface Placement {
  readonly column?: number;
  readonly syntaxes?: readonly LintSyntax[];
}

const ALL: readonly LintSyntax[] = ['MK1996', 'GYM2008', 'RFC9309'];

/** The syntaxes in their usual order, or undefined when they are all three. */
export function someSyntaxes(syntaxes: Iterable<LintSyntax>): readonly LintSyntax[] | undefined {
  const set = new Set(syntaxes);
  const list = ALL.filter((s) => set.has(s));
  return list.length === ALL.length ? undefined : list;
}

/** `MK1996 and GYM2008`, `RFC9309`, `MK1996, GYM2008 and RFC9309`. */
export function nameSyntaxes(syntaxes: readonly LintSyntax[]): string {
  return syntaxes.length <= 1 ? syntaxes.join('') : `${syntaxes.slice(0, -1).join(', ')} and ${syntaxes[syntaxes.length - 1]}`;
}

/** The diagnostics found so far. */
export class Report {
  private readonly items: LintDiagnostic[] = [];

  add(code: LintCode, line: number, message: string, at: Placement = {}): void {
    const syntaxes = at.syntaxes === undefined ? undefined : someSyntaxes(at.syntaxes);
    const severity = LINT_CODES[code].severity;
    // Keys in the order the type lists them, absent ones left out: readable JSON.
    const d: LintDiagnostic =
      at.column === undefined
        ? syntaxes === undefined
          ? { line, severity, code, message }
          : { line, severity, code, message, syntaxes }
        : syntaxes === undefined
          ? { line, column: at.column, severity, code, message }
          : { line, column: at.column, severity, code, message, syntaxes };
    this.items.push(d);
  }

  /** Every diagnostic by line, then column, then the code table's order. */
  sorted(): LintDiagnostic[] {
    return this.items.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0) || CODE_ORDER.get(a.code)! - CODE_ORDER.get(b.code)!);
  }
}
