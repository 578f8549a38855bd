// The `rerp batch` command's logic: many URLs, each origin's robots.txt
// fetched once through a RobotsCache, streamed: the input is read once, as
// the checks go, and what is held at any time is bounded by the concurrency
// and the reorder window, not by the input's size (docs/cli.md, "batch").
// The CLI does the terminal I/O.
import { RobotsCache, type RobotsFetchEvent } from '../hosts/cache.js';
import { DEFAULT_MAX_ENTRIES } from '../hosts/settings.js';
import { fetchSettings, type FetchOptions } from '../http/fetch.js';
import { originOf } from '../hosts/origin.js';
import { Lru } from '../hosts/lru.js';
import { OptionReader } from '../options.js';
import { checkSyntax, type Syntax } from '../syntax.js';
import { MAX_LINE, OVERLONG } from './lines.js';

/** Settings of {@link runBatch}. */
export interface BatchOptions {
  /** The user agent fetched as and answered for. */
  readonly userAgent: string;
  /** How many URLs are checked at once, so at most this many robots.txt fetches run at once. */
  readonly concurrency: number;
  /** One JSON object per URL instead of `allowed|disallowed<TAB>url`. */
  readonly json?: boolean | undefined;
  readonly syntax?: Syntax | undefined;
  /**
   * What an unreachable robots.txt means for its URLs. Default `'disallow'`.
   * Under RFC 9309's status policy (the RFC9309 syntax), 5xx answers and
   * network failures disallow whatever this says; it decides the rest.
   */
  readonly onServerError?: 'allow' | 'disallow' | undefined;
  /** Passed to every fetch; `timeout` is in milliseconds. */
  readonly fetchOptions?: FetchOptions | undefined;
  /**
   * Stops the run: no further line is read or checked, fetches in flight are
   * aborted, and the results of the lines already checked are written.
   */
  readonly signal?: AbortSignal | undefined;
}

/** Every key of {@link BatchOptions}. */
const BATCH_KEYS = ['userAgent', 'concurrency', 'json', 'syntax', 'onServerError', 'fetchOptions', 'signal'] as const;

/** Where {@link runBatch} reports. */
export interface BatchSink {
  /** One result line, in input order. */
  result(line: string): void;
  /** A message about a skipped line or a failed fetch. */
  warn(message: string): void;
  /** Progress: called once per URL line done. */
  tick?(): void;
  /**
   * Resolves when the output can take more results; {@link runBatch} waits
   * for it before each new check, so that a slow reader slows the run down
   * instead of filling memory with its results.
   */
  ready?(): Promise<void>;
}

/** What {@link runBatch} did, for the summary. */
export interface BatchSummary {
  /** URLs checked. */
  readonly urls: number;
  /** Distinct origins among them. */
  readonly origins: number;
  readonly allowed: number;
  readonly disallowed: number;
  /** robots.txt fetches that failed (answered by the `onServerError` policy). */
  readonly fetchFailures: number;
  /** Lines that are not absolute http(s) URLs, reported and skipped. */
  readonly skipped: number;
  /** True when the `signal` stopped the run before the end of its input. */
  readonly stopped: boolean;
}

/** A line that holds no URL and is passed over silently: blank, or a `#` comment. */
function isBlank(line: string): boolean {
  return line === '' || line.startsWith('#');
}

/**
 * Results held at most, per unit of concurrency, between a line's check and
 * its turn to be written: a slow origin at the head of the input lets the
 * other checks run this far ahead of it, then they wait.
 */
const WINDOW_PER_WORKER = 16;

/** A line's place in the reorder window: its result once its check is done. */
interface Slot {
  done: boolean;
  out: string | null;
}

/**
 * Checks every URL line of `lines` against its origin's robots.txt, fetched
 * once per origin, `concurrency` URLs at a time, and gives one result per URL
 * to `sink` in input order. Blank and `#` lines are passed over; any other
 * line that is not an absolute http(s) URL is reported and skipped.
 *
 * `lines` is read once, only as fast as the checks go: at most `concurrency`
 * checks run, and at most 16 x `concurrency` results wait for an earlier line
 * to be written, so memory does not grow with the input (it does with the
 * number of distinct origins, which the summary counts).
 * @throws InvalidArgumentError, before any fetch, for options that are not
 *   an object or have an unknown key, a `concurrency` that is not a positive
 *   integer, a `userAgent` that is not a valid HTTP header value, or any
 *   other bad option.
 */
export async function runBatch(lines: Iterable<string> | AsyncIterable<string>, options: BatchOptions, sink: BatchSink): Promise<BatchSummary> {
  const o = new OptionReader('runBatch', options, BATCH_KEYS, '', true);
  const userAgent = o.headerValue('userAgent');
  const concurrency = o.integer('concurrency', 1);
  const json = o.boolean('json', false);
  const syntax = o.raw('syntax') === undefined ? undefined : checkSyntax(o.raw('syntax'), o.label('syntax'));
  const policy = o.oneOf('onServerError', ['disallow', 'allow'] as const, 'disallow');
  const signal = o.signal('signal');
  fetchSettings(o.raw('fetchOptions'), 'runBatch', 'fetchOptions');
  const given = o.raw('fetchOptions') as FetchOptions | undefined;
  // The run's signal aborts the fetches in flight too, beside any the caller gave them.
  const fetchSignal = signal === null ? given?.signal : given?.signal === undefined ? signal : AbortSignal.any([signal, given.signal]);
  const fetchOptions = fetchSignal === undefined ? given : { ...given, signal: fetchSignal };

  // Each origin's last failure, for `--json`; as many as the cache holds, least recently used dropped first.
  const failures = new Lru<string, string>(DEFAULT_MAX_ENTRIES, Number.POSITIVE_INFINITY);
  const onFetch = (event: RobotsFetchEvent): void => {
    failures.delete(event.origin);
    if (!event.failed) return;
    fetchFailures++;
    const why =
      event.error?.message ?? `Cannot use robots.txt from ${event.robotsUrl}: ${event.responseCode === 0 ? 'no answer' : `HTTP ${event.responseCode}`}`;
    failures.set(event.origin, why, 0);
    // Without an error, the fetch's own status policy (RFC 9309's) answered, and disallowed everything.
    let verdict = policy === 'allow' ? 'allowed' : 'disallowed';
    if (event.error === null) verdict = 'disallowed, as RFC 9309 says for an unreachable robots.txt';
    sink.warn(`${why}; its URLs count as ${verdict}`);
  };
  const cache = new RobotsCache({
    userAgent,
    onServerError: policy,
    onFetch,
    ...(syntax === undefined ? {} : { syntax }),
    ...(fetchOptions === undefined ? {} : { fetchOptions }),
  });

  const origins = new Set<string>();
  let allowed = 0;
  let disallowed = 0;
  let skipped = 0;
  let fetchFailures = 0;

  const check = async (text: string, origin: string): Promise<string | null> => {
    origins.add(origin);
    let ok: boolean;
    try {
      ok = await cache.isAllowed(text);
    } catch (error) {
      // Stopped while its robots.txt was being fetched: the line has no answer.
      if (signal?.aborted === true) return null;
      throw error;
    }
    if (ok) allowed++;
    else disallowed++;
    sink.tick?.();
    if (!json) return `${ok ? 'allowed' : 'disallowed'}\t${text}`;
    const error = failures.peek(origin);
    // Used again: the last to be dropped, as in the cache.
    if (error !== undefined) failures.set(origin, error, 0);
    return JSON.stringify({ url: text, allowed: ok, origin, ...(error === undefined ? {} : { error }) });
  };

  // Lines between the first not yet written and the last read, in input order.
  const window: Slot[] = [];
  const room = WINDOW_PER_WORKER * concurrency;
  let active = 0;
  let failed: unknown = null;
  let wake: (() => void) | null = null;
  const flush = (): void => {
    while (window.length > 0 && window[0]!.done) {
      const { out } = window.shift()!;
      if (out !== null) sink.result(out);
    }
  };
  const settle = (slot: Slot, out: string | null): void => {
    slot.done = true;
    slot.out = out;
    active--;
    flush();
    wake?.();
  };
  /** Waits until a check may start: a free worker and room in the window. */
  const turn = async (): Promise<void> => {
    while (failed === null && (active >= concurrency || window.length >= room)) await new Promise<void>((r) => (wake = r));
    wake = null;
  };

  const ended = (): boolean => signal?.aborted === true || failed !== null;
  let lineNumber = 0;
  for await (const raw of untilAborted(lines, signal)) {
    if (ended()) break;
    lineNumber++;
    if (raw === OVERLONG) {
      skipped++;
      sink.warn(`line ${lineNumber}: longer than ${MAX_LINE} characters, skipped`);
      continue;
    }
    const text = raw.trim();
    if (isBlank(text)) continue;
    const origin = originOf(text);
    if (origin === null) {
      skipped++;
      sink.warn(`line ${lineNumber}: not an absolute http(s) URL, skipped: ${JSON.stringify(text)}`);
      continue;
    }
    await turn();
    await sink.ready?.();
    if (ended()) break;
    const slot: Slot = { done: false, out: null };
    window.push(slot);
    active++;
    check(text, origin).then(
      (out) => settle(slot, out),
      (error: unknown) => {
        failed ??= error;
        settle(slot, null);
      },
    );
  }
  while (active > 0) await new Promise<void>((r) => (wake = r));
  flush();
  if (failed !== null) throw failed as Error;
  const stopped = signal?.aborted === true;
  return { urls: allowed + disallowed, origins: origins.size, allowed, disallowed, fetchFailures, skipped, stopped };
}

/**
 * The items of `items` until `signal` aborts, even while one is awaited
 * (standard input from a terminal, or a pipe whose writer waits): the read
 * in progress is then left behind, not awaited.
 */
async function* untilAborted(items: Iterable<string> | AsyncIterable<string>, signal: AbortSignal | null): AsyncGenerator<string> {
  if (signal === null) {
    yield* items;
    return;
  }
  const it = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  // One promise a read, settled by the read or by the abort: racing each read with one promise for
  // the abort would leave a reaction on that promise per line, never freed.
  let wake: ((result: null) => void) | null = null;
  const onAbort = (): void => wake?.(null);
  signal.addEventListener('abort', onAbort);
  let pending: Promise<IteratorResult<string>> | null = null;
  try {
    for (;;) {
      if (signal.aborted) return;
      const read = (pending = Promise.resolve(it.next()));
      const next = await new Promise<IteratorResult<string> | null>((resolve, reject) => {
        wake = resolve;
        read.then(resolve, reject);
      });
      wake = null;
      if (next === null || next.done === true) return;
      pending = null;
      yield next.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    // A read left behind may still fail; its failure no longer matters.
    pending?.catch(() => undefined);
    if (pending === null) await it.return?.();
  }
}

/** The summary as one line of text. */
export function formatSummary(s: BatchSummary): string {
  const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
  return (
    `${plural(s.urls, 'URL')} on ${plural(s.origins, 'origin')}: ${s.allowed} allowed, ${s.disallowed} disallowed, ` +
    `${plural(s.fetchFailures, 'fetch failure')}, ${plural(s.skipped, 'bad line')} skipped`
  );
}
