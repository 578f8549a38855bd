// Retry-After on a failed fetch (behaviour.md §9.22): seconds to wait before
// asking again, from delta-seconds or an HTTP date, or null.
import test from 'ava';
import { RobotExclusionRulesParser, RobotsFetchError } from '../../src/index.js';
import { retryAfterSeconds } from '../../src/http/expiry.js';
import { closedPortUrl, respond, startServer } from '../helpers/server.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0) / 1000;

test('delta-seconds are read as they are', (t) => {
  t.is(retryAfterSeconds('120', NOW), 120);
  t.is(retryAfterSeconds(' 0 ', NOW), 0);
  t.is(retryAfterSeconds('99999999999999', NOW), 2 ** 31);
});

test('an HTTP date is the seconds from now until it, rounded up; a date past is 0', (t) => {
  t.is(retryAfterSeconds('Thu, 01 Jan 2026 12:01:30 GMT', NOW), 90);
  t.is(retryAfterSeconds('Thu, 01 Jan 2026 12:00:00 GMT', NOW), 0);
  t.is(retryAfterSeconds('Thu, 01 Jan 2026 11:00:00 GMT', NOW), 0);
  t.is(retryAfterSeconds('Thursday, 01-Jan-26 12:00:01 GMT', NOW - 0.5), 2);
});

test('anything else is null', (t) => {
  for (const value of [null, undefined, '', '-5', '1.5', 'soon', '12 s', 'Thu, 32 Jan 2026 12:00:00 GMT'])
    t.is(retryAfterSeconds(value, NOW), null, String(value));
});

for (const status of [429, 503]) {
  test(`a ${status} with Retry-After in seconds throws an error whose retryAfter says how long to wait`, async (t) => {
    const server = await startServer({ '/robots.txt': respond(status, '', { 'retry-after': '120' }) });
    t.teardown(() => server.close());
    const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
    t.is(error.reason, 'status');
    t.is(error.retryAfter, 120);
  });
}

test('a 503 with Retry-After as a date gives the seconds until it', async (t) => {
  const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3600_000).toUTCString();
  const server = await startServer({ '/robots.txt': respond(503, '', { 'retry-after': at }) });
  t.teardown(() => server.close());
  const error = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
  t.true(error.retryAfter !== null && error.retryAfter > 3500 && error.retryAfter <= 3601, String(error.retryAfter));
});

test('retryAfter is null without the header, and when no answer came', async (t) => {
  const server = await startServer({ '/robots.txt': respond(503) });
  t.teardown(() => server.close());
  const status = await t.throwsAsync(new RobotExclusionRulesParser().fetch(server.url('/robots.txt')), { instanceOf: RobotsFetchError });
  t.is(status.retryAfter, null);
  const network = await t.throwsAsync(new RobotExclusionRulesParser().fetch(await closedPortUrl()), { instanceOf: RobotsFetchError });
  t.is(network.retryAfter, null);
});

test('a RobotsFetchError made without retryAfter has it null', (t) => {
  t.is(new RobotsFetchError('x', { url: 'u', responseCode: 0, reason: 'network' }).retryAfter, null);
  t.is(new RobotsFetchError('x', { url: 'u', responseCode: 503, reason: 'status', retryAfter: 30 }).retryAfter, 30);
});
