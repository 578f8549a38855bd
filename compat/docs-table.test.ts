// docs/porting-from-python.md lists every difference class with the same
// example the fixed-cases suite runs against the real Python, so the table
// cannot drift from what the suite checks.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CLASSES } from './classify.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/porting-from-python.md', import.meta.url)), 'utf8');
const section = doc.slice(doc.indexOf('### Differences from urllib.robotparser'), doc.indexOf('### Python versions'));
const rows = new Map(
  section
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .map((l) => {
      const cells = l
        .slice(2, -2)
        .split(' | ')
        .map((c) => c.trim().replace(/^`|`$/g, ''));
      return [cells[0]!, cells] as const;
    }),
);
const cell = (text: string): unknown => (text === 'raises ValueError' ? 'raises ValueError' : JSON.parse(text));

for (const k of CLASSES) {
  test(`the porting guide's table shows class ${k.id} with its tested example`, (t) => {
    const row = rows.get(k.id);
    if (row === undefined) return t.fail(`no row for ${k.id}`);
    const [, , robots, question, python, port] = row;
    t.is(JSON.parse(`"${robots}"`), k.example.robots);
    if (k.example.aspect === 'canFetch') t.is(question, `can_fetch(${JSON.stringify(k.example.ua)}, ${JSON.stringify(k.example.url)})`);
    t.deepEqual(
      cell(python!),
      typeof k.example.python === 'object' && k.example.python !== null && 'error' in k.example.python ? 'raises ValueError' : k.example.python,
    );
    t.deepEqual(cell(port!), k.example.port);
  });
}

test('the porting guide has no row for a class the suite does not know', (t) => {
  const known = new Set(CLASSES.map((k) => k.id));
  t.deepEqual(
    [...rows.keys()].filter((id) => !known.has(id)),
    [],
  );
});
