// `npm run bench:hosts [-- [--quick] [--sizes 10,1000] [<build>/dist/src/index.js]]`:
// the host layer with many origins held (10 / 1k / 10k / 100k by default):
// cache-hit throughput, RobotRules inserts into a full table and agent(),
// heap per origin; beside each, what a robots-parser user hand-writes (a Map
// of origin -> robotsParser(url, text)), timed in turn within each run
// (measure.ts). Without a build path it measures this checkout; with one (an
// older commit built in a git worktree) it measures that build, so that
// before and after are run by one script:
//
//   git worktree add --detach /tmp/rerp-base <commit> && (cd /tmp/rerp-base && npm ci && npm run build)
//   npm run bench:hosts -- /tmp/rerp-base/dist/src/index.js
//
// Origins are loopback only: one node:http server on 0.0.0.0, origins
// http://127.A.B.C:PORT, each serving a small robots.txt that varies with it.
// URLs cycle through the origins held, so each call asks another origin.
// `--quick` measures 10 and 10,000 origins with shorter runs. Prints a
// Markdown table (progress goes to stderr); exits 0 unless something crashes.
// Each figure is one `add` in measureSize, a row per measure and size: rows
// to come (isAllowedSync, pacing, checks interleaved across distinct files)
// are added the same way. Figures are in docs/performance.md, "Many origins".
import { fork } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as current from '../src/index.js';
import { clock, median, sink } from './measure.js';
import { kilobytes, milliseconds, perSecond, ratio, renderTable } from './table.js';

type Library = typeof current;
type Cache = InstanceType<Library['RobotsCache']>;
type Rules = InstanceType<Library['RobotRules']>;
type Parser = InstanceType<Library['RobotExclusionRulesParser']>;
interface RpRobots {
  isAllowed(url: string, ua?: string): boolean | undefined;
}
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, contents: string) => RpRobots;

const UA = 'ExampleBot/1.0';
/** Bounds high enough that every origin of the largest size is held. */
const BIG = { maxEntries: 1 << 24, maxBytes: 2 ** 40 };
/** URLs per `Promise.all` in the batched row. */
const BATCH = 100;
/** Concurrent first fetches while a cache is filled. */
const FILL_CONCURRENCY = 64;
const PATHS = ['/', '/private/3/page.html', '/tmp/x', '/docs/a?q=1', '/private/3/public/b', '/search?q=robots', '/b/index.html'];

/** The i-th origin's host: 127.A.B.C with each byte in 1..254. */
function host(i: number): string {
  return `127.${1 + Math.floor(i / 64516)}.${1 + (Math.floor(i / 254) % 254)}.${1 + (i % 254)}`;
}

/** The index of the origin whose Host header is `h` (`127.A.B.C:PORT`). */
function indexOf(h: string): number {
  const [, a, b, c] = h.split(':')[0]!.split('.').map(Number) as [number, number, number, number];
  return (a - 1) * 64516 + (b - 1) * 254 + (c - 1);
}

/** A small robots.txt, a little different for each origin. */
function robotsText(i: number): string {
  // Allow first, so that first-match (GYM2008) and longest-match (robots-parser) agree.
  let text = `User-agent: *\nAllow: /private/${i % 7}/public/\nDisallow: /private/${i % 7}/\nDisallow: /tmp/\n`;
  if (i % 3 === 0) text += 'Crawl-delay: 1\n';
  if (i % 4 === 0) text += `Disallow: /search\n`;
  text += '\nUser-agent: BadBot\nDisallow: /\n';
  if (i % 5 === 0) text += `\nSitemap: http://${host(i)}/sitemap.xml\n`;
  return text;
}

/** What a robots-parser user writes: one Map, one parser per origin, fetched on a miss. */
class HandWritten {
  readonly map = new Map<string, RpRobots>();

  add(i: number, port: number): void {
    const origin = `http://${host(i)}:${port}`;
    this.map.set(origin, robotsParser(`${origin}/robots.txt`, robotsText(i)));
  }

  allowedSync(url: string): boolean {
    return this.map.get(new URL(url).origin)!.isAllowed(url, UA) !== false;
  }

  async allowed(url: string): Promise<boolean> {
    const origin = new URL(url).origin;
    let robots = this.map.get(origin);
    if (robots === undefined) {
      const response = await fetch(`${origin}/robots.txt`, { headers: { 'user-agent': UA } });
      robots = robotsParser(`${origin}/robots.txt`, response.ok ? await response.text() : '');
      this.map.set(origin, robots);
    }
    return robots.isAllowed(url, UA) !== false;
  }
}

/** One timed loop: `calls(n)` makes n calls (continuing where it stopped), each `per` operations. */
interface Subject {
  readonly per?: number;
  calls(n: number): unknown;
}

interface Timing {
  readonly targetMs: number;
  readonly runs: number;
}

/** Operations per second of one run of `s`: calls in growing chunks until targetMs has passed. */
async function run(s: Subject, targetMs: number): Promise<number> {
  let calls = 0;
  let chunk = 16;
  const start = clock.now();
  for (;;) {
    await s.calls(chunk);
    calls += chunk;
    const elapsed = clock.now() - start;
    if (elapsed >= targetMs) return (calls * (s.per ?? 1) * 1000) / elapsed;
    if (chunk < 4096) chunk *= 2;
  }
}

/** Median rates of the subjects, each warmed up over `warm` calls, then timed in turn within each run. */
async function rates(subjects: readonly Subject[], warm: number, timing: Timing): Promise<number[]> {
  for (const s of subjects) await s.calls(warm);
  const all: number[][] = subjects.map(() => []);
  for (let r = 0; r < timing.runs; r++) {
    for (const [k, s] of subjects.entries()) all[k]!.push(await run(s, timing.targetMs));
  }
  return all.map(median);
}

/** A cyclic cursor over `items`. */
function cycle<T>(items: readonly T[]): () => T {
  let k = 0;
  return () => {
    const item = items[k]!;
    k = k + 1 === items.length ? 0 : k + 1;
    return item;
  };
}

/** Below this many origins the heap per origin is lost in the noise, and not shown. */
const HEAP_MIN_ORIGINS = 1_000;

/** Heap used after a full collection, or NaN without --expose-gc. */
function heap(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return Number.NaN;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** One row of the table: a measure at one size, this library's figure and the hand-written one's. */
interface Row {
  readonly measure: string;
  readonly n: number;
  readonly lib: number;
  readonly map: number | null;
  readonly format: (x: number) => string;
  /** Rates are compared with the smallest size's; times and bytes are not. */
  readonly rate: boolean;
}

async function measureSize(lib: Library, n: number, port: number, timing: Timing): Promise<Row[]> {
  const rows: Row[] = [];
  const add = (measure: string, libValue: number, mapValue: number | null, format = perSecond, rate = true): void => {
    rows.push({ measure, n, lib: libValue, map: mapValue, format, rate });
  };
  const origins = Array.from({ length: n }, (_, i) => `http://${host(i)}:${port}`);
  // A multiple of n, so that the k-th URL is always on origin k % n.
  const urls = Array.from({ length: n * Math.ceil(4096 / n) }, (_, k) => origins[k % n]! + PATHS[Math.floor(k / n) % PATHS.length]!);
  const warm = urls.length;
  const t0 = performance.now();
  const log = (what: string): void => void process.stderr.write(`  ${n} origins: ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);

  log('robots-parser Map');
  let before = heap();
  const hand = new HandWritten();
  for (let i = 0; i < n; i++) hand.add(i, port);
  for (const u of urls) sink.value += hand.allowedSync(u) ? 1 : 0;
  const mapHeap = (heap() - before) / n;
  const rps = origins.map((o) => hand.map.get(o)!);

  log('RobotsCache fill');
  before = heap();
  let cache: Cache | null = new lib.RobotsCache({ userAgent: UA, ...BIG });
  const next = cycle(origins);
  await Promise.all(
    Array.from({ length: Math.min(FILL_CONCURRENCY, n) }, async () => {
      for (let k = 0; k < Math.ceil(n / FILL_CONCURRENCY); k++) sink.value += (await cache!.isAllowed(`${next()}/`)) ? 1 : 0;
    }),
  );
  if (cache.size !== n) throw new Error(`the cache holds ${cache.size} origins of ${n}`);
  let agree = 0;
  for (const u of urls) agree += (await cache.isAllowed(u)) === hand.allowedSync(u) ? 1 : 0;
  if (agree !== urls.length) process.stderr.write(`  warning: the cache and robots-parser disagree on ${urls.length - agree} URLs\n`);
  if (n >= HEAP_MIN_ORIGINS) add('heap per origin, RobotsCache', (heap() - before) / n, mapHeap, kilobytes, false);

  log('cache hits');
  const c = cache;
  const mapAsync = (): Subject => {
    const url = cycle(urls);
    return {
      calls: async (m) => {
        for (let k = 0; k < m; k++) sink.value += (await hand.allowed(url())) ? 1 : 0;
      },
    };
  };
  const mapBatched = (): Subject => {
    const url = cycle(urls);
    return {
      per: BATCH,
      calls: async (m) => {
        for (let k = 0; k < m; k++) sink.value += (await Promise.all(Array.from({ length: BATCH }, () => hand.allowed(url())))).length;
      },
    };
  };
  let url = cycle(urls);
  const [seq, seqMap] = await rates(
    [
      {
        calls: async (m) => {
          for (let k = 0; k < m; k++) sink.value += (await c.isAllowed(url())) ? 1 : 0;
        },
      },
      mapAsync(),
    ],
    warm,
    timing,
  );
  add('sequential `await cache.isAllowed(url)`, calls/s', seq!, seqMap!);
  url = cycle(urls);
  const [batched, batchedMap] = await rates(
    [
      {
        per: BATCH,
        calls: async (m) => {
          for (let k = 0; k < m; k++) sink.value += (await Promise.all(Array.from({ length: BATCH }, () => c.isAllowed(url())))).length;
        },
      },
      mapBatched(),
    ],
    Math.ceil(warm / BATCH),
    timing,
  );
  add(`batched \`Promise.all\` of ${BATCH}, URLs/s`, batched!, batchedMap!);
  url = cycle(urls);
  const [got, gotMap] = await rates(
    [
      {
        calls: async (m) => {
          for (let k = 0; k < m; k++) {
            const u = url();
            sink.value += (await c.get(u)).isAllowed(UA, u) ? 1 : 0;
          }
        },
      },
      mapAsync(),
    ],
    warm,
    timing,
  );
  add('`(await cache.get(url)).isAllowed`, calls/s', got!, gotMap!);

  log('held parsers alone');
  const parsers: Parser[] = await Promise.all(origins.map((o) => c.get(o)));
  const alone = (check: (k: number, u: string) => boolean): Subject => {
    let k = 0;
    return {
      calls: (m) => {
        for (let j = 0; j < m; j++) {
          sink.value += check(k, urls[k]!) ? 1 : 0;
          k = k + 1 === urls.length ? 0 : k + 1;
        }
      },
    };
  };
  const [parserRate, rpRate] = await rates(
    [alone((k, u) => parsers[k % n]!.isAllowed(UA, u)), alone((k, u) => rps[k % n]!.isAllowed(u, UA) !== false)],
    warm,
    timing,
  );
  add('held parsers alone, checks/s', parserRate!, rpRate!);
  parsers.length = 0;
  cache = null;

  log('RobotRules fill');
  before = heap();
  const rules: Rules = new lib.RobotRules(UA, BIG);
  for (let i = 0; i < n; i++) {
    rules.parse(`${origins[i]!}/robots.txt`, robotsText(i));
    rules.visit(origins[i]!);
  }
  for (const u of urls) sink.value += rules.allowed(u) === true ? 1 : 0;
  if (n >= HEAP_MIN_ORIGINS) add('heap per origin, RobotRules', (heap() - before) / n, mapHeap, kilobytes, false);
  url = cycle(urls);
  const mapUrl = cycle(urls);
  const [allowed, allowedMap] = await rates(
    [
      {
        calls: (m) => {
          for (let k = 0; k < m; k++) sink.value += rules.allowed(url()) === true ? 1 : 0;
        },
      },
      {
        calls: (m) => {
          for (let k = 0; k < m; k++) sink.value += hand.allowedSync(mapUrl()) ? 1 : 0;
        },
      },
    ],
    warm,
    timing,
  );
  add('`RobotRules.allowed(url)`, calls/s', allowed!, allowedMap!);

  log('RobotRules inserts');
  // New origins parsed into the full table, each dropping the least recently used; the Map has no bound.
  const full: Rules = new lib.RobotRules(UA, { maxEntries: n, maxBytes: BIG.maxBytes });
  for (let i = 0; i < n; i++) full.parse(`${origins[i]!}/robots.txt`, robotsText(i));
  let fresh = n;
  let freshMap = n;
  const [inserts, insertsMap] = await rates(
    [
      {
        calls: (m) => {
          for (let k = 0; k < m; k++, fresh++) full.parse(`http://${host(fresh)}:${port}/robots.txt`, robotsText(fresh));
        },
      },
      {
        calls: (m) => {
          for (let k = 0; k < m; k++, freshMap++) hand.add(freshMap, port);
        },
      },
    ],
    1000,
    timing,
  );
  if (full.size !== n) throw new Error(`the full RobotRules holds ${full.size} origins of ${n}`);
  add('`RobotRules` inserts into a full table, parses/s', inserts!, insertsMap!);

  log('agent()');
  // Each call reweighs every origin held (all have visits); the first also drops their rules.
  const agentMs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const start = clock.now();
    rules.agent(r % 2 === 0 ? 'OtherBot/2.0' : UA);
    agentMs.push(clock.now() - start);
  }
  if (rules.size !== n) throw new Error(`agent() left ${rules.size} origins of ${n}`);
  add('`RobotRules.agent(name)`, ms', median(agentMs), null, milliseconds, false);
  return rows;
}

/**
 * The one server every origin is on, in a child process (this file with
 * `--serve`) so that it takes the other core: 0.0.0.0, answering by the Host
 * header, one request per connection (no idle sockets left in the heap measured).
 */
function serve(): void {
  const server = http.createServer((req, res) => {
    const status = req.url === '/robots.txt' ? 200 : 404;
    res.writeHead(status, { 'content-type': 'text/plain', connection: 'close' });
    res.end(status === 200 ? robotsText(indexOf(req.headers.host ?? '127.1.1.1')) : '');
  });
  server.listen(0, '0.0.0.0', () => process.send!((server.address() as AddressInfo).port));
  process.on('disconnect', () => process.exit(0));
}

async function startServer(): Promise<{ port: number; close(): void }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(m as number));
    child.once('error', reject);
  });
  return { port, close: () => child.disconnect() };
}

function parseArgs(argv: readonly string[]): { libPath: string | null; sizes: number[]; timing: Timing } {
  let libPath: string | null = null;
  let sizes = [10, 1_000, 10_000, 100_000];
  let timing: Timing = { targetMs: 100, runs: 5 };
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k]!;
    if (arg === '--quick') {
      sizes = [10, 10_000];
      timing = { targetMs: 50, runs: 3 };
    } else if (arg === '--sizes') sizes = argv[++k]!.split(',').map(Number);
    else libPath = arg;
  }
  return { libPath, sizes, timing };
}

async function main(): Promise<void> {
  const { libPath, sizes, timing } = parseArgs(process.argv.slice(2));
  const lib = libPath === null ? current : ((await import(pathToFileURL(path.resolve(libPath)).href)) as Library);
  const server = await startServer();
  const rows: Row[] = [];
  try {
    for (const n of sizes) rows.push(...(await measureSize(lib, n, server.port, timing)));
  } finally {
    server.close();
  }
  const smallest = Math.min(...sizes);
  const base = new Map(rows.filter((r) => r.n === smallest).map((r) => [r.measure, r.lib]));
  // In the order measured, as at the largest size (which has every row).
  const largest = Math.max(...sizes);
  const order = [...new Set([...rows.filter((r) => r.n === largest), ...rows].map((r) => r.measure))];
  const cells = rows
    .sort((a, b) => order.indexOf(a.measure) - order.indexOf(b.measure) || a.n - b.n)
    .map((r) => [
      r.measure,
      r.n.toLocaleString('en'),
      r.format(r.lib),
      r.map === null ? '-' : r.format(r.map),
      r.map === null ? '-' : ratio(r.rate ? r.lib / r.map : r.map / r.lib),
      r.rate && base.has(r.measure) ? ratio(r.lib / base.get(r.measure)!) : '-',
    ]);
  console.log(`${libPath ?? 'this checkout'}, node ${process.version}, ${clock.kind} clock, median of ${timing.runs} runs of ${timing.targetMs} ms\n`);
  console.log(
    renderTable(
      ['measure', 'origins', 'library', 'robots-parser Map', 'library vs Map (>1: library better)', `of its ${smallest.toLocaleString('en')}-origin rate`],
      cells,
      'lrrrrr',
    ),
  );
}

if (process.argv[2] === '--serve') serve();
else await main();
