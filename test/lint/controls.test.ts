// lint: NUL bytes and other control characters. Titles start with the code they check.
import test from 'ava';
import { answers, findings, found, one } from '../helpers/lint.js';
import { latin1 } from '../helpers/robots.js';

test('nul-byte: RFC9309 ends the line at a NUL, MK1996 and GYM2008 delete it from the value', (t) => {
  const text = 'User-agent: *\nDisallow: /x\u0000y\n';
  const d = one(text, 'nul-byte');
  t.like(d, { line: 2, column: 13, severity: 'warning' });
  t.true(d.message.includes('MK1996 and GYM2008 read "Disallow: /xy", RFC9309 "Disallow: /x"'), d.message);
  // Borne out by the parser: /xz is disallowed by RFC9309's "/x" alone.
  t.deepEqual(answers(text, 'bot', '/xz'), { MK1996: true, GYM2008: true, RFC9309: false });
  t.deepEqual(answers(text, 'bot', '/xy'), { MK1996: false, GYM2008: false, RFC9309: false });
  t.deepEqual(found(latin1('User-agent: *\nDisallow: /x\u0000y\n')), ['2:nul-byte'], 'bytes too');
  t.deepEqual(findings('User-agent: *\nDisallow: /x # a NUL \u0000 in a comment\n# \u0000\n', 'nul-byte'), [], 'comments are not read');
});

test('control-character: a control character inside a value reads as two different rules', (t) => {
  const text = 'User-agent: *\nDisallow: /x\u0001y\n';
  const d = one(text, 'control-character');
  t.like(d, { line: 2, column: 13, severity: 'warning' });
  t.true(d.message.includes('MK1996 and GYM2008 read "Disallow: /xy", RFC9309 "Disallow: /x<U+0001>y"'), d.message);
  t.deepEqual(answers(text, 'bot', '/xy'), { MK1996: false, GYM2008: false, RFC9309: true });
  // A tab inside a value is one; a tab that separates or pads is not.
  t.like(one('User-agent: *\nDisallow: /x\ty\n', 'control-character'), { line: 2, column: 13 });
  t.deepEqual(findings('User-agent:\t*\nDisallow:\t/x\t\t# note\n', 'control-character'), []);
});

test('control-character: DEL, which URLs hold only escaped, and a form feed line, blank to MK1996 and GYM2008', (t) => {
  const del = 'User-agent: *\nDisallow: /x\u007f\n';
  t.regex(one(del, 'control-character').message, /U\+007F.*match it to "%7F"/);
  t.deepEqual(answers(del, 'bot', '/x%7F'), { MK1996: false, GYM2008: false, RFC9309: true });
  const feed = 'User-agent: *\n\u000c\nDisallow: /x\n';
  t.regex(one(feed, 'control-character').message, /the line is blank and ends the record above/);
  t.deepEqual(answers(feed, 'bot', '/x'), { MK1996: true, GYM2008: true, RFC9309: false });
});
