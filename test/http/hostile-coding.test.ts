// Content-Encoding from a hostile server: codings stacked past any use, and
// bodies whose decoding would outlast the timeout (behaviour.md §9.26).
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

test('1,500 stacked gzip codings are refused at once, well within the timeout, without decoding', async (t) => {
  const { body, coding } = stacked(1500);
  const server = await startServer({ '/robots.txt': respond(200, body, { 'content-encoding': coding }) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const started = Date.now();
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { timeout: 2000 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'network', error.message);
  t.true(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
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
 * out at once, then Node's zlib works through the empty members for seconds
 * (about 2 s a 10 million on a fast machine), emitting nothing.
 */
function slowToDecode(millions: number): Buffer {
  const empty = gzipSync(Buffer.alloc(0));
  const hundredThousand = gzipSync(Buffer.concat(Array<Buffer>(100_000).fill(empty)), { level: 9 });
  const middle = Buffer.concat([gzipSync(gzipSync(ROBOTS)), ...Array<Buffer>(millions * 10).fill(hundredThousand)]);
  return gzipSync(middle, { level: 9 });
}

const SLOW = { 'content-encoding': 'gzip, gzip, gzip' };

test('the timeout covers decoding: a body that would take many seconds to decode fails with it', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, slowToDecode(100), SLOW) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const started = Date.now();
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { timeout: 500 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'timeout', error.message);
  t.true(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
  t.true(p.isAllowed('bot', '/new'));
});

test('the signal covers decoding: an abort while decoding rejects at once and keeps the rules held', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, slowToDecode(100), SLOW), '/old': respond(200, 'User-agent: *\nDisallow: /old\n') });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/old'));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 500);
  t.teardown(() => clearTimeout(timer));
  const started = Date.now();
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { signal: controller.signal, timeout: 60_000 }), { instanceOf: RobotsFetchError });
  t.is(error.reason, 'aborted', error.message);
  t.true(Date.now() - started < 1500, `took ${Date.now() - started} ms`);
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
