// Runs Python's own urllib.robotparser: one `python3` process per suite run
// (not per case), questions written in batches as JSON lines.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The driver's source, next to this file's source (dist/compat/ -> compat/). */
const DRIVER = fileURLToPath(new URL('../../compat/robotparser_driver.py', import.meta.url));

/** The interpreter: `COMPAT_PYTHON` when set (to try another Python), else `python3`. */
export const PYTHON = process.env['COMPAT_PYTHON'] || 'python3';

/** One robots.txt file and the questions asked about it. */
export interface PyRequest {
  readonly robots: string;
  /** `[userAgent, url]` pairs for `can_fetch`. */
  readonly queries: ReadonlyArray<readonly [string, string]>;
  /** User agents for `crawl_delay` and `request_rate`. */
  readonly agents: readonly string[];
}

/** A URL for `RobotFileParser(url).read()` to fetch, and the questions asked before and after. */
export interface PyReadRequest {
  readonly read: string;
  /** `[userAgent, url]` pairs for `can_fetch`. */
  readonly queries: ReadonlyArray<readonly [string, string]>;
}

/** Python's answers to one {@link PyReadRequest}. */
export interface PyReadAnswer {
  /** `can_fetch` before `read()`. */
  readonly before: readonly boolean[];
  /** What `read()` raised (`HTTPError: ...`, `URLError: ...`), or null. */
  readonly error: string | null;
  /** `can_fetch` after `read()`. */
  readonly canFetch: readonly boolean[];
  /** `mtime()` after `read()`: 0 when nothing was parsed. */
  readonly mtime: number;
}

/** One call of a {@link PyStepsRequest}: `read()` of a URL, or `parse()` of a text (split with `splitlines()`). */
export type PyStep = { readonly read: string } | { readonly parse: string };

/** Several `read()` and `parse()` calls on one `RobotFileParser`, answered after each. */
export interface PyStepsRequest {
  readonly steps: readonly PyStep[];
  /** `[userAgent, url]` pairs for `can_fetch`. */
  readonly queries: ReadonlyArray<readonly [string, string]>;
  /** User agents for `crawl_delay`. */
  readonly agents: readonly string[];
}

/** Python's answers after one step. */
export interface PyStepAnswer {
  /** What the call raised (`UnicodeDecodeError: ...`), or null. */
  readonly error: string | null;
  readonly canFetch: readonly boolean[];
  readonly crawlDelay: ReadonlyArray<number | null>;
  /** `mtime()`: 0 until something was parsed. */
  readonly mtime: number;
}

/** Python's answers to one {@link PyStepsRequest}. */
export interface PyStepsAnswer {
  /** `can_fetch` before the first step. */
  readonly before: readonly boolean[];
  readonly steps: readonly PyStepAnswer[];
}

/** A call that raised in Python. */
export interface PyError {
  readonly error: string;
}

/** Python's answers to one {@link PyRequest}; `error` set when `parse` raised. */
export interface PyAnswer {
  readonly error: string | null;
  readonly canFetch?: ReadonlyArray<boolean | PyError>;
  readonly crawlDelay?: ReadonlyArray<number | null | PyError>;
  readonly requestRate?: ReadonlyArray<readonly [number, number] | null | PyError>;
  readonly siteMaps?: readonly string[] | null | PyError;
}

/** Which Python answered. */
export interface PyInfo {
  /** `sys.version`. */
  readonly python: string;
  /** `[major, minor, micro]`. */
  readonly version: readonly [number, number, number];
}

/** Thrown when python3 cannot be run: the compat suite needs it and is never skipped. */
export class PythonMissingError extends Error {
  readonly code = 'ERR_COMPAT_NO_PYTHON';
  constructor(python: string, cause: string) {
    super(
      `The compat suite runs Python's urllib.robotparser and could not start '${python}' (${cause}). ` +
        'Install Python 3.8 or newer as python3 (every development machine and CI has it), ' +
        'or point COMPAT_PYTHON at an interpreter.',
    );
    this.name = 'PythonMissingError';
  }
}

/**
 * One running Python driver: every question of a suite run goes to the same
 * process. Requests are written as JSON lines and answered in order.
 */
export class PythonSession {
  readonly info: PyInfo;
  #child: ChildProcessWithoutNullStreams;
  #pending = new Map<number, { resolve: (a: unknown) => void; reject: (e: Error) => void }>();
  #nextId = 0;
  #stderr = '';
  #failed: Error | null = null;

  private constructor(child: ChildProcessWithoutNullStreams, info: PyInfo, rest: string) {
    this.#child = child;
    this.info = info;
    let buffered = rest;
    child.stdout.on('data', (b: Buffer) => {
      buffered += b.toString('utf8');
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line === '') continue;
        const a = JSON.parse(line) as { id: number };
        const waiting = this.#pending.get(a.id);
        this.#pending.delete(a.id);
        waiting?.resolve(a);
      }
    });
    child.stderr.on('data', (b: Buffer) => (this.#stderr += b.toString('utf8')));
    child.on('close', (code) => {
      this.#failed = new Error(`The Python driver exited (code ${code}) with ${this.#pending.size} questions unanswered: ${this.#stderr.trim()}`);
      for (const waiting of this.#pending.values()) waiting.reject(this.#failed);
      this.#pending.clear();
    });
  }

  /**
   * Starts the driver and reads which Python it is.
   * @throws PythonMissingError when the interpreter cannot be started or is older than 3.8.
   */
  static async start(python = PYTHON): Promise<PythonSession> {
    const child = spawn(python, ['-I', DRIVER], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => undefined); // a dead driver is reported by 'close'
    const first = await new Promise<{ line: string; rest: string }>((resolve, reject) => {
      let out = '';
      let err = '';
      const onData = (b: Buffer): void => {
        out += b.toString('utf8');
        const nl = out.indexOf('\n');
        if (nl >= 0) {
          child.stdout.off('data', onData);
          resolve({ line: out.slice(0, nl), rest: out.slice(nl + 1) });
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
      child.on('error', (e: NodeJS.ErrnoException) => reject(new PythonMissingError(python, e.code ?? e.message)));
      child.on('close', (code) => reject(new PythonMissingError(python, `exit ${code}${err ? ': ' + err.trim() : ''}`)));
    });
    const info = JSON.parse(first.line) as PyInfo;
    const [major, minor] = info.version;
    if (major < 3 || (major === 3 && minor < 8)) {
      child.kill();
      throw new PythonMissingError(python, `found Python ${info.version.join('.')}; site_maps() needs 3.8 or newer`);
    }
    return new PythonSession(child, info, first.rest);
  }

  /** Python's answers to every request, in order; one write for the whole batch. */
  async ask(requests: readonly PyRequest[]): Promise<PyAnswer[]> {
    return this.#send<PyAnswer>(requests);
  }

  /** Python's answers to `read()` requests, in order: Python fetches each URL itself. */
  async read(requests: readonly PyReadRequest[]): Promise<PyReadAnswer[]> {
    return this.#send<PyReadAnswer>(requests);
  }

  /** Python's answers to step sequences, in order: Python fetches each URL itself. */
  async steps(requests: readonly PyStepsRequest[]): Promise<PyStepsAnswer[]> {
    return this.#send<PyStepsAnswer>(requests);
  }

  async #send<A>(requests: readonly object[]): Promise<A[]> {
    if (this.#failed) throw this.#failed;
    const first = this.#nextId;
    this.#nextId += requests.length;
    const answers = requests.map(
      (_, i) => new Promise<A>((resolve, reject) => this.#pending.set(first + i, { resolve: resolve as (a: unknown) => void, reject })),
    );
    this.#child.stdin.write(requests.map((r, i) => JSON.stringify({ id: first + i, ...r })).join('\n') + '\n');
    return Promise.all(answers);
  }

  /** Ends the driver. */
  close(): void {
    this.#child.stdin.end();
  }
}

/** True when a Python answer is a raised exception rather than a value. */
export function isPyError(v: unknown): v is PyError {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'error' in v;
}
