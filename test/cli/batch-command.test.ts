import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { run } from '../helpers/cli.js';
import { respond, startServer, type Handler, type TestServer } from '../helpers/server.js';

const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const PRIVATE = 'User-agent: *\nDisallow: /private/\n';

async function serve(t: { teardown(fn: () => Promise<void>): void }, routes: Handler | Record<string, Handler>): Promise<TestServer> {
  const server = await startServer(routes);
  t.teardown(() => server.close());
  return server;
}

const stdin = (text: string): Readable => Readable.from([Buffer.from(text)]);

// check with a URL

test('check fetches the robots.txt from an http URL', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  const r = await run(['check', s.url('/robots.txt'), 'Bot', '/private/x', '/ok']);
  t.is(r.code, 1);
  t.regex(r.out[0]!, /^disallowed \/private\/x .*line 2: Disallow: \/private\//);
  t.regex(r.out[1]!, /^allowed +\/ok/);
});

test('check sends the user agent when it fetches', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  await run(['check', s.url('/robots.txt'), 'CheckBot/3', '/']);
  t.is(s.requests[0]!.headers['user-agent'], 'CheckBot/3');
});

test('check uses the URL as given, not only /robots.txt', async (t) => {
  const s = await serve(t, { '/staging/robots.txt': respond(200, 'User-agent: *\nDisallow: /\n') });
  t.is((await run(['check', s.url('/staging/robots.txt'), 'Bot', '/x'])).code, 1);
});

test('check applies the fetch status rules: 404 allows everything', async (t) => {
  const s = await serve(t, {});
  t.is((await run(['check', s.url('/robots.txt'), 'Bot', '/private/x'])).code, 0);
});

test('a failed fetch in check exits 2 with a one-line message', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(503) });
  const r = await run(['check', s.url('/robots.txt'), 'Bot', '/x']);
  t.is(r.code, 2);
  t.is(r.err.length, 1);
  t.regex(r.err[0]!, /^rerp: cannot use robots\.txt from .*503/);
  t.deepEqual(r.out, []);
});

test('check rejects a bad --timeout', async (t) => {
  const r = await run(['check', '--timeout', 'soon', 'http://127.0.0.1:1/robots.txt', 'Bot', '/x']);
  t.is(r.code, 2);
  t.regex(r.err[0]!, /--timeout/);
});

test('check with a robots.txt URL that is not http(s) is a usage error, exit 2', async (t) => {
  for (const url of ['ftp://example.com/robots.txt', 'file:///etc/robots.txt']) {
    const r = await run(['check', url, 'Bot', '/x']);
    t.is(r.code, 2, url);
    t.deepEqual(r.err, [`rerp: url must be an absolute http(s) URL, got ${JSON.stringify(url)} (try 'rerp --help')`]);
    t.deepEqual(r.out, []);
  }
});

test('check with a user agent that cannot be sent as a header is a usage error, before any request', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  const r = await run(['check', s.url('/robots.txt'), 'Bot™', '/x']);
  t.is(r.code, 2);
  t.is(r.err.length, 1);
  t.regex(r.err[0]!, /^rerp: the user agent must be a valid HTTP header value .*got "Bot™" \(try 'rerp --help'\)$/);
  t.is(s.count(), 0);
});

test('check --timeout is in seconds: 0.1 times out a server answering after 300 ms, 5 waits for it', async (t) => {
  const s = await serve(t, (req, res) => void setTimeout(() => respond(200, PRIVATE)(req, res), 300));
  const slow = await run(['check', '--timeout', '0.1', s.url('/robots.txt'), 'Bot', '/x']);
  t.is(slow.code, 2);
  t.regex(slow.err[0]!, /within 100 ms/);
  const patient = await run(['check', '--timeout', '5', s.url('/robots.txt'), 'Bot', '/private/x']);
  t.is(patient.code, 1);
});

// batch, in process

async function twoSites(t: { teardown(fn: () => Promise<void>): void }): Promise<[TestServer, TestServer]> {
  return Promise.all([
    serve(t, { '/robots.txt': respond(200, 'User-agent: *\nDisallow: /a/\n') }),
    serve(t, { '/robots.txt': respond(200, 'User-agent: *\nDisallow: /b/\n') }),
  ]);
}

test('batch prints a verdict and the URL per line, in input order', async (t) => {
  const [a, b] = await twoSites(t);
  const urls = [a.url('/a/1'), b.url('/a/1'), a.url('/b/2'), b.url('/b/2')];
  const r = await run(['batch', 'Bot'], { stdin: stdin(urls.join('\n') + '\n') });
  t.deepEqual(r.out, [`disallowed\t${urls[0]}`, `allowed\t${urls[1]}`, `allowed\t${urls[2]}`, `disallowed\t${urls[3]}`]);
  t.is(r.code, 1);
});

test('batch fetches each origin once for many URLs', async (t) => {
  const [a, b] = await twoSites(t);
  const urls = Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).url(`/page/${i}`));
  const r = await run(['batch', '--concurrency', '16', 'Bot'], { stdin: stdin(urls.join('\n')) });
  t.is(r.code, 0);
  t.is(r.out.length, 60);
  t.is(a.count('/robots.txt'), 1);
  t.is(b.count('/robots.txt'), 1);
});

test('batch --json prints one JSON object per URL', async (t) => {
  const [a] = await twoSites(t);
  const r = await run(['batch', '--json', 'Bot'], { stdin: stdin(`${a.url('/a/x')}\n${a.url('/ok')}\n`) });
  t.deepEqual(
    r.out.map((l): unknown => JSON.parse(l)),
    [
      { url: a.url('/a/x'), allowed: false, origin: a.origin },
      { url: a.url('/ok'), allowed: true, origin: a.origin },
    ],
  );
});

test('batch ends with a summary on stderr', async (t) => {
  const [a, b] = await twoSites(t);
  const r = await run(['batch', 'Bot'], { stdin: stdin([a.url('/a/1'), a.url('/x'), b.url('/x')].join('\n')) });
  t.is(r.err.at(-1), '3 URLs on 2 origins: 2 allowed, 1 disallowed, 0 fetch failures, 0 bad lines skipped');
});

test('batch reports bad lines, skips them and goes on', async (t) => {
  const [a] = await twoSites(t);
  const input = [a.url('/x'), 'not a url', '', '# a comment', 'ftp://example.com/file', a.url('/a/y')].join('\r\n');
  const r = await run(['batch', 'Bot'], { stdin: stdin(input) });
  t.deepEqual(r.out, [`allowed\t${a.url('/x')}`, `disallowed\t${a.url('/a/y')}`]);
  t.deepEqual(r.err.slice(0, 2), [
    'rerp: line 2: not an absolute http(s) URL, skipped: "not a url"',
    'rerp: line 5: not an absolute http(s) URL, skipped: "ftp://example.com/file"',
  ]);
  t.regex(r.err.at(-1)!, /2 bad lines skipped$/);
  t.is(r.code, 1);
});

test('batch disallows the URLs of an unreachable robots.txt, reports it and counts it', async (t) => {
  const [a] = await twoSites(t);
  const down = await serve(t, respond(503));
  const r = await run(['batch', '--json', 'Bot'], { stdin: stdin([down.url('/x'), down.url('/y'), a.url('/z')].join('\n')) });
  const results = r.out.map((l) => JSON.parse(l) as { url: string; allowed: boolean; error?: string });
  t.like(results[0], { url: down.url('/x'), allowed: false });
  t.regex(results[0]?.error ?? '', /503/);
  t.is(results[2]!.error, undefined);
  t.is(down.count('/robots.txt'), 1);
  t.regex(r.err[0]!, new RegExp(`^rerp: cannot use robots\\.txt from ${down.url('/robots.txt')}.*503; its URLs count as disallowed$`));
  t.regex(r.err.at(-1)!, /1 allowed, 2 disallowed, 1 fetch failure, /);
});

test('batch --on-server-error allow allows the URLs of an unreachable robots.txt', async (t) => {
  const down = await serve(t, respond(500));
  const r = await run(['batch', '--on-server-error', 'allow', 'Bot'], { stdin: stdin(down.url('/x')) });
  t.deepEqual(r.out, [`allowed\t${down.url('/x')}`]);
  t.is(r.code, 0);
});

test('batch --syntax rfc9309 disallows an unreachable robots.txt whatever --on-server-error says, and says so', async (t) => {
  const down = await serve(t, respond(503));
  const r = await run(['batch', '--syntax', 'rfc9309', '--on-server-error', 'allow', 'Bot'], { stdin: stdin(down.url('/x')) });
  t.deepEqual(r.out, [`disallowed\t${down.url('/x')}`]);
  t.regex(r.err[0]!, /503; its URLs count as disallowed, as RFC 9309 says for an unreachable robots\.txt$/);
  t.is(r.code, 1);
});

test('batch with empty input prints only the summary', async (t) => {
  const r = await run(['batch', 'Bot'], { stdin: stdin('') });
  t.deepEqual(r.out, []);
  t.deepEqual(r.err, ['0 URLs on 0 origins: 0 allowed, 0 disallowed, 0 fetch failures, 0 bad lines skipped']);
  t.is(r.code, 0);
});

test('batch usage errors exit 2', async (t) => {
  for (const args of [
    ['batch'],
    ['batch', 'A', 'B'],
    ['batch', '--concurrency', '0', 'Bot'],
    ['batch', '--concurrency', 'many', 'Bot'],
    ['batch', '--on-server-error', 'throw', 'Bot'],
    ['batch', '--syntax', 'all', 'Bot'],
    ['batch', '--timeout', '-1', 'Bot'],
    ['batch', 'Bot™'],
    ['batch', 'Bot\r\nX: y'],
  ]) {
    const r = await run(args, { stdin: stdin('') });
    t.is(r.code, 2, args.join(' '));
    t.regex(r.err[0]!, /^rerp: /);
  }
});

test('batch draws a progress bar on a terminal and leaves stdout to the results', async (t) => {
  const [a] = await twoSites(t);
  const terminal = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let drawn = '';
  terminal.on('data', (chunk: Buffer) => (drawn += chunk.toString()));
  const r = await run(['batch', 'Bot'], { stdin: stdin(`${a.url('/1')}\nnot a URL\n${a.url('/2')}\n`), progress: terminal });
  t.regex(drawn, /\| 2 URLs checked/);
  t.notRegex(drawn, /\| 3 URLs checked/, 'a bad line is not a URL to count');
  t.true(drawn.startsWith('\x1b[?25l') && drawn.includes('\x1b[?25h'), 'the cursor is hidden while the bar is drawn, then shown');
  t.deepEqual(r.out, [`allowed\t${a.url('/1')}`, `allowed\t${a.url('/2')}`]);
});

// batch, end to end through the built command

test('the built command runs batch on a file of URLs across origins', async (t) => {
  const [a, b] = await twoSites(t);
  const down = await serve(t, respond(503));
  const urls = [a.url('/a/1'), b.url('/a/1'), 'garbage', down.url('/p'), a.url('/ok'), b.url('/b/2'), a.url('/a/3')];
  const dir = await mkdtemp(join(tmpdir(), 'rerp-batch-'));
  const file = join(dir, 'urls.txt');
  await writeFile(file, urls.join('\n') + '\n');
  const input = await open(file);
  t.teardown(() => input.close());
  const child = spawn(process.execPath, [CLI, 'batch', '--concurrency', '4', 'Bot'], { stdio: [input.fd, 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  t.is(code, 1);
  t.deepEqual(stdout.trimEnd().split('\n'), [
    `disallowed\t${urls[0]}`,
    `allowed\t${urls[1]}`,
    `disallowed\t${urls[3]}`,
    `allowed\t${urls[4]}`,
    `disallowed\t${urls[5]}`,
    `disallowed\t${urls[6]}`,
  ]);
  const errLines = stderr.trimEnd().split('\n');
  t.true(errLines.includes('rerp: line 3: not an absolute http(s) URL, skipped: "garbage"'));
  t.is(errLines.at(-1), '6 URLs on 3 origins: 2 allowed, 4 disallowed, 1 fetch failure, 1 bad line skipped');
  t.false(stderr.includes('\u001b['), 'no progress bar when stderr is not a terminal');
  t.is(a.count('/robots.txt'), 1);
  t.is(b.count('/robots.txt'), 1);
});

test('the built command keeps its results and exit status when the reader of stderr leaves early', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  // Far more warnings than a pipe buffers, so writes after the reader leaves fail with EPIPE.
  const lines = [...Array.from({ length: 20_000 }, (_, i) => `bad${i}`), s.url('/ok')];
  const dir = await mkdtemp(join(tmpdir(), 'rerp-batch-'));
  const file = join(dir, 'urls.txt');
  await writeFile(file, lines.join('\n') + '\n');
  const input = await open(file);
  t.teardown(() => input.close());
  const child = spawn(process.execPath, [CLI, 'batch', 'Bot'], { stdio: [input.fd, 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.once('data', () => child.stderr!.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  t.is(stdout, `allowed\t${s.url('/ok')}\n`);
  t.is(code, 0);
});

test('batch --timeout is in seconds: 0.1 makes a server answering after 300 ms a fetch failure', async (t) => {
  const s = await serve(t, (req, res) => void setTimeout(() => respond(200, PRIVATE)(req, res), 300));
  const slow = await run(['batch', '--timeout', '0.1', 'Bot'], { stdin: stdin(`${s.url('/ok')}\n`) });
  t.deepEqual(slow.out, [`disallowed\t${s.url('/ok')}`]);
  t.regex(slow.err[0]!, /within 100 ms/);
  const patient = await run(['batch', '--timeout', '5', 'Bot'], { stdin: stdin(`${s.url('/ok')}\n`) });
  t.deepEqual(patient.out, [`allowed\t${s.url('/ok')}`]);
});

test('the built command exits non-zero, with one line on stderr, for a robots.txt URL that is not http(s)', async (t) => {
  const error = await t.throwsAsync(promisify(execFile)(process.execPath, [CLI, 'check', 'ftp://example.com/robots.txt', 'Bot', '/x']));
  const failed = error as Error & { code: number; stderr: string; stdout: string };
  t.is(failed.code, 2);
  t.is(failed.stderr, `rerp: url must be an absolute http(s) URL, got "ftp://example.com/robots.txt" (try 'rerp --help')\n`);
  t.is(failed.stdout, '');
});

test('the built command checks against a robots.txt URL', async (t) => {
  const s = await serve(t, { '/robots.txt': respond(200, PRIVATE) });
  const exec = promisify(execFile);
  const ok = await exec(process.execPath, [CLI, 'check', s.url('/robots.txt'), 'Bot', '/fine']);
  t.regex(ok.stdout, /^allowed/);
});
