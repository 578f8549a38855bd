// Running the `rerp` command in process, and the robots.txt files it reads.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

/** What one `rerp` run gave: its exit status and the lines it wrote. */
export interface CliRun {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

/** Runs `rerp` with `args`, its output lines collected; `extra` adds to its I/O (standard input, say). */
export async function run(args: string[], extra: Partial<CliIO> = {}): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (l) => out.push(l), err: (l) => err.push(l), ...extra });
  return { code, out, err };
}

/** A robots.txt file holding `content`, in a new temporary folder. */
export async function robotsFile(content: string | Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'rerp-'));
  const file = join(dir, 'robots.txt');
  await writeFile(file, content);
  return file;
}
