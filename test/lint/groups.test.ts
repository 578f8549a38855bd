// lint: groups and user agents. Titles start with the code they check.
import test from 'ava';
import { answers, findings, found, one } from '../helpers/lint.js';

test('rule-before-user-agent: rules and crawl delays before any User-agent line', (t) => {
  const text = 'Disallow: /a\nCrawl-delay: 5\nUser-agent: *\nDisallow: /b\n';
  t.deepEqual(found(text), ['1:rule-before-user-agent', '2:rule-before-user-agent']);
  const [rule, delay] = findings(text, 'rule-before-user-agent');
  t.like(rule, { severity: 'error', message: 'this rule comes before any User-agent line, so no syntax applies it to any crawler' });
  t.is(rule!.syntaxes, undefined);
  t.regex(delay!.message, /^this crawl delay comes before/);
  t.deepEqual(answers(text, 'bot', '/a'), { MK1996: true, GYM2008: true, RFC9309: true });
});

test('rule-before-user-agent: before the first User-agent line as one syntax reads it', (t) => {
  // `User agent` is a User-agent line to RFC9309 only.
  const d = one('User agent: *\nDisallow: /a\n', 'rule-before-user-agent');
  t.deepEqual(d.syntaxes, ['MK1996', 'GYM2008']);
  t.is(d.message, 'this rule comes before any User-agent line, so MK1996 and GYM2008 apply it to no crawler');
  // A byte-order mark encoded twice hides the first line from RFC9309 only.
  const twice = '\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /a\n';
  t.deepEqual(found(twice), ['1:byte-order-mark', '1:directive-differs', '2:rule-before-user-agent']);
  t.deepEqual(answers(twice, 'bot', '/a'), { MK1996: false, GYM2008: false, RFC9309: true });
});

test('rule-after-blank-line: a blank line cuts rules off their record under MK1996 and GYM2008', (t) => {
  const text = 'User-agent: *\nDisallow: /a\n\nDisallow: /b\nDisallow: /c\n\nUser-agent: bot\nDisallow: /d\n';
  const d = one(text, 'rule-after-blank-line');
  t.like(d, { line: 4, severity: 'warning', syntaxes: ['MK1996', 'GYM2008'] });
  t.is(
    d.message,
    'the blank line 3 ends the record above under MK1996 and GYM2008, so this rule and the next belong to no record there (behaviour.md §2.5); RFC9309, where blank lines end nothing, keeps them in the group above: remove the blank line',
  );
  t.deepEqual(answers(text, 'other', '/b'), { MK1996: true, GYM2008: true, RFC9309: false });
  t.deepEqual(found('User-agent: *\nDisallow: /a\n\nSitemap: https://example.com/s.xml\n'), [], 'a sitemap belongs to no record');
});

test('user-agent-without-rules: User-agent lines at the end of the file', (t) => {
  const text = 'User-agent: *\nDisallow: /\n\nUser-agent: foo\n';
  const d = one(text, 'user-agent-without-rules');
  t.like(d, { line: 4, severity: 'warning' });
  t.regex(d.message, /under RFC9309 the group still names them, so they may fetch everything/);
  t.deepEqual(answers(text, 'foo', '/x'), { MK1996: false, GYM2008: false, RFC9309: true });
});

test('user-agent-split: a blank line, Sitemap or Crawl-delay parts User-agent lines from the rules below', (t) => {
  const blank = 'User-agent: a\n\nUser-agent: b\nDisallow: /\n';
  t.like(one(blank, 'user-agent-split'), { line: 1, syntaxes: ['MK1996', 'GYM2008'] });
  t.regex(one(blank, 'user-agent-split').message, /^the blank line 2 ends this record before any rule: MK1996 and GYM2008 drop it/);
  // A Sitemap, then a blank line: the blank line closes the record, and the rules below it are cut off.
  t.deepEqual(found('User-agent: *\nSitemap: https://example.com/s.xml\n\nDisallow: /a\n'), ['1:user-agent-split', '4:rule-after-blank-line']);
  t.regex(one('User-agent: *\nSitemap: https://example.com/s.xml\n\nDisallow: /a\n', 'user-agent-split').message, /^the blank line 3/);
  t.deepEqual(answers(blank, 'a', '/x'), { MK1996: true, GYM2008: true, RFC9309: false });
  const delay = 'User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n';
  t.regex(one(delay, 'user-agent-split').message, /^the Crawl-delay on line 2 ends this run of User-agent lines and line 3 opens a new record/);
  t.deepEqual(answers(delay, 'a', '/x'), { MK1996: true, GYM2008: true, RFC9309: false });
  t.regex(one('User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /\n', 'user-agent-split').message, /^the Sitemap on line 2/);
});

test('empty-user-agent: a User-agent line without a value', (t) => {
  t.like(one('User-agent:\nDisallow: /\n', 'empty-user-agent'), { line: 1, column: 12, severity: 'warning' });
});

test('user-agent-token: a version, a second word, a leading star', (t) => {
  const text = 'User-agent: Googlebot/2.1\nUser-agent: Foo Bar\nUser-agent: *bot\nDisallow: /\n';
  const [version, words, star] = findings(text, 'user-agent-token');
  t.like(version, { line: 1, column: 22 });
  t.is(
    version!.message,
    '"Googlebot/2.1" names the product token "googlebot" under RFC9309, while MK1996 and GYM2008 look for "googlebot/2.1" inside the crawler\'s user agent (behaviour.md §3, §8.2): write the product token alone',
  );
  t.regex(words!.message, /product token "foo"/);
  t.regex(star!.message, /names no crawler under RFC9309/);
  t.deepEqual(answers(text, 'Googlebot', '/x'), { MK1996: true, GYM2008: true, RFC9309: false });
});

test('user-agent-token: `* text` is the star group under RFC9309 only, `*` and a no-break space under the others only', (t) => {
  t.regex(one('User-agent: * all robots\nDisallow: /\n', 'user-agent-token').message, /RFC9309 reads "\* all robots" as the \* group/);
  const nbsp = one('User-agent: *\u00a0\nDisallow: /\n', 'user-agent-token');
  t.deepEqual(nbsp.syntaxes, ['RFC9309']);
  t.deepEqual(answers('User-agent: *\u00a0\nDisallow: /\n', 'bot', '/x'), { MK1996: false, GYM2008: false, RFC9309: true });
  t.deepEqual(found('User-agent: Googlebot-Image\nUser-agent: *\nDisallow: /\n'), []);
});

test('duplicate-group: two groups for one agent are merged under RFC9309 only', (t) => {
  const text = 'User-agent: bot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: BOT\nDisallow: /b\n';
  const d = one(text, 'duplicate-group');
  t.like(d, { line: 7, severity: 'warning' });
  t.regex(d.message, /^"bot" is named by the group of line 1 too: RFC9309 merges the rules of both groups/);
  t.deepEqual(answers(text, 'bot', '/b'), { MK1996: true, GYM2008: true, RFC9309: false });
  t.deepEqual(findings('User-agent: a\nUser-agent: b\nDisallow: /\n', 'duplicate-group'), []);
});
