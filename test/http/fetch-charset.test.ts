import test from 'ava';
import iconv from 'iconv-lite';
import { RobotExclusionRulesParser, RobotsEncodingError } from '../../src/index.js';
import { respond, startServer } from '../helpers/server.js';

/** Serves `body` at /robots.txt with `contentType`, fetches it, returns the parser. */
async function fetched(body: Uint8Array, contentType?: string, options = {}): Promise<RobotExclusionRulesParser> {
  const server = await startServer({ '/robots.txt': respond(200, body, contentType === undefined ? {} : { 'content-type': contentType }) });
  try {
    const p = new RobotExclusionRulesParser();
    await p.fetch(server.url('/robots.txt'), options);
    return p;
  } finally {
    await server.close();
  }
}

const rules = (path: string): string => `User-agent: *\nDisallow: ${path}\n`;

test('a UTF-8 body is decoded with the charset of Content-Type', async (t) => {
  const p = await fetched(Buffer.from(rules('/café'), 'utf8'), 'text/plain; charset=utf-8');
  t.false(p.isAllowed('bot', '/café'));
  t.true(p.isAllowed('bot', '/caf'));
});

test('without a charset the body is read as ISO-8859-1', async (t) => {
  const p = await fetched(Buffer.from(rules('/café'), 'latin1'), 'text/plain');
  t.false(p.isAllowed('bot', '/café'));
});

test('without any Content-Type the body is read as ISO-8859-1', async (t) => {
  // The UTF-8 bytes of é read as Latin-1 are two characters, so the rule is not /café.
  const p = await fetched(Buffer.from(rules('/café'), 'utf8'));
  t.true(p.isAllowed('bot', '/café'));
  t.false(p.isAllowed('bot', '/caf\u00c3\u00a9'));
});

test('an explicit Latin-1 charset decodes bytes 0x80-0xFF as Latin-1', async (t) => {
  const p = await fetched(Buffer.from(rules('/na\u00efve'), 'latin1'), 'text/plain; charset=ISO-8859-1');
  t.false(p.isAllowed('bot', '/naïve'));
});

test('a UTF-16 LE body with its BOM is decoded without a charset in the header', async (t) => {
  const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(rules('/über'), 'utf16le')]);
  const p = await fetched(body, 'text/plain');
  t.false(p.isAllowed('bot', '/über'));
  t.true(p.isAllowed('bot', '/other'));
});

test('a UTF-16 BE body with its BOM is decoded', async (t) => {
  const le = Buffer.from(rules('/über'), 'utf16le');
  const body = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(le).swap16()]);
  const p = await fetched(body);
  t.false(p.isAllowed('bot', '/über'));
});

test('a Shift_JIS body is decoded with its charset', async (t) => {
  const p = await fetched(iconv.encode(rules('/日本語'), 'shift_jis'), 'text/plain; charset=Shift_JIS');
  t.false(p.isAllowed('bot', '/日本語'));
  t.true(p.isAllowed('bot', '/日本'));
});

test('a windows-1251 body is decoded with its charset', async (t) => {
  const p = await fetched(iconv.encode(rules('/привет'), 'windows-1251'), 'text/plain; charset="windows-1251"');
  t.false(p.isAllowed('bot', '/привет'));
});

test('a UTF-8 BOM wins over the charset of the header', async (t) => {
  const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(rules('/café'), 'utf8')]);
  const p = await fetched(body, 'text/plain; charset=iso-8859-1');
  t.false(p.isAllowed('bot', '/café'));
});

test('a UTF-16 BOM wins over a UTF-8 charset in the header', async (t) => {
  const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(rules('/x'), 'utf16le')]);
  const p = await fetched(body, 'text/plain; charset=utf-8');
  t.false(p.isAllowed('bot', '/x'));
});

test('an unknown charset throws a RobotsEncodingError naming it', async (t) => {
  const error = await t.throwsAsync(fetched(Buffer.from(rules('/x')), 'text/plain; charset=x-no-such-charset'), {
    instanceOf: RobotsEncodingError,
  });
  t.is(error.encoding, 'x-no-such-charset');
  t.is(error.code, 'ERR_ROBOTS_ENCODING');
  t.regex(error.message, /x-no-such-charset/);
});

test('invalid UTF-8 throws a RobotsEncodingError by default', async (t) => {
  const body = Buffer.concat([Buffer.from('User-agent: *\nDisallow: /a'), Buffer.from([0xc3, 0x28]), Buffer.from('\nDisallow: /b\n')]);
  const error = await t.throwsAsync(fetched(body, 'text/plain; charset=utf-8'), { instanceOf: RobotsEncodingError });
  t.is(error.encoding, 'utf-8');
});

test("invalid UTF-8 is replaced by U+FFFD under onDecodeError: 'replace'", async (t) => {
  const body = Buffer.concat([Buffer.from('User-agent: *\nDisallow: /a'), Buffer.from([0xc3, 0x28]), Buffer.from('\nDisallow: /b\n')]);
  const p = await fetched(body, 'text/plain; charset=utf-8', { onDecodeError: 'replace' });
  t.false(p.isAllowed('bot', '/a\ufffd('));
  t.false(p.isAllowed('bot', '/b'));
  t.true(p.isAllowed('bot', '/a('));
});

test('a byte undefined in windows-1251 throws by default', async (t) => {
  const body = Buffer.concat([Buffer.from(rules('/a')), Buffer.from([0x98])]);
  await t.throwsAsync(fetched(body, 'text/plain; charset=windows-1251'), { instanceOf: RobotsEncodingError });
});

test('a failed decoding keeps the rules held before and records the status', async (t) => {
  const server = await startServer({
    '/good': respond(200, rules('/private')),
    '/bad': respond(200, rules('/x'), { 'content-type': 'text/plain; charset=nope' }),
  });
  t.teardown(() => server.close());
  const p = new RobotExclusionRulesParser();
  await p.fetch(server.url('/good'));
  const expiration = p.expirationDate;
  await t.throwsAsync(p.fetch(server.url('/bad')), { instanceOf: RobotsEncodingError });
  t.false(p.isAllowed('bot', '/private'));
  t.true(p.isAllowed('bot', '/x'));
  t.is(p.expirationDate, expiration);
  t.is(p.responseCode, 200);
  t.is(p.sourceUrl, server.url('/bad'));
});
