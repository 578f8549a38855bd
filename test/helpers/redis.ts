// A real redis-server for tests (Debian's package, /usr/bin/redis-server; .ci/run
// installs it): on a free 127.0.0.1 port, persistence off, stopped by the test.
import { spawn, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import KeyvRedis from '@keyv/redis';
import { Keyv } from 'keyv';
import { createClient, type RedisClientType } from 'redis';
import { RedisLock } from '../../src/redis/lock.js';

/** Where the server is looked for: REDIS_SERVER, else the PATH. */
const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

export interface TestRedis {
  /** `redis://127.0.0.1:PORT`. */
  readonly url: string;
  readonly port: number;
  /** Kills the server at once (SIGKILL), as a crash would; its data is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Stops it; safe to call twice. */
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function launch(port: number): Promise<ChildProcess> {
  const child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`cannot start ${BINARY} (install the redis-server package): ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`${BINARY} exited with ${code}: ${stderr}`)));
    const deadline = Date.now() + 10_000;
    const probe = (): void => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end('PING\r\n');
        socket.once('data', () => {
          socket.destroy();
          child.removeAllListeners('exit');
          resolve(child);
        });
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`${BINARY} did not answer on port ${port}`));
        else setTimeout(probe, 20);
      });
    };
    probe();
  });
}

function end(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  if (child === null || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Starts a redis-server on a free port; stop it with `stop()` (e.g. in `t.teardown` or `test.after.always`). */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | null = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: async () => {
      await end(child, 'SIGKILL');
      child = null;
    },
    restart: async () => {
      await end(child, 'SIGKILL');
      child = await launch(port);
    },
    stop: async () => {
      await end(child, 'SIGTERM');
      child = null;
    },
  };
}

/** A Keyv store and a lock on one Redis, over one client of the `redis` package, as a crawler sets them up. */
export interface RedisStore {
  readonly keyv: Keyv;
  readonly lock: RedisLock;
  readonly client: RedisClientType;
  /** Closes the client (and so every handle it holds). */
  close(): Promise<void>;
}

/**
 * Connects to `url`. The client's offline queue is off, so that commands
 * while Redis is down fail at once rather than wait; errors go to the
 * store's `error` event (RobotsCache counts them) and are otherwise ignored.
 */
export async function redisStore(url: string): Promise<RedisStore> {
  const client: RedisClientType = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } });
  client.on('error', () => undefined);
  await client.connect();
  const keyv = new Keyv({ store: new KeyvRedis(client), namespace: 'robots-test' });
  return {
    keyv,
    lock: new RedisLock(client),
    client,
    close: async () => {
      if (client.isOpen) await client.close();
    },
  };
}
