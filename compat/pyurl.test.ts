// The emulation helpers on their own, without Python: with no step chosen,
// pyForm must leave the port's answer exactly as it was.
import test from 'ava';
import fc from 'fast-check';
import { decodePath, matchTarget } from '../src/internal.js';
import { pyForm, pyUnquote } from './pyurl.js';
import { CLASSES, emulate } from './classify.js';

const PY = { version: [3, 11, 7] as const };
const chars = fc.constantFrom(...'/aAb?;#%2F3f4E9zé \t*$=&'.split(''), '%2F', '%2f', '%3F', '%23', '%3B', '%E9', '%C3%A9', '%09', '%25', '//');
const pathish = fc.array(chars, { maxLength: 12 }).map((a) => a.join(''));

test('pyUnquote decodes escapes and UTF-8 like urllib.parse.unquote', (t) => {
  t.is(pyUnquote('/p%41th'), '/pAth');
  t.is(pyUnquote('/caf%C3%A9'), '/café');
  t.is(pyUnquote('/%E9x'), '/\ufffdx');
  t.is(pyUnquote('/a%2Fb'), '/a/b');
  t.is(pyUnquote('/%zz%4'), '/%zz%4');
});

test('pyForm with no step leaves a rule path as the port reads it', (t) => {
  fc.assert(fc.property(pathish, (s) => decodePath(pyForm(s, 'rule', {})) === decodePath(s)));
  t.is(pyForm('/a%2fb?', 'rule', {}), '/a%2Fb?');
});

test('pyForm with no step leaves a URL as the port reads it', (t) => {
  fc.assert(
    fc.property(
      fc.constantFrom('', 'https://example.com', 'http://h:80'),
      pathish,
      (prefix, p) => matchTarget(pyForm(prefix + p, 'url', {})) === matchTarget(prefix + p),
    ),
  );
  t.is(matchTarget(pyForm('https://example.com/a#f', 'url', {})), '/a');
});

test('pyForm does each Python step on request', (t) => {
  t.is(decodePath(pyForm('/a%2Fb', 'rule', { slash: true })), '/a/b');
  t.is(pyForm('/a?', 'rule', { emptyDelimiters: true }), '/a');
  t.is(pyForm('/a;', 'rule', { emptyDelimiters: true }), '/a');
  t.is(pyForm('/a%3F', 'rule', { emptyDelimiters: true }), '/a');
  t.is(pyForm('/a;b;', 'rule', { emptyDelimiters: true }), '/a;b;');
  t.is(matchTarget(pyForm('/a#b', 'url', { fragment: true })), '/a#b');
  t.is(matchTarget(pyForm('/a?#b', 'url', { fragment: true, emptyDelimiters: true })), '/a#b');
  t.is(matchTarget(pyForm('/a\tb', 'url', { whitespace: true })), '/ab');
  t.is(pyForm('?', 'rule', { emptyDelimiters: true }), '/', "a rule Python normalises to '' matches everything, uninverted");
});

test('a rule path that decodes to //x keeps its authority, /// loses the empty one', (t) => {
  t.is(decodePath(pyForm('/%2Fx/a', 'rule', { slash: true })), '//x/a');
  t.is(decodePath(pyForm('/%2F/a', 'rule', { slash: true })), '/a');
  t.is(matchTarget(pyForm('/%2Fhost/a', 'url', { slash: true })), '/a');
  t.is(matchTarget(pyForm('https://example.com/%2Fa', 'url', { slash: true })), '//a');
});

test('emulating no class changes nothing', (t) => {
  const c = { robots: 'User-agent: *\nDisallow: /a?\n', ua: 'Mozilla/5.0 (FooBot)', url: '/a#b' };
  t.deepEqual(emulate(c, [], PY), c);
});

test('every class id is unique and every class has an example for an aspect it covers', (t) => {
  const ids = CLASSES.map((k) => k.id);
  t.is(new Set(ids).size, ids.length);
  for (const k of CLASSES) t.true(k.aspects.includes(k.example.aspect), k.id);
});
