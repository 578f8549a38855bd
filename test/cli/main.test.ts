import test from 'ava';
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { robotsFile as robotsFileOf, run, type CliRun } from '../helpers/cli.js';

const ROBOTS = 'User-agent: *\nDisallow: /private/\nDisallow: /*.pdf$\nCrawl-delay: 1.5\n\nSitemap: https://example.com/s.xml\n';
const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/** A robots.txt file, {@link ROBOTS} unless given. */
const robotsFile = (content: string | Uint8Array = ROBOTS): Promise<string> => robotsFileOf(content);

test('check exits 0 and prints allowed when every URL is allowed', async (t) => {
  const r = await run(['check', await robotsFile(), 'Bot', 'https://example.com/public']);
  t.is(r.code, 0);
  t.is(r.out.length, 1);
  t.regex(r.out[0]!, /^allowed +https:\/\/example\.com\/public +\(no rule matched/);
});

test('check exits 1 and names the deciding line when a URL is disallowed', async (t) => {
  const r = await run(['check', await robotsFile(), 'Bot', '/ok', '/private/x']);
  t.is(r.code, 1);
  t.regex(r.out[1]!, /^disallowed \/private\/x .*line 2: Disallow: \/private\//);
});

test('check uses GYM2008 by default and MK1996 on request', async (t) => {
  const file = await robotsFile();
  t.is((await run(['check', file, 'Bot', '/a.pdf'])).code, 1);
  t.is((await run(['check', '--syntax', 'mk1996', file, 'Bot', '/a.pdf'])).code, 0);
});

test('check --syntax all prints a line per syntax under each URL', async (t) => {
  const r = await run(['check', '--syntax', 'all', await robotsFile(), 'Bot', '/a.pdf']);
  t.is(r.out[0], '/a.pdf');
  t.regex(r.out[1]!, /^ +mk1996 +allowed/);
  t.regex(r.out[2]!, /^ +gym2008 +disallowed .*line 3/);
});

test('check --json gives the verdicts as JSON', async (t) => {
  const r = await run(['check', '--json', await robotsFile(), 'Bot', '/private/a']);
  const parsed = JSON.parse(r.out.join('\n')) as { userAgent: string; results: unknown[] };
  t.is(parsed.userAgent, 'Bot');
  t.deepEqual(parsed.results[0], {
    url: '/private/a',
    syntax: 'gym2008',
    allowed: false,
    record: { names: ['*'], line: 1 },
    rule: { kind: 'disallow', path: '/private/', line: 2 },
  });
});

test('check says when no record applies', async (t) => {
  const r = await run(['check', await robotsFile('User-agent: other\nDisallow: /\n'), 'Bot', '/x']);
  t.is(r.code, 0);
  t.regex(r.out[0]!, /no record applies/);
});

test('check reads a Latin-1 file that is not valid UTF-8', async (t) => {
  const file = await robotsFile(Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1'));
  t.is((await run(['check', file, 'Bot', '/caf%C3%A9'])).code, 1);
});

test('an unreadable file exits 2 with a one-line message in words, not an errno', async (t) => {
  const r = await run(['check', '/nonexistent/robots.txt', 'Bot', '/x']);
  t.is(r.code, 2);
  t.deepEqual(r.err, ['rerp: cannot read /nonexistent/robots.txt: no such file']);
  const dir = await run(['show', tmpdir()]);
  t.is(dir.code, 2);
  t.deepEqual(dir.err, [`rerp: cannot read ${tmpdir()}: is a directory`]);
});

test('--version prints the version, exit 0', async (t) => {
  const pkg = JSON.parse(await readFile(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as { version: string };
  for (const flag of ['--version', '-V']) {
    const r = await run([flag]);
    t.is(r.code, 0);
    t.deepEqual(r.out, [`rerp ${pkg.version}`]);
    t.deepEqual(r.err, []);
  }
});

test("rerp <command> --help prints that command's help, exit 0, whatever else is given", async (t) => {
  const commands = ['check', 'show', 'lint', 'batch'];
  for (const command of commands) {
    for (const args of [
      [command, '--help'],
      [command, '-h'],
      [command, '--syntax', 'nope', '--help'],
      ['help', command],
    ]) {
      const r = await run(args);
      t.is(r.code, 0, args.join(' '));
      t.deepEqual(r.err, [], args.join(' '));
      const text = r.out.join('\n');
      t.true(text.startsWith(`Usage:\n  rerp ${command} `), args.join(' '));
      t.regex(text, new RegExp(`\\n${command} +\\S`), args.join(' '));
      for (const other of commands.filter((c) => c !== command)) t.false(text.includes(`rerp ${other} `), args.join(' '));
    }
  }
  // After `--`, --help is an argument; an unknown command still fails.
  t.is((await run(['check', '--', '--help'])).code, 2);
  t.is((await run(['frobnicate', '--help'])).code, 2);
  const all = await run(['--help']);
  t.is(all.code, 0);
  t.regex(all.out.join('\n'), /rerp --version/);
});

/** {@link run} with `input` on standard input. */
const runWithStdin = (args: string[], input: string): Promise<CliRun> => run(args, { stdin: Readable.from([Buffer.from(input)]) });

test('- reads the robots.txt from standard input, for check, show and lint', async (t) => {
  const r = await runWithStdin(['check', '-', 'Bot', '/private/x', '/ok'], ROBOTS);
  t.is(r.code, 1);
  t.regex(r.out[0]!, /^disallowed \/private\/x/);
  t.regex(r.out[1]!, /^allowed {4}\/ok/);
  const shown = await runWithStdin(['show', '-'], ROBOTS);
  t.is(shown.code, 0);
  t.regex(shown.out.join('\n'), /^User-agent: \*\nCrawl-delay: 1\.5\n/);
  const linted = await runWithStdin(['lint', '-'], 'User-agent: *\nDissallow: /tmp/\n');
  t.true(
    linted.out.some((l) => /^-:2:1: warning: .*\[directive-differs\]$/.test(l)),
    linted.out.join('\n'),
  );
  const none = await run(['show', '-']);
  t.is(none.code, 2);
  t.deepEqual(none.err, [`rerp: no standard input to read the robots.txt from (try 'rerp --help')`]);
});

test('check reports a URL that is neither a path nor an http(s) URL as a usage error, exit 2', async (t) => {
  const file = await robotsFile();
  for (const url of ['private/x', 'ftp://example.com/x', 'https://', 'MyBot/1.0', '']) {
    const r = await run(['check', file, 'Bot', '/ok', url]);
    t.is(r.code, 2, url);
    t.deepEqual(r.err, [`rerp: invalid URL "${url}": give a path starting with / or an absolute http(s) URL (try 'rerp --help')`], url);
    t.deepEqual(r.out, [], url);
  }
  // Arguments swapped: the URL given as the user agent.
  const swapped = await run(['check', file, 'https://example.com/private/x', 'Bot']);
  t.is(swapped.code, 2);
  t.regex(swapped.err[0]!, /^rerp: invalid URL "Bot"/);
});

test('usage errors exit 2 with one line that points to --help', async (t) => {
  const file = await robotsFile();
  for (const args of [[], ['frobnicate'], ['check', file, 'Bot'], ['check', '--syntax', 'nope', file, 'Bot', '/'], ['check', '--bogus', file, 'Bot', '/']]) {
    const r = await run(args);
    t.is(r.code, 2, args.join(' '));
    t.is(r.err.length, 1, args.join(' '));
    t.regex(r.err[0]!, /^rerp: .+ \(try 'rerp --help'\)$/);
    t.deepEqual(r.out, []);
  }
});

test('show prints the rules, the crawl delays and the sitemaps', async (t) => {
  const r = await run(['show', await robotsFile()]);
  t.is(r.code, 0);
  const text = r.out.join('\n');
  t.regex(text, /^User-agent: \*\nCrawl-delay: 1\.5\nDisallow: \/private\/\nDisallow: \/\*\.pdf\$\n/);
  t.regex(text, /# Crawl delays:\n# {3}\*: 1\.5 s/);
  t.regex(text, /# Sitemaps:\n# {3}https:\/\/example\.com\/s\.xml/);
});

test('the built command runs end to end with its exit status', async (t) => {
  const file = await robotsFile();
  const exec = promisify(execFile);
  const ok = await exec(process.execPath, [CLI, 'check', file, 'Bot', '/fine']);
  t.regex(ok.stdout, /^allowed/);
  const error = await t.throwsAsync(exec(process.execPath, [CLI, 'check', file, 'Bot', '/private/']));
  t.is((error as unknown as { code: number }).code, 1);
});

test('a reader that stops early (| head) ends the output quietly, keeping the exit status', async (t) => {
  // Far more output than a pipe buffers, so writes after the reader leaves fail with EPIPE.
  const file = await robotsFile('User-agent: *\n' + Array.from({ length: 50_000 }, (_, i) => `Disallow: /p${i}\n`).join(''));
  const child = spawn(process.execPath, [CLI, 'show', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  t.is(stderr, '');
  t.is(code, 0);
});

test('check --syntax rfc9309 answers by the longest match', async (t) => {
  const file = await robotsFile('User-agent: *\nDisallow: /private/\nAllow: /private/open\n');
  const r = await run(['check', '--syntax', 'rfc9309', file, 'Bot', '/private/open/page']);
  t.is(r.code, 0);
  t.regex(r.out[0]!, /^allowed .*line 3: Allow: \/private\/open/);
  t.is((await run(['check', file, 'Bot', '/private/open/page'])).code, 1);
});

test('check says when a URL took the rules past their work bound, and counts it disallowed', async (t) => {
  const rules = Array.from({ length: 90 }, (_, k) => `Disallow: /*${'a'.repeat(1000)}${k}*q\n`).join('');
  const r = await run(['check', await robotsFile('User-agent: *\n' + rules), 'Bot', 'https://example.com/' + 'a'.repeat(16_000)]);
  t.is(r.code, 1);
  t.regex(r.out[0]!, /^disallowed +https:\/\/example\.com\/a+ +\(the rules of record "\*" \(line 1\) took more work on this URL than a check may do/);
});
