// The pacers alone, on a clock moved by hand: MemoryPacer's slots and memory,
// and GuardedPacer's fallback when the shared pacer fails or is slow.
import test from 'ava';
import { GuardedPacer, MemoryPacer, type Pacer } from '../../src/hosts/pacing.js';
import type { StoreErrorEvent } from '../../src/hosts/shared-store.js';
import { InvalidArgumentError, StoreTimeoutError } from '../../src/errors.js';
import { ManualClock } from '../helpers/clock.js';

const A = 'http://a.example';
const B = 'http://b.example';

test('MemoryPacer: slots of one origin are an interval apart, starting now; origins are independent', async (t) => {
  const clock = new ManualClock(1_000_000);
  const pacer = new MemoryPacer(clock);
  t.is(await pacer.reserve(A, 1000), 1_000_000);
  t.is(await pacer.reserve(A, 1000), 1_001_000);
  t.is(await pacer.reserve(A, 500), 1_002_000);
  t.is(await pacer.reserve(B, 1000), 1_000_000, 'another origin starts now');
  // Time passes beyond the next slot: the next reservation is now.
  await clock.advance(10_000);
  t.is(await pacer.reserve(A, 1000), 1_010_000);
});

test('MemoryPacer: a reservation of no length shows the next slot without moving it', async (t) => {
  const clock = new ManualClock(5000);
  const pacer = new MemoryPacer(clock);
  t.is(await pacer.reserve(A, 0), 5000);
  t.is(pacer.size, 0, 'an origin with nothing ahead is not held');
  await pacer.reserve(A, 3000);
  t.is(await pacer.reserve(A, 0), 8000);
  t.is(await pacer.reserve(A, 0), 8000);
  t.is(await pacer.reserve(A, 1000), 8000);
});

test('MemoryPacer: push moves the next slot later, never earlier', async (t) => {
  const clock = new ManualClock(0);
  const pacer = new MemoryPacer(clock);
  await pacer.push(A, 30_000);
  t.is(await pacer.reserve(A, 1000), 30_000);
  await pacer.push(A, 10_000);
  t.is(await pacer.reserve(A, 1000), 31_000, 'an earlier push leaves the later slot');
  await pacer.push(B, -5);
  t.is(await pacer.reserve(B, 0), 0);
});

test('MemoryPacer: bad arguments reject with InvalidArgumentError', async (t) => {
  const pacer = new MemoryPacer(new ManualClock());
  for (const bad of [-1, Number.NaN, Infinity, '5' as unknown as number]) {
    await t.throwsAsync(pacer.reserve(A, bad), { instanceOf: InvalidArgumentError });
  }
  for (const bad of [Number.NaN, Infinity, null as unknown as number]) {
    await t.throwsAsync(pacer.push(A, bad), { instanceOf: InvalidArgumentError });
  }
});

test('MemoryPacer: memory stays flat as origins come and go', async (t) => {
  const clock = new ManualClock(0);
  const pacer = new MemoryPacer(clock);
  let largest = 0;
  // 20 rounds of 5,000 new origins, each paced one second; two seconds pass between rounds.
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 5000; i++) {
      await pacer.reserve(`http://h${round}-${i}.example`, 1000);
      largest = Math.max(largest, pacer.size);
    }
    // The round's first origin, reserved before the sweeps of this round, still paces.
    t.is(await pacer.reserve(`http://h${round}-0.example`, 1000), clock.now() + 1000);
    await clock.advance(2000);
  }
  // 100,000 origins seen, never more than twice those of one round held.
  t.true(largest <= 10_000, `held ${largest}`);
});

test('MemoryPacer: the origins still waiting survive a sweep', async (t) => {
  const clock = new ManualClock(0);
  const pacer = new MemoryPacer(clock);
  await pacer.push(A, 1_000_000);
  for (let i = 0; i < 10_000; i++) await pacer.reserve(`http://h${i}.example`, 10);
  await clock.advance(100);
  for (let i = 0; i < 10_000; i++) await pacer.reserve(`http://k${i}.example`, 10);
  t.true(pacer.size < 15_000);
  t.is(await pacer.reserve(A, 0), 1_000_000);
});

/** A shared pacer whose answers a test decides. */
class FakeShared implements Pacer {
  readonly calls: string[] = [];
  reserveWith: (origin: string, interval: number) => Promise<number>;
  pushWith: (origin: string, until: number) => Promise<void> = () => Promise.resolve();
  constructor(reserve: (origin: string, interval: number) => Promise<number>) {
    this.reserveWith = reserve;
  }
  reserve(origin: string, intervalMs: number): Promise<number> {
    this.calls.push(`reserve ${origin} ${intervalMs}`);
    return this.reserveWith(origin, intervalMs);
  }
  push(origin: string, untilMs: number): Promise<void> {
    this.calls.push(`push ${origin} ${untilMs}`);
    return this.pushWith(origin, untilMs);
  }
}

function guarded(clock: ManualClock, shared: Pacer | null, events: StoreErrorEvent[] = []): GuardedPacer {
  return new GuardedPacer({ clock, shared, timeout: 1000, onStoreError: (e) => events.push(e) });
}

test("GuardedPacer: the shared pacer's later slot wins and the local pacer learns it", async (t) => {
  const clock = new ManualClock(0);
  const fleet = new MemoryPacer(clock);
  await fleet.push(A, 7000);
  let down = false;
  const shared = new FakeShared((origin, interval) => (down ? Promise.reject(new Error('down')) : fleet.reserve(origin, interval)));
  const pacer = guarded(clock, shared);
  t.is(await pacer.reserve(A, 1000), 7000);
  // The fleet's pacer is gone: the local one carries on from what it learnt.
  down = true;
  t.is(await pacer.reserve(A, 1000), 8000);
  t.is(await pacer.reserve(A, 1000), 9000);
});

test('GuardedPacer: a local slot later than the shared one wins and is pushed to the shared pacer', async (t) => {
  const clock = new ManualClock(0);
  const shared = new FakeShared(() => Promise.resolve(clock.now()));
  const pacer = guarded(clock, shared);
  t.is(await pacer.reserve(A, 1000), 0);
  t.is(await pacer.reserve(A, 1000), 1000, 'the shared pacer forgot the first slot');
  t.deepEqual(shared.calls, [`reserve ${A} 1000`, `reserve ${A} 1000`, `push ${A} 2000`]);
});

test('GuardedPacer: a shared pacer that fails is reported, and pacing goes on in memory, never faster', async (t) => {
  const clock = new ManualClock(0);
  const events: StoreErrorEvent[] = [];
  const boom = new Error('redis down');
  const shared = new FakeShared(() => Promise.reject(boom));
  const pacer = guarded(clock, shared, events);
  t.is(await pacer.reserve(A, 1000), 0);
  t.is(await pacer.reserve(A, 1000), 1000);
  t.deepEqual(events, [{ origin: A, operation: 'reserve', error: boom }]);
  t.is(shared.calls.length, 1, 'left alone after the failure');
  // After the pause it is asked again; a push that fails is reported too.
  await clock.advance(300);
  shared.pushWith = () => Promise.reject(boom);
  await pacer.push(A, 60_000);
  t.deepEqual(
    events.map((e) => e.operation),
    ['reserve', 'push'],
  );
  t.is(await pacer.reserve(A, 1000), 60_000, 'the local pacer kept the push');
});

test('GuardedPacer: a shared pacer slower than the timeout is reported as a StoreTimeoutError', async (t) => {
  const clock = new ManualClock(0);
  const events: StoreErrorEvent[] = [];
  // The timeout bounds real I/O, so it runs on the system clock: 1 ms here, for a call that never answers.
  const pacer = new GuardedPacer({ clock, shared: new FakeShared(() => new Promise<number>(() => {})), timeout: 1, onStoreError: (e) => events.push(e) });
  t.is(await pacer.reserve(A, 1000), 0);
  t.is(events.length, 1);
  t.true(events[0]!.error instanceof StoreTimeoutError);
  t.is((events[0]!.error as StoreTimeoutError).operation, 'reserve');
  t.is(await pacer.reserve(A, 1000), 1000, 'paused after the failure: no call, no wait');
  t.is(events.length, 1);
});

test('GuardedPacer: an answer that is not a time is a failure', async (t) => {
  const clock = new ManualClock(0);
  const events: StoreErrorEvent[] = [];
  const pacer = guarded(clock, new FakeShared(() => Promise.resolve(Number.NaN)), events);
  t.is(await pacer.reserve(A, 1000), 0);
  t.is(events.length, 1);
});

test('GuardedPacer: a throwing onStoreError does not break the reservation', async (t) => {
  const clock = new ManualClock(0);
  const pacer = new GuardedPacer({
    clock,
    shared: new FakeShared(() => Promise.reject(new Error('x'))),
    timeout: 1000,
    onStoreError: () => {
      throw new Error('hook');
    },
  });
  t.is(await pacer.reserve(A, 1000), 0);
});
