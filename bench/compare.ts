// `npm run bench:compare -- <other build's dist/src/index.js>`: this build
// against another build of this library (an older commit, built in a git
// worktree), in one process, on the benchmark workloads: checks per second
// in each syntax, parse MB/s, and heap per parsed copy. A side-by-side run is
// the only fair comparison on a shared machine: both builds are timed in
// turn within each batch (measure.ts), so a load spike hits both.
//
//   git worktree add /tmp/rerp-base <commit> && (cd /tmp/rerp-base && npm ci && npm run build)
//   npm run bench:compare -- /tmp/rerp-base/dist/src/index.js
//
// Further arguments name the workloads to run (all four by default).
// Prints a Markdown table; always exits 0 unless something crashes.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '../src/index.js';
import { bytesPerSecond, callsPerSecond, canMeasureHeap, DEFAULT_TIMING, heapPerCopy, sink } from './measure.js';
import { renderTable } from './table.js';
import { loadWorkload, WORKLOAD_NAMES } from './workloads.js';

type Library = typeof current;
const USER_AGENT = 'ExampleBot/1.0';
const SYNTAXES = [
  ['GYM2008', 2],
  ['MK1996', 1],
  ['RFC9309', 3],
] as const;

function parse(lib: Library, text: string): Parser {
  const parser = new lib.RobotExclusionRulesParser();
  parser.parse(text);
  return parser;
}

async function main(): Promise<void> {
  const basePath = process.argv[2];
  if (basePath === undefined) {
    console.error('usage: node dist/bench/compare.js <other build>/dist/src/index.js');
    process.exitCode = 2;
    return;
  }
  const base = (await import(pathToFileURL(path.resolve(basePath)).href)) as Library;
  const libs = [base, current] as const;
  const rows: string[][] = [];
  const only = process.argv.slice(3);
  for (const name of WORKLOAD_NAMES.filter((n) => only.length === 0 || only.includes(n))) {
    const w = loadWorkload(name);
    const parsers = libs.map((lib) => parse(lib, w.text));
    for (const [label, syntax] of SYNTAXES) {
      const rates = callsPerSecond<string>(
        [(urls) => passBase(parsers[0]!, urls, syntax), (urls) => passCurrent(parsers[1]!, urls, syntax)],
        w.urls,
        DEFAULT_TIMING,
      );
      const [old, now] = rates.map((r) => r.perSecond) as [number, number];
      rows.push([name, `checks ${label}`, fmt(old), fmt(now), pct(now / old)]);
    }
    // Parse and read the records (sitemaps): this build defers the classic reading to first use.
    const [oldParse, nowParse] = bytesPerSecond(
      libs.map((lib) => () => (sink.value += parse(lib, w.text).sitemaps.length)),
      w.bytes.length,
      DEFAULT_TIMING,
    ) as [number, number];
    rows.push([name, 'parse MB/s', (oldParse / 1e6).toFixed(0), (nowParse / 1e6).toFixed(0), pct(nowParse / oldParse)]);
    if (canMeasureHeap()) {
      const copies = Math.max(30, Math.min(20000, Math.floor(4e6 / w.bytes.length)));
      const probe = w.urls[0]!;
      const [oldHeap, nowHeap] = libs.map((lib) =>
        heapPerCopy(() => {
          const parser = parse(lib, w.bytes.toString('utf8'));
          for (const [, syntax] of SYNTAXES) sink.value += parser.isAllowed(USER_AGENT, probe, syntax) ? 1 : 0;
          return parser;
        }, copies),
      ) as [number, number];
      rows.push([name, 'heap KB (all syntaxes)', (oldHeap / 1024).toFixed(2), (nowHeap / 1024).toFixed(2), pct(nowHeap / oldHeap)]);
    }
  }
  console.log(renderTable(['file', 'measure', 'other build', 'this build', 'this / other'], rows, 'llrrr'));
}

type Parser = InstanceType<Library['RobotExclusionRulesParser']>;

// One loop per build, so that no call site sees both builds' classes.
function passBase(parser: Parser, urls: readonly string[], syntax: 1 | 2 | 3): number {
  let n = 0;
  for (const url of urls) if (parser.isAllowed(USER_AGENT, url, syntax)) n++;
  return n;
}

function passCurrent(parser: Parser, urls: readonly string[], syntax: 1 | 2 | 3): number {
  let n = 0;
  for (const url of urls) if (parser.isAllowed(USER_AGENT, url, syntax)) n++;
  return n;
}

function fmt(perSecond: number): string {
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(2)} M` : `${(perSecond / 1e3).toFixed(0)} k`;
}

function pct(ratio: number): string {
  return `${((ratio - 1) * 100).toFixed(1)} %`;
}

await main();
