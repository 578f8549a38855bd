// Running the built `rerp batch` in a child process on a generated stream of
// URLs, as a shell pipeline would: how much input it took, what it wrote,
// and its peak memory. Used by the CLI tests and by bench/batch.ts.
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';

/** What one child run gave. */
export interface BatchChildRun {
  readonly code: number | null;
  /** Lines written to standard output (counted, not kept), and the first and last of them. */
  readonly lines: number;
  readonly first: string | undefined;
  readonly last: string | undefined;
  readonly stderr: string;
  /** Input lines the child's standard input took (and the pipes between held). */
  readonly pulled: number;
  /** The child's peak resident set size, in bytes, as it reported it at exit. */
  readonly maxRss: number;
  /** Wall milliseconds from spawn to exit. */
  readonly ms: number;
  /** CPU milliseconds the child used (user + system, all its threads), as it reported them at exit. */
  readonly cpuMs: number;
}

/**
 * A preloaded module that reports the peak RSS (kilobytes) and the CPU time
 * (microseconds) on standard error at exit; pipes are written synchronously on Linux.
 */
const REPORT_USAGE = `data:text/javascript,process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('\\nusage ' + u.maxRSS + ' ' + (u.userCPUTime + u.systemCPUTime) + '\\n'); })`;

/**
 * Runs `node <cli> batch ...args` with `urls` streamed to its standard input
 * as it reads (never generated ahead of its reading), its output counted.
 * With `closeAfter`, standard output is closed once that many lines came, as
 * `| head -n closeAfter` does.
 */
export async function runBatchChild(cli: string, args: readonly string[], urls: Iterable<string>, closeAfter?: number): Promise<BatchChildRun> {
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', REPORT_USAGE, cli, 'batch', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let pulled = 0;
  const input = Readable.from(
    (function* () {
      for (const url of urls) {
        pulled++;
        yield `${url}\n`;
      }
    })(),
  );
  // The child may stop reading and leave: its standard input then fails, as a shell's pipe would.
  child.stdin.on('error', () => input.destroy());
  input.pipe(child.stdin);
  let lines = 0;
  let first: string | undefined;
  let last: string | undefined;
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    lines += parts.length;
    first ??= parts[0];
    if (parts.length > 0) last = parts.at(-1);
    if (closeAfter !== undefined && lines >= closeAfter) child.stdout.destroy();
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  input.destroy();
  const usage = /\nusage (\d+) (\d+)\n/.exec(stderr);
  return {
    code,
    lines,
    first,
    last,
    stderr: stderr.replace(/\nusage \d+ \d+\n/, ''),
    pulled,
    maxRss: usage === null ? NaN : Number(usage[1]) * 1024,
    ms: performance.now() - start,
    cpuMs: usage === null ? NaN : Number(usage[2]) / 1000,
  };
}

/** `count` URLs on `origin`, generated as they are read: `/p/0`, `/p/1`, … and every 10th under `/private/`. */
export function* manyUrls(origin: string, count: number): Generator<string> {
  for (let i = 0; i < count; i++) yield `${origin}/${i % 10 === 0 ? 'private' : 'p'}/${i}`;
}
