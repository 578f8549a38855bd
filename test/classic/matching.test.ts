// behaviour.md §4 (matching a URL) and §4b (what the port decides).
import test from 'ava';
import { GYM2008, MK1996, RobotExclusionRulesParser, type Syntax } from '../../src/index.js';
import { ALLOWED, DISALLOWED, both, robotsLines } from '../helpers/robots.js';

const star = (...rules: string[]) => robotsLines('User-agent: *', ...rules);

// 4.1 -----------------------------------------------------------------------

test('4.1 scheme and authority are dropped: http://example.com/a?b becomes /a?b', (t) => {
  const p = star('Disallow: /a?b');
  t.deepEqual(both(p, 'bot', 'http://example.com/a?b'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/a?c'), ALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/a'), ALLOWED);
});

test('4.1 the host name is never matched against rules', (t) => {
  const p = star('Disallow: /example');
  t.deepEqual(both(p, 'bot', 'http://example.com/'), ALLOWED);
  t.deepEqual(both(p, 'bot', 'https://www.example.org/page'), ALLOWED);
});

test('4.1 ports and userinfo belong to the authority and are dropped', (t) => {
  const p = star('Disallow: /private');
  t.deepEqual(both(p, 'bot', 'https://user:pw@example.com:8080/private/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com:80/public'), ALLOWED);
});

test('4.1 any letter case of the scheme is a scheme', (t) => {
  const p = star('Disallow: /private');
  t.deepEqual(both(p, 'bot', 'HTTPS://EXAMPLE.COM/private'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'ftp://example.com/private'), DISALLOWED);
});

test('4.1 the path keeps its ;params', (t) => {
  const p = star('Disallow: /a;jsessionid');
  t.deepEqual(both(p, 'bot', 'http://example.com/a;jsessionid=1?q'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/a'), ALLOWED);
});

test('4.1 the ?query is kept', (t) => {
  const p = star('Disallow: /search?q=', 'Disallow: /?');
  t.deepEqual(both(p, 'bot', 'http://example.com/search?q=robots&x=1'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/search'), ALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/?page=2'), DISALLOWED);
});

test('4.1 a path-only URL is matched as it is', (t) => {
  const p = star('Disallow: /private');
  t.deepEqual(both(p, 'bot', '/private/x.html'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/public/private'), ALLOWED);
});

test('4.1 a URL object is matched like its string form', (t) => {
  const p = star('Disallow: /a b');
  t.deepEqual(both(p, 'bot', new URL('http://example.com/a b')), DISALLOWED);
  t.true(p.isAllowed('bot', new URL('http://example.com/ab')));
});

// 4.2 -----------------------------------------------------------------------

test('4.2 every %XX escape is decoded: /h%65llo equals /hello, both ways', (t) => {
  t.deepEqual(both(star('Disallow: /h%65llo'), 'bot', '/hello'), DISALLOWED);
  t.deepEqual(both(star('Disallow: /hello'), 'bot', '/h%65llo'), DISALLOWED);
  t.deepEqual(both(star('Disallow: /hello'), 'bot', 'http://example.com/%68%65%6C%6c%6F/x'), DISALLOWED);
});

test('4.2 %2F stays encoded: /a%2fb equals /a%2Fb and neither equals /a/b', (t) => {
  const p = star('Disallow: /a%2fb');
  t.deepEqual(both(p, 'bot', '/a%2Fb'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/a%2fb'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/a/b'), ALLOWED);
  const q = star('Disallow: /a/b');
  t.deepEqual(both(q, 'bot', '/a%2Fb'), ALLOWED);
  t.deepEqual(both(q, 'bot', '/a%2fb'), ALLOWED);
  t.deepEqual(both(q, 'bot', '/a/b'), DISALLOWED);
});

test('4.2 escapes are decoded as UTF-8: %C3%A9 is é', (t) => {
  const p = star('Disallow: /caf%C3%A9');
  t.deepEqual(both(p, 'bot', '/café'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/caf%c3%a9'), DISALLOWED);
  t.deepEqual(both(star('Disallow: /café'), 'bot', '/caf%C3%A9'), DISALLOWED);
});

test('4.2 invalid UTF-8 becomes U+FFFD on both sides', (t) => {
  const p = star('Disallow: /%E9');
  t.deepEqual(both(p, 'bot', '/%E9'), DISALLOWED);
  // Any other invalid byte is U+FFFD too.
  t.deepEqual(both(p, 'bot', '/%FF'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/\uFFFD'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/%C3%A9'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/é'), ALLOWED);
});

test('4.2 a truncated UTF-8 sequence before an ASCII escape is U+FFFD followed by that character', (t) => {
  const p = star('Disallow: /%C3%28');
  t.deepEqual(both(p, 'bot', '/\uFFFD('), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/%C3('), DISALLOWED);
});

test('4.2 %2A in a rule acts as * in GYM2008 and is a literal * in MK1996', (t) => {
  const p = star('Disallow: /a%2Ab');
  t.deepEqual(both(p, 'bot', '/axyzb'), { mk1996: true, gym2008: false });
  t.deepEqual(both(p, 'bot', '/a*b'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/a%2Ab'), DISALLOWED);
});

test('4.2 %24 at the end of a rule anchors it in GYM2008 and is a literal $ in MK1996', (t) => {
  const p = star('Disallow: /a%24');
  t.deepEqual(both(p, 'bot', '/a'), { mk1996: true, gym2008: false });
  t.deepEqual(both(p, 'bot', '/ab'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/a$'), { mk1996: false, gym2008: true });
});

test('4.2 %0A decodes to a newline character like any other escape', (t) => {
  const p = star('Disallow: /nl%0Aend');
  t.deepEqual(both(p, 'bot', '/nl%0aend'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/nl%2Fend'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/nlend'), ALLOWED);
});

test('4.2 a double encoding %252F decodes once, to the text %2F', (t) => {
  const p = star('Disallow: /double%252Fenc');
  // "%2F" as text is exactly how an encoded slash is kept, so they are equal.
  t.deepEqual(both(p, 'bot', '/double%2Fenc'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/double%252Fenc'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/double/enc'), ALLOWED);
});

test('4.2 invalid escapes stay as they are', (t) => {
  const p = star('Disallow: /zz%ZZ', 'Disallow: /two%2', 'Disallow: /end%');
  t.deepEqual(both(p, 'bot', '/zz%ZZ'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/zz%zz'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/two%2'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/two%25'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/end%'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/end%25'), DISALLOWED);
});

test('4.2 an escaped % equals a bare % that is no escape', (t) => {
  const p = star('Disallow: /100%25');
  t.deepEqual(both(p, 'bot', '/100%'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/100%25'), DISALLOWED);
});

test('4.2 an escaped U+FEFF (%EF%BB%BF) is a character like any other, not dropped', (t) => {
  const p = star('Disallow: /%EF%BB%BF');
  // Dropping it would leave the rule "/", which disallows everything.
  t.deepEqual(both(p, 'bot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/\uFEFF'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/%ef%bb%bfpage'), DISALLOWED);
  t.deepEqual(both(star('Disallow: /\uFEFFa'), 'bot', '/%EF%BB%BFa'), DISALLOWED);
  t.deepEqual(both(star('Disallow: /a'), 'bot', '/%EF%BB%BFa'), ALLOWED);
});

test('4.2 a four-byte UTF-8 escape is one character', (t) => {
  const p = star('Disallow: /emoji%F0%9F%98%80');
  t.deepEqual(both(p, 'bot', '/emoji😀'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/emoji%f0%9f%98%80/more'), DISALLOWED);
});

// 4.3 -----------------------------------------------------------------------

test('4.3 the first rule in file order that matches decides', (t) => {
  const allowFirst = star('Allow: /a/b', 'Disallow: /a');
  t.deepEqual(both(allowFirst, 'bot', '/a/b/c'), ALLOWED);
  t.deepEqual(both(allowFirst, 'bot', '/a/c'), DISALLOWED);
  const disallowFirst = star('Disallow: /a', 'Allow: /a/b');
  t.deepEqual(both(disallowFirst, 'bot', '/a/b/c'), DISALLOWED);
});

test('4.3 a longer later rule does not win over an earlier match', (t) => {
  const p = star('Disallow: /', 'Allow: /public/very/specific/page.html');
  t.deepEqual(both(p, 'bot', '/public/very/specific/page.html'), DISALLOWED);
});

test('4.3 no rule matches: allowed', (t) => {
  const p = star('Disallow: /a', 'Allow: /b');
  t.deepEqual(both(p, 'bot', '/c'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/'), ALLOWED);
});

test('4.3 the first match decides among many rules (beyond any small-set fast path)', (t) => {
  const rules: string[] = [];
  for (let k = 0; k < 40; k++) rules.push(`Disallow: /d${k}/`, `Allow: /d${k}`);
  rules.push('Allow: /d7/x', 'Disallow: /');
  const p = star(...rules);
  t.deepEqual(both(p, 'bot', '/d7/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/d7'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/d39x'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/e'), DISALLOWED);
});

// 4.4 -----------------------------------------------------------------------

const gym = (p: RobotExclusionRulesParser, url: string) => p.isAllowed('bot', url, GYM2008);
const mk = (p: RobotExclusionRulesParser, url: string) => p.isAllowed('bot', url, MK1996);

test('4.4 GYM2008: * matches any run of characters, including none', (t) => {
  const p = star('Disallow: /a*b');
  t.false(gym(p, '/ab'));
  t.false(gym(p, '/axxb'));
  t.false(gym(p, '/a/x/y/b'));
  t.false(gym(p, '/a?q=b'));
  t.true(gym(p, '/a'));
  t.true(gym(p, '/ba'));
});

test('4.4 GYM2008: without $ a pattern needs to match only a prefix of the path', (t) => {
  const p = star('Disallow: /a*b');
  t.false(gym(p, '/axbyz'));
  t.false(gym(p, '/ab/'));
});

test('4.4 GYM2008: a trailing $ anchors the end', (t) => {
  const p = star('Disallow: /*.pdf$');
  t.false(gym(p, '/doc.pdf'));
  t.false(gym(p, '/a/b/c.pdf'));
  t.true(gym(p, '/doc.pdf?download=1'));
  t.true(gym(p, '/doc.pdfx'));
  t.true(gym(p, '/doc.PDF'));
});

test('4.4 GYM2008: a rule ending with $ but without * is an exact match', (t) => {
  const p = star('Disallow: /a$');
  t.false(gym(p, '/a'));
  t.true(gym(p, '/a/'));
  t.true(gym(p, '/ab'));
  t.true(gym(p, '/a?x'));
});

test('4.4 GYM2008: only one trailing $ is the anchor, others are literal', (t) => {
  const p = star('Disallow: /a$$');
  t.false(gym(p, '/a$'));
  t.true(gym(p, '/a'));
  t.true(gym(p, '/a$x'));
});

test('4.4 GYM2008: a $ that is not last is literal and the rule a prefix', (t) => {
  const p = star('Disallow: /a$b');
  t.false(gym(p, '/a$b'));
  t.false(gym(p, '/a$bc'));
  t.true(gym(p, '/ab'));
});

test('4.4 GYM2008: the pattern must match from the start of the path', (t) => {
  const p = star('Disallow: /x*y');
  t.true(gym(p, '/a/x/y'));
  const q = star('Disallow: a*');
  t.true(gym(q, '/a'));
  t.true(gym(q, '/ba'));
});

test('4.4 GYM2008: a leading * matches anywhere', (t) => {
  const p = star('Disallow: *private');
  t.false(gym(p, '/a/private'));
  t.false(gym(p, '/private'));
  t.true(gym(p, '/a/priv'));
});

test('4.4 GYM2008: * and $ together', (t) => {
  const p = star('Disallow: /a*b$');
  t.false(gym(p, '/ab'));
  t.false(gym(p, '/axxb'));
  t.false(gym(p, '/abab'));
  t.true(gym(p, '/abc'));
  t.true(gym(p, '/a'));
  const q = star('Disallow: /a*a$');
  t.true(gym(q, '/a'));
  t.false(gym(q, '/aa'));
  t.false(gym(q, '/a/a'));
  const r = star('Disallow: /a*b*b$');
  t.true(gym(r, '/ab'));
  t.false(gym(r, '/abb'));
  t.false(gym(r, '/axbxb'));
});

test('4.4 GYM2008: *$ at the end means the same as a plain prefix', (t) => {
  const p = star('Disallow: /a*$');
  t.false(gym(p, '/a'));
  t.false(gym(p, '/abc?d'));
  t.true(gym(p, '/b'));
});

test('4.4 GYM2008: consecutive stars are one star', (t) => {
  const p = star('Disallow: /a**b');
  t.false(gym(p, '/ab'));
  t.false(gym(p, '/axb'));
  t.true(gym(p, '/a'));
});

test('4.4 GYM2008: everything else in a pattern is literal, regex characters included', (t) => {
  const p = star('Disallow: /a.b*', 'Disallow: /(x)+*', 'Disallow: /q?r*$', 'Disallow: /[c]*', 'Disallow: /back\\slash*');
  t.false(gym(p, '/a.bc'));
  t.true(gym(p, '/axbc'));
  t.false(gym(p, '/(x)+'));
  t.true(gym(p, '/xx'));
  t.false(gym(p, '/q?r'));
  t.true(gym(p, '/qr'));
  t.false(gym(p, '/[c]'));
  t.true(gym(p, '/c'));
  t.false(gym(p, '/back\\slash'));
  t.true(gym(p, '/backslash'));
});

test('4.4 GYM2008: a rule without * or a trailing $ is a prefix', (t) => {
  const p = star('Disallow: /fish');
  t.false(gym(p, '/fish'));
  t.false(gym(p, '/fish.html'));
  t.false(gym(p, '/fishheads/yummy.html'));
  t.true(gym(p, '/Fish.asp'));
  t.true(gym(p, '/catfish'));
});

test('4.4 GYM2008: Disallow: * disallows everything and Allow: * allows everything', (t) => {
  t.false(gym(star('Disallow: *'), '/x'));
  t.false(gym(star('Disallow: *'), '/'));
  t.true(gym(star('Allow: *', 'Disallow: /'), '/x'));
});

test('4.4 MK1996: * and $ are taken literally and the rule is a prefix', (t) => {
  const p = star('Disallow: /a*b', 'Disallow: /c$', 'Disallow: *');
  t.true(mk(p, '/axb'));
  t.false(mk(p, '/a*b'));
  t.false(mk(p, '/a*bc'));
  t.true(mk(p, '/c'));
  t.false(mk(p, '/c$'));
  t.false(mk(p, '/c$d'));
  t.true(mk(p, '/anything'));
  t.true(mk(p, '/*'));
});

test('4.4 MK1996 and GYM2008 agree on rules without * or $', (t) => {
  const p = star('Disallow: /a', 'Allow: /b/c', 'Disallow: /b', 'Disallow: /%7Euser');
  for (const url of ['/a', '/ab', '/b', '/b/c', '/b/d', '/c', '/~user/x', '/%7euser']) {
    t.is(mk(p, url), gym(p, url), url);
  }
});

// 4.5 -----------------------------------------------------------------------

test('4.5 Disallow: with a blank path allows everything', (t) => {
  const p = star('Disallow:');
  t.deepEqual(both(p, 'bot', '/'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/private'), ALLOWED);
});

test('4.5 Allow: with a blank path disallows everything', (t) => {
  const p = star('Allow:');
  t.deepEqual(both(p, 'bot', '/'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/public'), DISALLOWED);
});

test('4.5 a blank rule as first match ends the search', (t) => {
  t.deepEqual(both(star('Disallow:', 'Disallow: /x'), 'bot', '/x'), ALLOWED);
  t.deepEqual(both(star('Allow:', 'Allow: /x'), 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(star('Allow:', 'Disallow: *', 'Allow: *'), 'bot', '/x'), DISALLOWED);
});

test('4.5 rules before a blank rule still match first', (t) => {
  const p = star('Allow: /x', 'Allow:');
  t.deepEqual(both(p, 'bot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/y'), DISALLOWED);
  const q = star('Disallow: /x', 'Disallow:');
  t.deepEqual(both(q, 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(q, 'bot', '/y'), ALLOWED);
});

test('4.5 a GYM2008 pattern before a blank rule still matches first', (t) => {
  const p = star('Disallow: /*.gif$', 'Disallow:', 'Disallow: /');
  t.false(p.isAllowed('bot', '/a.gif'));
  t.true(p.isAllowed('bot', '/a.png'));
  t.true(p.isAllowed('bot', '/a.gif', MK1996));
});

test('4.5 a value of only white space or only a comment is blank', (t) => {
  t.deepEqual(both(star('Disallow:    '), 'bot', '/x'), ALLOWED);
  t.deepEqual(both(star('Allow: # nothing'), 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(star('Allow: \u0001'), 'bot', '/x'), DISALLOWED);
});

test('4.5 seed example: Disallow: / and a blank Allow: mean the same', (t) => {
  const a = robotsLines('User-agent: foobot', 'Disallow: /');
  const b = robotsLines('User-agent: foobot', 'Allow:');
  for (const url of ['/', '/index.html', 'http://example.com/a?b']) {
    t.deepEqual(both(a, 'foobot', url), DISALLOWED);
    t.deepEqual(both(b, 'foobot', url), DISALLOWED);
  }
});

// 4.6 -----------------------------------------------------------------------

const badSyntaxes: unknown[] = [0, 4, -1, 1.5, Number.NaN, '1', '2', 'GYM2008', null, true, {}, 2n];

test('4.6 any syntax other than MK1996 (1) or GYM2008 (2) is a RangeError in isAllowed', (t) => {
  const p = star('Disallow: /');
  for (const syntax of badSyntaxes) {
    t.throws(() => p.isAllowed('bot', '/', syntax as Syntax), { instanceOf: RangeError }, String(syntax));
  }
});

test('4.6 any syntax other than MK1996 or GYM2008 is a RangeError in explain', (t) => {
  const p = star('Disallow: /');
  for (const syntax of badSyntaxes) {
    t.throws(() => p.explain('bot', '/', syntax as Syntax), { instanceOf: RangeError }, String(syntax));
  }
});

test('4.6 the RangeError names the allowed values', (t) => {
  const error = t.throws(() => star('Disallow: /').isAllowed('bot', '/', 0 as Syntax), { instanceOf: RangeError });
  t.regex(error.message, /MK1996/);
  t.regex(error.message, /GYM2008/);
});

test('4.6 the syntax is checked even when no record applies', (t) => {
  const p = new RobotExclusionRulesParser();
  t.throws(() => p.isAllowed('bot', '/', 0 as Syntax), { instanceOf: RangeError });
  t.throws(() => p.explain('bot', '/', 0 as Syntax), { instanceOf: RangeError });
});

test('4.6 MK1996 is 1, GYM2008 is 2, and GYM2008 is the default', (t) => {
  t.is(MK1996, 1);
  t.is(GYM2008, 2);
  const p = star('Disallow: /*.pdf');
  t.false(p.isAllowed('bot', '/a.pdf'));
  t.false(p.explain('bot', '/a.pdf').allowed);
  t.true(p.isAllowed('bot', '/a.pdf', 1));
  t.false(p.isAllowed('bot', '/a.pdf', 2));
});

// 4b --------------------------------------------------------------------------
// Left to the port by behaviour.md §4b; these tests pin what the port does (README).

test('4b port choice: a relative URL without a leading / is taken from the root', (t) => {
  const p = star('Disallow: /page');
  t.deepEqual(both(p, 'bot', 'page.html'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'other/page.html'), ALLOWED);
  t.deepEqual(both(star('Disallow: /?'), 'bot', '?q=1'), DISALLOWED);
});

test('4b port choice: a URL beginning with // has an authority, which is dropped', (t) => {
  const p = star('Disallow: /private', 'Disallow: //');
  t.deepEqual(both(p, 'bot', '//example.com/private/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '//example.com/public'), ALLOWED);
  t.deepEqual(both(p, 'bot', '//example.com'), ALLOWED);
});

test('4b port choice: an empty ? is kept as part of the path', (t) => {
  const p = star('Disallow: /a?');
  t.deepEqual(both(p, 'bot', 'http://example.com/a?'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/a'), ALLOWED);
  t.true(star('Disallow: /a$').isAllowed('bot', 'http://example.com/a?'));
});

test('4b port choice: an empty ; is kept as part of the path', (t) => {
  const p = star('Disallow: /a;');
  t.deepEqual(both(p, 'bot', 'http://example.com/a;'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/a'), ALLOWED);
});

test('4b port choice: an empty # is dropped like any fragment', (t) => {
  t.false(star('Disallow: /a$').isAllowed('bot', 'http://example.com/a#'));
  t.deepEqual(both(star('Disallow: /a%23'), 'bot', 'http://example.com/a#'), ALLOWED);
});

test('4b port choice: tabs and newlines inside a URL are kept as characters', (t) => {
  const p = star('Disallow: /a%09b', 'Disallow: /c%0Ad');
  t.deepEqual(both(p, 'bot', 'http://example.com/a\tb'), DISALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/c\nd'), DISALLOWED);
  t.deepEqual(both(star('Disallow: /ab'), 'bot', 'http://example.com/a\tb'), ALLOWED);
});

test('4b port choice: directive names are case-insensitive in ASCII only (no Unicode folding of ſ, ı, K)', (t) => {
  const p = robotsLines('User-agent: *', 'Diſallow: /a', 'Dısallow: /b', 'Disallow: /c', 'ſitemap: https://example.com/s.xml', 'Crawl-delay: 3');
  t.deepEqual(both(p, 'bot', '/a'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/b'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/c'), DISALLOWED);
  t.deepEqual(p.sitemaps, []);
  const q = robotsLines('Uſer-agent: *', 'Disallow: /');
  t.deepEqual(both(q, 'bot', '/x'), ALLOWED);
});

test("4b port choice: white space is Python's str.isspace() set", (t) => {
  // Trimmed around a line and a value: NBSP, NEL, ideographic space, \x1c-\x1f, \v, \f.
  const p = robotsLines('\u3000\u00a0User-agent: *\u0085', 'Disallow:\u3000/a\u00a0', '\u2003Disallow: /b\u001f\u2029');
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/b'), DISALLOWED);
  // U+200B (zero width space) and U+FEFF inside a line are not white space.
  const q = robotsLines('\u200bUser-agent: *', 'Disallow: /');
  t.deepEqual(both(q, 'bot', '/x'), ALLOWED);
  const r = robotsLines('User-agent: *', 'Disallow: /a\u200b', 'Disallow: /b\uFEFF');
  t.deepEqual(both(r, 'bot', '/a'), ALLOWED);
  t.deepEqual(both(r, 'bot', '/b'), ALLOWED);
  t.deepEqual(both(r, 'bot', '/a\u200b'), DISALLOWED);
});
