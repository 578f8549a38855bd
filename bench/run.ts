// `npm run bench`: this library against robots-parser, in one process, on the
// same inputs. Prints Markdown tables (or JSON with --json) and whether each
// target of the performance issue is met. A benchmark, not a test: it always
// exits 0 unless something crashes.
//
// Options: --json (machine-readable output), --quick (short batches, for a
// rough look while working), --wall (time on the wall clock, waits for a
// core included).
import os from 'node:os';
import { DEFAULT_TIMING, bytesPerSecond, clock, callsPerSecond, canMeasureHeap, heapPerCopy, sink, type Rate, type TimingOptions } from './measure.js';
import { NEAR_RULES, RP_CAP_MS, runPathological, STARS, WORD_RULES, type PathologicalResult } from './pathological.js';
import { runLint, type LintResult } from './lint.js';
import { boundMs, runAdversarial, type AdversarialResult } from './adversarial.js';
import { corpusDir, loadCorpus, runCold, type ColdResult } from './cold.js';
import { fleetTable, runFleet } from './fleet.js';
import { SYNTAXES, USER_AGENT, rerpCheck, rerpParse, rerpPass, rerpRead, rpCheck, rpParse, rpPass, type SyntaxEntry } from './subjects.js';
import { kilobytes, mbPerSecond, milliseconds, passFail, perSecond, ratio, renderTable } from './table.js';
import { WORKLOAD_NAMES, loadWorkload, workloadDir, type Workload } from './workloads.js';

/** The issue's targets. */
const TARGETS = {
  parseRatio: 4,
  checkRatio: 20,
  largeFile: 'big',
  largeFileChecks: 1e6,
  pathologicalMs: 10,
  lintMs: 100,
  /** Cold (parse + first check), corpus total: at most this share of robots-parser's, and this multiple of Google's C++ figure. */
  coldOfRobotsParser: 0.5,
  coldOfGoogle: 2,
  /** Files on which robots-parser may be faster, as a share of the corpus, and by how much at most (%). */
  coldFilesSlower: 0.05,
  coldSlowerBy: 20,
} as const;

interface FileResult {
  readonly name: string;
  readonly source: string;
  readonly bytes: number;
  readonly urls: number;
  readonly parse: { readonly rerp: number; readonly robotsParser: number; readonly ratio: number };
  readonly checks: { readonly rerp: Record<string, Rate>; readonly robotsParser: Rate; readonly minRatio: number };
  /**
   * Retained bytes per parsed copy: after one answer in each syntax alone
   * (what a crawler using that syntax holds), after one answer in every
   * syntax (`all`), and robots-parser's.
   */
  readonly heap: { readonly rerp: Record<string, number>; readonly all: number; readonly robotsParser: number; readonly copies: number };
  /** Per target, the syntaxes that miss it (empty: met); null when it does not apply. */
  readonly targets: {
    readonly parse: boolean;
    readonly checks: readonly string[];
    readonly largeFileChecks: readonly string[] | null;
    readonly heap: readonly string[] | null;
  };
}

function measureFile(w: Workload, timing: TimingOptions): FileResult {
  const [rerpParseRate, rpParseRate] = bytesPerSecond([() => rerpRead(w.text), () => rpParse(w.text)], w.bytes.length, timing) as [number, number];

  const parsers = SYNTAXES.map(() => rerpParse(w.text));
  const robots = rpParse(w.text);
  const rates = callsPerSecond<string>(
    [...SYNTAXES.map((syntax, k) => (urls: readonly string[]) => rerpPass(parsers[k]!, urls, syntax.value)), (urls) => rpPass(robots, urls)],
    w.urls,
    timing,
  );
  const rerpRates: Record<string, Rate> = {};
  SYNTAXES.forEach((syntax, k) => (rerpRates[syntax.name] = rates[k]!));
  const rpRate = rates[SYNTAXES.length]!;
  const minRerp = Math.min(...Object.values(rerpRates).map((r) => r.perSecond));
  const missing = (met: (syntax: string) => boolean): string[] => SYNTAXES.map((s) => s.name).filter((s) => !met(s));

  // Each copy parses its own string (as separately fetched files would) and
  // answers one URL per syntax first, so lazily compiled matchers are counted.
  // A small file's copies hold under a kilobyte each: thousands of them are
  // needed before the collector's own noise (tens of kilobytes) stops showing.
  const copies = Math.max(30, Math.min(20000, Math.floor(4e6 / w.bytes.length)));
  const probe = w.urls[0]!;
  const heapAfter = (answered: readonly SyntaxEntry[]): number =>
    heapPerCopy(() => {
      const parser = rerpParse(w.bytes.toString('utf8'));
      for (const syntax of answered) rerpCheck(parser, probe, syntax.value);
      return parser;
    }, copies);
  const rerpHeap: Record<string, number> = {};
  for (const syntax of SYNTAXES) rerpHeap[syntax.name] = heapAfter([syntax]);
  const allHeap = heapAfter(SYNTAXES);
  const rpHeap = heapPerCopy(() => {
    const robots = rpParse(w.bytes.toString('utf8'));
    rpCheck(robots, probe);
    return robots;
  }, copies);

  return {
    name: w.name,
    source: w.source,
    bytes: w.bytes.length,
    urls: w.urls.length,
    parse: { rerp: rerpParseRate, robotsParser: rpParseRate, ratio: rerpParseRate / rpParseRate },
    checks: { rerp: rerpRates, robotsParser: rpRate, minRatio: minRerp / rpRate.perSecond },
    heap: { rerp: rerpHeap, all: allHeap, robotsParser: rpHeap, copies },
    targets: {
      parse: rerpParseRate >= TARGETS.parseRatio * rpParseRate,
      checks: missing((s) => rerpRates[s]!.perSecond >= TARGETS.checkRatio * rpRate.perSecond),
      largeFileChecks: w.name === TARGETS.largeFile ? missing((s) => rerpRates[s]!.perSecond >= TARGETS.largeFileChecks) : null,
      heap: Number.isNaN(allHeap) ? null : missing((s) => rerpHeap[s]! <= rpHeap),
    },
  };
}

/**
 * Runs both libraries over every workload, every syntax, before anything is
 * timed, as a long-running crawler would have: the code is compiled for
 * mixed inputs, and no timing pays for a re-optimisation that another
 * workload's first appearance would cause.
 */
function warmUp(workloads: readonly Workload[]): void {
  for (let round = 0; round < 4; round++) {
    for (const w of workloads) {
      const urls = w.urls.slice(round * 100, round * 100 + 100);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- never null: the test only keeps the parse from being dead code
      for (let k = 0; k < 10; k++) sink.value += rerpParse(w.text) === null ? 0 : 1;
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above
      for (let k = 0; k < 10; k++) sink.value += rpParse(w.text) === null ? 0 : 1;
      const parser = rerpParse(w.text);
      for (const syntax of SYNTAXES) sink.value += rerpPass(parser, urls, syntax.value);
      sink.value += rpPass(rpParse(w.text), urls);
    }
  }
}

function pathologicalPass(p: PathologicalResult): boolean {
  return Math.max(p.rerpColdMs, ...Object.values(p.rerpMs)) < TARGETS.pathologicalMs;
}

/** `pass`, or `FAIL` and the syntaxes that miss; `-` where the target does not apply. */
function syntaxesMissing(missing: readonly string[] | null): string {
  if (missing === null) return '-';
  return missing.length === 0 ? 'pass' : `FAIL ${missing.join(', ')}`;
}

function filesTable(files: readonly FileResult[]): string {
  const headers = [
    'file',
    'KB',
    'rerp parse MB/s',
    'robots-parser MB/s',
    'ratio',
    ...SYNTAXES.map((s) => `rerp ${s.name} checks/s`),
    'robots-parser checks/s',
    'ratio (worst)',
    ...SYNTAXES.map((s) => `heap rerp ${s.name}`),
    'heap rerp all',
    'heap robots-parser',
    `parse >= ${TARGETS.parseRatio}x`,
    `checks >= ${TARGETS.checkRatio}x`,
    `>= ${TARGETS.largeFileChecks / 1e6} M/s on ${TARGETS.largeFile}`,
    'heap <=',
  ];
  const rows = files.map((f) => [
    f.name,
    (f.bytes / 1024).toFixed(1),
    mbPerSecond(f.parse.rerp),
    mbPerSecond(f.parse.robotsParser),
    ratio(f.parse.ratio),
    ...SYNTAXES.map((s) => perSecond(f.checks.rerp[s.name]!.perSecond)),
    perSecond(f.checks.robotsParser.perSecond) + (f.checks.robotsParser.items < f.urls ? ' *' : ''),
    ratio(f.checks.minRatio),
    ...SYNTAXES.map((s) => kilobytes(f.heap.rerp[s.name]!)),
    kilobytes(f.heap.all),
    kilobytes(f.heap.robotsParser),
    passFail(f.targets.parse),
    syntaxesMissing(f.targets.checks),
    syntaxesMissing(f.targets.largeFileChecks),
    syntaxesMissing(f.targets.heap),
  ]);
  return renderTable(headers, rows, 'l' + 'r'.repeat(headers.length - 1));
}

function pathologicalTable(results: readonly PathologicalResult[]): string {
  const headers = ['pattern', 'URL chars', ...SYNTAXES.map((s) => `rerp ${s.name} ms`), 'rerp cold ms', 'robots-parser ms', `< ${TARGETS.pathologicalMs} ms`];
  const rows = results.map((p) => [
    p.pattern,
    String(p.urlLength),
    ...SYNTAXES.map((s) => milliseconds(p.rerpMs[s.name]!)),
    milliseconds(p.rerpColdMs),
    p.rpMs === null ? `> ${RP_CAP_MS} (capped)` : milliseconds(p.rpMs),
    passFail(pathologicalPass(p)),
  ]);
  return renderTable(headers, rows, 'llrrrrrr'.slice(0, 2) + 'r'.repeat(headers.length - 2));
}

function adversarialTable(results: readonly AdversarialResult[]): string {
  const headers = [
    'file',
    'KiB',
    'URL KiB',
    'worst ms/check',
    'in',
    'early ms',
    'in',
    'cold ms',
    'build ms',
    'estimated',
    'heap (all syntaxes)',
    'over bound',
    'bound',
  ];
  const rows = results.map((r) => [
    r.label,
    String(r.fileBytes / 1024),
    String(r.urlChars / 1024),
    milliseconds(r.worstMs),
    r.worstSyntax,
    milliseconds(r.earlyMs),
    r.earlySyntax,
    milliseconds(r.coldMs),
    milliseconds(r.buildMs),
    kilobytes(r.estimatedBytes),
    kilobytes(r.heapBytes),
    r.overBound.join(', ') || '-',
    passFail(Math.max(r.worstMs, r.earlyMs) < boundMs(r.urlChars)),
  ]);
  return renderTable(headers, rows, 'lrrrlrlrrrrlr');
}

function lintTable(l: LintResult): string {
  const headers = ['file', 'KB', 'findings', 'lint ms', 'lint MB/s', 'parse ms', `< ${TARGETS.lintMs} ms`];
  const row = [
    'generated',
    (l.bytes / 1024).toFixed(1),
    String(l.findings),
    milliseconds(l.lintMs),
    mbPerSecond(l.bytes / (l.lintMs / 1000)),
    milliseconds(l.parseMs),
    passFail(l.lintMs < TARGETS.lintMs),
  ];
  return renderTable(headers, [row], 'lrrrrrr');
}

/** Per syntax, which cold targets it meets. */
function coldChecks(c: ColdResult, syntax: string): { half: boolean; google: boolean; files: boolean } {
  const ms = c.rerpMs[syntax]!;
  const slower = c.rpFaster[syntax]!;
  return {
    half: ms <= TARGETS.coldOfRobotsParser * c.robotsParserMs,
    google: ms <= TARGETS.coldOfGoogle * c.googleMs,
    files: slower.files <= TARGETS.coldFilesSlower * c.files && slower.worstPercent <= TARGETS.coldSlowerBy,
  };
}

function coldTable(c: ColdResult): string {
  const headers = [
    'syntax',
    'rerp ms',
    'robots-parser ms',
    'Google C++ ms',
    'rerp / robots-parser',
    'rerp / Google',
    'files robots-parser faster',
    'by at most',
    `<= ${TARGETS.coldOfRobotsParser}x robots-parser`,
    `<= ${TARGETS.coldOfGoogle}x Google`,
    `faster on <= ${TARGETS.coldFilesSlower * 100} %, by <= ${TARGETS.coldSlowerBy} %`,
  ];
  const rows = SYNTAXES.map((s) => {
    const ms = c.rerpMs[s.name]!;
    const slower = c.rpFaster[s.name]!;
    const met = coldChecks(c, s.name);
    return [
      s.name,
      milliseconds(ms),
      milliseconds(c.robotsParserMs),
      milliseconds(c.googleMs),
      ratio(ms / c.robotsParserMs),
      ratio(ms / c.googleMs),
      `${slower.files} of ${c.files}`,
      slower.files === 0 ? '-' : `${slower.worstPercent.toFixed(0)} %`,
      passFail(met.half),
      passFail(met.google),
      passFail(met.files),
    ];
  });
  return renderTable(headers, rows, 'l' + 'r'.repeat(headers.length - 1));
}

function readyTable(c: ColdResult): string {
  const headers = ['file', ...SYNTAXES.map((s) => `rerp ${s.name} µs`), 'robots-parser µs', 'below robots-parser'];
  const rows = c.ready.map((r) => {
    const slower = SYNTAXES.filter((s) => r.rerpUs[s.name]! >= r.robotsParserUs).map((s) => s.name);
    return [r.name, ...SYNTAXES.map((s) => r.rerpUs[s.name]!.toFixed(2)), r.robotsParserUs.toFixed(2), syntaxesMissing(slower)];
  });
  return renderTable(headers, rows, 'l' + 'r'.repeat(headers.length - 1));
}

function missedTargets(
  files: readonly FileResult[],
  patho: readonly PathologicalResult[],
  linted: LintResult,
  adversarial: readonly AdversarialResult[],
  cold: ColdResult | null,
): string[] {
  const missed: string[] = [];
  for (const r of adversarial) {
    if (r.earlyMs >= boundMs(r.urlChars)) {
      missed.push(
        `adversarial ${r.label} (${r.fileBytes / 1024} KiB) x ${r.urlChars / 1024} KiB URL: an early check ${milliseconds(r.earlyMs)} ms in ${r.earlySyntax}, not under ${boundMs(r.urlChars)} ms`,
      );
    }
    if (r.worstMs >= boundMs(r.urlChars)) {
      missed.push(
        `adversarial ${r.label} (${r.fileBytes / 1024} KiB) x ${r.urlChars / 1024} KiB URL: ${milliseconds(r.worstMs)} ms in ${r.worstSyntax}, not under ${boundMs(r.urlChars)} ms`,
      );
    }
  }
  if (cold !== null) {
    for (const s of SYNTAXES) {
      const met = coldChecks(cold, s.name);
      const ms = milliseconds(cold.rerpMs[s.name]!);
      if (!met.half)
        missed.push(`cold ${s.name}: corpus ${ms} ms, over ${TARGETS.coldOfRobotsParser}x robots-parser's ${milliseconds(cold.robotsParserMs)} ms`);
      if (!met.google) missed.push(`cold ${s.name}: corpus ${ms} ms, over ${TARGETS.coldOfGoogle}x Google's ${milliseconds(cold.googleMs)} ms`);
      const slower = cold.rpFaster[s.name]!;
      if (!met.files)
        missed.push(`cold ${s.name}: robots-parser faster on ${slower.files} of ${cold.files} files, by up to ${slower.worstPercent.toFixed(0)} %`);
    }
    for (const r of cold.ready) {
      for (const s of SYNTAXES) {
        if (r.rerpUs[s.name]! >= r.robotsParserUs)
          missed.push(`ready ${r.name} ${s.name}: ${r.rerpUs[s.name]!.toFixed(2)} µs, not below robots-parser's ${r.robotsParserUs.toFixed(2)} µs`);
      }
    }
  }
  if (linted.lintMs >= TARGETS.lintMs)
    missed.push(`lint of ${(linted.bytes / 1024).toFixed(0)} KB: ${milliseconds(linted.lintMs)} ms, not under ${TARGETS.lintMs} ms`);
  for (const f of files) {
    if (!f.targets.parse) missed.push(`${f.name}: parse ${ratio(f.parse.ratio)} robots-parser (target ${TARGETS.parseRatio}x)`);
    const rp = f.checks.robotsParser.perSecond;
    for (const s of f.targets.checks) {
      missed.push(`${f.name}: ${s} checks ${ratio(f.checks.rerp[s]!.perSecond / rp)} robots-parser (target ${TARGETS.checkRatio}x)`);
    }
    for (const s of f.targets.largeFileChecks ?? []) missed.push(`${f.name}: ${s} under ${TARGETS.largeFileChecks / 1e6} M checks/s`);
    for (const s of f.targets.heap ?? []) {
      missed.push(`${f.name}: heap after ${s} answers ${kilobytes(f.heap.rerp[s]!)} > robots-parser's ${kilobytes(f.heap.robotsParser)}`);
    }
    if (f.targets.heap === null) missed.push(`${f.name}: heap not measured (run node with --expose-gc)`);
  }
  for (const p of patho) if (!pathologicalPass(p)) missed.push(`pathological ${p.pattern} x ${p.urlLength}: not under ${TARGETS.pathologicalMs} ms`);
  return missed;
}

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const json = args.has('--json');
  const timing: TimingOptions = args.has('--quick') ? { targetMs: 25, runs: 3 } : DEFAULT_TIMING;
  if (args.has('--wall')) clock.kind = 'wall';
  const log = (line: string): void => {
    if (!json) process.stdout.write(line + '\n');
  };
  const started = performance.now();
  const dir = workloadDir();
  const environment = {
    node: process.version,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    userAgent: USER_AGENT,
    syntaxes: SYNTAXES.map((s) => s.name),
    workloadDir: dir,
    heapMeasured: canMeasureHeap(),
    clock: clock.kind,
  };
  log(`# rerp benchmark: ${environment.node}, ${environment.cpu} (${environment.cores} cores)`);
  log(
    `workloads: ${dir ?? 'generated (../shared/bench/workload not found)'}; user agent ${USER_AGENT}; syntaxes ${environment.syntaxes.join(', ')}; ` +
      `clock: ${clock.kind === 'cpu' ? "wall time less the measuring thread's waits for a core" : 'wall time'}`,
  );

  const workloads = WORKLOAD_NAMES.map((name) => loadWorkload(name, dir));
  warmUp(workloads);
  const files: FileResult[] = [];
  for (const w of workloads) {
    files.push(measureFile(w, timing));
    log(`  measured ${w.name} (${w.source === 'generated' ? 'generated' : 'shared file'}, ${w.urls.length} URLs)`);
  }
  // Batches of at least 25 ms: short enough for the long URLs, long enough to time.
  const patho = await runPathological(SYNTAXES, { targetMs: Math.max(25, timing.targetMs / 2), runs: 5 });
  const linted = runLint(timing);
  const adversarial = runAdversarial(SYNTAXES, { targetMs: Math.max(10, timing.targetMs / 10), runs: 3 });
  const fleet = await runFleet(timing);
  const corpus = corpusDir();
  const cold =
    corpus === null
      ? null
      : runCold(
          SYNTAXES,
          loadCorpus(corpus),
          workloads.filter((w) => w.name === 'tiny' || w.name === 'cms'),
          args.has('--quick'),
        );
  const missed = missedTargets(files, patho, linted, adversarial, cold);
  const seconds = (performance.now() - started) / 1000;

  if (json) {
    process.stdout.write(
      JSON.stringify(
        { environment, targets: TARGETS, files, pathological: patho, lint: linted, adversarial, cold, fleet, missed, seconds, sink: sink.value },
        null,
        2,
      ) + '\n',
    );
    return;
  }
  log('');
  log(`## Parse, isAllowed and heap (median of ${timing.runs} runs)`);
  log('');
  log(filesTable(files));
  const sampled = files.filter((f) => f.checks.robotsParser.items < f.urls);
  if (sampled.length > 0) {
    log('');
    log(
      '\\* robots-parser checked on an even sample of the URLs to keep the run short: ' +
        sampled.map((f) => `${f.name} ${f.checks.robotsParser.items} of ${f.urls}`).join(', ') +
        '.',
    );
  }
  log('');
  log('Parse: `parse()` and the classic reading it defers to the first call needing records (here `sitemaps`).');
  log('');
  log(
    `Heap: retained bytes per parsed copy (${files.map((f) => `${f.name} ${f.heap.copies}`).join(', ')} copies), ` +
      'each copy parsed from its own string, after one answer in the syntax named (what a crawler using that syntax holds: ' +
      'matchers are compiled on first use), or in every syntax (`all`); robots-parser after one answer.',
  );
  log('');
  log(
    `## Pathological files (${STARS} stars, URL path all \`a\`, no \`b\`; ${WORD_RULES} rules whose words open with \`ab\`, URL path \`abab…\`; ${NEAR_RULES} literals that agree with \`/a/a/a…\` at index 1 and at their end; ms per isAllowed)`,
  );
  log('');
  log(pathologicalTable(patho));
  log('');
  log(`cold = parse + first isAllowed (which compiles the matcher), worst syntax; robots-parser is stopped after ${RP_CAP_MS} ms.`);
  log('');
  log('## Adversarial files (worst per syntax; bound: under 5 ms a check up to 16 KiB URLs, under 50 ms up to 100 KiB)');
  log('');
  log(adversarialTable(adversarial));
  log('');
  log(
    'cold = parse + first check (compiling the matcher only when a direct scan could pass its bound); early = the slowest of checks 2 to 16, ' +
      'which scan the rules directly; build = the check that builds the index (each check the median over 5 fresh parses); worst syntax; ' +
      'heap = retained per copy after one check in every syntax. The bound applies to warm and early checks.',
  );
  log('');
  log("## lint on 500 KiB (RFC 9309's minimum; groups of literal and wildcard rules with a few findings each; ms per call)");
  log('');
  log(lintTable(linted));
  log('');
  log('## cold: parse + first check (warm code; corpus total, and ready time of tiny and cms)');
  log('');
  if (cold === null) {
    log('No corpus at ../shared/corpus (or RERP_CORPUS): not measured.');
  } else {
    log(coldTable(cold));
    log('');
    log(readyTable(cold));
    log('');
    log(
      `Each of the ${cold.files} corpus files parsed and asked about one URL (its first hint URL, else a fixed one) by ${USER_AGENT}, each subject timed in turn per file; ` +
        "the total is the sum of the files' medians. Google C++ is a constant: Google robotstxt on the same corpus, measured for issue 19 (not built here).",
    );
  }
  log('');
  log(`## RobotsCache: the memory LRU in front of Redis, against an in-memory cache alone (wall clock, median of ${timing.runs} runs)`);
  log('');
  log(fleetTable(fleet));
  log('');
  log('Cold: a cache with nothing in memory asks each of 200 origins once; "fetched" is from a server on this machine (a real site takes far longer).');
  log('');
  log(missed.length === 0 ? 'All targets met.' : `Targets missed:\n${missed.map((m) => `- ${m}`).join('\n')}`);
  log(`(${seconds.toFixed(0)} s)`);
}

await main();
