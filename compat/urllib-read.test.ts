// RobotFileParserLookalike's statusPolicy 'urllib' against the real
// urllib.robotparser: both read() the same robots.txt from a local server,
// for each status (and for no answer), and answer the same can_fetch
// questions before and after. behaviour.md §9.34.
import test from 'ava';
import { MK1996, RobotFileParserLookalike, RobotsFetchError } from '../src/index.js';
import { closedPortUrl, redirect, respond, startServer, type Handler, type TestServer } from '../test/helpers/server.js';
import { PythonSession, type PyReadAnswer } from './python.js';

const ROBOTS = 'User-agent: *\nDisallow: /private\n';
/** What a 4xx or 5xx answer carries: it must never be read as the rules. */
const ERROR_BODY = 'User-agent: *\nDisallow: /\n';
const STATUSES = [200, 401, 403, 404, 410, 429, 500, 503] as const;

interface ReadCase {
  readonly name: string;
  /** The robots.txt URL, on the server or not. */
  readonly url: (server: TestServer) => string;
}

let server: TestServer;
let noAnswer: string;
let session: PythonSession;
let cases: ReadCase[];
let python: PyReadAnswer[];

const queries = (origin: string): Array<[string, string]> => [
  ['FooBot', `${origin}/private/x`],
  ['FooBot', `${origin}/public`],
  ['BarBot/2.0', `${origin}/`],
];

test.before(async () => {
  const routes: Record<string, Handler> = {};
  for (const status of STATUSES) routes[`/s${status}/robots.txt`] = respond(status, status === 200 ? ROBOTS : ERROR_BODY);
  // Redirects: one that lands on the rules, and a chain longer than urllib's 10.
  routes['/moved/robots.txt'] = redirect(301, '/s200/robots.txt');
  for (let i = 0; i < 11; i++) routes[`/loop${i}`] = redirect(302, `/loop${i + 1}`);
  routes['/loop11'] = respond(200, ROBOTS);
  server = await startServer(routes);
  noAnswer = await closedPortUrl();
  cases = [
    ...STATUSES.map((status) => ({ name: `status ${status}`, url: (s: TestServer) => s.url(`/s${status}/robots.txt`) })),
    { name: 'a redirect to the rules', url: (s: TestServer) => s.url('/moved/robots.txt') },
    { name: 'more than 10 redirects', url: (s: TestServer) => s.url('/loop0') },
    { name: 'no answer (connection refused)', url: () => noAnswer },
  ];
  session = await PythonSession.start();
  python = await session.read(cases.map((c) => ({ read: c.url(server), queries: queries(server.origin) })));
});

test.after.always(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when test.before failed early
  session?.close();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above
  await server?.close();
});

test('the cases cover every status the issue names, and no answer', (t) => {
  t.deepEqual(
    cases.map((c) => c.name),
    [...STATUSES.map((s) => `status ${s}`), 'a redirect to the rules', 'more than 10 redirects', 'no answer (connection refused)'],
  );
});

test("statusPolicy 'urllib': read() and can_fetch answer as urllib.robotparser does, for every status", async (t) => {
  for (const [i, c] of cases.entries()) {
    const py = python[i]!;
    const rp = new RobotFileParserLookalike(c.url(server), { statusPolicy: 'urllib' });
    const ask = (): boolean[] => queries(server.origin).map(([ua, url]) => rp.canFetch(ua, url, MK1996));
    const before = ask();
    const error = await rp.read({ timeout: 10_000 }).then(
      () => null,
      (e: unknown) => e,
    );
    const seen = JSON.stringify({ python: py, port: { before, error: String(error), after: ask() } });
    t.deepEqual(before, py.before, `${c.name}: before read ${seen}`);
    t.deepEqual(ask(), py.canFetch, `${c.name}: after read ${seen}`);
    // urllib raises only when no HTTP answer came; so does the port.
    t.is(error !== null, py.error !== null, `${c.name}: raised ${seen}`);
    if (error !== null) t.true(error instanceof RobotsFetchError && py.error!.startsWith('URLError'), seen);
  }
});

test("statusPolicy 'urllib' answers false before any read, as urllib does, and the default does not", (t) => {
  t.true(python.every((py) => py.before.every((answer) => !answer)));
  const urllib = new RobotFileParserLookalike('', { statusPolicy: 'urllib' });
  const original = new RobotFileParserLookalike('');
  t.false(urllib.canFetch('FooBot', '/public'));
  t.true(original.canFetch('FooBot', '/public'));
  // Parsing, as urllib's parse() does, ends the wait.
  urllib.parse(['User-agent: *', 'Disallow: /private']);
  t.true(urllib.canFetch('FooBot', '/public'));
});

test('the default statusPolicy differs from urllib where the porting guide says: a 5xx throws and then allows', async (t) => {
  const i = cases.findIndex((c) => c.name === 'status 503');
  const rp = new RobotFileParserLookalike(cases[i]!.url(server));
  await t.throwsAsync(rp.read(), { instanceOf: RobotsFetchError, code: 'ERR_ROBOTS_FETCH' });
  t.is(rp.responseCode, 503);
  t.true(rp.canFetch('FooBot', `${server.origin}/public`));
  t.false(python[i]!.canFetch[1]);
  t.is(python[i]!.error, null);
});
