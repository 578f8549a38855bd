// `npm run bench:startup [-- <other checkout> [runs]]`: what a fresh process
// pays before its first answer, the cost of a one-shot `rerp check`. Each
// figure is the median of `runs` fresh `node` processes (default 21):
//
// - import: `await import()` of the library's entry (dist/src/index.js, what
//   `import('robotexclusionrulesparser')` loads), timed inside the process;
// - first file: parse + first check of examples/robots.txt in each syntax,
//   the library already imported, in a process that has checked nothing yet;
// - `rerp check examples/robots.txt Bot /x`, and `node -e 0` for scale: wall
//   time of the whole process, spawn to exit.
//
// With another checkout (a git worktree of an older commit, built, whose
// node_modules is a link to this one's), its figures are measured in turn
// with this one's, run by run, so that a load spike hits both.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderTable } from './table.js';

const HERE = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SYNTAXES = ['MK1996', 'GYM2008', 'RFC9309'] as const;

/** The code a child runs: it prints one JSON object of milliseconds. */
function probe(root: string): string {
  const entry = pathToFileURL(path.join(root, 'dist/src/index.js')).href;
  const file = JSON.stringify(path.join(root, 'examples/robots.txt'));
  return `
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(${file}, 'utf8');
    const t0 = performance.now();
    const lib = await import(${JSON.stringify(entry)});
    const t1 = performance.now();
    const firsts = {};
    for (const name of ${JSON.stringify(SYNTAXES)}) {
      const s = performance.now();
      const parser = new lib.RobotExclusionRulesParser();
      parser.parse(text);
      parser.isAllowed('Bot', 'https://example.com/private/x', lib[name]);
      firsts[name] = performance.now() - s;
    }
    console.log(JSON.stringify({ import: t1 - t0, ...firsts }));`;
}

/** One child: the probe in a fresh process, or its order shuffled so that no syntax always pays first. */
function runProbe(root: string, order: readonly string[]): Record<string, number> {
  const code = probe(root).replace(JSON.stringify(SYNTAXES), JSON.stringify(order));
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`probe failed in ${root}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, number>;
}

/** Wall milliseconds of one process. */
function wall(args: readonly string[], cwd: string): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'ignore' });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${String(r.status)} in ${cwd}`);
  return ms;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

interface Figures {
  readonly import: number;
  readonly first: Record<string, number>;
  readonly check: number;
  readonly node: number;
}

function main(): void {
  const other = process.argv[2] === undefined ? null : path.resolve(process.argv[2]);
  const runs = Number(process.argv[3] ?? 21);
  const roots = other === null ? [HERE] : [other, HERE];
  const samples = roots.map(() => ({ import: [] as number[], first: new Map<string, number[]>(SYNTAXES.map((s) => [s, []])), check: [] as number[] }));
  const node: number[] = [];
  for (let i = 0; i < runs; i++) {
    node.push(wall(['-e', '0'], HERE));
    // The syntax tried first in a process pays for code the others then share: each takes that place in turn.
    const order = SYNTAXES.map((_, k) => SYNTAXES[(k + i) % SYNTAXES.length]!);
    roots.forEach((root, r) => {
      const p = runProbe(root, order);
      samples[r]!.import.push(p.import!);
      // The first syntax's figure: what a process pays for its first file in that syntax.
      samples[r]!.first.get(order[0]!)!.push(p[order[0]!]!);
      samples[r]!.check.push(wall(['dist/src/cli/main.js', 'check', 'examples/robots.txt', 'Bot', '/x'], root));
    });
  }
  const figures: Figures[] = samples.map((s) => ({
    import: median(s.import),
    first: Object.fromEntries(SYNTAXES.map((n) => [n, median(s.first.get(n)!)])),
    check: median(s.check),
    node: median(node),
  }));
  const ms = (x: number): string => x.toFixed(1);
  const headers = ['build', 'import', ...SYNTAXES.map((s) => `first file ${s}`), '`rerp check`', '`node -e 0`'];
  const rows = figures.map((f, r) => [
    roots[r] === HERE ? 'this checkout' : path.basename(roots[r]!),
    ms(f.import),
    ...SYNTAXES.map((s) => ms(f.first[s]!)),
    ms(f.check),
    ms(f.node),
  ]);
  console.log(`Fresh processes, milliseconds, median of ${runs} runs\n`);
  console.log(renderTable(headers, rows, 'lrrrrrr'));
}

main();
