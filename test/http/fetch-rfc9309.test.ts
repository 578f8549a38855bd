import test from 'ava';
import type { OutgoingHttpHeaders } from 'node:http';
import {
  InvalidArgumentError,
  InvalidUrlError,
  RFC9309,
  RobotExclusionRulesParser,
  RobotsEncodingError,
  RobotsFetchError,
  type FetchOptions,
} from '../../src/index.js';
import { closedPortUrl, hang, redirect, respond, startServer, type Handler } from '../helpers/server.js';

const DAY = 24 * 60 * 60;
const KiB = 1024;
const ROBOTS = 'User-agent: *\nDisallow: /private\n';
const rfc9309: FetchOptions = { statusPolicy: 'rfc9309' };

async function fetchFrom(routes: Handler | Record<string, Handler>, url = '/robots.txt', options: FetchOptions = rfc9309) {
  const server = await startServer(routes);
  try {
    const p = new RobotExclusionRulesParser();
    p.parse('User-agent: *\nDisallow: /held\n');
    const before = Date.now() / 1000;
    await p.fetch(server.url(url), options);
    return { p, before, after: Date.now() / 1000 };
  } finally {
    await server.close();
  }
}

for (const status of [400, 401, 403, 404, 410, 429]) {
  test(`under rfc9309, ${status} allows everything`, async (t) => {
    const { p } = await fetchFrom(respond(status, 'User-agent: *\nDisallow: /\n'));
    t.true(p.isAllowed('bot', '/'));
    t.true(p.isAllowed('bot', '/held'));
    t.is(p.responseCode, status);
  });
}

for (const status of [500, 502, 503]) {
  test(`under rfc9309, ${status} disallows everything without throwing`, async (t) => {
    const { p } = await fetchFrom(respond(status, 'User-agent: *\nAllow: /\n'));
    t.false(p.isAllowed('bot', '/'));
    t.false(p.isAllowed('bot', '/page'));
    t.is(p.responseCode, status);
  });
}

test('under rfc9309, a 5xx with Retry-After disallows everything until then, without one for a day (§9.44)', async (t) => {
  const later = await fetchFrom(respond(503, '', { 'retry-after': '120' }));
  t.false(later.p.isAllowed('bot', '/'));
  t.true(later.p.expirationDate >= later.before + 120 - 1 && later.p.expirationDate <= later.after + 120 + 1, String(later.p.expirationDate - later.before));
  const never = await fetchFrom(respond(503, ''));
  t.true(never.p.expirationDate >= never.before + DAY - 1 && never.p.expirationDate <= never.after + DAY + 1);
  // A Retry-After on a 4xx changes nothing: the file is unavailable, everything allowed for a day.
  const gone = await fetchFrom(respond(429, '', { 'retry-after': '120' }));
  t.true(gone.p.isAllowed('bot', '/'));
  t.true(gone.p.expirationDate >= gone.before + DAY - 1);
});

test('under rfc9309, a refused connection disallows everything with responseCode 0', async (t) => {
  const p = new RobotExclusionRulesParser();
  await p.fetch(await closedPortUrl(), rfc9309);
  t.false(p.isAllowed('bot', '/'));
  t.is(p.responseCode, 0);
});

test('under rfc9309, a timeout disallows everything', async (t) => {
  const { p } = await fetchFrom(hang(), '/robots.txt', { ...rfc9309, timeout: 200 });
  t.false(p.isAllowed('bot', '/'));
  t.is(p.responseCode, 0);
});

test('under rfc9309, 5 redirects are followed', async (t) => {
  const routes: Record<string, Handler> = { '/r5': respond(200, ROBOTS) };
  for (let i = 0; i < 5; i++) routes[`/r${i}`] = redirect(301, `/r${i + 1}`);
  const { p } = await fetchFrom(routes, '/r0');
  t.false(p.isAllowed('bot', '/private'));
  t.true(p.isAllowed('bot', '/held'));
});

test('under rfc9309, more redirects than allowed count as unavailable: allow everything', async (t) => {
  const routes: Record<string, Handler> = { '/r6': respond(200, 'User-agent: *\nDisallow: /\n') };
  for (let i = 0; i < 6; i++) routes[`/r${i}`] = redirect(301, `/r${i + 1}`);
  const { p } = await fetchFrom(routes, '/r0');
  t.true(p.isAllowed('bot', '/held'));
  t.true(p.isAllowed('bot', '/'));
  t.is(p.responseCode, 301);
});

test('under rfc9309, a redirect loop allows everything', async (t) => {
  const { p } = await fetchFrom({ '/a': redirect(302, '/b'), '/b': redirect(302, '/a') }, '/a');
  t.true(p.isAllowed('bot', '/held'));
});

test('under rfc9309, the caller aborting still throws and keeps the rules', async (t) => {
  const server = await startServer(hang());
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  p.parse(ROBOTS);
  const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { ...rfc9309, signal: AbortSignal.abort() }), {
    instanceOf: RobotsFetchError,
  });
  t.is(error.reason, 'aborted');
  t.false(p.isAllowed('bot', '/private'));
});

test('under rfc9309, a bad URL still throws an InvalidUrlError', async (t) => {
  await t.throwsAsync(new RobotExclusionRulesParser().fetch('robots.txt', rfc9309), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  const p = new RobotExclusionRulesParser();
  p.parse('User-agent: *\nDisallow: /private\n');
  await t.throwsAsync(p.fetch('ftp://example.com/robots.txt', rfc9309), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  t.false(p.isAllowed('bot', '/private'));
  t.is(p.responseCode, null);
});

test('under rfc9309, a body without charset is UTF-8', async (t) => {
  const { p } = await fetchFrom(respond(200, Buffer.from('User-agent: *\nDisallow: /café\n', 'utf8'), { 'content-type': 'text/plain' }));
  t.false(p.isAllowed('bot', '/café'));
});

test('under rfc9309, a Content-Type charset still wins over UTF-8', async (t) => {
  const { p } = await fetchFrom(respond(200, Buffer.from('User-agent: *\nDisallow: /café\n', 'latin1'), { 'content-type': 'text/plain; charset=iso-8859-1' }));
  t.false(p.isAllowed('bot', '/café'));
});

test('under rfc9309, a body that is not valid UTF-8 is read as its bytes, as the reference parser reads it', async (t) => {
  const { p } = await fetchFrom(respond(200, Buffer.from('User-agent: *\nDisallow: /caf\xe9\nDisallow: /tmp/\n', 'latin1'), { 'content-type': 'text/plain' }));
  t.is(p.responseCode, 200);
  t.false(p.isAllowed('bot', '/caf%E9', RFC9309), 'RFC9309: the byte E9, as the reference parser escapes it');
  t.true(p.isAllowed('bot', '/caf%C3%A9', RFC9309));
  t.false(p.isAllowed('bot', '/caf%C3%A9'), 'GYM2008: the bytes read as ISO-8859-1, so the rule is /café');
  t.false(p.isAllowed('bot', '/tmp/x', RFC9309));
});

test("under rfc9309, onDecodeError 'throw' still throws on invalid UTF-8", async (t) => {
  await t.throwsAsync(fetchFrom(respond(200, Buffer.from([0x55, 0xff, 0x0a])), '/robots.txt', { ...rfc9309, onDecodeError: 'throw' }), {
    instanceOf: RobotsEncodingError,
  });
});

test('under rfc9309, 500 KiB are parsed by default', async (t) => {
  const text = Buffer.alloc(600 * KiB, '#');
  text.write('User-agent: *\nDisallow: /early\n', 0);
  text.write('\nDisallow: /late\n', 450 * KiB);
  text.write('\nDisallow: /beyond\n', 520 * KiB);
  const { p } = await fetchFrom(respond(200, text));
  t.false(p.isAllowed('bot', '/late'));
  t.true(p.isAllowed('bot', '/beyond'));
  const original = await fetchFrom(respond(200, text), '/robots.txt', {});
  t.true(original.p.isAllowed('bot', '/late'), 'the original policy stops at 100 KiB');
});

test('under rfc9309, maxBytes still sets the cap', async (t) => {
  const text = 'User-agent: *\nDisallow: /a\nDisallow: /b\n';
  const { p } = await fetchFrom(respond(200, text), '/robots.txt', { ...rfc9309, maxBytes: text.indexOf('Disallow: /b') });
  t.true(p.isAllowed('bot', '/b'));
});

async function expiry(headers: OutgoingHttpHeaders, status = 200) {
  const { p, before, after } = await fetchFrom(respond(status, ROBOTS, headers));
  return { expiration: p.expirationDate, before, after };
}

test('under rfc9309, no caching header means 24 hours', async (t) => {
  const { expiration, before, after } = await expiry({});
  t.true(expiration >= before + DAY && expiration <= after + DAY);
});

test('under rfc9309, a longer max-age is capped at 24 hours', async (t) => {
  const { expiration, before, after } = await expiry({ 'cache-control': 'max-age=604800' });
  t.true(expiration >= before + DAY && expiration <= after + DAY);
});

test('under rfc9309, a far Expires is capped at 24 hours', async (t) => {
  const { expiration, before, after } = await expiry({ expires: 'Sun, 08 Nov 2037 08:49:37 GMT' });
  t.true(expiration >= before + DAY && expiration <= after + DAY);
});

test('under rfc9309, a shorter max-age is kept', async (t) => {
  const { expiration, before, after } = await expiry({ 'cache-control': 'max-age=600' });
  t.true(expiration >= before + 600 && expiration <= after + 600);
});

for (const status of [404, 503]) {
  test(`under rfc9309, a ${status} answer expires in 24 hours`, async (t) => {
    const { expiration, before, after } = await expiry({ 'cache-control': 'max-age=604800' }, status);
    t.true(expiration >= before + DAY && expiration <= after + DAY);
  });
}

test("a parser whose syntax is RFC9309 fetches under 'rfc9309' unless the options name a policy", async (t) => {
  const server = await startServer(respond(503, 'User-agent: *\nAllow: /\n'));
  try {
    const p = new RobotExclusionRulesParser({ syntax: RFC9309 });
    await p.fetch(server.url('/robots.txt'));
    t.false(p.isAllowed('bot', '/page'));
    await p.fetch(server.url('/robots.txt'), { timeout: 5_000 });
    t.false(p.isAllowed('bot', '/page'));
    const error = await t.throwsAsync(p.fetch(server.url('/robots.txt'), { statusPolicy: 'original' }), { instanceOf: RobotsFetchError });
    t.is(error.responseCode, 503);
    // A parser of the default syntax keeps the original policy.
    await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
    // Options that are not a plain object are still rejected, not copied.
    await t.throwsAsync(p.fetch(server.url('/robots.txt'), new Map() as never), { instanceOf: InvalidArgumentError });
  } finally {
    await server.close();
  }
});
