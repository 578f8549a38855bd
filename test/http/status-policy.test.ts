import test from 'ava';
import { failureOutcome, statusOutcome, POLICY_DEFAULTS } from '../../src/http/status-policy.js';

test('the original policy: 2xx parsed, 401/403 disallow, 404 allows, the rest fails', (t) => {
  for (const s of [200, 203, 206, 299]) t.is(statusOutcome('original', s), 'parse', String(s));
  t.is(statusOutcome('original', 401), 'disallow-all');
  t.is(statusOutcome('original', 403), 'disallow-all');
  t.is(statusOutcome('original', 404), 'allow-all');
  for (const s of [100, 300, 302, 304, 400, 402, 405, 410, 429, 451, 500, 503, 599, 600]) t.is(statusOutcome('original', s), 'fail', String(s));
});

test('the rfc9309 policy: 2xx parsed, 4xx and unfollowed 3xx allow, 5xx disallows', (t) => {
  for (const s of [200, 204, 299]) t.is(statusOutcome('rfc9309', s), 'parse', String(s));
  for (const s of [300, 304, 400, 401, 403, 404, 410, 429, 499]) t.is(statusOutcome('rfc9309', s), 'allow-all', String(s));
  for (const s of [500, 502, 503, 599]) t.is(statusOutcome('rfc9309', s), 'disallow-all', String(s));
});

test('the original policy throws on every failure', (t) => {
  for (const r of ['network', 'timeout', 'aborted', 'redirect', 'url', 'status'] as const) t.is(failureOutcome('original', r), 'fail', r);
});

test("the rfc9309 policy: unreachable disallows, too many redirects allow, the caller's own failures throw", (t) => {
  t.is(failureOutcome('rfc9309', 'network'), 'disallow-all');
  t.is(failureOutcome('rfc9309', 'timeout'), 'disallow-all');
  t.is(failureOutcome('rfc9309', 'redirect'), 'allow-all');
  t.is(failureOutcome('rfc9309', 'aborted'), 'fail');
  t.is(failureOutcome('rfc9309', 'url'), 'fail');
});

test('the policies differ in charset, size and lifetime as their sources say', (t) => {
  t.like(POLICY_DEFAULTS.original, { charset: 'iso-8859-1', maxBytes: 102_400, lifetime: 604_800, maxLifetime: Infinity });
  t.like(POLICY_DEFAULTS.rfc9309, { charset: 'utf-8', maxBytes: 512_000, lifetime: 86_400, maxLifetime: 86_400 });
});
