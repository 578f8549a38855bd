// docs/lint.md's code table is the code table of src/lint/codes.ts, row for
// row: the same codes in the same order, with the same severities and summaries.
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
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

test('every code has a test on a small file, titled with the code', (t) => {
  const dir = fileURLToPath(new URL('../../../test/lint/', import.meta.url));
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => readFileSync(dir + f, 'utf8'))
    .join('\n');
  const titled = new Set([...sources.matchAll(/^test\(['"`]([a-z0-9-]+)(?: and ([a-z0-9-]+))?:/gm)].flatMap((m) => [m[1], m[2]]));
  t.deepEqual(
    Object.keys(LINT_CODES).filter((code) => !titled.has(code)),
    [],
  );
});
