import test from 'ava';
import type { OutgoingHttpHeaders } from 'node:http';
import { RobotExclusionRulesParser, RobotsFetchError } from '../../src/index.js';
import { respond, startServer, type Handler } from '../helpers/server.js';

const DAY = 24 * 60 * 60;
const ROBOTS = 'User-agent: *\nDisallow: /private\n';

/** Fetches a robots.txt answered with `status` and `headers`; returns the parser and the clock around the call. */
async function fetchWith(headers: OutgoingHttpHeaders, status = 200): Promise<{ p: RobotExclusionRulesParser; before: number; after: number }> {
  const server = await startServer({ '/robots.txt': respond(status, ROBOTS, headers) });
  try {
    const p = new RobotExclusionRulesParser();
    const before = Date.now() / 1000;
    await p.fetch(server.url('/robots.txt'));
    return { p, before, after: Date.now() / 1000 };
  } finally {
    await server.close();
  }
}

const sunday = Date.UTC(2037, 10, 8, 8, 49, 37) / 1000; // Sun, 08 Nov 2037 08:49:37 UTC

test('a new parser expires seven days after its construction', (t) => {
  const before = Date.now() / 1000;
  const p = new RobotExclusionRulesParser();
  const after = Date.now() / 1000;
  t.true(p.expirationDate >= before + 7 * DAY && p.expirationDate <= after + 7 * DAY);
  t.false(p.isExpired);
});

test('Expires in RFC 1123 format sets the expiration date', async (t) => {
  const { p } = await fetchWith({ expires: 'Sun, 08 Nov 2037 08:49:37 GMT' });
  t.is(p.expirationDate, sunday);
  t.false(p.isExpired);
});

test('Expires in RFC 850 format sets the expiration date', async (t) => {
  const { p } = await fetchWith({ expires: 'Sunday, 08-Nov-37 08:49:37 GMT' });
  t.is(p.expirationDate, sunday);
});

test('Expires in asctime format is read as UTC', async (t) => {
  const { p } = await fetchWith({ expires: 'Sun Nov  8 08:49:37 2037' });
  t.is(p.expirationDate, sunday);
});

test('an Expires in the past makes the parser expired at once', async (t) => {
  const { p } = await fetchWith({ expires: 'Thu, 01 Jan 1998 00:00:00 GMT' });
  t.is(p.expirationDate, Date.UTC(1998, 0, 1) / 1000);
  t.true(p.isExpired);
});

for (const garbage of ['0', 'tomorrow', 'Sun, 31 Feb 2037 08:49:37 GMT', '']) {
  test(`a garbage Expires (${JSON.stringify(garbage)}) means seven days`, async (t) => {
    const { p, before, after } = await fetchWith({ expires: garbage });
    t.true(p.expirationDate >= before + 7 * DAY && p.expirationDate <= after + 7 * DAY);
  });
}

test('no caching header means seven days', async (t) => {
  const { p, before, after } = await fetchWith({});
  t.true(p.expirationDate >= before + 7 * DAY && p.expirationDate <= after + 7 * DAY);
});

test('Cache-Control max-age counts from the fetch', async (t) => {
  const { p, before, after } = await fetchWith({ 'cache-control': 'public, max-age=3600' });
  t.true(p.expirationDate >= before + 3600 && p.expirationDate <= after + 3600);
});

test('Cache-Control max-age takes precedence over Expires', async (t) => {
  const { p, before, after } = await fetchWith({ 'cache-control': 'max-age=60', expires: 'Sun, 08 Nov 2037 08:49:37 GMT' });
  t.true(p.expirationDate >= before + 60 && p.expirationDate <= after + 60);
});

test('the Age header is taken off max-age', async (t) => {
  const { p, before, after } = await fetchWith({ 'cache-control': 'max-age=3600', age: '600' });
  t.true(p.expirationDate >= before + 3000 && p.expirationDate <= after + 3000);
});

for (const directive of ['no-cache', 'no-store', 'max-age=0', 'no-store, max-age=3600']) {
  test(`Cache-Control ${directive} makes the rules expired at once`, async (t) => {
    const { p } = await fetchWith({ 'cache-control': directive, expires: 'Sun, 08 Nov 2037 08:49:37 GMT' });
    t.true(p.isExpired);
    t.false(p.isAllowed('bot', '/private'), 'the rules are still used');
  });
}

for (const status of [401, 403, 404]) {
  test(`a ${status} answer expires in seven days whatever its headers say`, async (t) => {
    const { p, before, after } = await fetchWith({ expires: 'Sun, 08 Nov 2037 08:49:37 GMT', 'cache-control': 'max-age=60' }, status);
    t.true(p.expirationDate >= before + 7 * DAY && p.expirationDate <= after + 7 * DAY);
  });
}

test('a failed fetch keeps the expiration date', async (t) => {
  const server = await startServer({ '/ok': respond(200, ROBOTS, { 'cache-control': 'no-cache' }), '/down': respond(503) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/ok'));
  const expiration = p.expirationDate;
  await t.throwsAsync(p.fetch(server.url('/down')), { instanceOf: RobotsFetchError });
  t.is(p.expirationDate, expiration);
  t.true(p.isExpired, 'still expired, so the refresh pattern tries again');
});

test('useLocalTime changes nothing: a Unix time has no zone', async (t) => {
  const server = await startServer(respond(200, ROBOTS, { expires: 'Sun, 08 Nov 2037 08:49:37 GMT' }));
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  t.true(p.useLocalTime);
  p.useLocalTime = false;
  await p.fetch(server.url('/robots.txt'));
  t.is(p.expirationDate, sunday);
});

test('expirationDate can be set, as in the original', (t) => {
  const p = new RobotExclusionRulesParser();
  p.expirationDate = Date.now() / 1000 - 1;
  t.true(p.isExpired);
});

test('the refresh pattern refetches the source URL once expired, and only then', async (t) => {
  let version = 1;
  let cacheControl = 'max-age=3600';
  const handler: Handler = (_req, res) => {
    res.writeHead(200, { 'cache-control': cacheControl });
    res.end(`User-agent: *\nDisallow: /v${version}\n`);
  };
  const server = await startServer({ '/robots.txt': handler });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/robots.txt'));

  version = 2;
  if (p.isExpired) await p.fetch(p.sourceUrl);
  t.is(server.count(), 1, 'fresh: no refetch');
  t.false(p.isAllowed('bot', '/v1'));

  p.expirationDate = Date.now() / 1000 - 1; // as if an hour had passed
  cacheControl = 'no-cache';
  if (p.isExpired) await p.fetch(p.sourceUrl);
  t.is(server.count(), 2);
  t.true(p.isAllowed('bot', '/v1'));
  t.false(p.isAllowed('bot', '/v2'));

  version = 3;
  if (p.isExpired) await p.fetch(p.sourceUrl);
  t.is(server.count(), 3, 'no-cache: refetched at the next check');
  t.false(p.isAllowed('bot', '/v3'));
});
