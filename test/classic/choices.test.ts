// behaviour.md §7: the port's choices on the original's quirks, one row at a time.
import test from 'ava';
import { ALLOWED, DISALLOWED, both, robots, robotsLines } from '../helpers/robots.js';

// Row: unanchored directive search --------------------------------------------

test('7 unanchored directive search: Noindex: /allow: /x is not read as Allow: /x', (t) => {
  const p = robotsLines('User-agent: *', 'Noindex: /allow: /x', 'Disallow: /x');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
});

test('7 unanchored directive search: Dissallow: is not a directive (nor an Allow)', (t) => {
  const p = robotsLines('User-agent: *', 'Dissallow: /x', 'Disalow: /y', 'Disallow: /');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/y'), DISALLOWED);
  t.deepEqual(p.explain('bot', '/x').rule, { kind: 'disallow', path: '/', line: 4 });
});

test('7 unanchored directive search: <p>Disallow: is not a directive', (t) => {
  const p = robotsLines('<html><body>', '<p>User-agent: *', '<p>Disallow: /', '</body></html>');
  t.deepEqual(both(p, 'bot', '/x'), ALLOWED);
  const q = robotsLines('User-agent: *', '<p>Disallow: /x</p>', 'Disallow: /y');
  t.deepEqual(both(q, 'bot', '/x'), ALLOWED);
  t.deepEqual(both(q, 'bot', '/y'), DISALLOWED);
});

test('7 unanchored directive search: text before a directive name makes it no directive', (t) => {
  const p = robotsLines('User-agent: *', 'XDisallow: /x', 'Sitemap-Disallow: /y', 'Disallow: /z');
  t.deepEqual(both(p, 'bot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/y'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/z'), DISALLOWED);
});

test('7 unanchored directive search: a directive after white space at the start of the line counts', (t) => {
  const p = robotsLines('  User-agent: *', '\tDisallow: /x');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
});

test('7 unanchored directive search: BOM files still work (U+FEFF, mojibake, after white space)', (t) => {
  for (const bom of ['\uFEFF', '\u00ef\u00bb\u00bf', ' \uFEFF', '\uFEFF ', ' \u00ef\u00bb\u00bf\t']) {
    const p = robots(`${bom}User-agent: *\nDisallow: /\n`);
    t.deepEqual(both(p, 'bot', '/x'), DISALLOWED, JSON.stringify(bom));
  }
});

test('7 unanchored directive search: a BOM is accepted at the start of any line', (t) => {
  const p = robotsLines('User-agent: *', '\uFEFFDisallow: /x', '\u00ef\u00bb\u00bfDisallow: /y');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/y'), DISALLOWED);
});

test('7 unanchored directive search: a BOM elsewhere in the line is not skipped', (t) => {
  const p = robotsLines('User-agent: *', 'Dis\uFEFFallow: /x', 'x\uFEFFDisallow: /y', 'Disallow: /z');
  t.deepEqual(both(p, 'bot', '/x'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/y'), ALLOWED);
});

test('7 unanchored directive search: every BOM at the start of the file is skipped, as the original reads it', (t) => {
  for (const boms of ['\uFEFF\uFEFF', '\uFEFF\uFEFF\uFEFF', '\uFEFF \uFEFF', '\u00ef\u00bb\u00bf\uFEFF', '\uFEFF\u00ef\u00bb\u00bf\u00ef\u00bb\u00bf']) {
    const p = robots(`${boms}User-agent: *\nDisallow: /\n`);
    t.deepEqual(both(p, 'bot', '/x'), DISALLOWED, JSON.stringify(boms));
    t.deepEqual(p.explain('bot', '/x').record, { names: ['*'], line: 1 });
  }
  const bytes = robots(new Uint8Array([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, ...new TextEncoder().encode('User-agent: *\nDisallow: /\n')]));
  t.deepEqual(both(bytes, 'bot', '/x'), DISALLOWED);
});

test('7 unanchored directive search: several BOMs at the start of a later line are skipped too', (t) => {
  const p = robotsLines('User-agent: *', '\uFEFF\uFEFFDisallow: /x', '\uFEFF\u00ef\u00bb\u00bfAllow: /y', 'Disallow: /');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/y'), ALLOWED);
});

// Row: Sitemap breaking a User-agent run ---------------------------------------

test('7 Sitemap breaking a User-agent run: the port follows the original', (t) => {
  const p = robotsLines('User-agent: a', 'Sitemap: https://example.com/x.xml', 'User-agent: b', 'Disallow: /');
  t.deepEqual(both(p, 'a', '/'), ALLOWED);
  t.deepEqual(both(p, 'b', '/'), DISALLOWED);
});

// Row: fragment kept -----------------------------------------------------------

test('7 fragment kept: the port drops the #fragment before matching', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /page%23top');
  t.deepEqual(both(p, 'bot', 'http://example.com/page#top'), ALLOWED);
  t.deepEqual(both(p, 'bot', 'http://example.com/page%23top'), DISALLOWED);
});

test('7 fragment kept: an anchored GYM2008 rule matches a URL with a fragment', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /page$');
  t.false(p.isAllowed('bot', 'http://example.com/page#section'));
  t.false(p.isAllowed('bot', '/page#'));
});

test('7 fragment kept: the fragment goes, the query stays', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /*?print$');
  t.false(p.isAllowed('bot', 'http://example.com/a?print#top'));
  t.true(p.isAllowed('bot', 'http://example.com/a#?print'));
});

// Row: no path becomes "" ------------------------------------------------------

test('7 no path becomes "": an empty path is /, which Disallow: / matches', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /');
  for (const url of ['http://example.com', 'https://example.com:8443', 'http://user@example.com', 'http://example.com#top', '']) {
    t.deepEqual(both(p, 'bot', url), DISALLOWED, JSON.stringify(url));
  }
});

test('7 no path becomes "": an anchored /$ matches a URL without a path', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /$');
  t.false(p.isAllowed('bot', 'http://example.com'));
  t.false(p.isAllowed('bot', 'http://example.com/'));
  t.true(p.isAllowed('bot', 'http://example.com/a'));
});

test('7 no path becomes "": a query without a path is a query on /', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /?');
  t.deepEqual(both(p, 'bot', 'http://example.com?q=1'), DISALLOWED);
});

// Row: parse(lines) concatenation -- RobotFileParserLookalike, outside the core.

// Row: empty Sitemap value kept as "" -------------------------------------------

test('7 empty Sitemap value kept as "": the port skips empty values', (t) => {
  const p = robotsLines('Sitemap:', 'Sitemap:   ', 'Sitemap: # comment', 'Sitemap: \u0001', 'Sitemap: https://example.com/s.xml');
  t.deepEqual(p.sitemaps, ['https://example.com/s.xml']);
});

test('7 empty Sitemap value kept as "": an empty Sitemap still breaks a User-agent run', (t) => {
  const p = robotsLines('User-agent: a', 'Sitemap:', 'User-agent: b', 'Disallow: /');
  t.deepEqual(both(p, 'a', '/'), ALLOWED);
  t.deepEqual(both(p, 'b', '/'), DISALLOWED);
});

// Row: Python float() oddities ---------------------------------------------------

const delayOf = (value: string) => robotsLines('User-agent: *', `Crawl-delay: ${value}`, 'Disallow: /x').getCrawlDelay('bot');

test('7 float() oddities: a crawl delay is digits with an optional fraction', (t) => {
  t.is(delayOf('10'), 10);
  t.is(delayOf('0.5'), 0.5);
  t.is(delayOf('.5'), 0.5);
  t.is(delayOf('3.'), 3);
  t.is(delayOf('007'), 7);
  t.is(delayOf('0'), 0);
  t.is(delayOf('1.25'), 1.25);
});

test('7 float() oddities: inf, nan, 1_0, 1e2 and signs are invalid and ignored', (t) => {
  for (const value of ['inf', 'Infinity', 'nan', 'NaN', '1_0', '1e2', '1E2', '+1', '-1', '+.5', '-0']) {
    t.is(delayOf(value), null, value);
  }
});

test('7 float() oddities: 0x10 is invalid (a plain Number() would take it)', (t) => {
  for (const value of ['0x10', '0X10', '0b1', '0o7']) t.is(delayOf(value), null, value);
});

test('7 float() oddities: other malformed values are invalid and ignored', (t) => {
  for (const value of ['.', '1.2.3', '1 0', '10s', '10 seconds', 'one', '1,5', '١٠']) {
    t.is(delayOf(value), null, value);
  }
});

test('7 float() oddities: an invalid value leaves an earlier valid one in place', (t) => {
  const p = robotsLines('User-agent: *', 'Crawl-delay: 2', 'Crawl-delay: 1e2', 'Crawl-delay: 0x10', 'Disallow: /x');
  t.is(p.getCrawlDelay('bot'), 2);
});
