import test from 'ava';
import { formatSummary, runBatch, type BatchSink } from '../../src/cli/batch.js';
import { InvalidArgumentError } from '../../src/errors.js';
import { MAX_LINE, OVERLONG } from '../../src/cli/lines.js';
import { startServer, type Handler, type TestServer } from '../helpers/server.js';

async function serve(t: { teardown(fn: () => Promise<void>): void }, handler: Handler): Promise<TestServer> {
  const server = await startServer(handler);
  t.teardown(() => server.close());
  return server;
}

function collect(): BatchSink & { results: string[]; warnings: string[]; ticks: number } {
  const sink = {
    results: [] as string[],
    warnings: [] as string[],
    ticks: 0,
    result: (line: string) => sink.results.push(line),
    warn: (m: string) => sink.warnings.push(m),
    tick: () => sink.ticks++,
  };
  return sink;
}

/** A robots.txt handler that answers once `gate` resolves. */
function gated(gate: Promise<void>, body = 'User-agent: *\nDisallow: /no\n'): Handler {
  return async (_req, res) => {
    await gate;
    res.writeHead(200);
    res.end(body);
  };
}

test('results come in input order even when a later origin answers first', async (t) => {
  let open!: () => void;
  const slow = await serve(t, gated(new Promise((r) => (open = r))));
  const fast = await serve(t, gated(Promise.resolve()));
  const sink = collect();
  const done = runBatch([slow.url('/no'), fast.url('/a'), fast.url('/no')], { userAgent: 'Bot', concurrency: 3 }, sink);
  while (fast.count() === 0 || sink.ticks < 2) await new Promise((r) => setTimeout(r, 5));
  t.deepEqual(sink.results, [], 'nothing is written before the first line is done');
  open();
  await done;
  t.deepEqual(sink.results, [`disallowed\t${slow.url('/no')}`, `allowed\t${fast.url('/a')}`, `disallowed\t${fast.url('/no')}`]);
});

test('no more robots.txt fetches run at once than the concurrency', async (t) => {
  let inFlight = 0;
  let most = 0;
  const handler: Handler = async (_req, res) => {
    most = Math.max(most, ++inFlight);
    await new Promise((r) => setTimeout(r, 20));
    inFlight--;
    res.writeHead(200);
    res.end('');
  };
  const servers = await Promise.all(Array.from({ length: 6 }, () => serve(t, handler)));
  const summary = await runBatch(
    servers.map((s) => s.url('/x')),
    { userAgent: 'Bot', concurrency: 2 },
    collect(),
  );
  t.is(summary.urls, 6);
  t.true(most <= 2, `at most 2 at once, saw ${most}`);
});

test('progress ticks once per URL, bad lines left out', async (t) => {
  const s = await serve(t, gated(Promise.resolve()));
  const sink = collect();
  await runBatch(['', s.url('/1'), '# note', 'bad', s.url('/2')], { userAgent: 'Bot', concurrency: 2 }, sink);
  t.is(sink.ticks, 2);
});

test('the summary counts URLs, origins, verdicts, failures and skipped lines', async (t) => {
  const s = await serve(t, gated(Promise.resolve()));
  const summary = await runBatch([s.url('/no'), s.url('/yes'), 'bad'], { userAgent: 'Bot', concurrency: 1 }, collect());
  t.deepEqual(summary, { urls: 2, origins: 1, allowed: 1, disallowed: 1, fetchFailures: 0, skipped: 1, stopped: false });
});

test('a concurrency that is not a positive integer is an InvalidArgumentError', async (t) => {
  for (const concurrency of [0, 2.5, undefined]) {
    const error = await t.throwsAsync(runBatch([], { userAgent: 'Bot', concurrency } as never, collect()), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: `runBatch option concurrency must be a positive integer, got ${concurrency}`,
    });
    t.is(error.argument, 'concurrency');
  }
});

test('bad options are InvalidArgumentErrors naming the option, before any fetch', async (t) => {
  const s = await serve(t, gated(Promise.resolve()));
  const bad: [options: unknown, argument: string, message: string | RegExp][] = [
    [
      { userAgent: 'Bot', concurrency: 1, onServerError: 'throw' },
      'onServerError',
      "runBatch option onServerError must be 'disallow' or 'allow', got \"throw\"",
    ],
    [{ userAgent: 'Bot', concurrency: 1, json: 'yes' }, 'json', 'runBatch option json must be true or false, got "yes"'],
    [{ userAgent: 'Bot', concurrency: 1, syntax: 0 }, 'syntax', 'runBatch option syntax must be MK1996 (1), GYM2008 (2) or RFC9309 (3), got 0'],
    [{ userAgent: 'Bot™', concurrency: 1 }, 'userAgent', /^runBatch option userAgent must be a valid HTTP header value/],
    [{ concurrency: 1 }, 'userAgent', 'runBatch option userAgent must be a string, got undefined'],
    [
      { userAgent: 'Bot', concurrency: 1, fetchOptions: { timeout: 0 } },
      'fetchOptions.timeout',
      'runBatch option fetchOptions.timeout must be a finite number of milliseconds > 0, got 0',
    ],
    [
      { userAgent: 'Bot', concurrency: 1, fetchOptions: { timout: 1000 } },
      'fetchOptions.timout',
      'runBatch option fetchOptions.timout is unknown; known options: timeout, signal, maxBytes, maxRedirects, onDecodeError, statusPolicy, allowAddress, lookup',
    ],
    [
      { userAgent: 'Bot', concurrency: 1, concurency: 4 },
      'concurency',
      'runBatch option concurency is unknown; known options: userAgent, concurrency, json, syntax, onServerError, fetchOptions, signal',
    ],
    [null, 'options', 'runBatch options must be an object, got null'],
  ];
  for (const [options, argument, message] of bad) {
    const error = await t.throwsAsync(runBatch([s.url('/x')], options as never, collect()), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message,
    });
    t.is(error.argument, argument);
  }
  t.is(s.count(), 0);
});

test('formatSummary writes singulars and plurals', (t) => {
  t.is(
    formatSummary({ urls: 1, origins: 1, allowed: 1, disallowed: 0, fetchFailures: 1, skipped: 1, stopped: false }),
    '1 URL on 1 origin: 1 allowed, 0 disallowed, 1 fetch failure, 1 bad line skipped',
  );
  t.is(
    formatSummary({ urls: 5, origins: 2, allowed: 3, disallowed: 2, fetchFailures: 0, skipped: 2, stopped: false }),
    '5 URLs on 2 origins: 3 allowed, 2 disallowed, 0 fetch failures, 2 bad lines skipped',
  );
});

// Streaming: the input is read as the checks go, and a stop is prompt.

/** `count` URL lines on `server`, counted as they are taken. */
function counted(server: TestServer, count: number): { lines: Iterable<string>; taken: () => number } {
  let taken = 0;
  return {
    lines: (function* () {
      for (let i = 0; i < count; i++) {
        taken++;
        yield server.url(`/p/${i}`);
      }
    })(),
    taken: () => taken,
  };
}

test('the input is read only as far as the checks and the reorder window go', async (t) => {
  let open!: () => void;
  const slow = await serve(t, gated(new Promise((r) => (open = r))));
  const fast = await serve(t, gated(Promise.resolve()));
  const input = counted(fast, 100_000);
  const sink = collect();
  // The first line waits on a robots.txt that does not answer yet; the others may run ahead of it only so far.
  const lines = (function* () {
    yield slow.url('/first');
    yield* input.lines;
  })();
  const done = runBatch(lines, { userAgent: 'Bot', concurrency: 4 }, sink);
  while (sink.ticks < 60) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 50));
  t.deepEqual(sink.results, []);
  t.true(input.taken() <= 16 * 4 + 1, `${input.taken()} lines taken while the first waits`);
  open();
  const summary = await done;
  t.is(summary.urls, 100_001);
  t.is(sink.results.length, 100_001);
  t.is(sink.results[100_000], `allowed\t${fast.url('/p/99999')}`);
});

test('a sink that is not ready holds the run back', async (t) => {
  const s = await serve(t, gated(Promise.resolve()));
  const input = counted(s, 10_000);
  let release!: () => void;
  const blocked = new Promise<void>((r) => (release = r));
  let asked = 0;
  const sink = { ...collect(), ready: () => (++asked > 3 ? blocked : Promise.resolve()) };
  const done = runBatch(input.lines, { userAgent: 'Bot', concurrency: 2 }, sink);
  while (asked <= 3) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 50));
  t.true(input.taken() <= 4, `${input.taken()} lines taken`);
  release();
  t.is((await done).urls, 10_000);
});

test('the signal stops the run: no further line is read, the fetch in flight is aborted, the summary says so', async (t) => {
  const s = await serve(t, () => undefined);
  const input = counted(s, 1000);
  const stop = new AbortController();
  const sink = collect();
  const done = runBatch(input.lines, { userAgent: 'Bot', concurrency: 2, signal: stop.signal }, sink);
  while (s.count() === 0) await new Promise((r) => setTimeout(r, 5));
  stop.abort();
  const summary = await done;
  t.deepEqual(summary, { urls: 0, origins: 1, allowed: 0, disallowed: 0, fetchFailures: 0, skipped: 0, stopped: true });
  t.deepEqual(sink.results, []);
  t.deepEqual(sink.warnings, [], 'a stop is not a fetch failure');
  t.true(input.taken() <= 3, `${input.taken()} lines taken`);
  t.is(s.count(), 1);
});

test('a line longer than the cap is reported and skipped', async (t) => {
  const s = await serve(t, gated(Promise.resolve()));
  const sink = collect();
  const summary = await runBatch([OVERLONG, s.url('/x')], { userAgent: 'Bot', concurrency: 1 }, sink);
  t.is(summary.skipped, 1);
  t.deepEqual(sink.warnings, [`line 1: longer than ${MAX_LINE} characters, skipped`]);
  t.deepEqual(sink.results, [`allowed\t${s.url('/x')}`]);
});

test('the signal stops the run while a line is awaited from an input that waits', async (t) => {
  const s = await serve(t, gated(Promise.resolve()));
  const stop = new AbortController();
  let asked = 0;
  // One line, then an input that never ends and never gives another (a terminal, a pipe whose writer waits).
  const input: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: () => (++asked === 1 ? Promise.resolve({ done: false, value: s.url('/x') }) : new Promise<IteratorResult<string>>(() => undefined)),
    }),
  };
  const sink = collect();
  const done = runBatch(input, { userAgent: 'Bot', concurrency: 2, signal: stop.signal }, sink);
  while (sink.results.length === 0) await new Promise((r) => setTimeout(r, 5));
  stop.abort();
  const summary = await done;
  t.is(summary.urls, 1);
  t.true(summary.stopped);
  t.is(asked, 2);
});
