// lint: directives. Titles start with the code they check.
import test from 'ava';
import { editDistance, suggestion } from '../../src/internal.js';
import { answers, findings, found, one } from '../helpers/lint.js';

test('misspelled-directive: a typo no syntax reads, with a suggestion', (t) => {
  const d = one('User-agent: *\nDisalow: /a\nDisallw: /b\n', 'misspelled-directive');
  t.like(d, { line: 3, column: 1, severity: 'error' });
  t.is(d.message, '"Disallw" is not a directive in any syntax, so the line is skipped: did you mean "Disallow"?');
  t.regex(one('User-agnet: *\nDisallow: /\n', 'misspelled-directive').message, /did you mean "User-agent"\?/);
  for (const crawlDelay of ['Crawl_delay', 'Crawldelay', 'Crawl delay', 'CRAWL-DELY']) {
    t.regex(one(`User-agent: *\nDisallow: /\n${crawlDelay}: 5\n`, 'misspelled-directive').message, /did you mean "Crawl-delay"\?/, crawlDelay);
  }
  t.regex(one('User-agent: *\nDisallow: /\nSite map: https://example.com/s.xml\n', 'misspelled-directive').message, /"Sitemap"/);
  t.regex(one('User-agent: *\nAlow: /\n', 'misspelled-directive').message, /"Allow"/);
  // Look-alike letters from other scripts are not ASCII letters to any syntax (behaviour.md §4b).
  t.regex(one('User-agent: *\nD\u0131sallow: /a\n', 'misspelled-directive').message, /^"D\u0131sallow" .*did you mean "Disallow"\?/);
  t.regex(one('User-agent: *\nDisallow: /\n\u017Fitemap: https://example.com/s.xml\n', 'misspelled-directive').message, /"Sitemap"/);
  t.regex(
    one('\uFEFF\uFEFFUser-agent: *\nDisallow: /\n', 'misspelled-directive').message,
    /^an invisible character .* comes before "User-agent", so no syntax reads the line/,
  );
  t.regex(one('User-agent: *\nDis\u200Ballow: /\n', 'misspelled-directive').message, /before "Disallow"/);
});

test('misspelled-directive: suggestions allow one slip in a short word, two in a long one', (t) => {
  t.is(editDistance('useragnet', 'useragent'), 1, 'a swap counts one');
  t.is(suggestion('alow'), 'Allow');
  t.is(suggestion('flow'), null);
  t.is(suggestion('disalolw'), 'Disallow');
  t.is(suggestion('noindex'), null);
});

test('unknown-directive: a key no syntax reads and that spells nothing known', (t) => {
  t.like(one('User-agent: *\nDisallow: /\nContent-Usage: ai=n\n', 'unknown-directive'), {
    line: 3,
    column: 1,
    severity: 'warning',
    message: '"Content-Usage" is not a directive in any syntax: the line is skipped',
  });
});

test('nonstandard-directive: Host, Clean-param, Noindex and Request-rate are known extensions', (t) => {
  const text = 'User-agent: *\nDisallow: /\nHost: example.com\nClean-param: ref /\nNoindex: /x\nRequest-rate: 1/5\n';
  t.deepEqual(found(text), ['3:nonstandard-directive', '4:nonstandard-directive', '5:nonstandard-directive', '6:nonstandard-directive']);
  t.regex(findings(text, 'nonstandard-directive')[3]!.message, /RobotFileParserLookalike/);
  t.is(findings(text, 'nonstandard-directive')[0]!.severity, 'info');
});

test("directive-differs: Google's typos and key prefixes are read by RFC9309 only", (t) => {
  const text = 'User-agent: *\nDisallow: /\nUser-agent: bot\nDissallow: /a\nSitemaps: https://example.com/s.xml\n';
  // Without its rule, bot's record is empty to MK1996 and GYM2008, which drop it.
  t.deepEqual(found(text), ['3:user-agent-split', '4:directive-differs', '5:directive-differs']);
  const [typo, prefix] = findings(text, 'directive-differs');
  t.deepEqual(typo!.syntaxes, ['MK1996', 'GYM2008']);
  t.is(
    typo!.message,
    `"Dissallow" is read as Disallow by RFC9309 (it accepts Google's frequent misspellings, as Google's parser does) and skipped by MK1996 and GYM2008: write "Disallow:"`,
  );
  t.regex(prefix!.message, /reads keys by their beginning/);
  // Borne out: the typo disallows /a for bot under RFC9309 only.
  t.deepEqual(answers('User-agent: bot\nDissallow: /a\n', 'bot', '/a'), { MK1996: true, GYM2008: true, RFC9309: false });
});

test('directive-differs: a two-word line and a space before the colon', (t) => {
  t.regex(one('User-agent: *\nDisallow /a\n', 'directive-differs').message, /two words without a colon/);
  t.regex(one('User-agent: *\nDisallow : /a\n', 'directive-differs').message, /white space before the colon/);
  t.deepEqual(answers('User-agent: *\nDisallow : /a\n', 'bot', '/a'), { MK1996: true, GYM2008: true, RFC9309: false });
});

test('directive-differs: a byte-order mark after the first line is skipped by the classic reader only', (t) => {
  const d = one('User-agent: *\n\uFEFFDisallow: /a\n', 'directive-differs');
  t.deepEqual(d.syntaxes, ['RFC9309']);
  t.regex(d.message, /^MK1996 and GYM2008 read this line as Disallow; RFC9309 skips it \(the classic reader skips a byte-order mark/);
  t.deepEqual(answers('User-agent: *\n\uFEFFDisallow: /a\n', 'bot', '/a'), { MK1996: false, GYM2008: false, RFC9309: true });
});

test('not-a-directive: a line without a key, and a URL alone on a line', (t) => {
  t.like(one('User-agent: *\n/private/\n', 'not-a-directive'), { line: 2, severity: 'warning' });
  t.regex(one('User-agent: *\nDisallow: /\nhttps://example.com/sitemap.xml\n', 'not-a-directive').message, /write "Sitemap: "/);
  t.deepEqual(found('User-agent: *\nDisallow: /   # comment\n# a comment\n\n'), []);
});
