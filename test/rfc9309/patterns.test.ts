// RFC 9309 rule values as patterns (src/rfc9309/patterns.ts; docs/behaviour.md
// §8.5): a value read from a string is normalised as its UTF-8 bytes are.
import test from 'ava';
import fc from 'fast-check';
import { rulePattern, utf8Bytes } from '../../src/internal.js';
import { assertProperty } from '../helpers/robots.js';

// ASCII, escapes in both cases and not, and characters of one to four UTF-8 bytes, lone surrogates included.
const piece = fc.constantFrom('/', 'a', '*', '$', '%', '%2f', '%2F', '%g1', '%a', 'é', 'ÿ', 'Ā', '\u07ff', 'ツ', '\uffff', '\u{1f600}', '\ud83d', '\ude00');
const value = fc.array(piece, { maxLength: 8 }).map((xs) => xs.join(''));

test('a value read from a string is normalised exactly as its UTF-8 bytes are', (t) => {
  assertProperty(
    t,
    fc.property(value, (v) => {
      const text = `x${v}y`;
      const fromText = rulePattern(text, 1, 1 + v.length, false);
      const bytes = utf8Bytes(v);
      const fromBytes = rulePattern(bytes, 0, bytes.length, true);
      return fromText.pattern === fromBytes.pattern && fromText.verbatim === (fromText.pattern === v);
    }),
    { seed: 8505, numRuns: 4000 },
  );
});

test('escapes are upper-cased and never decoded; each byte outside ASCII becomes one', (t) => {
  t.is(rulePattern('/%7euser', 0, 8, false).pattern, '/%7Euser');
  t.is(rulePattern('/caf\u00e9', 0, 5, false).pattern, '/caf%C3%A9');
  t.is(rulePattern('/caf\u00e9', 0, 5, true).pattern, '/caf%E9');
  t.is(rulePattern('/\u{1f600}', 0, 3, false).pattern, '/%F0%9F%98%80');
  t.is(rulePattern('/\ud83d', 0, 2, false).pattern, '/%EF%BF%BD');
  t.deepEqual(rulePattern('/100%', 0, 5, false), { pattern: '/100%', verbatim: true });
});
