// The server behind `rerp serve`: the tester page from dist/page/ and one
// endpoint, POST /api/fetch, that fetches a robots.txt for it. It binds
// 127.0.0.1 only and answers only requests addressed to it there (a Host
// header naming another host is refused, against DNS rebinding); the page's
// files are held in memory, so no path reaches the file system.
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isPublicAddress } from '../http/address.js';
import { InvalidArgumentError, InvalidUrlError } from '../errors.js';
import { fetchForLint } from './lint-command.js';
import { headerUserAgent, UsageError } from './input.js';

/** How `rerp serve` runs. */
export interface TesterServerOptions {
  /** The port on 127.0.0.1; 0 for a free one. */
  readonly port: number;
  /** Lets the URL box reach loopback and private addresses (`--allow-private`); by default only public ones. */
  readonly allowPrivate: boolean;
  /** Milliseconds for one fetch of the URL box. */
  readonly timeout: number;
  /** The built page (index.html, tester.css, tester.js); dist/page/ by default. */
  readonly pageDir?: string;
}

/** A running tester server. */
export interface TesterServer {
  /** `http://127.0.0.1:PORT/`. */
  readonly url: string;
  /** Stops listening and cuts open connections. */
  close(): Promise<void>;
}

/** The largest request body read: a URL and a user agent in JSON. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Fetches of the URL box at once; more wait for none and get 503. */
export const MAX_FETCHES = 4;

/** The page is its own origin's only script and style; nothing may frame it. */
export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE_FILES: Readonly<Record<string, readonly [file: string, type: string]>> = {
  '/': ['index.html', 'text/html; charset=utf-8'],
  '/index.html': ['index.html', 'text/html; charset=utf-8'],
  '/tester.css': ['tester.css', 'text/css; charset=utf-8'],
  '/tester.js': ['tester.js', 'text/javascript; charset=utf-8'],
};

const SECURITY_HEADERS: OutgoingHttpHeaders = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** A request's answer: status, content type and body. */
interface Reply {
  readonly status: number;
  readonly type: string;
  readonly body: string | Uint8Array;
  readonly headers?: OutgoingHttpHeaders;
}

const json = (status: number, value: unknown): Reply => ({ status, type: 'application/json; charset=utf-8', body: JSON.stringify(value) });
const text = (status: number, message: string, headers?: OutgoingHttpHeaders): Reply => ({
  status,
  type: 'text/plain; charset=utf-8',
  body: message + '\n',
  ...(headers === undefined ? {} : { headers }),
});

/** The page's files, read once; a usage error when the package was not built. */
async function readPage(dir: string): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  for (const file of new Set(Object.values(PAGE_FILES).map(([f]) => f))) {
    try {
      files.set(file, await readFile(dir + file));
    } catch {
      throw new UsageError(`the tester page is missing from ${dir} (run npm run build)`, false);
    }
  }
  return files;
}

/** The request body, or null when it is longer than {@link MAX_BODY_BYTES}. */
async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** `{ url, userAgent? }` from a JSON body, or a message saying what is wrong. */
function fetchRequest(body: Buffer): { url: string; userAgent: string | null } | string {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return 'the body is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the body must be a JSON object';
  const unknown = Object.keys(value).filter((k) => k !== 'url' && k !== 'userAgent');
  if (unknown.length > 0) return `unknown key "${unknown[0]!}": give url and userAgent`;
  const { url, userAgent } = value as { url?: unknown; userAgent?: unknown };
  if (typeof url !== 'string' || url === '') return 'url must be a non-empty string';
  if (userAgent !== undefined && typeof userAgent !== 'string') return 'userAgent must be a string';
  return { url, userAgent: userAgent === undefined || userAgent.trim() === '' ? null : userAgent };
}

/**
 * Starts the tester server on 127.0.0.1 (see {@link TesterServerOptions}).
 * @throws UsageError when the page is not built or the port is taken.
 */
export async function startTesterServer(options: TesterServerOptions): Promise<TesterServer> {
  const page = await readPage(options.pageDir ?? fileURLToPath(new URL('../../page/', import.meta.url)));
  let port = options.port;
  let fetches = 0;
  // Only the names this server is reached by on loopback: a rebound host name is refused.
  const hosts = (): Set<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  async function apiFetch(req: IncomingMessage): Promise<Reply> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    // A JSON body cannot be sent cross-origin without a preflight, which this server never grants.
    if (type !== 'application/json') return json(415, { error: 'send the request as application/json' });
    const origin = req.headers.origin;
    if (origin !== undefined && !hosts().has(origin.replace(/^http:\/\//, ''))) return json(403, { error: 'requests from other origins are refused' });
    const body = await readBody(req);
    if (body === null) return json(413, { error: `the body is larger than ${MAX_BODY_BYTES} bytes` });
    const request = fetchRequest(body);
    if (typeof request === 'string') return json(400, { error: request });
    if (fetches >= MAX_FETCHES) return json(503, { error: 'too many fetches at once: try again' });
    fetches++;
    try {
      const userAgent = request.userAgent === null ? null : headerUserAgent(request.userAgent);
      const result = await fetchForLint(request.url, userAgent, options.timeout, options.allowPrivate ? undefined : isPublicAddress);
      return json(200, typeof result === 'string' ? { url: request.url, text: result } : { url: request.url, bytes: Buffer.from(result).toString('base64') });
    } catch (error) {
      if (error instanceof InvalidUrlError || error instanceof InvalidArgumentError) return json(400, { error: error.message });
      if (error instanceof UsageError) {
        const hint = options.allowPrivate || !error.message.includes('allowAddress refused') ? '' : ' (rerp serve --allow-private reaches it)';
        return json(502, { error: error.message + hint });
      }
      throw error;
    } finally {
      fetches--;
    }
  }

  async function answer(req: IncomingMessage): Promise<Reply> {
    if (!hosts().has((req.headers.host ?? '').toLowerCase())) return text(403, 'this server answers only at 127.0.0.1 and localhost');
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/api/fetch') return req.method === 'POST' ? apiFetch(req) : text(405, 'use POST', { allow: 'POST' });
    // Browsers ask for an icon unbidden: nothing, rather than a 404 in the page's console.
    if (path === '/favicon.ico') return { status: 204, type: 'image/x-icon', body: '' };
    const file = Object.hasOwn(PAGE_FILES, path) ? PAGE_FILES[path]! : null;
    if (file === null) return text(404, 'not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'use GET', { allow: 'GET, HEAD' });
    return { status: 200, type: file[1], body: page.get(file[0])! };
  }

  const server = createServer((req, res: ServerResponse) => {
    answer(req).then(
      (reply) => {
        res.writeHead(reply.status, { ...SECURITY_HEADERS, 'content-type': reply.type, 'content-length': Buffer.byteLength(reply.body), ...reply.headers });
        res.end(req.method === 'HEAD' ? undefined : reply.body);
      },
      (error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  // Slow clients are cut off: the whole request within 10 s, its headers within 5 s, idle keep-alive after 5 s.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new UsageError(`port ${options.port} is in use on 127.0.0.1`, false) : error);
    });
    server.listen(options.port, '127.0.0.1', resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
