// RobotFileParserLookalike's statusPolicy 'urllib' against the real
// urllib.robotparser over several calls on one parser: what a read() leaves
// for the next read() or parse() (the flags a 4xx sets, which stick), what
// mtime() says after each, and how a body is decoded (UTF-8 only, whatever
// the headers say). behaviour.md §9.34.
import test from 'ava';
import { MK1996, RobotFileParserLookalike, RobotsEncodingError, RobotsFetchError } from '../src/index.js';
import { respond, startServer, type Handler, type TestServer } from '../test/helpers/server.js';
import { PythonSession, type PyStep, type PyStepsAnswer } from './python.js';

const ROBOTS = 'User-agent: *\nDisallow: /private\nCrawl-delay: 3\n';
/** What a 4xx or 5xx answer carries: it must never be read as the rules. */
const ERROR_BODY = 'User-agent: *\nDisallow: /\n';
const CAFE = 'User-agent: *\nDisallow: /caf\u00e9\n';
const LATIN1 = { 'content-type': 'text/plain; charset=iso-8859-1' };

/** A step as the test writes it: a route of the server, or a text to parse. */
type Step = { readonly read: string } | { readonly parse: string };

interface StepsCase {
  readonly name: string;
  readonly steps: readonly Step[];
}

const CASES: readonly StepsCase[] = [
  { name: 'a 404, then the rules', steps: [{ read: '/s404' }, { read: '/ok' }] },
  { name: 'a 403, then the rules', steps: [{ read: '/s403' }, { read: '/ok' }] },
  { name: 'a 410, then a 401', steps: [{ read: '/s410' }, { read: '/s401' }] },
  { name: 'the rules, then a 404', steps: [{ read: '/ok' }, { read: '/s404' }] },
  { name: 'the rules, then a 403', steps: [{ read: '/ok' }, { read: '/s403' }] },
  { name: 'a 503, then the rules, then a 503', steps: [{ read: '/s503' }, { read: '/ok' }, { read: '/s503' }] },
  { name: 'parse, then a 429', steps: [{ parse: ROBOTS }, { read: '/s429' }] },
  { name: 'a 401, then parse', steps: [{ read: '/s401' }, { parse: ROBOTS }] },
  { name: 'UTF-8 served with a Latin-1 charset', steps: [{ read: '/utf8-labelled-latin1' }] },
  { name: 'Latin-1 bytes served as Latin-1', steps: [{ read: '/latin1' }] },
  { name: 'the rules, then bytes that are not UTF-8', steps: [{ read: '/ok' }, { read: '/latin1' }] },
  { name: 'UTF-16 with its byte-order mark', steps: [{ read: '/utf16' }] },
];

const QUERIES = (origin: string): Array<[string, string]> => [
  ['FooBot', `${origin}/private/x`],
  ['FooBot', `${origin}/public`],
  ['FooBot', `${origin}/caf%C3%A9`],
];
const AGENTS = ['FooBot'];

let server: TestServer;
let session: PythonSession;
let python: PyStepsAnswer[];

test.before(async () => {
  const routes: Record<string, Handler> = {
    '/ok': respond(200, ROBOTS),
    '/utf8-labelled-latin1': respond(200, Buffer.from(CAFE, 'utf8'), LATIN1),
    '/latin1': respond(200, Buffer.from(CAFE, 'latin1'), LATIN1),
    '/utf16': respond(200, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CAFE, 'utf16le')])),
  };
  for (const status of [401, 403, 404, 410, 429, 503]) routes[`/s${status}`] = respond(status, ERROR_BODY);
  server = await startServer(routes);
  session = await PythonSession.start();
  const toPython = (step: Step): PyStep => ('read' in step ? { read: server.url(step.read) } : step);
  python = await session.steps(CASES.map((c) => ({ steps: c.steps.map(toPython), queries: QUERIES(server.origin), agents: AGENTS })));
});

test.after.always(async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when test.before failed early
  session?.close();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above
  await server?.close();
});

test("statusPolicy 'urllib': each read() and parse() leaves what urllib.robotparser's does for the next", async (t) => {
  for (const [i, c] of CASES.entries()) {
    const py = python[i]!;
    const rp = new RobotFileParserLookalike('', { statusPolicy: 'urllib' });
    const ask = (): boolean[] => QUERIES(server.origin).map(([ua, url]) => rp.canFetch(ua, url, MK1996));
    t.deepEqual(ask(), py.before, `${c.name}: before any call`);
    let pyMtime = 0;
    let mtime = rp.mtime();
    for (const [k, step] of c.steps.entries()) {
      const want = py.steps[k]!;
      let error: unknown = null;
      if ('read' in step) {
        rp.setUrl(server.url(step.read));
        error = await rp.read({ timeout: 10_000 }).then(
          () => null,
          (e: unknown) => e,
        );
      } else rp.parse(step.parse);
      const at = `${c.name}, step ${k + 1}: ${JSON.stringify({ python: want, port: { error: String(error), mtime: rp.mtime() } })}`;
      t.deepEqual(ask(), want.canFetch, at);
      t.deepEqual(
        AGENTS.map((ua) => rp.crawlDelay(ua)),
        want.crawlDelay,
        at,
      );
      t.is(error !== null, want.error !== null, at);
      if (want.error?.startsWith('UnicodeDecodeError')) t.true(error instanceof RobotsEncodingError, at);
      else if (error !== null) t.true(error instanceof RobotsFetchError, at);
      // mtime(): 0 where urllib's is, unchanged where urllib's is, and moved on where it is.
      t.is(rp.mtime() === 0, want.mtime === 0, at);
      if (want.mtime === pyMtime) t.is(rp.mtime(), mtime, at);
      else t.true(rp.mtime()! >= mtime!, at);
      pyMtime = want.mtime;
      mtime = rp.mtime();
    }
  }
});

const answerOf = (name: string): PyStepsAnswer => python[CASES.findIndex((c) => c.name === name)]!;

test('the cases meet what urllib reads otherwise than the default policy: sticky flags, mtime 0, UTF-8 only', async (t) => {
  const queries = QUERIES(server.origin);
  const ask = (rp: RobotFileParserLookalike): boolean[] => queries.map(([ua, url]) => rp.canFetch(ua, url, MK1996));
  const readAll = async (rp: RobotFileParserLookalike, ...paths: string[]): Promise<void> => {
    for (const path of paths) {
      rp.setUrl(server.url(path));
      await rp.read().catch(() => undefined);
    }
  };
  // After a 403, rules read later change nothing for urllib; the default answers from the last read.
  const sticky = new RobotFileParserLookalike();
  await readAll(sticky, '/s403', '/ok');
  t.deepEqual(answerOf('a 403, then the rules').steps[1]!.canFetch, [false, false, false]);
  t.deepEqual(ask(sticky), [false, true, true]);
  // A 4xx parses nothing for urllib: mtime() stays 0; the default parses a fixed file.
  const gone = new RobotFileParserLookalike();
  await readAll(gone, '/s404');
  t.is(answerOf('a 410, then a 401').steps[0]!.mtime, 0);
  t.not(gone.mtime(), null);
  // urllib reads the body as UTF-8 whatever the charset says; the default follows the charset.
  const labelled = new RobotFileParserLookalike();
  await readAll(labelled, '/utf8-labelled-latin1');
  t.false(answerOf('UTF-8 served with a Latin-1 charset').steps[0]!.canFetch[2]);
  t.true(ask(labelled)[2]);
  t.regex(answerOf('Latin-1 bytes served as Latin-1').steps[0]!.error ?? '', /^UnicodeDecodeError/);
});
