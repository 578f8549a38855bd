import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// `npm run docs` as a test: typedoc.json treats every warning (an undocumented
// public symbol, a broken link) as an error, so this fails when the API docs would.
test('the API reference builds with every public symbol documented', async (t) => {
  const out = await mkdtemp(join(tmpdir(), 'rerp-api-'));
  try {
    const typedoc = join(ROOT, 'node_modules', 'typedoc', 'bin', 'typedoc');
    const result = await promisify(execFile)(process.execPath, [typedoc, '--out', out], { cwd: ROOT });
    t.notRegex(result.stdout + result.stderr, /\[warning\]|\[error\]/);
    t.true((await stat(join(out, 'index.html'))).isFile());
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
