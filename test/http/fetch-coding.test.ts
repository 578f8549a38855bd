// Content-Encoding: what a server compresses is decoded, and a compressed
// body that is cut short or corrupt is an error, never a shorter robots.txt.
import test from 'ava';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { RobotExclusionRulesParser, RobotsFetchError } from '../../src/index.js';
import { respond, startServer } from '../helpers/server.js';

const ROBOTS = 'User-agent: *\nDisallow: /private\n' + '# filler so the compressed form is long enough to cut\n'.repeat(40) + 'Disallow: /late\n';

/** A handler sending `body` as it is, with the given coding and a Content-Length that matches it. */
const encoded = (body: Uint8Array, coding: string) => respond(200, body, { 'content-encoding': coding, 'content-length': String(body.length) });

async function fetched(t: import('ava').ExecutionContext, body: Uint8Array, coding: string): Promise<RobotExclusionRulesParser> {
  const server = await startServer({ '/robots.txt': encoded(body, coding) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  return p;
}

test('the request asks for gzip, deflate and br', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, ROBOTS) });
  t.teardown(() => server.close());
  await new RobotExclusionRulesParser().fetch(server.url('/robots.txt'));
  t.is(server.requests[0]!.headers['accept-encoding'], 'gzip, deflate, br');
});

for (const [coding, compress] of [
  ['gzip', gzipSync],
  ['x-gzip', gzipSync],
  ['deflate', deflateSync],
  ['br', brotliCompressSync],
] as const) {
  test(`a ${coding} body is decoded whole`, async (t) => {
    const p = await fetched(t, compress(ROBOTS), coding);
    t.false(p.isAllowed('bot', '/private'));
    t.false(p.isAllowed('bot', '/late'));
  });
}

test('a deflate body without its zlib wrapper (raw, as old servers send it) is decoded', async (t) => {
  const p = await fetched(t, deflateRawSync(ROBOTS), 'deflate');
  t.false(p.isAllowed('bot', '/late'));
});

test('codings applied one after the other are undone in turn', async (t) => {
  const p = await fetched(t, brotliCompressSync(gzipSync(ROBOTS)), 'gzip, br');
  t.false(p.isAllowed('bot', '/late'));
});

for (const coding of ['gzip', 'deflate', 'br']) {
  test(`an empty ${coding} body is an empty robots.txt`, async (t) => {
    const p = await fetched(t, new Uint8Array(0), coding);
    t.is(p.responseCode, 200);
    t.true(p.isAllowed('bot', '/private'));
  });
}

test('bytes after the end of a deflate stream, wrapped or raw, are ignored', async (t) => {
  const tail = Buffer.from('\r\n<!-- trailing -->');
  t.false((await fetched(t, Buffer.concat([deflateSync(ROBOTS), tail]), 'deflate')).isAllowed('bot', '/late'));
  t.false((await fetched(t, Buffer.concat([deflateRawSync(ROBOTS), tail]), 'deflate')).isAllowed('bot', '/late'));
  t.false((await fetched(t, Buffer.concat([brotliCompressSync(ROBOTS), tail]), 'br')).isAllowed('bot', '/late'));
});

test("zero bytes after a gzip stream are padding; other bytes there are an error, as Node's zlib reads them", async (t) => {
  t.false((await fetched(t, Buffer.concat([gzipSync(ROBOTS), Buffer.alloc(16)]), 'gzip')).isAllowed('bot', '/late'));
  const server = await startServer({ '/robots.txt': encoded(Buffer.concat([gzipSync(ROBOTS), Buffer.from('\n')]), 'gzip') });
  t.teardown(() => server.close());
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt'), { timeout: 5000 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'network');
});

test('gzip members one after the other are all decoded', async (t) => {
  const half = ROBOTS.length >> 1;
  const p = await fetched(t, Buffer.concat([gzipSync(ROBOTS.slice(0, half)), gzipSync(ROBOTS.slice(half))]), 'gzip');
  t.false(p.isAllowed('bot', '/private'));
  t.false(p.isAllowed('bot', '/late'));
});

test('a body with an unknown or identity coding is read as it is', async (t) => {
  t.false((await fetched(t, Buffer.from(ROBOTS), 'utf-8')).isAllowed('bot', '/late'));
  t.false((await fetched(t, Buffer.from(ROBOTS), 'identity')).isAllowed('bot', '/late'));
});

for (const [coding, compress] of [
  ['gzip', gzipSync],
  ['deflate', deflateSync],
  ['br', brotliCompressSync],
] as const) {
  test(`a ${coding} body cut short, though its Content-Length matches, throws and keeps the rules held`, async (t) => {
    const whole = compress(ROBOTS);
    const server = await startServer({
      '/robots.txt': encoded(whole.subarray(0, whole.length - 12), coding),
      '/old': respond(200, 'User-agent: *\nDisallow: /old\n'),
    });
    t.teardown(() => server.close());
    const p = new RobotExclusionRulesParser();
    await p.fetch(server.url('/old'));
    const error = await t.throwsAsync(p.fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
    t.is(error.reason, 'network');
    t.is(error.code, 'ERR_ROBOTS_FETCH');
    t.regex(error.message, new RegExp(`Content-Encoding: ${coding}\\) is cut short or corrupt`));
    t.false(p.isAllowed('bot', '/old'), 'the rules held before stay');
    t.true(p.isAllowed('bot', '/private'));
  });
}

test('a body that is not in the coding it claims throws', async (t) => {
  const server = await startServer({ '/robots.txt': encoded(Buffer.from(ROBOTS), 'gzip') });
  t.teardown(() => server.close());
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'network');
  t.regex(error.message, /cut short or corrupt/);
});

test("under RFC 9309's status policy a cut gzip body counts as unreachable: everything is disallowed", async (t) => {
  const whole = gzipSync(ROBOTS);
  const server = await startServer({ '/robots.txt': encoded(whole.subarray(0, whole.length - 12), 'gzip') });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'), { statusPolicy: 'rfc9309' });
  t.false(p.isAllowed('bot', '/anything'));
});
