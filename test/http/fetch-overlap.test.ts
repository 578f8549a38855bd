// Fetches that overlap on one parser (behaviour.md §9.42): calls asking the
// same share one request, and an answer never replaces what a request
// started after it has set, whichever comes back first.
import test from 'ava';
import type { ServerResponse } from 'node:http';
import { RobotExclusionRulesParser, RobotsFetchError } from '../../src/index.js';
import { respond, startServer } from '../helpers/server.js';

/** A handler that answers when `release` is called, and a promise that resolves once it has the request. */
function held(status: number, body: string): { handler: (req: unknown, res: ServerResponse) => void; arrived: Promise<void>; release: () => void } {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let waiting: ServerResponse | null = null;
  let released = false;
  const send = (res: ServerResponse): void => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(body);
  };
  return {
    handler: (_req, res) => {
      if (released) send(res);
      else waiting = res;
      arrive();
    },
    arrived,
    release: () => {
      released = true;
      if (waiting !== null) send(waiting);
    },
  };
}

test('an older request answering last does not replace the rules of a request started after it', async (t) => {
  const slow = held(200, 'User-agent: *\nDisallow: /old\n');
  const server = await startServer({ '/slow': slow.handler, '/fast': respond(200, 'User-agent: *\nDisallow: /new\n') });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const older = p.fetch(server.url('/slow'));
  await slow.arrived;
  await p.fetch(server.url('/fast'));
  t.false(p.isAllowed('bot', '/new'));
  slow.release();
  await older;
  t.false(p.isAllowed('bot', '/new'), 'the newer rules stay');
  t.true(p.isAllowed('bot', '/old'));
  t.is(p.sourceUrl, server.url('/fast'));
  t.is(p.responseCode, 200);
});

test('an older request failing last does not change responseCode or the rules', async (t) => {
  const slow = held(503, '');
  const server = await startServer({ '/slow': slow.handler, '/fast': respond(200, 'User-agent: *\nDisallow: /new\n') });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const older = p.fetch(server.url('/slow'));
  await slow.arrived;
  await p.fetch(server.url('/fast'));
  slow.release();
  const error = await t.throwsAsync(older, { instanceOf: RobotsFetchError });
  t.is(error.responseCode, 503, 'the older call still learns its own outcome');
  t.is(p.responseCode, 200);
  t.false(p.isAllowed('bot', '/new'));
});

test('an older request answering after a newer one failed still brings its rules: nothing newer was set', async (t) => {
  const slow = held(200, 'User-agent: *\nDisallow: /old\n');
  const server = await startServer({ '/slow': slow.handler, '/down': respond(503) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const older = p.fetch(server.url('/slow'));
  await slow.arrived;
  await t.throwsAsync(p.fetch(server.url('/down')), { instanceOf: RobotsFetchError });
  slow.release();
  await older;
  t.false(p.isAllowed('bot', '/old'));
  t.is(p.responseCode, 503, 'responseCode stays that of the last request started');
});

test('eight workers refreshing one expired parser at once send one request', async (t) => {
  const answer = held(200, 'User-agent: *\nDisallow: /fresh\n');
  const server = await startServer({ '/robots.txt': answer.handler });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  p.expirationDate = 0;
  const workers = Array.from({ length: 8 }, async () => {
    if (p.isExpired) await p.fetch(server.url('/robots.txt'), { timeout: 5000 });
    return p.isAllowed('bot', '/fresh');
  });
  await answer.arrived;
  answer.release();
  t.deepEqual(await Promise.all(workers), Array<boolean>(8).fill(false));
  t.is(server.count('/robots.txt'), 1);
  t.false(p.isExpired);
});

test('calls sharing a request share its failure', async (t) => {
  const server = await startServer({ '/robots.txt': respond(503) });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const calls = Array.from({ length: 4 }, () => p.fetch(server.url('/robots.txt')).catch((error: unknown) => error));
  const errors = await Promise.all(calls);
  t.is(server.count('/robots.txt'), 1);
  for (const error of errors) t.is(error, errors[0]);
  t.true(errors[0] instanceof RobotsFetchError);
});

test('calls with other options, another URL or another user agent make their own request', async (t) => {
  const server = await startServer((req, res) => respond(200, `User-agent: *\nDisallow: ${req.url}\n`)(req, res));
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  const url = server.url('/robots.txt');
  const first = p.fetch(url);
  const otherOptions = p.fetch(url, { maxBytes: 1000 });
  const otherUrl = p.fetch(server.url('/other.txt'));
  p.userAgent = 'OtherBot';
  const otherAgent = p.fetch(url);
  await Promise.all([first, otherOptions, otherUrl, otherAgent]);
  t.is(server.count('/robots.txt'), 3);
  t.is(server.count('/other.txt'), 1);
});

test('a call made after a shared request answered makes a new one', async (t) => {
  const server = await startServer({ '/robots.txt': respond(200, 'User-agent: *\nDisallow: /x\n') });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await Promise.all([p.fetch(server.url('/robots.txt')), p.fetch(server.url('/robots.txt'))]);
  await p.fetch(server.url('/robots.txt'));
  t.is(server.count('/robots.txt'), 2);
});
