// Bad input gets an answer: parse never throws, matching never throws.
import test, { type ExecutionContext } from 'ava';
import { GYM2008, InvalidArgumentError, MK1996, RobotExclusionRulesParser } from '../../src/index.js';
import { ALLOWED, DISALLOWED, both, robotsLines } from '../helpers/robots.js';
import { pseudoRandomBytes } from '../helpers/random.js';

/** Every public method, both syntaxes: nothing may throw. */
function exercise(p: RobotExclusionRulesParser, urls: readonly string[] = ['/', 'http://example.com/a?b#c', '%zz']): void {
  for (const ua of ['bot', '', 'Mozilla/5.0 (compatible; Foobot/2.1)']) {
    p.getCrawlDelay(ua);
    for (const url of urls) {
      for (const syntax of [MK1996, GYM2008] as const) {
        p.isAllowed(ua, url, syntax);
        p.explain(ua, url, syntax);
      }
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-meaningless-void-operator -- reads the getter, which must not throw
  void p.sitemaps;
  p.toString();
}

// parse ----------------------------------------------------------------------

test('bad input: parse takes NUL bytes in a string', (t) => {
  const p = new RobotExclusionRulesParser();
  t.notThrows(() => p.parse('User-agent: *\u0000\nDis\u0000allow: /a\u0000b\n\u0000\u0000\u0000'));
  t.notThrows(() => exercise(p));
  // The NUL inside the name is not a directive character; inside the value it is deleted (1.7).
  t.deepEqual(both(p, 'bot', '/ab'), ALLOWED);
  t.deepEqual(both(robotsLines('User-agent: *', 'Disallow: /a\u0000b'), 'bot', '/ab'), DISALLOWED);
});

test('bad input: parse takes NUL bytes in bytes', (t) => {
  const bytes = Uint8Array.from(Buffer.from('User-agent: *\nDisallow: /a\u0000b\n\u0000\u0000', 'latin1'));
  const p = new RobotExclusionRulesParser();
  t.notThrows(() => p.parse(bytes));
  t.deepEqual(both(p, 'bot', '/ab'), DISALLOWED);
});

test('bad input: parse takes lone surrogates', (t) => {
  const p = new RobotExclusionRulesParser();
  t.notThrows(() => p.parse('User-agent: \uD800bot\nDisallow: /\uDC00x\uD800\n\uDFFF\uD83D\n'));
  t.notThrows(() => exercise(p, ['/\uDC00x\uD800', '/\uD800', 'http://ex\uD800ample.com/\uDC00']));
  t.deepEqual(both(p, 'a \uD800BOT', '/\uDC00x\uD800'), DISALLOWED);
  t.deepEqual(both(p, 'a \uD800BOT', '/x'), ALLOWED);
});

test('bad input: parse takes a 10 MB file', (t) => {
  const record = 'User-agent: bot\nDisallow: /x\nAllow: /y # comment\n\n';
  const text = record.repeat(Math.ceil((10 * 1024 * 1024) / record.length)) + 'User-agent: *\nDisallow: /last\n';
  t.true(text.length >= 10 * 1024 * 1024);
  const p = new RobotExclusionRulesParser();
  t.notThrows(() => p.parse(text));
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'other', '/last'), DISALLOWED);
  t.deepEqual(both(p, 'other', '/x'), ALLOWED);
});

test('bad input: parse takes a 10 MB file as bytes', (t) => {
  const bytes = pseudoRandomBytes(10 * 1024 * 1024, 0x1234567);
  const p = new RobotExclusionRulesParser();
  t.notThrows(() => p.parse(bytes));
  t.notThrows(() => exercise(p));
});

test('bad input: parse takes a single 1 MB line', (t) => {
  const path = '/' + 'a'.repeat(1024 * 1024);
  const p = new RobotExclusionRulesParser();
  t.notThrows(() => p.parse(`User-agent: *\nDisallow: ${path}`));
  t.deepEqual(both(p, 'bot', path), DISALLOWED);
  t.deepEqual(both(p, 'bot', path.slice(0, -1)), ALLOWED);
  for (const line of [
    'x'.repeat(1024 * 1024),
    'Disallow'.repeat(128 * 1024) + ':',
    '#'.repeat(1024 * 1024),
    ' '.repeat(1024 * 1024),
    '*'.repeat(1024 * 1024),
  ]) {
    t.notThrows(() => p.parse(`User-agent: *\n${line}\nDisallow: /z`));
    t.notThrows(() => exercise(p));
  }
});

test('bad input: a 1 MB wildcard rule and a 1 MB URL', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /' + '*a'.repeat(512 * 1024) + '$');
  const url = '/' + 'a'.repeat(1024 * 1024);
  t.false(p.isAllowed('bot', url));
  t.true(p.isAllowed('bot', url.slice(0, 512 * 1024)));
  t.true(p.isAllowed('bot', url, MK1996));
});

test('bad input: many lines with one # at the very end', (t) => {
  const text = 'User-agent: *\n' + 'Disallow: /a\n'.repeat(200_000) + '# end';
  const p = new RobotExclusionRulesParser();
  t.notThrows(() => p.parse(text));
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
});

test('bad input: parse takes binary garbage', (t) => {
  for (let seed = 1; seed <= 20; seed++) {
    const bytes = pseudoRandomBytes(4096, seed);
    const p = new RobotExclusionRulesParser();
    t.notThrows(() => p.parse(bytes));
    t.notThrows(() => p.parse(String.fromCharCode(...bytes.subarray(0, 2048))));
    t.notThrows(() => exercise(p));
  }
});

test('bad input: parse takes every byte value and every UTF-16 code unit', (t) => {
  const p = new RobotExclusionRulesParser();
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  t.notThrows(() => p.parse(all));
  let units = '';
  for (let c = 0; c < 0x10000; c++) units += String.fromCharCode(c);
  t.notThrows(() => p.parse(`User-agent: *\nDisallow: /${units}\nAllow: ${units}`));
  t.notThrows(() => exercise(p, ['/' + units, units]));
});

test('bad input: parse takes empty strings and empty bytes', (t) => {
  const p = new RobotExclusionRulesParser();
  for (const input of ['', new Uint8Array(0), '\n', '\r', '\r\n', ' ', '#', ':', 'User-agent:', 'Disallow:']) {
    t.notThrows(() => p.parse(input));
    t.deepEqual(both(p, 'bot', '/'), ALLOWED);
  }
});

// isAllowed ------------------------------------------------------------------

const nastyUrls: Array<[string, string]> = [
  ['%', '/%'],
  ['/%', '/%'],
  ['%zz', '/%zz'],
  ['/%zz', '/%zz'],
  ['/%E9', '/%E9'],
  ['/%C3%28', '/%C3%28'],
  ['/a%', '/a%'],
  ['/a%2', '/a%2'],
  ['', ''],
  ['page.html', 'page.html'],
  ['../up', '../up'],
  ['./here', './here'],
  ['?q', '?q'],
  ['#frag', '#frag'],
  ['//host/path', '//host/path'],
  ['//', '//'],
  ['///', '///'],
  ['http://', 'http://'],
  ['http:', 'http:'],
  [':', ':'],
  ['http://example.com:8080/p', 'http://example.com:8080/p'],
  ['https://user:pass@example.com:443/p?q#f', 'https://user:pass@example.com:443/p?q#f'],
  ['http://[::1]:80/p', 'http://[::1]:80/p'],
  ['mailto:someone@example.com', 'mailto:someone@example.com'],
  ['javascript:alert(1)', 'javascript:alert(1)'],
  ['\u0000', '\u0000'],
  ['/\uD800', '/\uD800'],
  ['http://example.com/%F0%9F%98', 'http://example.com/%F0%9F%98'],
  ['/' + '%'.repeat(100_000), 'many %'],
  ['/' + '%E9'.repeat(100_000), 'many %E9'],
];

test('bad input: isAllowed and explain never throw on any URL string', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /private', 'Allow: /*.html$', 'Disallow: /%E9', 'Disallow: /%');
  for (const [url, label] of nastyUrls) {
    for (const syntax of [MK1996, GYM2008] as const) {
      t.notThrows(() => p.isAllowed('bot', url, syntax), label);
      t.notThrows(() => p.explain('bot', url, syntax), label);
    }
  }
});

test('bad input: odd URLs still get the answers the rules give', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /%E9', 'Disallow: /%zz', 'Disallow: /private', 'Disallow: /%C3(');
  // "%" alone and "/%" are the path "/%", which no rule here starts.
  t.deepEqual(both(p, 'bot', '%'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/%zz'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '%zz'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/%E9'), DISALLOWED);
  // %C3%28 is U+FFFD "(", and so is the rule's "%C3(".
  t.deepEqual(both(p, 'bot', '/%C3%28'), DISALLOWED);
  t.deepEqual(both(p, 'bot', ''), ALLOWED);
  t.deepEqual(both(p, 'bot', 'private/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '//host/private'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com:8080/private'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'https://user:pw@example.com:8443/private?x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'https://user:pw@example.com:8443/public'), ALLOWED);
});

test('bad input: odd user agents never throw', (t) => {
  const p = robotsLines('User-agent: foo', 'Disallow: /', '', 'User-agent: *', 'Disallow: /x');
  for (const ua of ['', '\u0000', '\uD800', 'x'.repeat(1024 * 1024), '*', 'FOO'.repeat(1000)]) {
    t.notThrows(() => p.isAllowed(ua, '/'));
    t.notThrows(() => p.getCrawlDelay(ua));
  }
  t.false(p.isAllowed('FOO'.repeat(1000), '/'));
  t.true(p.isAllowed('x'.repeat(1024 * 1024), '/'));
});

test('bad input: many distinct user agents still get the right record', (t) => {
  const p = robotsLines('User-agent: foo', 'Disallow: /', '', 'User-agent: *', 'Disallow: /x');
  for (let i = 0; i < 5000; i++) {
    t.is(p.isAllowed(`agent-${i}`, '/'), true);
    if (i % 500 === 0) t.is(p.isAllowed(`foo-${i}`, '/'), false);
  }
});

// Arguments that are not what isAllowed takes (behaviour.md §9.33) -----------

const badArgument = { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' } as const;

/** Asserts that `fn` throws the InvalidArgumentError for `argument`, with `message` when given. */
function throwsBad(t: ExecutionContext, fn: () => unknown, argument: string, message?: string): void {
  const error = t.throws(fn, message === undefined ? badArgument : { ...badArgument, message });
  t.is(error.argument, argument);
}

test('9.33 isAllowed with no URL, or a URL that is neither a string nor a URL, throws', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /');
  const call = (p.isAllowed as (...args: unknown[]) => boolean).bind(p);
  throwsBad(t, () => call('a'), 'url', 'isAllowed url must be a string or a URL, got undefined');
  for (const url of [null, 42, { href: '/x' }, ['/x']]) throwsBad(t, () => call('a', url), 'url');
  // Also right after the same agent was asked, when the fast path is tried first.
  t.false(p.isAllowed('a', '/x'));
  t.throws(() => call('a'), badArgument);
  t.throws(() => p.explain('a', undefined as never), { ...badArgument, message: 'explain url must be a string or a URL, got undefined' });
});

test('9.33 a user agent that is not a string throws', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /');
  for (const ua of [undefined, null, 42, new String('bot'), ['bot']]) {
    throwsBad(t, () => p.isAllowed(ua as never, '/x'), 'userAgent');
    throwsBad(t, () => p.getCrawlDelay(ua as never), 'userAgent');
  }
});

test('9.33 a URL object is taken as the url', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /private');
  t.false(p.isAllowed('bot', new URL('https://example.com/private/x')));
  t.true(p.isAllowed('bot', new URL('https://example.com/public')));
  t.false(p.explain('bot', new URL('https://example.com/private')).allowed);
});

test('9.33 swapped arguments, a URL as user agent with a url that is no URL, throw', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /private');
  for (const [url, ua] of [
    ['https://example.com/private/x', 'MyBot'],
    ['http://example.com/private/x', 'MyBot/1.0'],
    ['HTTPS://EXAMPLE.COM/', 'Mozilla/5.0 (compatible; MyBot/1.0)'],
    ['https://example.com/private/x', ''],
  ] as const) {
    const message = `isAllowed takes (userAgent, url) and got the URL ${JSON.stringify(url)} as userAgent with ${JSON.stringify(ua)} as url: are the arguments swapped?`;
    throwsBad(t, () => p.isAllowed(url, ua), 'userAgent', message);
    t.throws(() => p.explain(url, ua), badArgument);
  }
  // A user agent that is a URL is still taken with a url that is a path, or has a scheme.
  t.false(p.isAllowed('https://example.com/bot', '/private/x'));
  t.false(p.isAllowed('https://example.com/bot', 'https://example.com/private/x'));
  t.true(p.isAllowed('https://example.com/bot', new URL('https://example.com/public')));
  // A user agent that merely holds a URL is no URL.
  t.true(p.isAllowed('MyBot/1.0 (+https://example.com/bot)', 'page.html'));
});
