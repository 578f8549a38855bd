// The fetch layer of browsers, workers and Deno (platform-web.ts), run on
// Node's own fetch and TextDecoder. The browser test runs it in Chromium.
import test from 'ava';
import { decodeCharset, request } from '../../src/http/platform-web.js';
import { decodeCharset as nodeDecodeCharset } from '../../src/http/platform-node.js';
import { redirect, respond, startServer, streamBody } from '../helpers/server.js';

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, b) => b);

test('every name iconv-lite gives ISO-8859-1 decodes each byte as the character of its code, as on Node', (t) => {
  for (const name of ['ISO-8859-1', 'iso8859-1', 'ISO_8859-1:1987', 'latin1', 'L1', 'cp819', 'IBM819', 'csISOLatin1', 'iso-ir-100', 'binary', 'cp28591']) {
    t.is(decodeCharset(ALL_BYTES, name, true, false), String.fromCharCode(...ALL_BYTES), name);
    t.is(decodeCharset(ALL_BYTES, name, true, false), nodeDecodeCharset(ALL_BYTES, name, true, false), name);
  }
});

test('a WHATWG label decodes with TextDecoder; invalid bytes are an error when strict, U+FFFD otherwise', (t) => {
  const sjis = Uint8Array.from([0x2f, 0x93, 0xfa, 0x96, 0x7b]); // "/日本" in Shift_JIS
  t.is(decodeCharset(sjis, 'Shift_JIS', true, false), '/日本');
  const cut = Uint8Array.from([0x2f, 0x93]); // a lead byte with no trail byte
  t.true(typeof decodeCharset(cut, 'shift_jis', true, false) === 'object');
  t.is(decodeCharset(cut, 'shift_jis', false, false), '/\ufffd');
  t.is(decodeCharset(cut, 'shift_jis', true, true), '/', 'streaming keeps an incomplete last character back');
});

test('a charset the WHATWG Encoding Standard does not know is unknown (null)', (t) => {
  for (const name of ['no-such-charset', 'utf-32', 'iso-2022-kr', 'replacement', 'windows1252']) t.is(decodeCharset(ALL_BYTES, name, true, false), null, name);
});

test('a redirect comes back as it is (Node, Deno and workers show it), its body discarded', async (t) => {
  const server = await startServer({ '/robots.txt': redirect(301, '/elsewhere') });
  t.teardown(() => server.close());
  const hop = await request(server.url('/robots.txt'), { 'User-Agent': 'MyBot/1.0' }, new AbortController().signal);
  t.is(hop.status, 301);
  t.is(hop.headers.get('location'), '/elsewhere');
  hop.discard();
  t.is(server.requests[0]!.headers['user-agent'], 'MyBot/1.0');
});

test('a body is read whole under the cap, and cut at the cap with the rest cancelled', async (t) => {
  const server = await startServer({ '/small': respond(200, 'User-agent: *\n') });
  t.teardown(() => server.close());
  const signal = new AbortController().signal;
  const small = await (await request(server.url('/small'), {}, signal)).read(1024);
  t.deepEqual(small, { body: new TextEncoder().encode('User-agent: *\n'), truncated: false });
  t.deepEqual(await (await request(server.url('/small'), {}, signal)).read(0), { body: new Uint8Array(0), truncated: true });

  const { handler, stats } = streamBody({ total: 4 * 1024 * 1024, pauseAfter: 512 * 1024 });
  const big = await startServer({ '/robots.txt': handler });
  t.teardown(() => big.close());
  const capped = await (await request(big.url('/robots.txt'), {}, signal)).read(100 * 1024);
  t.is(capped.body.length, 100 * 1024);
  t.true(capped.truncated);
  t.is(await stats.done, 'closed', 'the client hung up before the end');
});

test('an abort rejects the request', async (t) => {
  const server = await startServer({ '/robots.txt': () => {} });
  t.teardown(() => server.close());
  const controller = new AbortController();
  const pending = request(server.url('/robots.txt'), {}, controller.signal);
  controller.abort();
  await t.throwsAsync(pending, { any: true, name: 'AbortError' });
});
