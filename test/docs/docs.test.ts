// Every TypeScript block of README.md and docs/*.md runs against the built
// package, with its `// => value` claims checked (see doc-samples.ts), so the
// documentation cannot drift from the code. Each block is transpiled with
// TypeScript and run by `node` from a directory inside the repository, where
// `import ... from 'robotexclusionrulesparser'` resolves to the package itself.
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { instrument, PRELUDE, tsBlocks, SampleError, type Block } from './doc-samples.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const blocks = docs.flatMap((file) => tsBlocks(file, readFileSync(join(ROOT, file), 'utf8')));
const dir = mkdtempSync(join(ROOT, 'dist', 'doc-samples-'));

test.after.always(() => rmSync(dir, { recursive: true, force: true }));

function compile(block: Block): string {
  const out = ts.transpileModule(instrument(block), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    reportDiagnostics: true,
    fileName: 'sample.ts',
  });
  const errors = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (errors.length > 0) throw new SampleError(`${block.file}:${block.line}: ${errors.join('; ')}`);
  return PRELUDE + out.outputText;
}

function run(file: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file], { cwd: dir, timeout: 30_000 }, (err, _stdout, stderr) =>
      resolve({ code: err === null ? 0 : typeof err.code === 'number' ? err.code : 1, stderr }),
    );
  });
}

test('the docs have TypeScript samples to run', (t) => {
  t.true(blocks.filter((b) => b.file === 'README.md').length >= 2);
  t.true(blocks.some((b) => b.file.startsWith('docs/')));
});

blocks.forEach((block, n) => {
  const title = `${block.file} block at line ${block.line}`;
  if (block.noRun !== null) {
    test(`${title} compiles and says why it does not run`, (t) => {
      t.not(block.noRun, '', 'a no-run block must give its reason: ```ts no-run: <reason>');
      t.notThrows(() => compile(block));
    });
    return;
  }
  test(`${title} runs and its // => claims hold`, async (t) => {
    const file = join(dir, `sample-${n}.mjs`);
    writeFileSync(file, compile(block));
    const { code, stderr } = await run(file);
    t.is(code, 0, stderr);
  });
});
