// lint never throws, whatever it is given, and what it returns is well formed.
import test from 'ava';
import fc from 'fast-check';
import { lint, type LintDiagnostic } from '../../src/index.js';
import { LINT_CODES } from '../../src/internal.js';
import { pseudoRandomBytes } from '../helpers/random.js';
import { assertProperty } from '../helpers/robots.js';

/** True when every diagnostic names a known code with its severity, a line of the text and a column from 1. */
function wellFormed(diagnostics: readonly LintDiagnostic[], lines: number): boolean {
  return diagnostics.every(
    (d) =>
      Object.hasOwn(LINT_CODES, d.code) &&
      LINT_CODES[d.code].severity === d.severity &&
      Number.isInteger(d.line) &&
      d.line >= 1 &&
      d.line <= lines &&
      (d.column === undefined || (Number.isInteger(d.column) && d.column >= 1)) &&
      d.message.length > 0 &&
      (d.syntaxes === undefined || (d.syntaxes.length > 0 && d.syntaxes.length < 3)),
  );
}

const lineCount = (text: string): number => text.split(/\r\n|\r|\n/).length;

test('lint never throws on random bytes', (t) => {
  for (let seed = 1; seed <= 200; seed++) {
    const bytes = pseudoRandomBytes(1 + ((seed * 37) % 3000), seed);
    let out: LintDiagnostic[] = [];
    t.notThrows(() => (out = lint(bytes)), `seed ${seed}`);
    t.true(wellFormed(out, lineCount(String.fromCharCode(...bytes))), `seed ${seed}`);
  }
});

test('lint never throws on odd values: NUL, lone surrogates, non-strings', (t) => {
  for (const input of ['\u0000', 'User-agent: \uD800\nDisallow: /\uDC00%00%\n', '%00', 'Disallow: /%00\nUser-agent: *\nAllow: /%00a\nDisallow: /%00\n']) {
    t.notThrows(() => lint(input));
  }
  t.notThrows(() => lint(new ArrayBuffer(3)));
  t.notThrows(() => lint(null as unknown as string));
  t.notThrows(() => lint(12 as unknown as string));
});

/** Lines of robots.txt pieces, likely and unlikely, glued with every kind of line end. */
const arbText = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'User-agent:',
        'useragent:',
        'User agent',
        'Allow:',
        'Disallow:',
        'Dissalow:',
        'Sitemap:',
        'Crawl-delay:',
        'Host:',
        '\uFEFF',
        '<html>',
        '#',
        '',
        'x:',
        'Disallow',
      ),
      fc.constantFrom(' ', '\t', '', '\u00a0'),
      fc.stringMatching(/^[*$/%a-fA-F0-9 .#:\u00e9]{0,8}$/),
      fc.constantFrom('\n', '\r\n', '\r', '\n\n'),
    ),
    { maxLength: 25 },
  )
  .map((lines) => lines.map((parts) => parts.join('')).join(''));

test('lint never throws on robots.txt-like text, and its findings are well formed', (t) => {
  assertProperty(
    t,
    fc.property(arbText, (text) => wellFormed(lint(text), lineCount(text))),
    { numRuns: 3000, seed: 2008 },
  );
});
