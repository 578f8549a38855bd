// `rerp batch` as a pipeline stage, through the built command in a child
// process: its memory does not grow with its input, it stops when its reader
// goes, and Ctrl-C on a terminal shows the cursor again and writes the
// summary of what was done.
import test from 'ava';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manyUrls, runBatchChild } from '../helpers/batch-child.js';
import { respond, startServer, type Handler, type TestServer } from '../helpers/server.js';

const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const ROBOTS = 'User-agent: *\nDisallow: /private/\n';

async function serve(t: { teardown(fn: () => Promise<void>): void }, routes: Record<string, Handler>): Promise<TestServer> {
  const server = await startServer(routes);
  t.teardown(() => server.close());
  return server;
}

/** The URL count of the summary line on standard error. */
function summarized(stderr: string): number {
  const match = /(\d+) URLs? on \d+ origins?/.exec(stderr);
  if (match === null) throw new Error(`no summary in ${JSON.stringify(stderr)}`);
  return Number(match[1]);
}

// Before streaming, 1,000,000 URLs took 998 MiB (about 0.9 KB a URL held): 500,000 would take over 450 MiB.
const URLS = 500_000;
const MAX_RSS = 150 * 2 ** 20;

test(`batch streams ${URLS.toLocaleString('en')} URLs from a pipe in bounded memory, every verdict in input order`, async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const run = await runBatchChild(CLI, ['--concurrency', '20', 'Bot'], manyUrls(s.origin, URLS));
  t.is(run.code, 1, run.stderr);
  t.is(run.lines, URLS);
  t.is(run.first, `disallowed\t${s.origin}/private/0`);
  t.is(run.last, `allowed\t${s.origin}/p/${URLS - 1}`);
  t.regex(run.stderr, new RegExp(`^${URLS} URLs on 1 origin: ${URLS * 0.9} allowed, ${URLS * 0.1} disallowed`, 'm'));
  t.true(run.maxRss < MAX_RSS, `peak RSS ${(run.maxRss / 2 ** 20).toFixed(0)} MiB`);
  t.log(`peak RSS ${(run.maxRss / 2 ** 20).toFixed(0)} MiB, ${Math.round(URLS / (run.ms / 1000))} URLs/s`);
  t.is(s.count('/robots.txt'), 1);
});

test('batch stops reading and checking when its reader goes (| head -1)', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  const available = 1_000_000;
  const run = await runBatchChild(CLI, ['Bot'], manyUrls(s.origin, available), 1);
  t.is(run.first, `disallowed\t${s.origin}/private/0`);
  // What it took and checked is what the pipes and its window hold, not the rest of the input.
  t.true(run.pulled < available / 10, `${run.pulled} lines taken from its input`);
  t.true(summarized(run.stderr) < available / 10, run.stderr);
  t.true(summarized(run.stderr) >= 1);
  t.is(run.code, 1, 'the exit status is still the verdicts of the lines checked');
});

test('Ctrl-C on a terminal during batch shows the cursor again, writes the partial summary and exits 130', async (t) => {
  const fast = await serve(t, { '/robots.txt': respond(200, ROBOTS) });
  // Never answers: the batch is still waiting on it when Ctrl-C comes.
  const slow = await serve(t, { '/robots.txt': () => undefined });
  const dir = await mkdtemp(join(tmpdir(), 'rerp-sigint-'));
  const file = join(dir, 'urls.txt');
  await writeFile(file, [fast.url('/a'), fast.url('/private/b'), fast.url('/c'), slow.url('/d'), fast.url('/e')].join('\n') + '\n');
  // `script` gives the command a terminal (its progress bar is drawn) and turns the ^C written to it into SIGINT, as a shell would.
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} batch --concurrency 1 --timeout 60 Bot < ${JSON.stringify(file)}`;
  const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  while (slow.count('/robots.txt') === 0) await new Promise((r) => setTimeout(r, 20));
  child.stdin.write('\x03');
  const code = await exited;
  child.stdin.destroy();
  t.is(code, 130, output);
  const hidden = output.indexOf('\x1b[?25l');
  t.true(hidden >= 0, 'the bar hid the cursor');
  t.true(output.indexOf('\x1b[?25h', hidden) > hidden, 'and it is shown again');
  t.regex(output, /rerp: interrupted: 3 URLs on 2 origins: 2 allowed, 1 disallowed, 0 fetch failures, 0 bad lines skipped/);
  t.regex(output, /allowed\t.*\/a\r?\n/);
  t.notRegex(output, /\/e\r?\n/, 'the line after the one interrupted is not checked');
});
