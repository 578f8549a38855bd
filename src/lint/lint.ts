// lint: what a robots.txt means in each syntax, and why, as a list of
// diagnostics (docs/lint.md). One pass reads the lines both ways
// (lines.ts); each family of checks then walks them once. Never throws,
// and takes time linear in the file (shadow.ts says how rule pairs are kept
// from being quadratic).
import { sourceText } from '../text/source.js';
import type { LintDiagnostic } from './codes.js';
import { checkControls } from './controls.js';
import { checkDirectives } from './directives.js';
import { checkFile } from './file.js';
import { checkGroups } from './groups.js';
import { readLines } from './lines.js';
import { checkPrecedence } from './precedence.js';
import { Report } from './report.js';
import { checkValues } from './values.js';

/**
 * Checks a robots.txt and says, line by line, what the three syntaxes make
 * of it where they differ, and what is likely a mistake: misspelled or
 * unknown directives, rules outside any group, rules whose answer depends
 * on first match or longest match, rules that never decide, values that do
 * not parse, and files too large or not robots.txt at all. Every code is
 * described in docs/lint.md.
 *
 * Input is read as `parse` reads it: a string as it is, bytes (a
 * `Uint8Array` or an `ArrayBuffer`) one byte a character, as ISO-8859-1
 * (and, for RFC 9309, as the bytes they are). Never throws, whatever it is
 * given, and takes time linear in the size of the file.
 *
 * ```ts
 * import { lint } from 'robotexclusionrulesparser';
 *
 * lint('User-agent: *\nDisallow: /a\nAllow: /a/b\n').map((d) => d.code); // => ['precedence-differs']
 * ```
 *
 * @param robotsTxt The file's text, or its bytes.
 * @returns The diagnostics, by line; an empty list for a clean file.
 */
export function lint(robotsTxt: string | Uint8Array | ArrayBuffer): LintDiagnostic[] {
  const { source: text, fromBytes } = sourceText(robotsTxt);
  const lines = readLines(text, fromBytes);
  const report = new Report();
  if (!checkFile(lines, report)) {
    checkControls(lines, report);
    checkDirectives(lines, report);
    const structure = checkGroups(lines, report);
    checkValues(lines, report);
    checkPrecedence(lines, structure, report);
  }
  return report.sorted();
}
