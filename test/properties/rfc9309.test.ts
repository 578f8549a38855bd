// RFC9309 on arbitrary input: never throws, and explain agrees with isAllowed.
import test from 'ava';
import fc from 'fast-check';
import { RobotExclusionRulesParser, RFC9309 } from '../../src/index.js';

const key = fc.constantFrom('User-agent', 'user agent', 'USERAGENT', 'Allow', 'Disallow', 'disalow', 'Sitemap', 'Crawl-delay', 'Noindex', '', '#', '*');
const sep = fc.constantFrom(':', ': ', ' ', '\t', '=', ' : ', '');
const piece = fc.constantFrom(
  '/',
  'a',
  'B',
  '*',
  '$',
  '%',
  '%2f',
  '%e9',
  '#',
  ' ',
  '\t',
  '\v',
  '\u00a0',
  '\u3000',
  'é',
  'ツ',
  '\u0000',
  'index.html',
  'bot',
  '?q=',
  '.5',
);
const value = fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 6 }).map((xs) => xs.join(''));
const line = fc.tuple(key, sep, value).map(([k, s, v]) => k + s + v);
const eol = fc.constantFrom('\n', '\r', '\r\n', '\n\n');
const file = fc.array(fc.tuple(line, eol), { maxLength: 25 }).map((ls) => ls.map(([l, e]) => l + e).join(''));
const input = fc.oneof(
  file,
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }),
  file.map((f) => Buffer.from('\ufeff' + f, 'utf8')),
);
const agent = fc.oneof(fc.constantFrom('a', 'B', 'bot', 'ExampleBot', '', '*', 'a/1.0 (x)', 'ツ'), fc.string({ maxLength: 8 }));
const url = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(piece, { maxLength: 6 }).map((xs) => 'https://example.com/' + xs.join('')),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

test('property: RFC9309 never throws on any file, agent or URL, and explain agrees with isAllowed', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(input, fc.array(fc.tuple(agent, url), { minLength: 1, maxLength: 8 }), (text, queries) => {
        const p = new RobotExclusionRulesParser();
        p.parse(text);
        for (const [ua, u] of queries) {
          const allowed = p.isAllowed(ua, u, RFC9309);
          const verdict = p.explain(ua, u, RFC9309);
          if (verdict.allowed !== allowed) return false;
          // A deciding rule says what it decided, and only a group that applies holds one.
          if (verdict.rule !== null && (verdict.rule.kind === 'allow') !== allowed) return false;
          if (verdict.rule !== null && verdict.record === null) return false;
          const delay = p.getCrawlDelay(ua, RFC9309);
          if (delay !== null && !(delay >= 0)) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    ),
  );
});
