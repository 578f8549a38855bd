// The benchmark's inputs and output: where workloads come from, the stand-ins
// generated when the shared files are absent, the pathological cases, tables.
import test from 'ava';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateWorkload } from '../../bench/generate.js';
import { longUrl, NEAR_RULES, nearMissRules, pathologicalCases, starPattern, WORD_RULES, wordRules } from '../../bench/pathological.js';
import { renderTable } from '../../bench/table.js';
import { loadWorkload, workloadDir } from '../../bench/workloads.js';
import { parseRobots } from '../../src/internal.js';
import { matchTarget } from '../../src/internal.js';
import { GYM2008 } from '../../src/syntax.js';

function ruleCount(text: string): number {
  return text.split(/\r\n|\n/).filter((line) => /^(Allow|Disallow):/.test(line)).length;
}

test('generated workloads are the same on every run', (t) => {
  t.deepEqual(generateWorkload('big'), generateWorkload('big'));
});

test('each generated workload comes with 10,000 absolute URLs', (t) => {
  for (const name of ['tiny', 'cms', 'big', 'synth5k']) {
    const { urls } = generateWorkload(name);
    t.is(urls.length, 10_000, name);
    t.true(
      urls.every((u) => u.startsWith('https://www.example.com/')),
      name,
    );
  }
});

test('the generated files have the shapes of the shared ones', (t) => {
  const tiny = generateWorkload('tiny').text;
  const cms = generateWorkload('cms').text;
  const big = generateWorkload('big').text;
  const synth = generateWorkload('synth5k').text;
  t.is(ruleCount(tiny), 3);
  t.is(ruleCount(cms), 20);
  t.true(cms.includes('\r\n'));
  t.true(big.length > 25_000 && big.length < 40_000, String(big.length));
  t.true(parseRobots(big).records.length > 100);
  t.true(synth.length > 90_000 && synth.length < 130_000, String(synth.length));
  t.true(Math.abs(ruleCount(synth) - 4_940) < 100, String(ruleCount(synth)));
});

test('the generated URLs mix paths their file decides and paths it does not', (t) => {
  for (const name of ['cms', 'big', 'synth5k']) {
    const { text, urls } = generateWorkload(name);
    const record = parseRobots(text).records.find((r) => r.isDefault)!;
    const decided = urls.filter((u) => record.decider(GYM2008).ruleForPath(matchTarget(u)) >= 0).length;
    t.true(decided > 1_000 && decided < 9_000, `${name}: ${decided}`);
  }
});

test('RERP_BENCH_DIR names the workload folder, or a folder holding workload/', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'rerp-bench-'));
  t.is(workloadDir({ RERP_BENCH_DIR: dir }), dir);
  await mkdir(join(dir, 'workload'));
  t.is(workloadDir({ RERP_BENCH_DIR: dir }), join(dir, 'workload'));
});

test('RERP_BENCH_DIR naming no folder is an error', (t) => {
  t.throws(() => workloadDir({ RERP_BENCH_DIR: join(tmpdir(), 'rerp-no-such-folder-x9') }), { message: /no such folder/ });
});

test('a workload is read from the folder when both its files are there', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'rerp-bench-'));
  await writeFile(join(dir, 'tiny.robots.txt'), 'User-agent: *\nDisallow: /x\n');
  await writeFile(join(dir, 'tiny.urls.txt'), 'https://a.example/x\nhttps://a.example/y\n');
  const w = loadWorkload('tiny', dir);
  t.is(w.text, 'User-agent: *\nDisallow: /x\n');
  t.deepEqual(w.urls, ['https://a.example/x', 'https://a.example/y']);
  t.is(w.source, join(dir, 'tiny.robots.txt'));
});

test('a workload missing from the folder is generated', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'rerp-bench-'));
  await writeFile(join(dir, 'cms.robots.txt'), 'User-agent: *\n');
  const w = loadWorkload('cms', dir);
  t.is(w.source, 'generated');
  t.is(w.text, generateWorkload('cms').text);
});

test('the pathological pattern has 50 stars and ends in b, with or without $', (t) => {
  t.is(starPattern(false).split('*').length - 1, 50);
  t.true(starPattern(false).endsWith('*b'));
  t.is(starPattern(true), starPattern(false) + '$');
});

test('the long URLs have exactly the length asked for, whatever they repeat', (t) => {
  for (const n of [1_000, 10_000, 100_000]) {
    t.is(longUrl(n).length, n);
    t.is(longUrl(n, 'ab').length, n);
  }
  t.regex(longUrl(1_000, 'ab'), /^[^/]*\/\/[^/]*\/(?:ab)+a?$/);
});

test('the many-words case has WORD_RULES wildcard rules whose words all open with ab', (t) => {
  const lines = wordRules().split('\n');
  t.is(lines.length, WORD_RULES);
  t.true(lines.every((line, i) => line === `Disallow: /*ab${i}x`));
  t.deepEqual(
    pathologicalCases().map((c) => c.label),
    ['/*a...*b', '/*a...*b$', `${WORD_RULES} x /*ab<i>x`, `${NEAR_RULES} x /abb…b/`],
  );
});

test("the near-miss case's literals agree with its URL at index 1 and at their last index, and match nowhere", (t) => {
  const path = new URL(longUrl(1_000, 'a/')).pathname;
  const literals = nearMissRules()
    .split('\n')
    .map((line) => line.replace(/^Disallow: /, ''));
  t.is(literals.length, NEAR_RULES);
  for (const literal of literals) {
    t.is(path[1], literal[1]);
    t.is(path[literal.length - 1], literal[literal.length - 1]);
    t.false(path.includes(literal));
  }
});

test('tables pad every cell of a column to one width', (t) => {
  const table = renderTable(
    ['a', 'bb'],
    [
      ['xxx', '1'],
      ['y', '22'],
    ],
    'lr',
  );
  const widths = new Set(table.split('\n').map((line) => line.length));
  t.is(widths.size, 1);
  t.is(table.split('\n')[1], '| --- | -: |');
});
