// lint: rule paths and other values. Titles start with the code they check.
import test from 'ava';
import { answers, findings, found, one } from '../helpers/lint.js';

test('rule-not-rooted: a path that starts with neither / nor *', (t) => {
  t.like(one('User-agent: *\nDisallow: private/\n', 'rule-not-rooted'), { line: 2, column: 11, severity: 'error' });
  t.deepEqual(answers('User-agent: *\nDisallow: private/\n', 'bot', '/private/'), { MK1996: true, GYM2008: true, RFC9309: true });
  t.deepEqual(findings('User-agent: *\nDisallow: *.pdf\n', 'rule-not-rooted'), []);
});

test('empty-allow: a blank Allow disallows everything under MK1996 and GYM2008', (t) => {
  const text = 'User-agent: *\nAllow:\n';
  t.like(one(text, 'empty-allow'), { line: 2, severity: 'warning', syntaxes: ['MK1996', 'GYM2008'] });
  t.deepEqual(answers(text, 'bot', '/x'), { MK1996: false, GYM2008: false, RFC9309: true });
});

test('wildcard-literal: `*` and a final `$` are ordinary characters under MK1996, said once a file', (t) => {
  const text = 'User-agent: *\nDisallow: /*.pdf$\nDisallow: /a$\nDisallow: /b\n';
  const d = one(text, 'wildcard-literal');
  t.like(d, { line: 2, column: 12, severity: 'info', syntaxes: ['MK1996'] });
  t.regex(d.message, /"\/\*\.pdf\$" matches other URLs under MK1996 \(here and in 1 other rule\)$/);
  t.deepEqual(answers(text, 'bot', '/x.pdf'), { MK1996: true, GYM2008: false, RFC9309: false });
  t.regex(one('User-agent: *\nDisallow: /a$\n', 'wildcard-literal').message, /under MK1996$/);
});

test('dollar-not-at-end: a `$` inside a path anchors nothing', (t) => {
  const d = one('User-agent: *\nDisallow: /a$/b\n', 'dollar-not-at-end');
  t.like(d, { line: 2, column: 13, severity: 'warning' });
  t.is(d.syntaxes, undefined);
  t.deepEqual(findings('User-agent: *\nDisallow: /a/b$\n', 'dollar-not-at-end'), []);
});

test('percent-escape: an escaped unreserved character is decoded by MK1996 and GYM2008 only', (t) => {
  const text = 'User-agent: *\nDisallow: /%7Ejoe/\n';
  const d = one(text, 'percent-escape');
  t.like(d, { line: 2, column: 12, severity: 'warning', syntaxes: ['RFC9309'] });
  t.deepEqual(answers(text, 'bot', '/~joe/'), { MK1996: false, GYM2008: false, RFC9309: true });
  t.deepEqual(findings('User-agent: *\nDisallow: /caf%C3%A9\nDisallow: /a%2Fb\n', 'percent-escape'), [], 'escapes that crawlers send as they are');
});

test('percent-escape: `%2A` is a wildcard under GYM2008 and literal under RFC9309', (t) => {
  const text = 'User-agent: *\nDisallow: /a%2Ab\n';
  t.regex(one(text, 'percent-escape').message, /GYM2008 reads it as a wildcard/);
  t.deepEqual(answers(text, 'bot', '/axb'), { MK1996: true, GYM2008: false, RFC9309: true });
});

test('lowercase-escape: RFC9309 matches only URLs that write the escape in upper case', (t) => {
  const text = 'User-agent: *\nDisallow: /a%2fb\n';
  const d = one(text, 'lowercase-escape');
  t.like(d, { line: 2, column: 13, severity: 'warning', syntaxes: ['RFC9309'] });
  t.regex(d.message, /^"%2f" is "%2F" to every syntax/);
  t.deepEqual(answers(text, 'bot', '/a%2fb'), { MK1996: false, GYM2008: false, RFC9309: true });
  t.deepEqual(answers(text, 'bot', '/a%2Fb'), { MK1996: false, GYM2008: false, RFC9309: false });
  t.deepEqual(answers('User-agent: *\nDisallow: /caf%c3%a9\n', 'bot', '/caf%c3%a9'), { MK1996: false, GYM2008: false, RFC9309: true });
  // Upper case is clean; an escape percent-escape reports is not reported twice, a later one is.
  t.deepEqual(findings('User-agent: *\nDisallow: /a%2Fb\n', 'lowercase-escape'), []);
  t.deepEqual(found('User-agent: *\nDisallow: /%7ejoe/\n'), ['2:percent-escape']);
  t.deepEqual(found('User-agent: *\nDisallow: /%7ejoe%2f\n'), ['2:percent-escape', '2:lowercase-escape']);
});

test('precedence-differs: an Allow after the Disallow it carves out', (t) => {
  const text = 'User-agent: *\nDisallow: /shop/\nAllow: /shop/cart/\n';
  const d = one(text, 'precedence-differs');
  t.like(d, { line: 3, severity: 'warning', syntaxes: ['MK1996', 'GYM2008'] });
  t.is(
    d.message,
    'under MK1996 and GYM2008 this rule never decides, because "Disallow: /shop/" (line 2) matches first with the opposite answer; under RFC9309 it decides: move it above line 2 for one answer in every syntax',
  );
  t.deepEqual(answers(text, 'bot', '/shop/cart/'), { MK1996: false, GYM2008: false, RFC9309: true });
  t.deepEqual(found('User-agent: *\nAllow: /shop/cart/\nDisallow: /shop/\n'), [], 'in the other order all three agree');
});

test('precedence-differs: a longer wildcard rule wins under RFC9309 only', (t) => {
  const text = 'User-agent: *\nAllow: /a\nDisallow: /a*\n';
  const rfc = findings(text, 'precedence-differs').find((d) => d.line === 2)!;
  t.deepEqual(rfc.syntaxes, ['RFC9309']);
  t.regex(rfc.message, /"Disallow: \/a\*" \(line 3\) wins the longest match/);
  t.deepEqual(answers(text, 'bot', '/a'), { MK1996: true, GYM2008: true, RFC9309: false });
});

test('precedence-differs: a blank Disallow ends the search under MK1996 and GYM2008', (t) => {
  const text = 'User-agent: *\nDisallow:\nDisallow: /private\n';
  t.regex(one(text, 'precedence-differs').message, /"Disallow:" \(line 2\), a blank rule that matches every URL/);
  t.deepEqual(answers(text, 'bot', '/private'), { MK1996: true, GYM2008: true, RFC9309: false });
});

test('shadowed-rule: an opposite rule always wins, in every syntax', (t) => {
  // First match takes the Allow; longest match too, as an Allow wins a tie.
  const text = 'User-agent: *\nAllow: /a\nDisallow: /a\n';
  const d = one(text, 'shadowed-rule');
  t.like(d, { line: 3, severity: 'warning' });
  t.is(d.syntaxes, undefined);
  t.regex(d.message, /^this rule never decides: "Allow: \/a" \(line 2\) covers every URL it matches and wins with the opposite answer/);
  t.deepEqual(answers(text, 'bot', '/a'), { MK1996: true, GYM2008: true, RFC9309: true });
});

test('redundant-rule: a rule of the same kind covers it, in the syntaxes named', (t) => {
  const text = 'User-agent: *\nDisallow: /\nDisallow: /private\n';
  const d = one(text, 'redundant-rule');
  t.like(d, { line: 3, severity: 'info', syntaxes: ['MK1996', 'GYM2008'] });
  t.is(d.message, 'under MK1996 and GYM2008 this rule never decides: "Disallow: /" (line 2) already covers every URL it matches, with the same answer');
  // Under longest match a longer wildcard rule of the same kind covers it.
  const [everywhere] = findings('User-agent: *\nDisallow: /\nDisallow: /a\nDisallow: /a**\n', 'redundant-rule');
  t.like(everywhere, { line: 3, syntaxes: undefined });
  t.regex(everywhere!.message, /"Disallow: \/" \(line 2\) under MK1996 and GYM2008 and "Disallow: \/a\*\*" \(line 4\) under RFC9309 already cover/);
});

test('duplicate-rule: the same rule twice in a group', (t) => {
  const d = one('User-agent: *\nDisallow: /a\nAllow: /b\nDisallow: /a\n', 'duplicate-rule');
  t.like(d, { line: 4, severity: 'info', message: 'this rule repeats line 2' });
  t.deepEqual(found('User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /a\n'), [], 'in another group');
});

test('crawl-delay-invalid: a delay that is not digits with an optional fraction', (t) => {
  t.like(one('User-agent: *\nDisallow: /\nCrawl-delay: 1s\n', 'crawl-delay-invalid'), { line: 3, column: 14, severity: 'error' });
  t.deepEqual(found('User-agent: *\nDisallow: /\nCrawl-delay: 0.5\n'), []);
});

test('sitemap-not-absolute: a relative sitemap', (t) => {
  t.like(one('User-agent: *\nDisallow: /\nSitemap: /sitemap.xml\n', 'sitemap-not-absolute'), { line: 3, column: 10, severity: 'warning' });
  t.deepEqual(found('Sitemap: https://example.com/sitemap.xml\n'), []);
});
