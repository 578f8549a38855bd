import test from 'ava';
import { RobotExclusionRulesParser } from '../../src/index.js';
import { respond, startServer, streamBody } from '../helpers/server.js';

const KiB = 1024;
const MB = 1024 * 1024;

/**
 * A body of `size` bytes: `head`, then a comment line filling the space up to
 * `tailAt` (a comment line is not a record boundary), then `tail` from `tailAt`.
 */
function body(size: number, head: string, tailAt: number, tail: string): Buffer {
  const buf = Buffer.alloc(size, '#');
  buf.write(head, 0, 'latin1');
  buf.write('\n', tailAt - 1, 'latin1');
  buf.write(tail, tailAt, 'latin1');
  buf.write('\n', size - 1, 'latin1');
  return buf;
}

test('a streamed 5 MB body is cut at 100 KiB and the rest is never sent', async (t) => {
  const head = Buffer.from('User-agent: *\nDisallow: /early\n\n');
  const { handler, stats } = streamBody({ total: 5 * MB, head, fill: 0x0a, pauseAfter: 512 * KiB });
  const server = await startServer({ '/robots.txt': handler });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/early'));
  t.is(await stats.done, 'closed', 'the client hung up before the end');
  t.true(stats.sent < 5 * MB, `sent ${stats.sent} bytes`);
  t.is(p.responseCode, 200);
});

test('rules beyond 100 KiB are not parsed', async (t) => {
  const text = body(200 * KiB, 'User-agent: *\nDisallow: /early\n', 150 * KiB, 'Disallow: /late\n');
  const server = await startServer({ '/robots.txt': respond(200, text) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/early'));
  t.true(p.isAllowed('bot', '/late'));
});

test('rules just within 100 KiB are parsed', async (t) => {
  const tail = 'Disallow: /late\n';
  const text = body(200 * KiB, 'User-agent: *\nDisallow: /early\n', 100 * KiB - tail.length, tail);
  const server = await startServer({ '/robots.txt': respond(200, text) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/late'));
});

test('maxBytes sets the cap', async (t) => {
  const text = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
  const server = await startServer({ '/robots.txt': respond(200, text) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'), { maxBytes: text.indexOf('Disallow: /b') });
  t.false(p.isAllowed('bot', '/a'));
  t.true(p.isAllowed('bot', '/b'));
});

test('a cut through a UTF-8 character drops the partial character instead of throwing', async (t) => {
  const text = Buffer.from('User-agent: *\nDisallow: /é\nDisallow: /ééé', 'utf8');
  const server = await startServer({ '/robots.txt': respond(200, text, { 'content-type': 'text/plain; charset=utf-8' }) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  // Cut after the first byte of the second é of the last line.
  await p.fetch(server.url('/robots.txt'), { maxBytes: text.length - 3 });
  t.false(p.isAllowed('bot', '/é'));
});

test('a gzip-encoded body is decompressed and the cap counts decompressed bytes', async (t) => {
  const { gzipSync } = await import('node:zlib');
  const text = body(300 * KiB, 'User-agent: *\nDisallow: /early\n', 200 * KiB, 'Disallow: /late\n');
  const server = await startServer({ '/robots.txt': respond(200, gzipSync(text), { 'content-encoding': 'gzip' }) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/early'));
  t.true(p.isAllowed('bot', '/late'));
});
