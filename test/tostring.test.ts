// toString(): the rules back in robots.txt form; parsing it gives the same answers.
import test, { type ExecutionContext } from 'ava';
import { GYM2008, MK1996, RFC9309, type RobotExclusionRulesParser } from '../src/index.js';
import { robots, robotsLines } from './helpers/robots.js';

const AGENTS = ['foobot', 'FooBot/2.1', 'barbot', 'bazbot', 'other', ''];

/** Asserts that `p` and the parse of its toString() answer alike, and returns the copy. */
function assertRoundTrip(t: ExecutionContext, p: RobotExclusionRulesParser, urls: readonly string[]): RobotExclusionRulesParser {
  const text = p.toString();
  const copy = robots(text);
  for (const ua of AGENTS) {
    t.is(copy.getCrawlDelay(ua), p.getCrawlDelay(ua), `crawl delay of ${ua}`);
    for (const url of urls) {
      for (const syntax of [MK1996, GYM2008] as const) {
        t.is(copy.isAllowed(ua, url, syntax), p.isAllowed(ua, url, syntax), `${ua} ${url} syntax ${syntax}\n${text}`);
      }
    }
  }
  t.deepEqual(copy.sitemaps, p.sitemaps);
  return copy;
}

const URLS = [
  '/',
  '',
  'http://example.com',
  '/a',
  '/a/b',
  '/a%2Fb',
  '/a/b/c.pdf',
  '/a/b/c.pdf?x',
  '/private/x',
  '/*',
  '/$',
  '/h%65llo',
  '/hello',
  '/caf%C3%A9',
  '/café',
  '/%E9',
  '/\uFFFD',
  '/100%',
  '/100%25',
  '/x#y',
  '/a b',
  '/a\tb',
  '/search?q=1',
  '/x%23y',
  '/%2A',
  '/x%0Ay',
  '/double%2Fenc',
  '/double%252Fenc',
];

test('9.14 toString: the round trip does not hold under RFC9309, whose paths stay encoded', (t) => {
  const p = robots('User-agent: a\n\nUser-agent: b\nDisallow: /h%65llo\n');
  const copy = robots(p.toString());
  t.is(p.toString(), 'User-agent: b\nDisallow: /hello\n\n');
  // The classic syntaxes decode both sides: same answers.
  t.is(copy.isAllowed('b', '/hello', GYM2008), p.isAllowed('b', '/hello', GYM2008));
  // RFC9309 compares bytes: the decoded rule now matches what it did not.
  t.true(p.isAllowed('b', '/hello', RFC9309));
  t.false(copy.isAllowed('b', '/hello', RFC9309));
  // And `a`, in b's group under RFC9309, is gone from the copy.
  t.false(p.isAllowed('a', '/h%65llo', RFC9309));
  t.true(copy.isAllowed('a', '/h%65llo', RFC9309));
});

test('toString: an empty parser gives an empty text', (t) => {
  t.is(robots('').toString(), '');
});

test('toString: a typical file round-trips', (t) => {
  const p = robotsLines(
    '# comment',
    'Sitemap: https://example.com/sitemap.xml',
    'User-agent: *',
    'Disallow: /private/ # keep out',
    'Allow: /private/public',
    'Crawl-delay: 2.5',
    '',
    'User-agent: FooBot',
    'User-agent: barbot',
    'Disallow: /*.pdf$',
    'Disallow: /a%2Fb',
    'Allow: /h%65llo',
    'Disallow: /',
    '',
    'Sitemap: https://example.com/news.xml',
  );
  assertRoundTrip(t, p, URLS);
});

test('toString: the output is robots.txt with User-agent, Crawl-delay, Allow/Disallow and Sitemap lines', (t) => {
  const text = robotsLines('User-agent: a', 'Crawl-delay: 3', 'Disallow: /x', 'Allow: /y', 'Sitemap: https://example.com/s.xml').toString();
  const lines = text.split('\n');
  t.true(lines.includes('User-agent: a'));
  t.true(lines.includes('Crawl-delay: 3'));
  t.true(lines.includes('Disallow: /x'));
  t.true(lines.includes('Allow: /y'));
  t.true(lines.includes('Sitemap: https://example.com/s.xml'));
});

test('toString: * records come last, so the reparsed file keeps the matching order', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /', '', 'User-agent: foobot', 'Disallow: /x');
  const text = p.toString();
  t.true(text.indexOf('User-agent: foobot') < text.indexOf('User-agent: *'));
  assertRoundTrip(t, p, URLS);
});

test('toString: records dropped while parsing are not written', (t) => {
  const p = robotsLines('User-agent: a', 'Crawl-delay: 5', '', 'User-agent: b', '', 'User-agent: c', 'Disallow: /c');
  const text = p.toString();
  t.false(text.includes('User-agent: a'));
  t.false(text.includes('User-agent: b'));
  t.true(text.includes('User-agent: c'));
});

test('toString: blank Allow and Disallow keep their inverted meaning', (t) => {
  const p = robotsLines('User-agent: foobot', 'Allow:', '', 'User-agent: barbot', 'Disallow:', 'Disallow: /');
  assertRoundTrip(t, p, URLS);
});

test('toString: percent signs, # and encoded slashes in rule paths round-trip', (t) => {
  const p = robotsLines(
    'User-agent: *',
    'Disallow: /100%25',
    'Disallow: /x%23y',
    'Disallow: /a%2fb',
    'Disallow: /double%252Fenc',
    'Disallow: /zz%ZZ',
    'Disallow: /end%',
  );
  assertRoundTrip(t, p, [...URLS, '/zz%ZZ', '/end%', '/end%25', '/zz%25ZZ']);
});

test('toString: decoded control characters and white space in rule paths round-trip', (t) => {
  const p = robotsLines(
    'User-agent: *',
    'Disallow: /a%09b',
    'Disallow: /x%0Ay',
    'Disallow: /sp%20',
    'Disallow: /nbsp%C2%A0',
    'Disallow: /nel%C2%85',
    'Disallow: /ideo%E3%80%80',
    'Disallow: /del%7F',
    'Disallow: /nul%00',
  );
  assertRoundTrip(t, p, [
    ...URLS,
    '/sp',
    '/sp%20',
    '/nbsp',
    '/nbsp%C2%A0',
    '/nel',
    '/nel%C2%85',
    '/ideo',
    '/ideo%E3%80%80',
    '/del',
    '/del%7F',
    '/nul',
    '/nul%00',
  ]);
});

test('toString: encoded wildcards keep their meaning in both syntaxes', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a%2Ab', 'Disallow: /c%24', 'Allow: /*.gif$', 'Disallow: /');
  assertRoundTrip(t, p, [...URLS, '/axb', '/a*b', '/c', '/c$', '/c$d', '/x.gif', '/x.gif?y']);
});

test('toString: non-ASCII and invalid UTF-8 in rule paths round-trip', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /café', 'Disallow: /%E9x', 'Disallow: /emoji%F0%9F%98%80');
  assertRoundTrip(t, p, [...URLS, '/\uFFFDx', '/%FFx', '/emoji😀']);
});

test('toString: crawl delays round-trip exactly', (t) => {
  for (const delay of ['0', '10', '0.5', '.5', '3.', '2.25', '0.1', '0.0000001', '1' + '0'.repeat(25), '0.' + '0'.repeat(30) + '1', '9'.repeat(400)]) {
    const p = robotsLines('User-agent: foobot', `Crawl-delay: ${delay}`, 'Disallow: /x');
    const copy = robots(p.toString());
    t.is(copy.getCrawlDelay('foobot'), p.getCrawlDelay('foobot'), `${delay} written as ${p.toString()}`);
  }
});

test('toString: names with spaces and non-ASCII characters round-trip', (t) => {
  const p = robotsLines('User-agent: Bar Bot', 'User-agent: ÄrgerBot', 'Disallow: /', '', 'User-agent: foo:bot', 'Disallow: /f');
  const copy = robots(p.toString());
  for (const ua of ['bar bot/1', 'ärgerbot', 'FOO:BOT', 'foobot']) {
    t.deepEqual(copy.explain(ua, '/f').record?.names, p.explain(ua, '/f').record?.names, ua);
    t.is(copy.isAllowed(ua, '/f'), p.isAllowed(ua, '/f'), ua);
  }
});

test('toString: sitemaps are written in order, empty ones are not', (t) => {
  const p = robotsLines('Sitemap: https://example.com/1.xml', 'Sitemap:', 'User-agent: *', 'Disallow: /', 'Sitemap: https://example.com/2.xml');
  t.deepEqual(robots(p.toString()).sitemaps, ['https://example.com/1.xml', 'https://example.com/2.xml']);
});

test('toString: writing the reparsed text again gives the same text', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a%2fb', 'Allow: /x%25', 'Crawl-delay: .5', '', 'User-agent: b', 'Disallow:');
  const once = p.toString();
  t.is(robots(once).toString(), once);
});
