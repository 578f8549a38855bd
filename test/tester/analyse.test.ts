// analyse(): what the tester page shows, in Node.
import test from 'ava';
import { analyse, linesOf, TESTER_SYNTAXES } from '../../src/tester/analyse.js';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { lint } from '../../src/lint/lint.js';

test('lines are numbered as lint and explain number them: LF, CR and CR LF each end one', (t) => {
  t.deepEqual(linesOf('a\r\nb\rc\nd'), ['a', 'b', 'c', 'd']);
  t.deepEqual(linesOf('a\n'), ['a']);
  t.deepEqual(linesOf('a\n\n'), ['a', '']);
  t.deepEqual(linesOf(''), ['']);
  const text = 'User-agent: *\r\nDisallow: /a\rAllow: /a/b\n';
  const { lines, urls } = analyse(text, 'Bot', ['/a/b']);
  const rfc = urls[0]!.verdicts[TESTER_SYNTAXES.findIndex(([n]) => n === 'RFC9309')]!;
  t.is(lines[rfc.rule!.line - 1], 'Allow: /a/b');
});

test('each URL gets explain in the three syntaxes; blank entries are dropped; delays, sitemaps and lint come along', (t) => {
  const text = 'User-agent: *\nDisallow: /private/\nAllow: /private/public/\nCrawl-delay: 3\nSitemap: /relative.xml\n';
  const a = analyse(text, 'Bot', ['', '  /private/public/x ', '/']);
  const parser = new RobotExclusionRulesParser();
  parser.parse(text);
  t.deepEqual(
    a.urls.map((u) => u.url),
    ['/private/public/x', '/'],
  );
  for (const u of a.urls) {
    t.deepEqual(
      u.verdicts,
      TESTER_SYNTAXES.map(([, s]) => parser.explain('Bot', u.url, s)),
    );
    t.is(u.error, null);
  }
  t.deepEqual(
    a.syntaxes,
    TESTER_SYNTAXES.map(([name, s]) => ({ syntax: name, crawlDelay: parser.getCrawlDelay('Bot', s), sitemaps: parser.getSitemaps(s) })),
  );
  t.deepEqual(a.diagnostics, lint(text));
});

test('a query the parser refuses carries its message instead of verdicts', (t) => {
  // A user agent that is a URL with a URL that is no path: the arguments look swapped (behaviour.md §9.33).
  const a = analyse('User-agent: *\nDisallow: /\n', 'https://example.com/', ['Bot']);
  t.deepEqual(a.urls[0]!.verdicts, []);
  t.regex(a.urls[0]!.error ?? '', /swapped|user agent/i);
});

test('findings kept from an earlier call are used as given, not found again', (t) => {
  const text = 'User-agent: *\nDissallow: /tmp/\n';
  t.true(lint(text).length > 0);
  const kept = lint('User-agent: *\nCrawl-delay: soon\n');
  t.is(analyse(text, 'Bot', ['/'], kept).diagnostics, kept);
});
