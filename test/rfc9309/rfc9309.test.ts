// RFC9309 syntax: one test per bullet of RFC9309.md (named after it), then the
// RFC's own examples and Google's reference cases.
import test from 'ava';
import { RobotExclusionRulesParser, GYM2008, InvalidArgumentError, MK1996, RFC9309 } from '../../src/index.js';

function robots(text: string | Uint8Array): RobotExclusionRulesParser {
  const p = new RobotExclusionRulesParser();
  p.parse(text);
  return p;
}

/** The RFC9309 answer for one file, crawler and URL. */
function rfc(text: string | Uint8Array, ua: string, url: string): boolean {
  return robots(text).isAllowed(ua, url, RFC9309);
}

const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

// ---------------------------------------------------------------------------
// Groups

test('a group is user-agent lines followed by rules; a user-agent line after a rule starts a new group', (t) => {
  const text = 'User-agent: a\nUser-agent: b\nDisallow: /x\nUser-agent: c\nDisallow: /y\n';
  t.false(rfc(text, 'a', '/x'));
  t.false(rfc(text, 'b', '/x'));
  t.true(rfc(text, 'b', '/y'));
  t.false(rfc(text, 'c', '/y'));
  t.true(rfc(text, 'c', '/x'));
});

test('blank lines do not end a group', (t) => {
  t.false(rfc('User-agent: a\n\nDisallow: /x\n', 'a', '/x'));
  t.false(rfc('User-agent: a\nDisallow: /x\n\n\nDisallow: /y\n', 'a', '/y'));
  t.false(rfc('User-agent: a\n\nUser-agent: b\n\nDisallow: /\n', 'a', '/z'));
});

test('lines that are neither user-agent nor allow/disallow neither end nor start a group', (t) => {
  // Sitemap, an unknown key, a comment and a crawl delay between two user-agent lines: one group.
  const between = 'User-agent: a\nSitemap: https://example.com/s.xml\nNoindex: /\n# note\nCrawl-delay: 3\nUser-agent: b\nDisallow: /\n';
  t.false(rfc(between, 'a', '/x'));
  t.false(rfc(between, 'b', '/x'));
  // The same lines between rules do not end the group either.
  const after = 'User-agent: a\nDisallow: /x\nSitemap: https://example.com/s.xml\nFoo: bar\n# note\nDisallow: /y\n';
  t.false(rfc(after, 'a', '/y'));
  // And before any user-agent line they start none.
  t.true(rfc('Sitemap: https://example.com/s.xml\nDisallow: /\n', 'a', '/x'));
});

test('rules before the first user-agent line belong to no group', (t) => {
  const text = 'Disallow: /\nAllow: /y\n\nUser-agent: *\nDisallow: /y\n';
  t.true(rfc(text, 'a', '/x'));
  t.false(rfc(text, 'a', '/y'));
  t.true(rfc('Disallow: /\n', 'a', '/x'));
});

test('every group that names the crawler applies, their rules pooled', (t) => {
  const text = 'User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nUser-agent: a\nDisallow: /y\nAllow: /x/open\n';
  t.false(rfc(text, 'a', '/x'));
  t.false(rfc(text, 'a', '/y'));
  t.true(rfc(text, 'a', '/z'));
  // Precedence works across the pooled groups: the second group's longer allow wins.
  t.true(rfc(text, 'a', '/x/open'));
});

test('if any group names the crawler, * groups are ignored entirely, even when none of its rules match', (t) => {
  const text = 'User-agent: *\nDisallow: /x/\n\nUser-agent: FooBot\nDisallow: /y/\n';
  t.true(rfc(text, 'FooBot', '/x/page'));
  t.false(rfc(text, 'FooBot', '/y/page'));
  // A group with no rules at all still names the crawler.
  t.true(rfc('User-agent: *\nDisallow: /\n\nUser-agent: quxbot\n', 'quxbot', '/x'));
});

test('otherwise the * groups apply, pooled; neither: allowed', (t) => {
  const text = 'User-agent: *\nDisallow: /a\n\nUser-agent: b\nDisallow: /\n\nUser-agent: *\nDisallow: /c\n';
  t.false(rfc(text, 'other', '/a'));
  t.false(rfc(text, 'other', '/c'));
  t.true(rfc(text, 'other', '/b'));
  t.true(rfc('User-agent: a\nDisallow: /\nUser-agent: b\nDisallow: /\n', 'other', '/x'));
});

// ---------------------------------------------------------------------------
// User agents

test('the value of a user-agent line is cut to its leading run of letters, - and _', (t) => {
  const spaced = 'User-agent: FOO BAR\nDisallow: /\n';
  t.false(rfc(spaced, 'foo', '/x'));
  t.true(rfc(spaced, 'bar', '/x'));
  t.false(rfc('User-agent: Googlebot/2.1\nDisallow: /\n', 'googlebot', '/x'));
  t.false(rfc('User-agent: my_bot-2\nDisallow: /\n', 'my_bot-', '/x'));
});

test('user agents are compared case-insensitively for equality, not searched for substrings', (t) => {
  t.false(rfc('User-agent: FooBot\nDisallow: /\n', 'FOOBOT', '/x'));
  t.false(rfc('User-agent: foobot\nDisallow: /\n', 'FooBot', '/x'));
  // `bot` names the crawler `bot` only: not `Googlebot`, not `botany`.
  t.true(rfc('User-agent: bot\nDisallow: /\n', 'Googlebot', '/x'));
  t.true(rfc('User-agent: bot\nDisallow: /\n', 'botany', '/x'));
  // MK1996 and GYM2008 search the caller's string for the name.
  t.false(robots('User-agent: bot\nDisallow: /\n').isAllowed('Googlebot', '/x', GYM2008));
});

test('an empty caller token names no group', (t) => {
  // `*bot` cuts to the empty token, which no caller names.
  t.true(rfc('User-agent: *bot\nDisallow: /\n', '', '/x'));
  t.true(rfc('User-agent: /x\nDisallow: /\n', '', '/x'));
  // The empty caller falls to the `*` group like any unnamed crawler.
  t.false(rfc('User-agent: *\nDisallow: /\n', '', '/x'));
});

test('9.15 the caller string is compared whole, cut only where a product token is followed by /', (t) => {
  // The port's choice (behaviour.md §9.15): a product token passes unchanged,
  // and `Googlebot/2.1 (+http://…)` is read as `Googlebot` instead of naming nothing.
  const text = 'User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /\n';
  t.false(rfc(text, 'Googlebot', '/x'));
  t.false(rfc(text, 'Googlebot/2.1 (+http://www.google.com/bot.html)', '/x'));
  t.false(rfc(text, 'googlebot/', '/x'));
  // The header's first product is `Mozilla`: no substring search for `Googlebot`.
  t.true(rfc(text, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '/x'));
  // Anything else is compared whole, and so names no group: a space, a digit,
  // any other character after the token.
  for (const ua of ['Googlebot Images', 'Googlebot2', 'Googlebot;', 'Googlebot ', ' Googlebot', 'Googlebot-Image/1.0 x']) {
    t.true(rfc(text, ua, '/x'), ua);
  }
  t.false(rfc('User-agent: Googlebot-Image\nDisallow: /\n', 'Googlebot-Image/1.0 x', '/x'));
});

test("Google's GoogleOnly_AcceptUserAgentUpToFirstSpace: the caller's Foo Bar is not Foo", (t) => {
  const text = 'User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n';
  const url = 'http://foo.bar/x/y';
  t.true(rfc(text, 'Foo', url));
  t.false(rfc(text, 'Foo Bar', url));
});

test("Google's ID_UserAgentValueCaseInsensitive: names and the caller's token in any case", (t) => {
  for (const name of ['FOO BAR', 'foo bar', 'FoO bAr']) {
    const text = `User-Agent: ${name}\nAllow: /x/\nDisallow: /\n`;
    for (const ua of ['Foo', 'foo']) {
      t.true(rfc(text, ua, 'http://foo.bar/x/y'), `${name} ${ua}`);
      t.false(rfc(text, ua, 'http://foo.bar/a/b'), `${name} ${ua}`);
    }
  }
});

test('9.15 Rule1TestBot and Rule2TestBot are not one crawler: a token with a digit names no group', (t) => {
  // The Python original's wildcard test file: every line names `rule`
  // (§8.2), and no caller token with a digit in it equals that.
  const text = 'User-agent: Rule1TestBot\nDisallow: /foo*\n\nUser-agent: Rule2TestBot\nDisallow: /bar\n\nUser-agent: *\nDisallow: /baz\n';
  for (const ua of ['Rule1TestBot', 'Rule2TestBot']) {
    t.true(rfc(text, ua, '/foo.html'), ua);
    t.true(rfc(text, ua, '/bar'), ua);
    t.false(rfc(text, ua, '/baz'), ua);
  }
  // `Rule` itself is named by both lines, whose groups pool.
  t.false(rfc(text, 'Rule', '/foo.html'));
  t.false(rfc(text, 'Rule/1.0', '/bar'));
  t.true(rfc(text, 'Rule', '/baz'));
});

test('* means a value that is * alone or * followed by white space', (t) => {
  t.false(rfc('User-agent: *\nDisallow: /\n', 'a', '/x'));
  t.false(rfc('User-agent: * all robots\nDisallow: /\n', 'a', '/x'));
  t.false(rfc('User-agent: *\tall\nDisallow: /\n', 'a', '/x'));
  t.true(rfc('User-agent: *all\nDisallow: /\n', 'a', '/x'));
  t.true(rfc('User-agent: */1.0\nDisallow: /\n', 'a', '/x'));
});

// ---------------------------------------------------------------------------
// Lines

test('lines end at \\n, \\r or \\r\\n', (t) => {
  for (const eol of ['\n', '\r', '\r\n']) {
    const text = ['User-Agent: foo', 'Allow: /some/path', 'User-Agent: bar', '', '', 'Disallow: /'].join(eol);
    const p = robots(text);
    t.false(p.isAllowed('bar', '/x', RFC9309));
    t.true(p.isAllowed('foo', '/x', RFC9309));
    // Line numbers count each ending once: Disallow is line 6 everywhere.
    t.is(p.explain('bar', '/x', RFC9309).rule?.line, 6);
  }
  // Mixed endings, and a \n\r pair, which is two line ends.
  const mixed = robots('User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /');
  t.is(mixed.explain('bar', '/x', RFC9309).rule?.line, 6);
  t.is(robots('User-agent: a\n\rDisallow: /').explain('a', '/x', RFC9309).rule?.line, 3);
});

test('the file is read as bytes: a line longer than 16,663 bytes is cut before it is read', (t) => {
  // Google's own case: the rule keeps its first 16,663 bytes, `/x/aaa…a/`.
  const longline = '/x/' + 'a'.repeat(16652 - 3);
  const text = 'user-agent: FooBot\ndisallow: ' + longline + '/qux\n';
  t.true(rfc(text, 'FooBot', 'http://foo.bar/fux'));
  t.false(rfc(text, 'FooBot', 'http://foo.bar' + longline + '/fux'));
  // Bytes, not characters: each é is two UTF-8 bytes, so the `x` after 8,326 of them is cut.
  const accents = 'é'.repeat(8326);
  const utf8 = 'user-agent: a\ndisallow: /' + accents + 'x\n';
  t.false(rfc(utf8, 'a', '/' + '%C3%A9'.repeat(8326) + 'y'));
  // A cut inside a character keeps its first byte.
  const split = 'user-agent: a\ndisallow: /b' + accents + '\n';
  t.false(rfc(split, 'a', '/b' + '%C3%A9'.repeat(8325) + '%C3zz'));
  t.true(rfc(split, 'a', '/b' + '%C3%A9'.repeat(8324) + 'zz'));
});

test('a UTF-8 byte-order mark at the start of the file is skipped, and so is a truncated one', (t) => {
  const body = 'User-agent: a\nDisallow: /\n';
  t.false(rfc(bytes([0xef, 0xbb, 0xbf], body), 'a', '/x'));
  t.false(rfc(bytes([0xef, 0xbb], body), 'a', '/x'));
  t.false(rfc(bytes([0xef], body), 'a', '/x'));
  t.false(rfc('\ufeff' + body, 'a', '/x'));
  // Not a byte-order mark: the first line is garbage and the rule has no group.
  t.true(rfc(bytes([0xef, 0x11, 0xbf], body), 'a', '/x'));
  // Only at the start of the file.
  t.true(rfc(bytes('User-agent: a\n', [0xef, 0xbb, 0xbf], 'Disallow: /\n'), 'a', '/x'));
});

test('# starts a comment anywhere, inside a path too', (t) => {
  const text = 'User-agent: FooBot # the crawler\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n';
  t.true(rfc(text, 'FooBot', '/foo/bar'));
  t.false(rfc(text, 'FooBot', '/foo/quz'));
  t.false(rfc(text, 'FooBot', '/foo/quzzle'));
  t.false(rfc('User-agent: a\nDisallow: /x#/y\n', 'a', '/xz'));
});

test('only ASCII white space is trimmed: a no-break space or U+3000 stays part of the value', (t) => {
  // `*` followed by a no-break space is not the `*` group (GYM2008 trims it and disagrees).
  const nbsp = 'User-agent: *\u00a0\nDisallow: /\n';
  t.true(rfc(nbsp, 'a', '/x'));
  t.false(robots(nbsp).isAllowed('a', '/x', GYM2008));
  const ideographic = 'User-agent: a\nDisallow: /b\u3000\n';
  t.true(rfc(ideographic, 'a', '/b'));
  t.false(rfc(ideographic, 'a', '/b%E3%80%80'));
  // Tabs, vertical tabs and form feeds are ASCII white space.
  t.false(rfc('User-agent:\ta\t\nDisallow:\v/x\f\n', 'a', '/x'));
});

test('key and value are split at the first colon', (t) => {
  t.false(rfc('User-agent: a\nDisallow: /a:b\n', 'a', '/a:b'));
  t.true(rfc('User-agent: a\nDisallow: /a:b\n', 'a', '/a'));
  t.false(rfc('User-agent : a\nDisallow  :  /x\n', 'a', '/x'));
});

test('a line without a colon is still read when it holds exactly two white-space-separated words', (t) => {
  t.false(rfc('user-agent FooBot\ndisallow /\n', 'FooBot', '/x/y'));
  t.false(rfc('User-agent: a\nDisallow= /x\n', 'a', '/x'));
  t.false(rfc('User-agent: a\nDisallow \t /x\n', 'a', '/x'));
  // Three words: ignored.
  t.true(rfc('User-agent: a\nDisallow /x /y\n', 'a', '/x'));
  // One word: ignored.
  t.true(rfc('User-agent: a\nDisallow/x\n', 'a', '/x'));
  t.true(rfc('foo: FooBot\nbar: /\n', 'FooBot', '/x/y'));
});

test('keys are recognised case-insensitively by prefix', (t) => {
  t.false(rfc('USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n', 'FooBot', '/a/b'));
  t.true(rfc('uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n', 'FooBot', '/x/y'));
  t.false(rfc('User-agents: a\nDisallowed: /x\n', 'a', '/x'));
  t.true(rfc('User-agent: a\nDisallow: /\nAllowing: /x\n', 'a', '/x'));
});

test('Google also accepts frequent typos: useragent, user agent, dissallow, dissalow, disalow, diasllow, disallaw, site-map', (t) => {
  for (const ua of ['useragent', 'user agent', 'User Agent', 'UserAgent']) t.false(rfc(`${ua}: a\nDisallow: /\n`, 'a', '/x'), ua);
  for (const d of ['dissallow', 'dissalow', 'disalow', 'diasllow', 'Disallaw']) t.false(rfc(`User-agent: a\n${d}: /\n`, 'a', '/x'), d);
  // A site-map line, like a sitemap line, does not end the run of user-agent lines.
  t.false(rfc('User-agent: a\nSite-map: https://example.com/s.xml\nUser-agent: b\nDisallow: /\n', 'a', '/x'));
});

test('any other key is ignored', (t) => {
  t.true(rfc('User-agent: a\nNoindex: /\nDis-allow: /\nDeny: /\n', 'a', '/x'));
  t.true(rfc('Agent: a\nDisallow: /\n', 'a', '/x'));
});

// ---------------------------------------------------------------------------
// Precedence

test('among the matching rules the longest pattern wins; on equal length, allow wins', (t) => {
  t.false(rfc('user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n', 'FooBot', '/x/page.html'));
  t.true(rfc('user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', '/x/page.html'));
  t.false(rfc('user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n', 'FooBot', '/x/'));
  t.true(rfc('user-agent: FooBot\ndisallow: /\nallow: /\n', 'FooBot', '/x'));
  t.true(rfc('user-agent: FooBot\nallow: /folder\ndisallow: /folder\n', 'FooBot', '/folder/page'));
  const xs = 'user-agent: FooBot\ndisallow: /x\nallow: /x/\n';
  t.false(rfc(xs, 'FooBot', '/x'));
  t.true(rfc(xs, 'FooBot', '/x/'));
});

test('pattern length is counted in bytes of the normalised pattern, * and $ included', (t) => {
  // `*` counts: /*.html (7) beats /page (5); /x/page. (8) beats /*.html (7).
  t.false(rfc('user-agent: a\nallow: /page\ndisallow: /*.html\n', 'a', '/page.html'));
  t.true(rfc('user-agent: a\nallow: /page\ndisallow: /*.html\n', 'a', '/page'));
  t.true(rfc('user-agent: a\nallow: /x/page.\ndisallow: /*.html\n', 'a', '/x/page.html'));
  // `$` counts: /a$ (3) beats /a (2).
  t.true(rfc('user-agent: a\ndisallow: /a\nallow: /a$\n', 'a', '/a'));
  t.true(rfc('user-agent: a\nallow: /$\ndisallow: /\n', 'a', '/'));
  t.false(rfc('user-agent: a\nallow: /$\ndisallow: /\n', 'a', '/page.html'));
  // é normalises to %C3%A9: the allow is 7 bytes long and beats a 6-byte disallow.
  t.true(rfc('user-agent: a\nallow: /é\ndisallow: /%C3%A\n', 'a', '/%C3%A9'));
});

test('an empty allow or disallow has no effect at all', (t) => {
  t.true(rfc('User-agent: a\nDisallow:\n', 'a', '/x'));
  // Under MK1996 and GYM2008 an empty Disallow first allows everything.
  const first = 'User-agent: a\nDisallow:\nDisallow: /x\n';
  t.false(rfc(first, 'a', '/x'));
  t.true(robots(first).isAllowed('a', '/x', GYM2008));
  t.false(rfc('User-agent: a\nAllow:\nDisallow: /\n', 'a', '/x'));
  t.true(rfc('user-agent: FooBot\ndisallow: \nallow: \n', 'FooBot', '/x'));
  t.is(robots('User-agent: a\nAllow:\n').explain('a', '/x', RFC9309).rule, null);
  // It still ends the run of user-agent lines.
  t.true(rfc('User-agent: a\nDisallow:\nUser-agent: b\nDisallow: /\n', 'a', '/x'));
});

test('the order of rules in the file does not matter', (t) => {
  const rules = ['Disallow: /shop', 'Allow: /shop/cart', 'Disallow: /*.pdf$', 'Allow: /shop/cart/*.pdf$', 'Disallow: /shop/cart/x'];
  const urls = ['/shop', '/shop/cart', '/shop/cart/x', '/shop/cart/x.pdf', '/a.pdf', '/other', '/shop/cart/y.pdf?z'];
  const expected = [false, true, false, true, false, true, true];
  const permutations = (xs: string[]): string[][] =>
    xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
  for (const order of permutations(rules)) {
    const p = robots('User-agent: *\n' + order.join('\n'));
    t.deepEqual(
      urls.map((u) => p.isAllowed('a', u, RFC9309)),
      expected,
      order.join(' | '),
    );
  }
});

test('the path /robots.txt itself is always allowed', (t) => {
  const p = robots('User-agent: *\nDisallow: /\nDisallow: /robots.txt\n');
  t.true(p.isAllowed('a', 'https://example.com/robots.txt', RFC9309));
  t.true(p.isAllowed('a', '/robots.txt?v=2', RFC9309));
  t.false(p.isAllowed('a', '/robots.txt.bak', RFC9309));
  t.false(p.isAllowed('a', '/dir/robots.txt', RFC9309));
  t.false(p.isAllowed('a', '/ROBOTS.TXT', RFC9309));
  t.true(p.isAllowed('a', 'https://example.com/robots.txt#top', RFC9309));
  t.true(p.isAllowed('a', 'https://example.com/robots.txt?v=2#top', RFC9309));
  t.false(p.isAllowed('a', 'https://example.com/robots.txtx#top', RFC9309));
  t.deepEqual(p.explain('a', '/robots.txt', RFC9309), { allowed: true, record: { names: ['*'], line: 1 }, rule: null });
  // The other syntaxes follow the file.
  t.false(p.isAllowed('a', '/robots.txt', GYM2008));
});

test('an allowed …/index.htm or …/index.html allows the directory it sits in', (t) => {
  const text = 'User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n';
  t.true(rfc(text, 'foobot', 'http://foo.com/allowed-slash/'));
  t.false(rfc(text, 'foobot', 'http://foo.com/allowed-slash/index.htm'));
  t.true(rfc(text, 'foobot', 'http://foo.com/allowed-slash/index.html'));
  t.false(rfc(text, 'foobot', 'http://foo.com/allowed-slash/other'));
  t.false(rfc(text, 'foobot', 'http://foo.com/anyother-url'));
  t.true(rfc('User-Agent: *\nAllow: /d/index.htm\nDisallow: /\n', 'a', '/d/'));
  t.true(rfc('User-Agent: *\nAllow: /index.html\nDisallow: /\n', 'a', '/'));
  // Only for allow rules.
  t.true(rfc('User-Agent: *\nDisallow: /d/index.html\n', 'a', '/d/'));
  // explain names the Allow line as written.
  t.deepEqual(robots(text).explain('a', '/allowed-slash/', RFC9309).rule, { kind: 'allow', path: '/allowed-slash/index.html', line: 2 });
});

// ---------------------------------------------------------------------------
// Patterns and URLs

test('a pattern matches from the start of the path', (t) => {
  t.false(rfc('User-agent: a\nDisallow: /fish\n', 'a', '/fish.html'));
  t.true(rfc('User-agent: a\nDisallow: /fish\n', 'a', '/catfish'));
  t.true(rfc('User-agent: a\nDisallow: /fish\n', 'a', '/?id=fish'));
});

test('* matches any run of characters, including none and including /', (t) => {
  const text = 'User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n';
  t.false(rfc(text, 'FooBot', '/foo/bar/quz'));
  t.true(rfc(text, 'FooBot', '/foo/quz'));
  t.true(rfc(text, 'FooBot', '/foo//quz'));
  t.true(rfc(text, 'FooBot', '/foo/bax/quz'));
  const fish = 'User-agent: a\nDisallow: /\nAllow: /fish*.php\n';
  t.true(rfc(fish, 'a', '/fish.php'));
  t.true(rfc(fish, 'a', '/fishheads/catfish.php?parameters'));
  t.false(rfc(fish, 'a', '/Fish.PHP'));
});

test('$ is special only as the last character', (t) => {
  const text = 'User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n';
  t.false(rfc(text, 'FooBot', '/foo/bar'));
  t.true(rfc(text, 'FooBot', '/foo/bar/'));
  t.true(rfc(text, 'FooBot', '/foo/bar/baz'));
  const php = 'User-agent: a\nDisallow: /\nAllow: /*.php$\n';
  t.true(rfc(php, 'a', '/folder/filename.php'));
  t.false(rfc(php, 'a', '/filename.php?parameters'));
  t.false(rfc(php, 'a', '/filename.php5'));
  // A `$` inside the pattern is a literal character.
  t.false(rfc('User-agent: a\nDisallow: /a$b\n', 'a', '/a$bc'));
  t.true(rfc('User-agent: a\nDisallow: /a$b\n', 'a', '/a'));
});

test('matching is case-sensitive', (t) => {
  t.false(rfc('user-agent: FooBot\ndisallow: /x/\n', 'FooBot', '/x/y'));
  t.true(rfc('user-agent: FooBot\ndisallow: /X/\n', 'FooBot', '/x/y'));
});

test('patterns are normalised once: bytes outside ASCII become upper-case escapes, %xx is upper-cased and never decoded', (t) => {
  const tsu = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n';
  t.true(rfc(tsu, 'FooBot', 'http://foo.bar/foo/bar/%E3%83%84'));
  t.false(rfc(tsu, 'FooBot', 'http://foo.bar/foo/bar/ツ'));
  const lower = 'User-agent: a\nDisallow: /%aa\n';
  t.false(rfc(lower, 'a', '/%AA'));
  // The URL is not normalised, so a lower-case escape there does not match.
  t.true(rfc(lower, 'a', '/%aa'));
  // Escapes are never decoded, in the pattern or in the URL.
  t.true(rfc('User-agent: a\nDisallow: /%7Euser\n', 'a', '/~user'));
  // A `%` that is not an escape stays as it is.
  t.false(rfc('User-agent: a\nDisallow: /100%\n', 'a', '/100%'));
});

test("the bytes are the file's own when parse was given bytes, the UTF-8 of the text when given a string", (t) => {
  // Latin-1 é is the byte E9.
  const latin1 = bytes('User-agent: a\nDisallow: /caf', [0xe9], '\n');
  t.false(rfc(latin1, 'a', '/caf%E9'));
  t.true(rfc(latin1, 'a', '/caf%C3%A9'));
  // UTF-8 é is C3 A9, from bytes or from a string.
  const utf8 = Buffer.from('User-agent: a\nDisallow: /café\n', 'utf8');
  t.false(rfc(utf8, 'a', '/caf%C3%A9'));
  t.false(rfc('User-agent: a\nDisallow: /café\n', 'a', '/caf%C3%A9'));
  t.true(rfc('User-agent: a\nDisallow: /café\n', 'a', '/caf%E9'));
  // explain shows the value as written.
  t.is(robots('User-agent: a\nDisallow: /café\n').explain('a', '/caf%C3%A9', RFC9309).rule?.path, '/café');
});

test('the URL is not normalised at all: no decoding, no encoding, no case change', (t) => {
  const text = 'User-agent: a\nDisallow: /a%2Fb\n';
  t.false(rfc(text, 'a', '/a%2Fb'));
  t.true(rfc(text, 'a', '/a/b'));
  t.true(rfc(text, 'a', '/a%2fb'));
  t.true(rfc('User-agent: a\nDisallow: /A\n', 'a', '/a'));
  // MK1996 and GYM2008 decode both sides.
  t.false(robots(text).isAllowed('a', '/a%2fb', GYM2008));
});

test('path, params and query are matched, a // inside the path kept, the fragment dropped', (t) => {
  t.false(rfc('User-agent: a\nDisallow: /a;b\n', 'a', 'http://example.com/a;b=c'));
  t.false(rfc('User-agent: a\nDisallow: /*?q=\n', 'a', 'https://example.com/search?q=robots'));
  t.false(rfc('User-agent: a\nDisallow: //x\n', 'a', 'http://example.com//x/y'));
  t.true(rfc('User-agent: a\nDisallow: /x/y\n', 'a', 'http://example.com//x/y'));
  t.false(rfc('User-agent: a\nDisallow: /a$\n', 'a', 'http://example.com/a#frag'));
  t.true(rfc('User-agent: a\nDisallow: /*frag\n', 'a', 'http://example.com/a#frag'));
  // A literal rule longer than the path runs into the fragment, which ends it.
  t.true(rfc('User-agent: a\nDisallow: /ab\n', 'a', 'http://example.com/a#b'));
  t.true(rfc('User-agent: a\nDisallow: /aé\n', 'a', 'http://example.com/a#%C3%A9'));
  t.false(rfc('User-agent: a\nAllow: /\nDisallow: /a#b\n', 'a', 'http://example.com/a#b'));
});

test('a rule that does not start with / matches no path', (t) => {
  t.true(rfc('User-agent: a\nDisallow: xadmin\n', 'a', 'http://example.com/xadmin'));
  t.true(rfc('User-agent: a\nDisallow: xadmin\n', 'a', 'xadmin'));
  t.true(rfc('User-agent: a\nDisallow: x\n', 'a', 'http://example.com/x'));
  t.false(rfc('User-agent: a\nDisallow: *admin\n', 'a', 'http://example.com/xadmin'));
});

test("a word one pattern did not find is not looked for again, except where another pattern may find it at the path's start", (t) => {
  t.false(rfc('User-agent: a\nAllow: /*/x\nDisallow: */x\n', 'a', 'http://h/x'));
  const shared = 'User-agent: a\nAllow: /*/*/x/\nDisallow: /*/x/*\n';
  t.true(rfc(shared, 'a', 'http://h/a/b/x/'));
  t.false(rfc(shared, 'a', 'http://h/a/x/'));
  t.true(rfc(shared, 'a', 'http://h/x/'));
  t.true(rfc(shared, 'a', 'http://h/y'));
});

test('many rules (an index, not tried in turn) read the path as a few rules do', (t) => {
  const filler = Array.from({ length: 40 }, (_, k) => `Allow: /filler${k}\n`).join('');
  for (const text of ['User-agent: a\nDisallow: /ab\nDisallow: /*x$\n', `User-agent: a\n${filler}Disallow: /ab\nDisallow: /*x$\n`]) {
    t.true(rfc(text, 'a', 'http://example.com/a#b'));
    t.false(rfc(text, 'a', 'http://example.com/ab#c'));
    t.false(rfc(text, 'a', 'http://example.com/yx#z'));
    t.true(rfc(text, 'a', 'http://example.com/yx?#z'));
    t.false(rfc(text, 'a', 'ab'));
    t.true(rfc(text, 'a', 'http://example.com/robots.txt#x'));
  }
});

test('an empty URL or a URL with no path is /', (t) => {
  const text = 'User-agent: a\nDisallow: /$\n';
  t.false(rfc(text, 'a', ''));
  t.false(rfc(text, 'a', 'http://example.com'));
  t.false(rfc(text, 'a', 'https://example.com#top'));
  t.true(rfc(text, 'a', 'http://example.com/x'));
});

// ---------------------------------------------------------------------------
// The RFC's own examples (RFC 9309 sections 2.2 and 5)

const SIMPLE = `User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
`;

test('RFC 9309 5.1 simple example: the * group', (t) => {
  const p = robots(SIMPLE);
  t.true(p.isAllowed('otherbot', '/publications/x', RFC9309));
  t.false(p.isAllowed('otherbot', '/example/x', RFC9309));
  t.false(p.isAllowed('otherbot', '/images/logo.gif', RFC9309));
  t.true(p.isAllowed('otherbot', '/page.html', RFC9309));
});

test('RFC 9309 5.1 simple example: foobot, barbot, bazbot and quxbot', (t) => {
  const p = robots(SIMPLE);
  t.true(p.isAllowed('foobot', '/example/page.html', RFC9309));
  t.true(p.isAllowed('foobot', '/example/allowed.gif', RFC9309));
  t.false(p.isAllowed('foobot', '/example/other.html', RFC9309));
  t.false(p.isAllowed('foobot', '/publications/', RFC9309));
  for (const bot of ['barbot', 'bazbot']) {
    t.false(p.isAllowed(bot, '/example/page.html', RFC9309));
    t.true(p.isAllowed(bot, '/example/other.html', RFC9309));
    t.true(p.isAllowed(bot, '/a.gif', RFC9309));
  }
  t.true(p.isAllowed('quxbot', '/example/page.html', RFC9309));
  t.true(p.isAllowed('quxbot', '/a.gif', RFC9309));
});

test('RFC 9309 5.2 longest match example', (t) => {
  const text = 'User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n';
  t.false(rfc(text, 'foobot', 'https://example.com/example/page/disallowed.gif'));
  t.true(rfc(text, 'foobot', 'https://example.com/example/page/'));
  t.true(rfc(text, 'foobot', 'https://example.com/example/page/allowed.gif'));
});

test('RFC 9309 2.2.1 examples: two groups for ExampleBot merge; otherwise the * group', (t) => {
  const merged = 'user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n';
  for (const path of ['/foo', '/bar', '/baz']) t.false(rfc(merged, 'ExampleBot', path));
  const star = 'user-agent: *\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: BazBot\ndisallow: /baz\n';
  t.false(rfc(star, 'ExampleBot', '/foo'));
  t.false(rfc(star, 'ExampleBot', '/bar'));
  t.true(rfc(star, 'ExampleBot', '/baz'));
});

test("RFC 9309 2.2.2 percent-encoding examples, as Google's reference matches them", (t) => {
  const allowOnly = (pattern: string, url: string): boolean => rfc(`User-agent: a\nDisallow: /\nAllow: ${pattern}\n`, 'a', url);
  t.true(allowOnly('/foo/bar?baz=quz', '/foo/bar?baz=quz'));
  t.true(allowOnly('/foo/bar?baz=https%3A%2F%2Ffoo.bar', '/foo/bar?baz=https%3A%2F%2Ffoo.bar'));
  t.true(allowOnly('/foo/bar/ツ', '/foo/bar/%E3%83%84'));
  t.true(allowOnly('/foo/bar/%E3%83%84', '/foo/bar/%E3%83%84'));
  // The RFC's table decodes %62%61%7A to `baz`; the reference parser (and this
  // port, see docs/syntaxes.md) compares the escapes as written.
  t.true(allowOnly('/foo/bar/%62%61%7A', '/foo/bar/%62%61%7A'));
  t.false(allowOnly('/foo/bar/%62%61%7A', '/foo/bar/baz'));
});

test('RFC 9309 2.2.3 special characters: #, $ and *, and %2A / %24 matching them verbatim', (t) => {
  t.true(rfc('User-agent: a\nDisallow: /\nallow: / # comment in line\n# comment on its own line\n', 'a', '/x'));
  t.true(rfc('User-agent: a\nDisallow: /\nallow: /this/path/exactly$\n', 'a', '/this/path/exactly'));
  t.false(rfc('User-agent: a\nDisallow: /\nallow: /this/path/exactly$\n', 'a', '/this/path/exactly/not'));
  t.true(rfc('User-agent: a\nDisallow: /\nallow: /this/*/exactly\n', 'a', '/this/a/b/exactly'));
  // Crawlers send `*` and `$` percent-encoded; the patterns match them so.
  t.false(rfc('User-agent: a\nDisallow: /path/file-with-a-%2A.html\n', 'a', 'https://www.example.com/path/file-with-a-%2A.html'));
  t.false(rfc('User-agent: a\nDisallow: /path/foo-%24\n', 'a', 'https://www.example.com/path/foo-%24'));
  t.true(rfc('User-agent: a\nDisallow: /path/foo-%24\n', 'a', 'https://www.example.com/path/foo-'));
});

// ---------------------------------------------------------------------------
// explain, getCrawlDelay and the API around the syntax

test('explain under RFC9309 names the winning rule and its line among the merged groups', (t) => {
  const p = robots('User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nUser-agent: a\nAllow: /x/open\n');
  t.deepEqual(p.explain('a', '/x/open/page', RFC9309), {
    allowed: true,
    record: { names: ['a'], line: 7 },
    rule: { kind: 'allow', path: '/x/open', line: 8 },
  });
  t.deepEqual(p.explain('a', '/x/closed', RFC9309), {
    allowed: false,
    record: { names: ['a'], line: 1 },
    rule: { kind: 'disallow', path: '/x', line: 2 },
  });
  t.deepEqual(p.explain('a', '/y', RFC9309), { allowed: true, record: { names: ['a'], line: 1 }, rule: null });
  t.deepEqual(p.explain('c', '/y', RFC9309), { allowed: true, record: null, rule: null });
});

test('explain names the first of equally long rules of the same kind, as the reference does', (t) => {
  const p = robots('User-agent: a\nDisallow: /a*\nDisallow: /*b\nDisallow: /ab\n');
  t.is(p.explain('a', '/ab', RFC9309).rule?.line, 2);
});

test('getCrawlDelay follows the RFC9309 group selection when asked', (t) => {
  const text = 'User-agent: a\nCrawl-delay: 5\nDisallow: /\nUser-agent: b\nCrawl-delay: 7\nDisallow: /x\nUser-agent: a\nCrawl-delay: 9\nDisallow: /y\n';
  const p = robots(text);
  // MK1996/GYM2008: the first record for `a`; RFC9309: the pooled groups, last valid delay.
  t.is(p.getCrawlDelay('a'), 5);
  t.is(p.getCrawlDelay('a', GYM2008), 5);
  t.is(p.getCrawlDelay('a', RFC9309), 9);
  t.is(p.getCrawlDelay('b', RFC9309), 7);
  t.is(p.getCrawlDelay('c', RFC9309), null);
  // A group naming the crawler hides the `*` group's delay, and a blank line ends nothing.
  const star = robots('User-agent: *\nCrawl-delay: 3\nDisallow: /x\n\nUser-agent: a\n\nCrawl-delay: 1.5\n\nUser-agent: c\nDisallow: /\n');
  t.is(star.getCrawlDelay('other', RFC9309), 3);
  t.is(star.getCrawlDelay('a', RFC9309), 1.5);
  // `c` shares a's group (no rule came between) but not a's delay (§9.16).
  t.is(star.getCrawlDelay('c', RFC9309), null);
  t.false(star.isAllowed('a', '/z', RFC9309));
  t.throws(() => p.getCrawlDelay('a', 4 as never), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' });
});

test('9.16 a crawl delay belongs to the user-agent lines since the last rule or delay line', (t) => {
  // The SemrushBot file: the delay is SemrushBot's alone, though the three
  // user-agent lines form one group whose rule applies to every crawler.
  const text = 'User-agent: SemrushBot\nCrawl-delay: 60\nUser-agent: SemrushBot-BA\nUser-agent: *\nDisallow: /private/\n';
  const p = robots(text);
  t.is(p.getCrawlDelay('SemrushBot', RFC9309), 60);
  t.is(p.getCrawlDelay('SemrushBot-BA', RFC9309), null);
  t.is(p.getCrawlDelay('Googlebot', RFC9309), null);
  for (const ua of ['SemrushBot', 'SemrushBot-BA', 'Googlebot']) t.false(p.isAllowed(ua, '/private/x', RFC9309), ua);
  // A delay after the rules belongs to the run before them, the usual layout.
  const usual = robots('User-agent: a\nUser-agent: b\nDisallow: /x\nCrawl-delay: 4\nCrawl-delay: oops\n\nUser-agent: *\nCrawl-delay: 2\nDisallow: /y\n');
  t.is(usual.getCrawlDelay('a', RFC9309), 4);
  t.is(usual.getCrawlDelay('b', RFC9309), 4);
  t.is(usual.getCrawlDelay('other', RFC9309), 2);
  // Each run of user-agent lines has its own delay, in one group.
  const runs = robots('User-agent: a\nCrawl-delay: 5\nUser-agent: b\nUser-agent: *\nCrawl-delay: 7\nDisallow: /\n');
  t.is(runs.getCrawlDelay('a', RFC9309), 5);
  t.is(runs.getCrawlDelay('b', RFC9309), 7);
  t.is(runs.getCrawlDelay('other', RFC9309), 7);
  t.false(runs.isAllowed('a', '/x', RFC9309));
  // The last valid delay among the groups that apply, in file order.
  const pooled = robots(
    'User-agent: a\nCrawl-delay: 5\nDisallow: /a\nUser-agent: * \nCrawl-delay: 1\nDisallow: /b\nUser-agent: a\nCrawl-delay: 3\nDisallow: /c\n',
  );
  t.is(pooled.getCrawlDelay('a', RFC9309), 3);
  t.is(pooled.getCrawlDelay('other', RFC9309), 1);
});

test('RFC9309 is 3 and an unknown syntax names all three', (t) => {
  t.is(RFC9309, 3);
  const p = robots('User-agent: *\nDisallow: /\n');
  const error = t.throws(() => p.isAllowed('a', '/x', 0 as never), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' });
  t.regex(error.message, /MK1996 \(1\), GYM2008 \(2\) or RFC9309 \(3\)/);
  t.throws(() => p.explain('a', '/x', 4 as never), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' });
});

test('parse replaces the RFC9309 rules too', (t) => {
  const p = robots('User-agent: *\nDisallow: /\n');
  t.false(p.isAllowed('a', '/x', RFC9309));
  p.parse('User-agent: *\nAllow: /\n');
  t.true(p.isAllowed('a', '/x', RFC9309));
});

test('a URL object is matched by its href', (t) => {
  const p = robots('User-agent: *\nDisallow: /caf%C3%A9\n');
  t.false(p.isAllowed('a', new URL('https://example.com/café'), RFC9309));
});

test('a NUL byte ends the line as it does in the reference parser', (t) => {
  t.false(rfc('User-agent: a\nDisallow: /x\u0000y\n', 'a', '/xz'));
  t.true(rfc('User-agent: a\nDisallow: /x\u0000y\n', 'a', '/y'));
});

test('MK1996 and GYM2008 answers do not change when RFC9309 is asked first', (t) => {
  const text = 'User-agent: ExampleBot\n\nDisallow: /\nUser-agent: *\nDisallow: /*.pdf$\nAllow: /a\n';
  const fresh = robots(text);
  const asked = robots(text);
  asked.isAllowed('ExampleBot', '/x', RFC9309);
  for (const url of ['/x', '/a.pdf', '/b.pdf', '/a']) {
    for (const s of [MK1996, GYM2008] as const) t.is(asked.isAllowed('ExampleBot', url, s), fresh.isAllowed('ExampleBot', url, s), `${url} ${s}`);
  }
});

test('9.6 getSitemaps under RFC9309 reads sitemap lines as the reference parser reports them', (t) => {
  const text = [
    'Sitemap: https://example.com/a.xml',
    'Site-map: https://example.com/b.xml',
    'SITEMAPS: https://example.com/c.xml',
    'sitemap https://example.com/d.xml',
    'Sitemap: https://example.com/e.xml#part',
    'Sitemap:',
    'User-agent: *',
    'Disallow: /',
  ].join('\n');
  const p = robots(text);
  t.deepEqual(p.getSitemaps(RFC9309), [
    'https://example.com/a.xml',
    'https://example.com/b.xml',
    'https://example.com/c.xml',
    // Key and value split at the first colon, as the reference parser splits them.
    '//example.com/d.xml',
    'https://example.com/e.xml',
  ]);
  // The original's reading, under the other syntaxes and as `sitemaps`.
  t.deepEqual(p.getSitemaps(GYM2008), ['https://example.com/a.xml', 'https://example.com/e.xml']);
  t.deepEqual(p.getSitemaps(MK1996), p.sitemaps);
  t.deepEqual(p.getSitemaps(), p.sitemaps);
  t.deepEqual(new RobotExclusionRulesParser({ syntax: RFC9309 }).getSitemaps(), []);
  const q = new RobotExclusionRulesParser({ syntax: RFC9309 });
  q.parse(text);
  t.is(q.getSitemaps().length, 5);
  t.throws(() => p.getSitemaps(4 as never), { instanceOf: InvalidArgumentError });
});

test('9.6 getSitemaps under RFC9309 reads bytes and lines beyond the byte limit as the rules are read', (t) => {
  // A UTF-8 file given as bytes keeps its bytes; a string's non-ASCII URL comes back as written.
  t.deepEqual(robots(bytes('\xef\xbb\xbfSitemap: https://example.com/caf\xc3\xa9.xml\n')).getSitemaps(RFC9309), ['https://example.com/caf\xc3\xa9.xml']);
  t.deepEqual(robots('Sitemap: https://example.com/café.xml\n').getSitemaps(RFC9309), ['https://example.com/café.xml']);
  // A long line of non-ASCII text makes the view read bytes; the answers agree either way.
  const long = 'Disallow: /' + 'é'.repeat(9000);
  const p = robots(`User-agent: *\n${long}\nSite-map: https://example.com/é.xml\n`);
  t.deepEqual(p.getSitemaps(RFC9309), ['https://example.com/é.xml']);
  const url = '/' + encodeURIComponent('é').repeat(9000);
  t.false(p.isAllowed('bot', url, RFC9309));
  const first = robots(`User-agent: *\n${long}\nSite-map: https://example.com/é.xml\n`);
  t.false(first.isAllowed('bot', url, RFC9309));
  t.true(first.isAllowed('bot', '/' + encodeURIComponent('é').repeat(10), RFC9309));
  t.deepEqual(first.getSitemaps(RFC9309), ['https://example.com/é.xml']);
});

test('a rule written again many times: the first copy decides and explain names its line', (t) => {
  // Past a few rules, copies are dropped when a selection is built; the first stays.
  const copies = 'Disallow: /*aa*q\nAllow: /*aa*q\n'.repeat(40);
  const p = new RobotExclusionRulesParser();
  p.parse(`User-agent: *\nDisallow: /x\n${copies}User-agent: a\nAllow: /*aa*q\n`);
  const verdict = p.explain('bot', '/aaq', RFC9309);
  t.deepEqual(verdict.rule, { kind: 'allow', path: '/*aa*q', line: 4 });
  t.false(p.isAllowed('bot', '/x', RFC9309));
  t.true(p.isAllowed('bot', '/aaaq', RFC9309));
});
