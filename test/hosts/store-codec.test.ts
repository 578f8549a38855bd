// The store's data form: what a fetch left, written and read back through
// JSON as any Keyv store does; anything else reads as nothing.
import test from 'ava';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { RobotsEncodingError, RobotsFetchError } from '../../src/errors.js';
import { GYM2008, RFC9309 } from '../../src/syntax.js';
import { decodeEntry, encodeEntry, storeKeyPrefix, validStored, type StoredRobots } from '../../src/internal.js';
import { respond, startServer } from '../helpers/server.js';

const ROBOTS = 'User-agent: *\nDisallow: /private/\nAllow: /private/open\nCrawl-delay: 4\n\nUser-agent: OtherBot\nDisallow: /\n';
const URLS = ['/', '/private/x', '/private/open', '/public'];

async function fetched(t: { teardown(fn: () => Promise<void>): void }, body: string | Uint8Array, headers = {}): Promise<RobotExclusionRulesParser> {
  const server = await startServer({ '/robots.txt': respond(200, body, { 'content-type': 'text/plain', ...headers }) });
  t.teardown(() => server.close());
  const parser = new RobotExclusionRulesParser();
  await parser.fetch(server.url('/robots.txt'));
  return parser;
}

const throughJson = (value: StoredRobots): unknown => JSON.parse(JSON.stringify(value)) as unknown;

test('a fetched parser comes back from its stored form with the same answers, status, URL and expiry', async (t) => {
  const parser = await fetched(t, ROBOTS, { 'cache-control': 'max-age=600' });
  const entry = decodeEntry(throughJson(encodeEntry({ parser, good: true }, Date.now())), GYM2008, 'MyBot/1.0');
  const back = entry!.parser!;
  t.true(entry!.good);
  t.is(back.responseCode, 200);
  t.is(back.sourceUrl, parser.sourceUrl);
  t.is(back.expirationDate, parser.expirationDate);
  t.is(back.userAgent, 'MyBot/1.0');
  for (const agent of ['MyBot/1.0', 'OtherBot']) {
    for (const path of URLS) t.is(back.isAllowed(agent, path), parser.isAllowed(agent, path), `${agent} ${path}`);
  }
  t.is(back.getCrawlDelay('MyBot/1.0'), 4);
  t.is(back.toString(), parser.toString());
});

test('rules parsed from bytes are stored one character a byte and parsed from bytes again', (t) => {
  const parser = new RobotExclusionRulesParser();
  parser.parse(new Uint8Array([...Buffer.from('User-agent: *\nDisallow: /caf'), 0xe9, 0x0a]));
  const stored = encodeEntry({ parser, good: true }, 0);
  t.true(stored.bytes);
  t.is(decodeEntry(throughJson(stored), RFC9309, null)!.parser!.syntax, RFC9309);
  const back = decodeEntry(throughJson(stored), GYM2008, null)!.parser!;
  for (const syntax of [GYM2008, RFC9309] as const) {
    for (const path of ['/caf%E9', '/caf%C3%A9', '/cafe']) t.is(back.isAllowed('a', path, syntax), parser.isAllowed('a', path, syntax), path);
  }
});

test('stale state and a remembered failure survive the trip', (t) => {
  const parser = new RobotExclusionRulesParser();
  parser.parse(ROBOTS);
  t.is(decodeEntry(throughJson(encodeEntry({ parser, good: true, staleSince: 1234 }, 5)), GYM2008, null)!.staleSince, 1234);
  const error = new RobotsFetchError('503 from x', { url: 'http://x/robots.txt', responseCode: 503, reason: 'status', retryAfter: 120 });
  const back = decodeEntry(throughJson(encodeEntry({ error, errorUntil: 99_000 }, 5)), GYM2008, null)!;
  t.true(back.error instanceof RobotsFetchError);
  t.like(back.error, { message: '503 from x', url: 'http://x/robots.txt', responseCode: 503, reason: 'status', retryAfter: 120 });
  t.is(back.errorUntil, 99_000);
  const encoding = decodeEntry(throughJson(encodeEntry({ error: new RobotsEncodingError('bad', 'x-mac'), errorUntil: 1 }, 0)), GYM2008, null)!;
  t.true(encoding.error instanceof RobotsEncodingError);
  t.is((encoding.error as RobotsEncodingError).encoding, 'x-mac');
});

test('anything but a value this version wrote reads as nothing', (t) => {
  const parser = new RobotExclusionRulesParser();
  parser.parse(ROBOTS);
  const good = throughJson(encodeEntry({ parser, good: true }, 0)) as Record<string, unknown>;
  t.not(validStored(good), null);
  const bad: unknown[] = [
    undefined,
    null,
    'garbage{',
    42,
    [good],
    { value: good },
    { ...good, v: 2 },
    { ...good, v: '1' },
    { ...good, text: 5 },
    { ...good, code: -1 },
    { ...good, code: 1.5 },
    { ...good, expires: 'tomorrow' },
    { ...good, expires: -5 },
    { ...good, good: 'yes' },
    { ...good, bytes: true, text: 'caf\u0100' },
    { ...good, staleSince: Number.NaN },
    { ...good, error: { kind: 'fetch', message: 'x' } },
    { ...good, error: { kind: 'fetch', message: 'x', url: 'u', responseCode: 500, reason: 'coffee', retryAfter: null } },
    Object.fromEntries(Object.entries(good).filter(([key]) => key !== 'fetched')),
  ];
  for (const value of bad) {
    t.is(validStored(value), null, JSON.stringify(value));
    t.is(decodeEntry(value, GYM2008, null), null);
  }
});

test('keys carry the format version and the status policy', (t) => {
  t.is(storeKeyPrefix('original'), 'robots.txt:v1:original:');
  t.not(storeKeyPrefix('rfc9309'), storeKeyPrefix('original'));
});
