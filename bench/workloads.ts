// Finds the benchmark inputs: the shared workload files when present (read in
// place, never copied into the repository), else seeded generated stand-ins.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateWorkload } from './generate.js';

/** One benchmark input: a robots.txt file and the URLs checked against it. */
export interface Workload {
  readonly name: string;
  /** The file as bytes; each parsed copy decodes its own string from them. */
  readonly bytes: Buffer;
  readonly text: string;
  readonly urls: readonly string[];
  /** Where it came from: the shared file's path, or `generated`. */
  readonly source: string;
}

/** The workloads, in table order. */
export const WORKLOAD_NAMES = ['tiny', 'cms', 'big', 'synth5k'] as const;

/** The package root: dist/bench/ is two levels below it. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The folder holding NAME.robots.txt and NAME.urls.txt: `RERP_BENCH_DIR`
 * (that folder, or one with a `workload/` subfolder) when set, else
 * `../shared/bench/workload` beside the package root. Null when absent.
 */
export function workloadDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const override = env['RERP_BENCH_DIR'];
  if (override !== undefined && override !== '') {
    const dir = path.resolve(override);
    const nested = path.join(dir, 'workload');
    if (existsSync(nested)) return nested;
    if (existsSync(dir)) return dir;
    throw new Error(`RERP_BENCH_DIR=${override}: no such folder`);
  }
  const shared = path.resolve(PACKAGE_ROOT, '..', 'shared', 'bench', 'workload');
  return existsSync(shared) ? shared : null;
}

function readUrls(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
}

/** Loads one workload, falling back to the generator when its files are missing. */
export function loadWorkload(name: string, dir: string | null = workloadDir()): Workload {
  if (dir !== null) {
    const robots = path.join(dir, `${name}.robots.txt`);
    const list = path.join(dir, `${name}.urls.txt`);
    if (existsSync(robots) && existsSync(list)) {
      const bytes = readFileSync(robots);
      return { name, bytes, text: bytes.toString('utf8'), urls: readUrls(list), source: robots };
    }
  }
  const generated = generateWorkload(name);
  return { name, bytes: Buffer.from(generated.text, 'utf8'), text: generated.text, urls: generated.urls, source: 'generated' };
}
