// The server behind `rerp serve`, in process, asked through node:http: its
// page and headers, what it refuses, and its fetch endpoint against a real
// origin server on 127.0.0.1, reachable only with private addresses allowed.
import test from 'ava';
import http from 'node:http';
import { CSP, MAX_BODY_BYTES, startTesterServer, type TesterServer } from '../../src/cli/tester-server.js';
import { UsageError } from '../../src/cli/input.js';
import { respond, startServer } from '../helpers/server.js';

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** One request to `server` at `path` (sent as written), with a Host header naming the server unless `headers` gives one. */
function request(server: TesterServer, path: string, options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: string } = {}): Promise<Answer> {
  const { host, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** POSTs `body` (JSON unless a string) to /api/fetch. */
function post(server: TesterServer, body: unknown, headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  return request(server, '/api/fetch', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const servers: TesterServer[] = [];
async function tester(allowPrivate: boolean): Promise<TesterServer> {
  const server = await startTesterServer({ port: 0, allowPrivate, timeout: 5_000 });
  servers.push(server);
  return server;
}
test.after.always(async () => {
  for (const s of servers) await s.close();
});

test('the page, its stylesheet and script come with their content types, a CSP and nosniff', async (t) => {
  const server = await tester(false);
  t.regex(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  for (const [path, type] of [
    ['/', 'text/html; charset=utf-8'],
    ['/tester.css', 'text/css; charset=utf-8'],
    ['/tester.js', 'text/javascript; charset=utf-8'],
  ] as const) {
    const answer = await request(server, path);
    t.is(answer.status, 200, path);
    t.is(answer.headers['content-type'], type, path);
    t.is(answer.headers['content-security-policy'], CSP, path);
    t.is(answer.headers['x-content-type-options'], 'nosniff', path);
    t.true(answer.body.length > 0, path);
  }
  t.true((await request(server, '/')).body.includes('<script src="tester.js" defer></script>'));
  const head = await request(server, '/', { method: 'HEAD' });
  t.is(head.body, '');
  t.true(Number(head.headers['content-length']) > 0);
});

test('no path reaches the file system, other methods and Host headers are refused', async (t) => {
  const server = await tester(false);
  for (const path of [
    '/../package.json',
    '/%2e%2e/%2e%2e/package.json',
    '/tester.js/../../../package.json',
    '/index.html/',
    '/dist/page/index.html',
    '/src/tester/page.ts',
  ]) {
    t.is((await request(server, path)).status, 404, path);
  }
  t.is((await request(server, '/', { method: 'POST' })).status, 405);
  t.is((await request(server, '/api/fetch')).status, 405);
  // A rebound name reaching the port on loopback is refused; the names of loopback itself are not.
  t.is((await request(server, '/', { headers: { host: `attacker.example:${new URL(server.url).port}` } })).status, 403);
  t.is((await request(server, '/', { headers: { host: `localhost:${new URL(server.url).port}` } })).status, 200);
});

test('the server listens on 127.0.0.1 only: not on IPv6 loopback', async (t) => {
  const server = await tester(false);
  const port = Number(new URL(server.url).port);
  const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    const req = http.get({ host: '::1', port, path: '/' }, (res) => {
      res.resume();
      resolve(null);
    });
    req.on('error', resolve);
  });
  t.true(error !== null && ['ECONNREFUSED', 'EADDRNOTAVAIL', 'ENETUNREACH'].includes(error.code ?? ''), error?.code);
});

test('with private addresses allowed, the fetch endpoint answers a local robots.txt, sent as the user agent', async (t) => {
  const body = 'User-agent: *\nDisallow: /private/\n';
  const latin1 = new Uint8Array(Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1'));
  const origin = await startServer({
    '/robots.txt': respond(200, body, { 'content-type': 'text/plain' }),
    '/latin1/robots.txt': respond(200, latin1, { 'content-type': 'text/plain' }),
    '/missing/robots.txt': respond(404, 'not here'),
  });
  const server = await tester(true);
  const ok = await post(server, { url: origin.url('/robots.txt'), userAgent: 'TestBot/1.0' });
  t.is(ok.status, 200);
  t.is(ok.headers['content-type'], 'application/json; charset=utf-8');
  t.deepEqual(JSON.parse(ok.body), { url: origin.url('/robots.txt'), text: body });
  t.is(origin.requests[0]!.headers['user-agent'], 'TestBot/1.0');
  // Bytes that are not UTF-8 come back as they were, in base64, for lint to see.
  const bytes = JSON.parse((await post(server, { url: origin.url('/latin1/robots.txt') })).body) as { bytes: string };
  t.deepEqual(new Uint8Array(Buffer.from(bytes.bytes, 'base64')), latin1);
  const missing = await post(server, { url: origin.url('/missing/robots.txt') });
  t.is(missing.status, 502);
  t.regex((JSON.parse(missing.body) as { error: string }).error, /HTTP 404/);
  await origin.close();
});

test('by default the fetch endpoint refuses loopback before connecting, and says how to allow it', async (t) => {
  const origin = await startServer({ '/robots.txt': respond(200, 'User-agent: *\nDisallow: /\n') });
  const server = await tester(false);
  const answer = await post(server, { url: origin.url('/robots.txt') });
  t.is(answer.status, 502);
  const { error } = JSON.parse(answer.body) as { error: string };
  t.true(error.includes('allowAddress refused 127.0.0.1'), error);
  t.true(error.includes('--allow-private'), error);
  t.is(origin.connections, 0);
  await origin.close();
});

test('bad requests to the fetch endpoint are refused with a reason', async (t) => {
  const server = await tester(true);
  const refused = async (answer: Promise<Answer>, status: number, reason: RegExp): Promise<void> => {
    const { status: got, body } = await answer;
    t.is(got, status, body);
    t.regex((JSON.parse(body) as { error: string }).error, reason);
  };
  await refused(post(server, '{"url":'), 400, /not JSON/);
  await refused(post(server, ['http://example.com/robots.txt']), 400, /JSON object/);
  await refused(post(server, { url: 'http://example.com/robots.txt', method: 'PUT' }), 400, /unknown key "method"/);
  await refused(post(server, { userAgent: 'TestBot' }), 400, /url must be/);
  await refused(post(server, { url: 'http://example.com/robots.txt', userAgent: 7 }), 400, /userAgent must be/);
  await refused(post(server, { url: 'ftp://example.com/robots.txt' }), 400, /ftp/);
  await refused(post(server, { url: 'http://example.com/robots.txt', userAgent: 'Bad\nBot' }), 400, /user agent/i);
  await refused(post(server, { url: 'x'.repeat(MAX_BODY_BYTES) }), 413, /larger than/);
  await refused(post(server, { url: 'http://example.com/robots.txt' }, { 'content-type': 'text/plain' }), 415, /application\/json/);
  await refused(post(server, { url: 'http://example.com/robots.txt' }, { origin: 'http://attacker.example' }), 403, /other origins/);
});

test('a port in use and a missing page are usage errors', async (t) => {
  const server = await tester(false);
  const port = Number(new URL(server.url).port);
  const taken = await t.throwsAsync(startTesterServer({ port, allowPrivate: false, timeout: 1_000 }), { instanceOf: UsageError });
  t.is(taken.message, `port ${port} is in use on 127.0.0.1`);
  const missing = await t.throwsAsync(startTesterServer({ port: 0, allowPrivate: false, timeout: 1_000, pageDir: '/nonexistent/page/' }), {
    instanceOf: UsageError,
  });
  t.regex(missing.message, /npm run build/);
});
