// The system clock (src/clock.ts), and the ManualClock the host tests drive
// (test/helpers/clock.ts): a harness that misorders wake-ups would make those
// tests prove nothing.
import test from 'ava';
import { systemClock } from '../src/clock.js';
import { systemClock as exported } from '../src/index.js';
import { ManualClock, settle } from './helpers/clock.js';

test('the package exports the system clock', (t) => {
  t.is(exported, systemClock);
  t.true(Object.isFrozen(systemClock));
});

test("systemClock.now is Date.now's time", (t) => {
  const before = Date.now();
  const now = systemClock.now();
  t.true(before <= now && now <= Date.now());
});

test('systemClock.sleep resolves; with a signal already aborted it rejects with its reason at once', async (t) => {
  await t.notThrowsAsync(systemClock.sleep(0));
  await t.notThrowsAsync(systemClock.sleep(-5));
  const reason = new Error('stop');
  await t.throwsAsync(systemClock.sleep(10, AbortSignal.abort(reason)), { is: reason });
});

test('systemClock.sleep rejects with the reason when its signal aborts during the sleep', async (t) => {
  const controller = new AbortController();
  const sleeping = systemClock.sleep(3_600_000, controller.signal);
  const reason = new Error('stop');
  controller.abort(reason);
  await t.throwsAsync(sleeping, { is: reason });
});

test('a sleep longer than one timer holds is not cut short: it waits in parts', async (t) => {
  // Node fires a longer timer after 1 ms, with a TimeoutOverflowWarning.
  const warnings: Error[] = [];
  const onWarning = (warning: Error): void => void warnings.push(warning);
  process.on('warning', onWarning);
  t.teardown(() => process.off('warning', onWarning));
  const controller = new AbortController();
  let woke = false;
  const sleeping = systemClock.sleep(2 ** 32, controller.signal).then(() => (woke = true));
  await settle();
  controller.abort(new Error('done'));
  await t.throwsAsync(sleeping, { message: 'done' });
  t.false(woke);
  t.deepEqual(
    warnings.map((w) => w.name),
    [],
  );
});

test('ManualClock: time stands still until advanced; sleeps wake in deadline order, each at its deadline', async (t) => {
  const clock = new ManualClock(1000);
  const woke: [string, number][] = [];
  const sleep = (name: string, ms: number): Promise<void> => clock.sleep(ms).then(() => void woke.push([name, clock.now()]));
  const all = Promise.all([sleep('b', 20), sleep('a', 10), sleep('c', 20), sleep('late', 100)]);
  await settle();
  t.is(clock.now(), 1000);
  t.deepEqual(woke, []);
  await clock.advance(50);
  t.is(clock.now(), 1050);
  t.deepEqual(woke, [
    ['a', 1010],
    ['b', 1020],
    ['c', 1020],
  ]);
  t.is(clock.sleeping, 1);
  await clock.advance(50);
  await all;
  t.deepEqual(woke.at(-1), ['late', 1100]);
});

test('ManualClock: a sleep begun by one that woke wakes in the same advance when its deadline is passed', async (t) => {
  const clock = new ManualClock(0);
  const times: number[] = [];
  const chain = (async () => {
    for (let i = 0; i < 3; i++) {
      await clock.sleep(10);
      times.push(clock.now());
    }
  })();
  await clock.advance(25);
  t.deepEqual(times, [10, 20]);
  await clock.advance(5);
  await chain;
  t.deepEqual(times, [10, 20, 30]);
});

test('ManualClock: an aborted sleep rejects with the reason and is no longer pending', async (t) => {
  const clock = new ManualClock(0);
  const controller = new AbortController();
  const sleeping = clock.sleep(10, controller.signal);
  t.is(clock.sleeping, 1);
  controller.abort(new Error('stop'));
  await t.throwsAsync(sleeping, { message: 'stop' });
  t.is(clock.sleeping, 0);
});

test('ManualClock.runUntil moves to each deadline as sleeps come, until the promise settles', async (t) => {
  const clock = new ManualClock(0);
  const polls = (async () => {
    let n = 0;
    while (clock.now() < 1000) {
      await clock.sleep(100);
      n++;
    }
    return n;
  })();
  t.is(await clock.runUntil(polls), 10);
  t.is(clock.now(), 1000);
});
