// Every way of fetching has a deadline when the caller sets none: 10 seconds
// (behaviour.md §9.21), so that a server that never answers cannot keep a
// crawler's call pending forever.
import test from 'ava';
import { get, RobotExclusionRulesParser, RobotFileParserLookalike, RobotsCache, RobotsFetchError } from '../../src/index.js';
import * as python from '../../src/adapters/python.js';
import { DEFAULT_TIMEOUT, fetchSettings } from '../../src/http/fetch.js';
import { hang, startServer } from '../helpers/server.js';

test('fetch options default to a 10 s timeout', (t) => {
  t.is(DEFAULT_TIMEOUT, 10_000);
  t.is(fetchSettings().timeout, 10_000);
  t.is(fetchSettings({ timeout: undefined }).timeout, 10_000);
  t.is(fetchSettings({ timeout: 250 }).timeout, 250);
});

test('fetch, RobotsCache, get, the Python facade and the lookalike all give up on a silent server after 10 s', async (t) => {
  const server = await startServer(hang());
  t.teardown(() => server.close());
  const url = server.url('/robots.txt');
  const started = Date.now();
  const within = (promise: Promise<unknown>): Promise<unknown> =>
    promise.then(
      (value) => value,
      (error: unknown) => error,
    );
  const lookalike = new RobotFileParserLookalike(url);
  const throwing = new RobotsCache({ userAgent: 'bot', onServerError: 'throw' });
  const disallowing = new RobotsCache({ userAgent: 'bot' });
  const [plain, cached, standIn, ruby, facade, facadeZero, read] = await Promise.all([
    within(new RobotExclusionRulesParser().fetch(url)),
    within(throwing.get(url)),
    within(disallowing.isAllowed(server.url('/page'))),
    within(get(url, 'bot', { onServerError: 'throw' })),
    within(new python.RobotExclusionRulesParser().fetch(url)),
    within(new python.RobotExclusionRulesParser().fetch(url, 0)),
    within(lookalike.read()),
  ]);
  const elapsed = Date.now() - started;
  for (const [name, error] of Object.entries({ plain, cached, ruby, facade, facadeZero, read })) {
    t.true(error instanceof RobotsFetchError, name);
    t.is((error as RobotsFetchError).reason, 'timeout', name);
    t.regex((error as RobotsFetchError).message, /within 10000 ms/, name);
  }
  t.false(standIn, "RobotsCache's default policy disallows an origin that timed out");
  t.true(elapsed < 20_000, `took ${elapsed} ms`);
});
