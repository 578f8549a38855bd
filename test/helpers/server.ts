// A real HTTP server on 127.0.0.1 for tests: a route table or one handler, requests recorded.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Handles one request; may leave the response open (to simulate a server that hangs). */
export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A {@link Handler} that is done when it returns: no promise to wait for. */
export type SyncHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A request as the server received it. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
}

export interface TestServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Absolute URL of `path` on this server. */
  url(path: string): string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** How many requests were received, for `path` only when given. */
  count(path?: string): number;
  /** How many TCP connections were accepted. */
  readonly connections: number;
  /** Stops the server, cutting open connections. */
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1, port 0. `routes` is one handler for every
 * request, or a table from path (query included) to handler; a path missing
 * from the table gets 404.
 */
export async function startServer(routes: Handler | Readonly<Record<string, Handler>>): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
    const handler = typeof routes === 'function' ? routes : Object.hasOwn(routes, path) ? routes[path]! : respond(404, 'not found');
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => origin + path,
    requests,
    get connections() {
      return connections;
    },
    count: (path) => (path === undefined ? requests.length : requests.filter((r) => r.path === path).length),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering `status` with `body` and `headers`. */
export function respond(status: number, body: string | Uint8Array = '', headers: http.OutgoingHttpHeaders = {}): SyncHandler {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

/** A handler answering `status` with a Location header. */
export function redirect(status: number, location: string): SyncHandler {
  return respond(status, '', { location });
}

/** A handler that never answers. */
export function hang(): SyncHandler {
  return () => {};
}

/** What {@link streamBody}'s handler sent. */
export interface StreamStats {
  /** Bytes handed to the socket so far. */
  sent: number;
  /** Resolves when the response ended or the client went away, with which one. */
  readonly done: Promise<'complete' | 'closed'>;
}

/**
 * A 200 handler streaming `total` bytes of `fill` in 16 KiB chunks,
 * respecting back-pressure. After `pauseAfter` bytes it waits for the client
 * to hang up (up to `graceMs`) before sending the rest, so a client that stops
 * reading early is seen to do so however large the kernel's socket buffers are.
 */
export function streamBody(opts: { total: number; head?: Uint8Array; fill?: number; pauseAfter: number; graceMs?: number }): {
  handler: Handler;
  stats: StreamStats;
} {
  let finish!: (how: 'complete' | 'closed') => void;
  const stats: StreamStats = { sent: 0, done: new Promise((resolve) => (finish = resolve)) };
  const chunkSize = 16 * 1024;
  const handler: Handler = async (_req, res) => {
    let closed = false as boolean; // set by the close listener, so not narrowed to false
    const hungUp = new Promise<void>((resolve) =>
      res.on('close', () => {
        closed = !res.writableFinished;
        resolve();
      }),
    );
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(opts.total) });
    let paused = false;
    while (stats.sent < opts.total && !closed) {
      if (!paused && stats.sent >= opts.pauseAfter) {
        paused = true;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([hungUp, new Promise((r) => (timer = setTimeout(r, opts.graceMs ?? 10_000)))]);
        clearTimeout(timer);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the close listener may have set it during the await
        if (closed) break;
      }
      const size = Math.min(chunkSize, opts.total - stats.sent);
      const chunk = Buffer.alloc(size, opts.fill ?? 0x20);
      if (opts.head !== undefined && stats.sent < opts.head.length) {
        Buffer.from(opts.head.subarray(stats.sent, stats.sent + size)).copy(chunk);
      }
      stats.sent += size;
      if (!res.write(chunk)) await Promise.race([new Promise((r) => res.once('drain', r)), hungUp]);
    }
    if (closed) finish('closed');
    else {
      res.end();
      finish('complete');
    }
  };
  return { handler, stats };
}

/** A URL on 127.0.0.1 where nothing listens (connection refused). */
export async function closedPortUrl(path = '/robots.txt'): Promise<string> {
  const server = await startServer(respond(200));
  await server.close();
  return server.url(path);
}
