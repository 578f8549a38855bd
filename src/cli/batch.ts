// The `rerp batch` command's logic: many URLs, each origin's robots.txt
// fetched once through a RobotsCache. The CLI does the terminal I/O.
import { RobotsCache, type RobotsFetchEvent } from '../hosts/cache.js';
import type { FetchOptions } from '../http/fetch.js';
import { originOf } from '../hosts/origin.js';
import type { Syntax } from '../syntax.js';

/** Settings of {@link runBatch}. */
export interface BatchOptions {
  /** The user agent fetched as and answered for. */
  readonly userAgent: string;
  /** How many URLs are checked at once, so at most this many robots.txt fetches run at once. */
  readonly concurrency: number;
  /** One JSON object per URL instead of `allowed|disallowed<TAB>url`. */
  readonly json?: boolean;
  readonly syntax?: Syntax;
  /**
   * What an unreachable robots.txt means for its URLs. Default `'disallow'`.
   * Under RFC 9309's status policy (the RFC9309 syntax), 5xx answers and
   * network failures disallow whatever this says; it decides the rest.
   */
  readonly onServerError?: 'allow' | 'disallow';
  readonly fetchOptions?: FetchOptions;
}

/** Where {@link runBatch} reports. */
export interface BatchSink {
  /** One result line, in input order. */
  result(line: string): void;
  /** A message about a skipped line or a failed fetch. */
  warn(message: string): void;
  /** Progress: called once with the number of URL lines, then once per URL line done. */
  start?(total: number): void;
  tick?(): void;
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
}

/** A line that holds no URL and is passed over silently: blank, or a `#` comment. */
function isBlank(line: string): boolean {
  return line === '' || line.startsWith('#');
}

/**
 * Checks every URL line of `lines` against its origin's robots.txt, fetched
 * once per origin, `concurrency` URLs at a time, and gives one result per URL
 * to `sink` in input order. Blank and `#` lines are passed over; any other
 * line that is not an absolute http(s) URL is reported and skipped.
 * @throws RangeError for a concurrency that is not a positive integer.
 */
export async function runBatch(lines: readonly string[], options: BatchOptions, sink: BatchSink): Promise<BatchSummary> {
  if (!Number.isSafeInteger(options.concurrency) || options.concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${String(options.concurrency)}`);
  }
  const policy = options.onServerError ?? 'disallow';
  const failures = new Map<string, string>();
  const onFetch = (event: RobotsFetchEvent): void => {
    if (!event.failed) return;
    fetchFailures++;
    const why =
      event.error?.message ?? `Cannot use robots.txt from ${event.robotsUrl}: ${event.responseCode === 0 ? 'no answer' : `HTTP ${event.responseCode}`}`;
    failures.set(event.origin, why);
    // Without an error, the fetch's own status policy (RFC 9309's) answered, and disallowed everything.
    let verdict = policy === 'allow' ? 'allowed' : 'disallowed';
    if (event.error === null) verdict = 'disallowed, as RFC 9309 says for an unreachable robots.txt';
    sink.warn(`${why}; its URLs count as ${verdict}`);
  };
  const cache = new RobotsCache({
    userAgent: options.userAgent,
    onServerError: policy,
    onFetch,
    ...(options.syntax === undefined ? {} : { syntax: options.syntax }),
    ...(options.fetchOptions === undefined ? {} : { fetchOptions: options.fetchOptions }),
  });

  const work = lines
    .map((l, i) => ({ line: i + 1, text: l.trim() }))
    .filter((w) => !isBlank(w.text))
    .map((w) => ({ ...w, origin: originOf(w.text) }));
  const origins = new Set<string>();
  let allowed = 0;
  let disallowed = 0;
  let skipped = 0;
  let fetchFailures = 0;

  const check = async ({ line, text, origin }: (typeof work)[number]): Promise<string | null> => {
    if (origin === null) {
      skipped++;
      sink.warn(`line ${line}: not an absolute http(s) URL, skipped: ${JSON.stringify(text)}`);
      return null;
    }
    origins.add(origin);
    const ok = await cache.isAllowed(text);
    if (ok) allowed++;
    else disallowed++;
    if (!options.json) return `${ok ? 'allowed' : 'disallowed'}\t${text}`;
    const error = failures.get(origin);
    return JSON.stringify({ url: text, allowed: ok, origin, ...(error === undefined ? {} : { error }) });
  };

  // Workers take lines in order; results are written in input order as soon as
  // every earlier line is done.
  const results: (string | null | undefined)[] = new Array(work.length);
  let next = 0;
  let written = 0;
  const worker = async (): Promise<void> => {
    while (next < work.length) {
      const i = next++;
      results[i] = await check(work[i]!);
      if (results[i] !== null) sink.tick?.();
      for (; written < work.length && results[written] !== undefined; written++) {
        const out = results[written];
        results[written] = undefined;
        if (out !== null) sink.result(out!);
      }
    }
  };
  sink.start?.(work.filter((w) => w.origin !== null).length);
  await Promise.all(Array.from({ length: Math.min(options.concurrency, work.length) }, worker));
  return { urls: allowed + disallowed, origins: origins.size, allowed, disallowed, fetchFailures, skipped };
}

/** The summary as one line of text. */
export function formatSummary(s: BatchSummary): string {
  const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
  return (
    `${plural(s.urls, 'URL')} on ${plural(s.origins, 'origin')}: ${s.allowed} allowed, ${s.disallowed} disallowed, ` +
    `${plural(s.fetchFailures, 'fetch failure')}, ${plural(s.skipped, 'bad line')} skipped`
  );
}
