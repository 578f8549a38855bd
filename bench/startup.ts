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
// Each is given as wall time and as CPU time (user + system, all threads):
// on a shared machine a process waits for a core, which the wall time
// counts and the CPU time does not.
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
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const lib = await import(${JSON.stringify(entry)});
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    const firsts = {};
    for (const name of ${JSON.stringify(SYNTAXES)}) {
      const c = process.cpuUsage();
      const s = performance.now();
      const parser = new lib.RobotExclusionRulesParser();
      parser.parse(text);
      parser.isAllowed('Bot', 'https://example.com/private/x', lib[name]);
      firsts[name] = performance.now() - s;
      const used = process.cpuUsage(c);
      firsts[name + 'Cpu'] = (used.user + used.system) / 1000;
    }
    console.log(JSON.stringify({ import: t1 - t0, importCpu: (c1.user + c1.system) / 1000, ...firsts }));`;
}

/** One child: the probe in a fresh process, or its order shuffled so that no syntax always pays first. */
function runProbe(root: string, order: readonly string[]): Record<string, number> {
  const code = probe(root).replace(JSON.stringify(SYNTAXES), JSON.stringify(order));
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`probe failed in ${root}: ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, number>;
}

/** A preloaded module that reports the process's CPU time (microseconds) on standard error at exit. */
const REPORT_CPU = `data:text/javascript,process.on('exit', () => { const c = process.cpuUsage(); process.stderr.write('cpu ' + (c.user + c.system)); })`;

/** Wall and CPU milliseconds of one process. */
function wall(args: readonly string[], cwd: string): { wall: number; cpu: number } {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', REPORT_CPU, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - t;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${String(r.status)} in ${cwd}`);
  return { wall: ms, cpu: Number(/cpu (\d+)$/.exec(r.stderr)![1]) / 1000 };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Wall and CPU samples of one figure. */
class Samples {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];
  add(x: { wall: number; cpu: number }): void {
    this.wall.push(x.wall);
    this.cpu.push(x.cpu);
  }
  /** `wall / cpu` medians. */
  toString(): string {
    return `${median(this.wall).toFixed(1)} / ${median(this.cpu).toFixed(1)}`;
  }
}

function main(): void {
  const other = process.argv[2] === undefined ? null : path.resolve(process.argv[2]);
  const runs = Number(process.argv[3] ?? 21);
  const roots = other === null ? [HERE] : [other, HERE];
  const samples = roots.map(() => ({ import: new Samples(), first: new Map(SYNTAXES.map((s) => [s, new Samples()])), check: new Samples() }));
  const node = new Samples();
  for (let i = 0; i < runs; i++) {
    node.add(wall(['-e', '0'], HERE));
    // The syntax tried first in a process pays for code the others then share: each takes that place in turn.
    const order = SYNTAXES.map((_, k) => SYNTAXES[(k + i) % SYNTAXES.length]!);
    roots.forEach((root, r) => {
      const p = runProbe(root, order);
      samples[r]!.import.add({ wall: p.import!, cpu: p.importCpu! });
      // The first syntax's figure: what a process pays for its first file in that syntax.
      samples[r]!.first.get(order[0]!)!.add({ wall: p[order[0]!]!, cpu: p[`${order[0]!}Cpu`]! });
      samples[r]!.check.add(wall(['dist/src/cli/main.js', 'check', 'examples/robots.txt', 'Bot', '/x'], root));
    });
  }
  const headers = ['build', 'import', ...SYNTAXES.map((s) => `first file ${s}`), '`rerp check`', '`node -e 0`'];
  const rows = samples.map((s, r) => [
    roots[r] === HERE ? 'this checkout' : path.basename(roots[r]!),
    String(s.import),
    ...SYNTAXES.map((n) => String(s.first.get(n)!)),
    String(s.check),
    String(node),
  ]);
  console.log(`Fresh processes, milliseconds (wall / CPU), median of ${runs} runs\n`);
  console.log(renderTable(headers, rows, 'lrrrrrr'));
}

main();
