// Where the `rerp` commands read and write: one shape for all of them, given
// by main.ts's entry point and by tests that run a command in process.

/** Where a command reads and writes; each command uses what it needs of it. */
export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  /** Standard input: the URLs of `batch`, the robots.txt of `check`, `show` and `lint` given as `-`. */
  stdin?: AsyncIterable<string | Uint8Array>;
  /** A terminal to draw `batch`'s progress bar on (standard error when it is one), or none. */
  progress?: NodeJS.WritableStream;
  /** Resolves when standard output can take more lines: `batch` waits for it rather than buffer its output. */
  outReady?(): Promise<void>;
  /** Aborted when the reader of standard output has gone (EPIPE): `batch` stops there. */
  outClosed?: AbortSignal;
  /** Calls `handler` at Ctrl-C (SIGINT) instead of ending the process, until the returned function is called. */
  onInterrupt?(handler: () => void): () => void;
  /** Stops `serve` when aborted; without it, `serve` runs until SIGINT or SIGTERM. */
  stop?: AbortSignal;
}
