// `npm run bench:batch [-- <other checkout> [urls [rounds]]]`: `rerp batch`
// on a generated stream of URLs (default 1,000,000) on one origin, a
// node:http server on 127.0.0.1: URLs checked per second of wall time and
// per second of the child's CPU time (user + system; a shared machine's wait
// for a core is not in it), and the child's peak RSS. With another checkout
// (a built git worktree of an older commit), both run in turn, `rounds`
// times each (default 3); medians are printed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manyUrls, runBatchChild } from '../test/helpers/batch-child.js';
import { respond, startServer } from '../test/helpers/server.js';
import { renderTable } from './table.js';

const HERE = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  const other = process.argv[2] === undefined ? null : path.resolve(process.argv[2]);
  const count = Number(process.argv[3] ?? 1_000_000);
  const rounds = Number(process.argv[4] ?? 3);
  const roots = other === null ? [HERE] : [other, HERE];
  const server = await startServer({ '/robots.txt': respond(200, 'User-agent: *\nDisallow: /private/\n') });
  const rates = roots.map(() => [] as number[]);
  const cpuRates = roots.map(() => [] as number[]);
  const rss = roots.map(() => [] as number[]);
  try {
    for (let round = 0; round < rounds; round++) {
      for (const [r, root] of roots.entries()) {
        const run = await runBatchChild(path.join(root, 'dist/src/cli/main.js'), ['Bot'], manyUrls(server.origin, count));
        if (run.lines !== count) throw new Error(`${root}: ${run.lines} lines of ${count}: ${run.stderr}`);
        rates[r]!.push(count / (run.ms / 1000));
        cpuRates[r]!.push(count / (run.cpuMs / 1000));
        rss[r]!.push(run.maxRss);
      }
    }
  } finally {
    await server.close();
  }
  console.log(`rerp batch, ${count} URLs on one origin, median of ${rounds} runs\n`);
  const rows = roots.map((root, r) => [
    root === HERE ? 'this checkout' : path.basename(root),
    Math.round(median(rates[r]!)).toLocaleString('en'),
    Math.round(median(cpuRates[r]!)).toLocaleString('en'),
    `${Math.round(median(rss[r]!) / 2 ** 20)} MiB`,
  ]);
  console.log(renderTable(['build', 'URLs/s', 'URLs/CPU s', 'peak RSS'], rows, 'lrrr'));
}

await main();
