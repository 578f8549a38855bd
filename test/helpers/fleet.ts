// Starts fleet-worker.js processes and talks to them.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromWorker, ToWorker, WorkerSettings } from './fleet-worker.js';

const SCRIPT = fileURLToPath(new URL('./fleet-worker.js', import.meta.url));

export interface FleetWorker {
  readonly process: ChildProcess;
  /** Asks every path of each origin at once; the answers per origin, and the store errors the worker has seen. */
  ask(origins: readonly string[]): Promise<{ answers: readonly (readonly boolean[])[]; storeErrors: number }>;
  /** Sets its clock `ms` ahead of the system's (further, when it already is). */
  jump(ms: number): Promise<void>;
  /** Kills it at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Lets it close its Redis client and exit. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Forks one worker and waits until it is ready. */
export async function startWorker(settings: WorkerSettings): Promise<FleetWorker> {
  const child = fork(SCRIPT, [JSON.stringify(settings)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  const next = (): Promise<FromWorker> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null): void => reject(new Error(`fleet worker exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message: FromWorker) => {
        child.off('exit', onExit);
        resolve(message);
      });
    });
  const ready = await next();
  if (ready.type !== 'ready') throw new Error(`fleet worker: ${JSON.stringify(ready)}`);
  return {
    process: child,
    ask: async (origins) => {
      const reply = next();
      child.send({ type: 'ask', origins } satisfies ToWorker);
      const message = await reply;
      if (message.type !== 'answers') throw new Error(`fleet worker: ${JSON.stringify(message)}`);
      return message;
    },
    jump: async (ms) => {
      const reply = next();
      child.send({ type: 'skip', ms } satisfies ToWorker);
      const message = await reply;
      if (message.type !== 'skipped') throw new Error(`fleet worker: ${JSON.stringify(message)}`);
    },
    kill: async () => {
      const done = exited(child);
      child.kill('SIGKILL');
      await done;
    },
    stop: async () => {
      const done = exited(child);
      if (child.connected) child.send({ type: 'stop' } satisfies ToWorker);
      else child.kill();
      await done;
    },
  };
}
