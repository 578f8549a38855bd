// Writing rule paths back (behaviour.md §9.14): the same escapes as the
// regular expression the port first used, and whole results on rules of
// hundreds of thousands of characters.
import test from 'ava';
import fc from 'fast-check';
import { encodeRulePath } from '../../src/internal.js';
import { RobotExclusionRulesParser } from '../../src/index.js';
import { assertProperty } from '../helpers/robots.js';

/** The first implementation, kept as the reference: one replace, a function per match. */
function reference(path: string): string {
  // eslint-disable-next-line no-control-regex -- C0 controls are what must be escaped
  return path.replace(/%(?!2F)|[#\s\u0000-\u001f\u007f\u0085]/g, (c) =>
    Array.from(new TextEncoder().encode(c), (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join(''),
  );
}

test('every UTF-16 code unit is escaped as the reference escapes it, alone and between letters', (t) => {
  const wrong: string[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    const c = String.fromCharCode(code);
    for (const path of [c, `a${c}b`, `${c}2F`]) {
      if (encodeRulePath(path) !== reference(path)) wrong.push(`U+${code.toString(16).padStart(4, '0')} in ${JSON.stringify(path)}`);
    }
  }
  t.deepEqual(wrong, []);
});

test('an encoded slash stays as it is; a lower-case one and a lone % do not', (t) => {
  t.is(encodeRulePath('/a%2Fb'), '/a%2Fb');
  t.is(encodeRulePath('/a%2fb'), '/a%252fb');
  t.is(encodeRulePath('/a%2'), '/a%252');
  t.is(encodeRulePath('%'), '%25');
  t.is(encodeRulePath('/plain/path'), '/plain/path');
});

test('random paths are escaped as the reference escapes them', (t) => {
  const unit = fc.oneof(
    fc.constantFrom('%', '#', ' ', '\t', '\u0085', '\u00a0', '\u3000', '\ufeff', '\u2028', '2', 'F', 'é', '\ud800', '\udc00', '/'),
    fc.string({ unit: 'binary', maxLength: 3 }),
  );
  assertProperty(
    t,
    fc.property(fc.array(unit, { maxLength: 40 }), (units) => encodeRulePath(units.join('')) === reference(units.join(''))),
    { numRuns: 2000, seed: 9014 },
  );
});

test('toString writes one rule of 490,000 % characters whole, and reads back the same', (t) => {
  const n = 490_000;
  const p = new RobotExclusionRulesParser();
  p.parse(`User-agent: *\nDisallow: /${'%'.repeat(n)}\n`);
  const text = p.toString();
  t.true(text === `User-agent: *\nDisallow: /${'%25'.repeat(n)}\n\n`, `toString gave ${text.length} characters`);
  const again = new RobotExclusionRulesParser();
  again.parse(text);
  t.true(again.toString() === text, 'the reparsed text is written the same');
});

test('toString writes rules of 200,000 wide spaces, and mixed escapes, whole', (t) => {
  const p = new RobotExclusionRulesParser();
  p.parse(`User-agent: *\nDisallow: /a${'\u3000'.repeat(200_000)}b\nAllow: /${'x %2F\u0085'.repeat(100_000)}y\n`);
  const [, first, second] = p.toString().split('\n');
  t.true(first === `Disallow: /a${'%E3%80%80'.repeat(200_000)}b`, 'the Disallow line');
  t.true(second === `Allow: /${'x%20%2F%C2%85'.repeat(100_000)}y`, 'the Allow line');
});
