// RobotsCache with syntax RFC9309: answers, crawl delay and status policy follow the syntax.
import test from 'ava';
import { RobotsCache, RFC9309 } from '../../src/index.js';
import { respond, startServer, type TestServer } from '../helpers/server.js';

// A blank line does not end an RFC 9309 group; the second ExampleBot group pools with the first.
const ROBOTS =
  'User-agent: ExampleBot\n\nDisallow: /private/\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /\n\nUser-agent: ExampleBot\nAllow: /private/press/\n';

async function serve(t: { teardown(fn: () => Promise<void>): void }, status: number, body = ''): Promise<TestServer> {
  const server = await startServer({ '/robots.txt': respond(status, body, { 'content-type': 'text/plain' }) });
  t.teardown(() => server.close());
  return server;
}

test('a RobotsCache with syntax RFC9309 answers as RFC 9309 does', async (t) => {
  const s = await serve(t, 200, ROBOTS);
  const cache = new RobotsCache({ userAgent: 'ExampleBot', syntax: RFC9309 });
  t.false(await cache.isAllowed(s.url('/private/x')));
  t.true(await cache.isAllowed(s.url('/private/press/x')));
  t.true(await cache.isAllowed(s.url('/public')));
  // The default syntax reads the same file differently: the blank line closes the
  // first record before its Disallow, so only the last record names ExampleBot.
  t.true(await new RobotsCache({ userAgent: 'ExampleBot' }).isAllowed(s.url('/private/x')));
});

test('a RobotsCache with syntax RFC9309 takes the crawl delay from the pooled groups', async (t) => {
  const s = await serve(t, 200, ROBOTS);
  t.is(await new RobotsCache({ userAgent: 'ExampleBot', syntax: RFC9309 }).getCrawlDelay(s.url('/')), 2);
  // Under the default syntax the Crawl-delay line sits in no record.
  t.is(await new RobotsCache({ userAgent: 'ExampleBot' }).getCrawlDelay(s.url('/')), null);
});

test('a RobotsCache with syntax RFC9309 uses the rfc9309 status policy: a 5xx disallows everything, a 403 allows everything', async (t) => {
  const down = await serve(t, 503);
  t.false(await new RobotsCache({ userAgent: 'ExampleBot', syntax: RFC9309, onServerError: 'allow' }).isAllowed(down.url('/x')));
  const forbidden = await serve(t, 403);
  t.true(await new RobotsCache({ userAgent: 'ExampleBot', syntax: RFC9309 }).isAllowed(forbidden.url('/x')));
  // The original's policy reads a 403 as Disallow: /.
  t.false(await new RobotsCache({ userAgent: 'ExampleBot' }).isAllowed(forbidden.url('/x')));
});
