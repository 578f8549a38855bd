// `rerp batch`: URLs streamed from standard input, verdicts to standard
// output in input order, a progress bar on a terminal; it stops when its
// reader goes (`| head`) and, at Ctrl-C, shows the cursor again and writes
// the summary of what was done.
import { fstatSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatSummary, runBatch, type BatchSink } from './batch.js';
import { DEFAULT_CONCURRENCY, headerUserAgent, sentence, SYNTAXES, syntaxesNamed, timeoutMs, UsageError } from './input.js';
import { readLines, type ReadCount } from './lines.js';
import { progressBar } from './progress.js';
import type { CliIO } from './io.js';

/** The exit status after Ctrl-C, as a shell reports a process that SIGINT ended: 128 + 2. */
export const INTERRUPTED = 130;

/** Why the run was stopped, when Ctrl-C stopped it. */
const INTERRUPT = 'interrupted';

/** The size of standard input when it is a file (`< urls.txt`), so that the progress bar has a total. */
function inputSize(stdin: unknown): number | null {
  const fd = (stdin as { fd?: unknown } | null)?.fd;
  if (typeof fd !== 'number') return null;
  try {
    const stat = fstatSync(fd);
    return stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/** The batch sink: results on stdout, messages on stderr (through the progress bar while it is drawn). */
async function batchSink(io: CliIO, read: ReadCount): Promise<BatchSink & { stop(): void }> {
  const message = (m: string): string => `rerp: ${sentence(m)}`;
  const outReady = io.outReady?.bind(io);
  const sink = { result: (line: string) => io.out(line), ...(outReady === undefined ? {} : { ready: outReady }) };
  if (io.progress === undefined) return { ...sink, warn: (m) => io.err(message(m)), stop() {} };
  const bar = await progressBar(io.progress, inputSize(io.stdin));
  let urls = 0;
  let drawn = true;
  return {
    ...sink,
    warn: (m) => (drawn ? bar.log(message(m)) : io.err(message(m))),
    tick: () => bar.update(++urls, read.bytes),
    stop: () => {
      if (drawn) bar.stop();
      drawn = false;
    },
  };
}

/** Runs `rerp batch`: reads URLs from standard input, writes each verdict in input order and a summary; the exit status of docs/cli.md. */
export async function batchCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      concurrency: { type: 'string', default: String(DEFAULT_CONCURRENCY) },
      json: { type: 'boolean', default: false },
      syntax: { type: 'string', default: 'gym2008' },
      'on-server-error': { type: 'string', default: 'disallow' },
      timeout: { type: 'string', default: '10' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('batch needs exactly one user agent (the URLs come on standard input)');
  const concurrency = Number(values.concurrency);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency must be a positive integer, got "${values.concurrency}"`);
  const names = syntaxesNamed(values.syntax);
  if (names.length !== 1) throw new UsageError('batch takes one syntax');
  const onServerError = values['on-server-error'];
  if (onServerError !== 'disallow' && onServerError !== 'allow') throw new UsageError(`--on-server-error must be disallow or allow, got "${onServerError}"`);
  const timeout = timeoutMs(values.timeout);
  const userAgent = headerUserAgent(positionals[0]!);
  if (io.stdin === undefined) throw new UsageError('no standard input to read URLs from');

  // Stopped by Ctrl-C, or by the reader of standard output leaving.
  const stop = new AbortController();
  const unlisten = io.onInterrupt?.(() => stop.abort(INTERRUPT));
  const onClosed = (): void => stop.abort('output closed');
  // A read of standard input may be waiting (a terminal, a pipe whose writer waits): it is left, and the stream closed.
  stop.signal.addEventListener('abort', () => (io.stdin as { destroy?: () => void }).destroy?.());
  if (io.outClosed?.aborted === true) onClosed();
  io.outClosed?.addEventListener('abort', onClosed);

  const read: ReadCount = { bytes: 0 };
  const sink = await batchSink(io, read);
  let summary;
  try {
    summary = await runBatch(
      readLines(io.stdin, read),
      { userAgent, concurrency, json: values.json, syntax: SYNTAXES[names[0]!]!, onServerError, fetchOptions: { timeout }, signal: stop.signal },
      sink,
    );
  } finally {
    // Before anything else is written: the bar goes and the cursor comes back, whatever happened.
    sink.stop();
    unlisten?.();
    io.outClosed?.removeEventListener('abort', onClosed);
  }
  const interrupted = stop.signal.reason === INTERRUPT;
  io.err(interrupted ? `rerp: interrupted: ${formatSummary(summary)}` : formatSummary(summary));
  if (interrupted) return INTERRUPTED;
  return summary.disallowed === 0 ? 0 : 1;
}
