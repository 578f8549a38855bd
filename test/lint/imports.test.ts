// src/lint/ belongs to the core (docs/architecture.md): no I/O, nothing from
// Node, and only the core's folders imported.
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../../src/lint/', import.meta.url));
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

test('src/lint imports nothing from Node and only the core', (t) => {
  t.true(files.length > 0);
  for (const file of files) {
    const source = readFileSync(join(DIR, file), 'utf8');
    const imports = [...source.matchAll(/^import [^;]* from '([^']+)'/gm)].map((m) => m[1]!);
    for (const from of imports) {
      t.regex(from, /^\.\/|^\.\.\/(text|engine|classic|rfc9309)\//, `${file} imports ${from}`);
    }
    t.notRegex(source, /\bBuffer\b|\bprocess\./, file);
  }
});
