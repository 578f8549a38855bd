// Content-Encoding from a hostile server: codings stacked past any use, and
// bodies whose decoding would outlast the timeout (behaviour.md §9.26). No
// assertion on elapsed time: a body that would take far longer to decode than
// the test may run shows that the timeout or the signal ended its decoding.
import test from 'ava';
import { gzipSync } from 'node:zlib';
import { RobotExclusionRulesParser, RobotsFetchError } from '../../src/index.js';
import { respond, startServer } from '../helpers/server.js';

const ROBOTS = 'User-agent: *\nDisallow: /new\n';

/** `body` gzipped `times` times over, and the Content-Encoding that says so. */
function stacked(times: number): { body: Buffer; coding: string } {
  let body = Buffer.from(ROBOTS);
  for (let i = 0; i < times; i++) body = gzipSync(body, { level: 1 });
  return { body, coding: Array<string>(times).fill('gzip').join(', ') };
}

test('five stacked codings are undone', async (t) => {
  const { body, coding } = stacked(5);
  const server = await startServer({ '/robots.txt': respond(200, body, { 'content-encoding': coding }) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));
  t.false(p.isAllowed('bot', '/new'));
});

test('six stacked codings are refused as a network failure naming the count, and the rules held stay', async (t) => {
  const { body, coding } = stacked(6);
  const server = await startServer({
    '/robots.txt': respond(200, body, { 'content-encoding': coding }),
    '/old': respond(200, 'User-agent: *\nDisallow: /old\n'),
  });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/old'));
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'network');
  t.is(error.message, `Cannot fetch robots.txt from ${server.url('/robots.txt')}: its body has 6 content codings; at most 5 are undone`);
  t.false(p.isAllowed('bot', '/old'));
  t.true(p.isAllowed('bot', '/new'));
});

test('1,500 stacked gzip codings are refused by their count, without decoding', async (t) => {
  const { body, coding } = stacked(1500);
  const server = await startServer({ '/robots.txt': respond(200, body, { 'content-encoding': coding }) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  // A timeout that cannot be what ends the fetch: the refusal is the count's.
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { timeout: 60_000 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'network', error.message);
  t.is(error.message, `Cannot fetch robots.txt from ${server.url('/robots.txt')}: its body has 1500 content codings; at most 5 are undone`);
  t.true(p.isAllowed('bot', '/new'));
});

test("under RFC 9309's status policy too many codings count as unreachable: everything is disallowed", async (t) => {
  const { body, coding } = stacked(6);
  const server = await startServer({ '/robots.txt': respond(200, body, { 'content-encoding': coding }) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'), { statusPolicy: 'rfc9309' });
  t.is(p.responseCode, 0);
  t.false(p.isAllowed('bot', '/anything'));
});

/**
 * Three gzip layers, a few kilobytes on the wire, whose innermost layer is
 * ROBOTS followed by `millions` million empty gzip members: the text comes
 * out at once, then Node's zlib works through the empty members, emitting
 * nothing.
 */
function slowToDecode(millions: number): Buffer {
  const empty = gzipSync(Buffer.alloc(0));
  const hundredThousand = gzipSync(Buffer.concat(Array<Buffer>(100_000).fill(empty)), { level: 9 });
  const middle = Buffer.concat([gzipSync(gzipSync(ROBOTS)), ...Array<Buffer>(millions * 10).fill(hundredThousand)]);
  return gzipSync(middle, { level: 9 });
}

const SLOW = { 'content-encoding': 'gzip, gzip, gzip' };

/**
 * Four gzip layers, a few kilobytes on the wire, whose innermost layer is
 * ROBOTS followed by ten thousand million empty gzip members (a hundred
 * times `slowToDecode(100)`): the text comes out at once, then decoding the
 * rest would take far longer than any test may run.
 */
function endlessToDecode(): Buffer {
  const empty = gzipSync(Buffer.alloc(0));
  const hundredThousand = gzipSync(Buffer.concat(Array<Buffer>(100_000).fill(empty)), { level: 9 });
  const hundredMillion = gzipSync(Buffer.concat(Array<Buffer>(1000).fill(hundredThousand)), { level: 9 });
  return gzipSync(Buffer.concat([gzipSync(gzipSync(gzipSync(ROBOTS))), ...Array<Buffer>(100).fill(hundredMillion)]), { level: 9 });
}

const ENDLESS = { 'content-encoding': 'gzip, gzip, gzip, gzip' };

test('the timeout covers decoding: a body that would not be decoded before the test times out fails with it', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, endlessToDecode(), ENDLESS) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { timeout: 1000 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout', error.message);
  t.is(error.message, `Cannot fetch robots.txt from ${server.url('/robots.txt')}: no complete answer within 1000 ms`);
  t.true(p.isAllowed('bot', '/new'));
});

test('the signal covers decoding: an abort while decoding rejects and keeps the rules held', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, endlessToDecode(), ENDLESS), '/old': respond(200, 'User-agent: *\nDisallow: /old\n') });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/old'));
  const controller = new AbortController();
  // Half a second in, the body (sent at once) is being decoded; only the abort can end that.
  const timer = setTimeout(() => controller.abort(), 500);
  t.teardown(() => clearTimeout(timer));
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { signal: controller.signal, timeout: 3_600_000 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'aborted', error.message);
  t.false(p.isAllowed('bot', '/old'));
  t.true(p.isAllowed('bot', '/new'));
});

test('a body slow to decode but within the timeout is read whole', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, slowToDecode(1), SLOW) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'), { timeout: 30_000 });
  t.false(p.isAllowed('bot', '/new'));
});
