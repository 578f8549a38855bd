import test from 'ava';
import { formatDuration, RateEstimator } from '../../src/cli/progress.js';

/** Feeds `estimator` `perSecond` units a second for `seconds`, one update per 100 ms, from `at`; returns the time and count reached. */
function feed(estimator: RateEstimator, from: { time: number; done: number }, perSecond: number, seconds: number): { time: number; done: number } {
  let { time, done } = from;
  for (let i = 0; i < seconds * 10; i++) {
    time += 100;
    done += perSecond / 10;
    estimator.update(done, time);
  }
  return { time, done };
}

test('nothing is estimated before the first interval', (t) => {
  const e = new RateEstimator();
  t.is(e.timeLeft(100), null);
  e.update(0, 0);
  e.update(5, 100);
  t.is(e.rate, null, 'shorter than the sample interval');
  e.update(10, 600);
  t.is(e.rate, 10 / 600);
});

test('a steady rate gives the exact time left', (t) => {
  const e = new RateEstimator();
  e.update(0, 0);
  feed(e, { time: 0, done: 0 }, 200, 30);
  t.is(Math.round(e.timeLeft(1000)!), 5000);
});

test('a burst or a stall moves the estimate part of the way, by the half-life', (t) => {
  const e = new RateEstimator(10_000, 500);
  e.update(0, 0);
  let at = feed(e, { time: 0, done: 0 }, 100, 60);
  t.is(Math.round(e.timeLeft(1000)!), 10_000);
  // One second at 100x the rate (a cached origin's URLs): the time left shrinks by far less than 100x.
  at = feed(e, at, 10_000, 1);
  const afterBurst = e.timeLeft(1000)!;
  t.true(afterBurst > 1000 && afterBurst < 10_000, `${afterBurst} ms`);
  // Then a stall of one half-life (a slow robots.txt): the rate halves, the time left doubles, and it is still known.
  const before = e.rate!;
  at = feed(e, at, 0, 10);
  t.is(Math.round((e.rate! / before) * 1000) / 1000, 0.5);
  t.true(e.timeLeft(1000)! > afterBurst);
  // The rate comes back to a steady 100/s after a few half-lives.
  feed(e, at, 100, 60);
  t.true(Math.abs(e.timeLeft(1000)! - 10_000) < 500);
});

test('durations are written short', (t) => {
  t.is(formatDuration(null), '?');
  t.is(formatDuration(42_400), '42s');
  t.is(formatDuration(185_000), '3m05s');
  t.is(formatDuration(3_720_000), '1h02m');
});
