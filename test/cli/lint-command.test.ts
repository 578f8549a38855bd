// `rerp lint`: compiler-style lines or JSON, exit status from the errors, files and URLs.
import test from 'ava';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { robotsFile, run } from '../helpers/cli.js';
import type { LintDiagnostic } from '../../src/index.js';
import { latin1 } from '../helpers/robots.js';
import { respond, startServer } from '../helpers/server.js';

const MIXED = 'User-agent: *\nDisallow: /shop/\nAllow: /shop/cart/\nCrawl-delay: 2s\n';

test('lint prints a compiler line per finding and exits 1 when one is an error', async (t) => {
  const file = await robotsFile(MIXED);
  const r = await run(['lint', file]);
  t.is(r.code, 1);
  t.deepEqual(r.out, [
    `${file}:3: warning: under MK1996 and GYM2008 this rule never decides, because "Disallow: /shop/" (line 2) matches first with the opposite answer; under RFC9309 it decides: move it above line 2 for one answer in every syntax [precedence-differs]`,
    `${file}:4:14: error: "2s" is not a number of seconds (digits with an optional fraction, behaviour.md §7): every syntax ignores it [crawl-delay-invalid]`,
  ]);
  t.deepEqual(r.err, [`${file}: 1 error, 1 warning, 0 infos`]);
});

test('lint exits 0 on warnings alone, and prints nothing for a clean file', async (t) => {
  const warned = await run(['lint', await robotsFile('User-agent: *\nDisallow: /shop/\nAllow: /shop/cart/\n')]);
  t.is(warned.code, 0);
  t.is(warned.out.length, 1);
  const clean = await run(['lint', await robotsFile('User-agent: *\nDisallow: /private/\n')]);
  t.deepEqual(clean, { code: 0, out: [], err: [] });
});

test('lint --json gives the file and the diagnostics', async (t) => {
  const file = await robotsFile(MIXED);
  const r = await run(['lint', '--json', file]);
  t.is(r.code, 1);
  const json = JSON.parse(r.out.join('\n')) as { file: string; diagnostics: LintDiagnostic[] };
  t.is(json.file, file);
  t.deepEqual(
    json.diagnostics.map((d) => [d.line, d.code, d.severity]),
    [
      [3, 'precedence-differs', 'warning'],
      [4, 'crawl-delay-invalid', 'error'],
    ],
  );
  t.deepEqual(json.diagnostics[0]!.syntaxes, ['MK1996', 'GYM2008']);
  t.deepEqual(r.err, []);
});

test('lint reads a file that is not UTF-8 as bytes', async (t) => {
  const r = await run(['lint', await robotsFile(latin1('User-agent: *\nDisallow: /caf\u00e9\n'))]);
  t.regex(r.out[0]!, /:2:15: warning: byte 0xE9 is not UTF-8.*\[not-utf8\]$/);
});

test('lint sees the byte-order mark of a file, and check still skips it', async (t) => {
  const file = await robotsFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('User-agent: *\nDisallow: /\n')]));
  t.regex((await run(['lint', file])).out[0]!, /:1:1: info: a byte-order mark opens the file.*\[byte-order-mark\]$/);
  t.is((await run(['check', '--syntax', 'all', file, 'Bot', '/x'])).code, 1);
  t.is((await run(['check', '--syntax', 'all', file, 'Bot', '/x'])).out.filter((l) => l.includes('disallowed')).length, 3);
});

test('lint: usage errors and unreadable files exit 2', async (t) => {
  t.is((await run(['lint'])).code, 2);
  t.is((await run(['lint', 'a.txt', 'b.txt'])).code, 2);
  t.is((await run(['lint', '--timeout', '0', 'a.txt'])).code, 2);
  const missing = await run(['lint', join(tmpdir(), 'rerp-no-such-dir', 'robots.txt')]);
  t.is(missing.code, 2);
  t.regex(missing.err[0]!, /^rerp: cannot read .*: no such file$/);
  t.is((await run(['lint', 'ftp://example.com/robots.txt'])).code, 2);
});

test('lint fetches a URL, sending --user-agent, and lints what came', async (t) => {
  const server = await startServer({
    '/robots.txt': respond(200, '<!DOCTYPE html>\n<html><body>Welcome</body></html>\n', { 'content-type': 'text/html' }),
    '/latin1.txt': respond(
      200,
      Uint8Array.from([0x55, 0x73, 0x65, 0x72, 0x2d, 0x61, 0x67, 0x65, 0x6e, 0x74, 0x3a, 0x2a, 0x0a, 0x41, 0x6c, 0x6c, 0x6f, 0x77, 0x3a, 0x2f, 0xe9, 0x0a]),
    ),
  });
  try {
    const r = await run(['lint', '--user-agent', 'LintBot/1.0', server.url('/robots.txt')]);
    t.is(r.code, 1);
    t.deepEqual(
      r.out.map((l) => /\[([a-z0-9-]+)\]$/.exec(l)![1]),
      ['html-document'],
    );
    t.true(r.out[0]!.startsWith(`${server.url('/robots.txt')}:1:1: error: the file is markup`));
    t.is(server.requests[0]!.headers['user-agent'], 'LintBot/1.0');
    const bytes = await run(['lint', server.url('/latin1.txt')]);
    t.regex(bytes.out[0]!, /\[not-utf8\]$/);
  } finally {
    await server.close();
  }
});

test('lint: a URL that answers anything but 2xx has nothing to lint and exits 2', async (t) => {
  const server = await startServer({ '/gone.txt': respond(410, 'gone'), '/down.txt': respond(503, 'down') });
  try {
    const gone = await run(['lint', server.url('/gone.txt')]);
    t.is(gone.code, 2);
    t.is(gone.err[0], `rerp: ${server.url('/gone.txt')}: HTTP 410, so there is no robots.txt to lint (RFC 9309 crawlers may then fetch everything)`);
    const down = await run(['lint', server.url('/down.txt')]);
    t.is(down.code, 2);
    t.regex(down.err[0]!, /HTTP 503, .*may then fetch nothing\)$/);
  } finally {
    await server.close();
  }
});
