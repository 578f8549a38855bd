// `rerp serve`: the robots.txt tester page on 127.0.0.1 until interrupted.
import { parseArgs } from 'node:util';
import { startTesterServer } from './tester-server.js';
import { timeoutMs, UsageError } from './input.js';
import type { CliIO } from './io.js';

/** A port number from `--port`: 0 (a free one) to 65535. */
function portNumber(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, got "${value}"`);
  return port;
}

/** Aborts when the process gets SIGINT (Ctrl-C) or SIGTERM. */
function signalStop(): AbortSignal {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  controller.signal.addEventListener('abort', () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  });
  return controller.signal;
}

/** Runs `rerp serve` until stopped; exit status 0. */
export async function serveCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '0' },
      'allow-private': { type: 'boolean', default: false },
      timeout: { type: 'string', default: '10' },
    },
  });
  if (positionals.length > 0) throw new UsageError('serve takes no arguments but its options');
  const server = await startTesterServer({ port: portNumber(values.port), allowPrivate: values['allow-private'], timeout: timeoutMs(values.timeout) });
  io.out(`robots.txt tester at ${server.url} (Ctrl-C stops it)`);
  if (values['allow-private']) io.err('rerp: --allow-private: the URL box may fetch from loopback and private addresses');
  const stop = io.stop ?? signalStop();
  if (!stop.aborted) await new Promise((resolve) => stop.addEventListener('abort', resolve, { once: true }));
  await server.close();
  return 0;
}
