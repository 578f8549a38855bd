// docs/lint.md's code table is the code table of src/lint/codes.ts, row for
// row: the same codes in the same order, with the same severities and summaries.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LINT_CODES } from '../../src/internal.js';

const doc = readFileSync(fileURLToPath(new URL('../../../docs/lint.md', import.meta.url)), 'utf8');
const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');

test('docs/lint.md lists every code with its severity and summary, in order', (t) => {
  const rows = [...doc.matchAll(/^\| `([a-z0-9-]+)` \| (error|warning|info) \| (.*) \|$/gm)].map((m) => ({ code: m[1], severity: m[2], summary: m[3] }));
  t.deepEqual(
    rows,
    Object.entries(LINT_CODES).map(([code, info]) => ({ code, severity: info.severity, summary: info.summary })),
  );
});

test('the README has a Lint section that links to docs/lint.md', (t) => {
  t.regex(readme, /^## Lint$/m);
  t.true(readme.includes('](docs/lint.md)'));
});
