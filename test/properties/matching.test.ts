// Property-based tests (fast-check) with fixed seeds: random files, URLs and
// user agents through both syntaxes. On failure fast-check's report names the
// seed and the shrunk counterexample.
import test from 'ava';
import fc from 'fast-check';
import { GYM2008, MK1996, RobotExclusionRulesParser } from '../../src/index.js';
import { assertProperty, robots } from '../helpers/robots.js';

const SYNTAXES = [MK1996, GYM2008] as const;

// Arbitraries -------------------------------------------------------------------

const join = (parts: readonly string[]) => parts.join('');

/** Characters that make rule values and URLs interesting: escapes, wildcards, comments, odd code units. */
const VALUE_CHARS = [
  '/',
  '/',
  '/',
  'a',
  'b',
  'A',
  '?',
  '=',
  ';',
  '.',
  '%',
  '%2F',
  '%2f',
  '%41',
  '%E9',
  '%C3%A9',
  '%25',
  '%2A',
  '%24',
  '*',
  '*',
  '$',
  '#',
  ' ',
  '\t',
  'é',
  '日',
  '\u0000',
  '\u0085',
  '\u00a0',
  '\uFEFF',
  '\uD800',
  '~',
  '%20',
  '%09',
  '%0A',
  '%C2%85',
  '%C2%A0',
  '%E3%80%80',
  '%EF%BB%BF',
  '%23',
  '%ZZ',
];
const NO_WILDCARD_CHARS = VALUE_CHARS.filter((c) => c !== '*' && c !== '$' && c !== '%2A' && c !== '%24');

const NAMES = ['*', 'foo', 'FooBot', 'bar', 'Bar Bot', '', 'a', '*bot', 'ÄrgerBot', 'foo # comment'];
const AGENTS = ['foo', 'FooBot/1.0', 'Mozilla/5.0 (compatible; Foobot/2.1)', 'bar', 'Bar Bot', 'x', '', 'ärgerbot', 'the *bot'];

const anyCodeUnit = fc.nat(0xffff).map((c) => String.fromCharCode(c));

function lineArb(valueChars: readonly string[]): fc.Arbitrary<string> {
  const value = fc.array(fc.constantFrom(...valueChars), { maxLength: 8 }).map(join);
  const sep = fc.constantFrom(':', ': ', ':\t', ':  ');
  return fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom('User-agent', 'user-agent', 'Useragent'), sep, fc.constantFrom(...NAMES)).map(join) },
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom('Allow', 'Disallow', 'DISALLOW', 'allow'), sep, value).map(join) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constant('Crawl-delay'),
          sep,
          fc.constantFrom('1', '0.5', '.5', '3.', '1e2', 'x', '10', '0', '0.0000001', '0.' + '0'.repeat(30) + '1', '1' + '0'.repeat(30), '9'.repeat(400)),
        )
        .map(join),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constant('Sitemap'), sep, value).map(join) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '\t',
        '# comment',
        '  # indented',
        'Noindex: /allow: /x',
        'Dissallow: /a',
        '\uFEFFUser-agent: *',
        'Host: x',
        '\u00ef\u00bb\u00bfDisallow: /b',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 12 }) },
  );
}

function fileArb(valueChars: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(lineArb(valueChars), fc.constantFrom('\n', '\n', '\r\n', '\r')), { maxLength: 25 })
    .map((lines) => lines.map(([line, end]) => line + end).join(''));
}

const robotsFile = fileArb(VALUE_CHARS);

const URL_CHARS = ['/', '/', 'a', 'b', 'A', '?', '=', ';', '#', '%', '%2F', '%41', '%E9', '%C3%A9', '%zz', '*', '$', 'é', ' ', '\t', '\uD800', '.', '~'];
const url = fc
  .tuple(
    fc.constantFrom('', '', 'http://example.com', 'https://user:pw@example.com:8080', '//host', 'HTTP://EXAMPLE.COM', 'page'),
    fc.constantFrom('/', '/', ''),
    fc.array(fc.constantFrom(...URL_CHARS), { maxLength: 12 }),
  )
  .map(([prefix, slash, rest]) => prefix + slash + join(rest));
const urls = fc.array(url, { minLength: 1, maxLength: 6 });
const agents = fc.array(fc.constantFrom(...AGENTS), { minLength: 1, maxLength: 3 });

/** Anything parse may be handed: generated files, random code units, random bytes. */
const anyInput: fc.Arbitrary<string | Uint8Array> = fc.oneof(robotsFile, fc.string({ unit: anyCodeUnit, maxLength: 200 }), fc.uint8Array({ maxLength: 200 }));

// Properties ----------------------------------------------------------------------

test('property: parse, isAllowed, explain, getCrawlDelay, sitemaps and toString never throw', (t) => {
  assertProperty(
    t,
    fc.property(anyInput, urls, agents, (input, us, uas) => {
      const p = new RobotExclusionRulesParser();
      p.parse(input);
      for (const ua of uas) {
        p.getCrawlDelay(ua);
        for (const u of us)
          for (const syntax of SYNTAXES) {
            p.isAllowed(ua, u, syntax);
            p.explain(ua, u, syntax);
          }
      }
      void p.sitemaps;
      p.toString();
    }),
    { seed: 9309, numRuns: 500 },
  );
});

test('property: MK1996 and GYM2008 give the same answer whenever no rule contains * or $', (t) => {
  // Controls are deleted from values before decoding, so check the text without them.
  const noWildcards = (text: string) => !/[*$]|%2a|%24/i.test(text.replace(/[\u0000-\u001f]/g, ''));
  assertProperty(
    t,
    fc.property(fileArb(NO_WILDCARD_CHARS), urls, agents, (text, us, uas) => {
      fc.pre(noWildcards(text));
      const p = robots(text);
      for (const ua of uas)
        for (const u of us) {
          if (p.isAllowed(ua, u, MK1996) !== p.isAllowed(ua, u, GYM2008)) return false;
        }
      return true;
    }),
    { seed: 1996, numRuns: 400 },
  );
});

test('property: explain(...).allowed === isAllowed(...) in both syntaxes', (t) => {
  assertProperty(
    t,
    fc.property(robotsFile, urls, agents, (text, us, uas) => {
      const p = robots(text);
      for (const ua of uas)
        for (const u of us)
          for (const syntax of SYNTAXES) {
            if (p.explain(ua, u, syntax).allowed !== p.isAllowed(ua, u, syntax)) return false;
          }
      return true;
    }),
    { seed: 2008, numRuns: 400 },
  );
});

test('property: explain names a User-agent line for the record and a line of the right kind holding the rule', (t) => {
  const scrub = (line: string) => line.replace(/[\u0000-\u001f]/g, '');
  const directive = (line: string, names: string) => new RegExp(`^[\\s\\u0085]*(?:\\u00ef\\u00bb\\u00bf)?[\\s\\u0085]*(?:${names}):`, 'i').test(scrub(line));
  assertProperty(
    t,
    fc.property(robotsFile, urls, agents, (text, us, uas) => {
      const p = robots(text);
      const lines = text.split(/\r\n|\r|\n/);
      for (const ua of uas)
        for (const u of us)
          for (const syntax of SYNTAXES) {
            const { record, rule } = p.explain(ua, u, syntax);
            if (record === null) {
              if (rule !== null) return false;
              continue;
            }
            if (!directive(lines[record.line - 1] ?? '', 'user-?agent')) return false;
            if (rule === null) continue;
            const line = lines[rule.line - 1] ?? '';
            if (rule.line <= record.line || !directive(line, rule.kind) || !scrub(line).includes(rule.path)) return false;
          }
      return true;
    }),
    { seed: 1234, numRuns: 300 },
  );
});

/** A literal path: starts with /, not //, without *, $, %, #, control characters or line breaks. */
const literalPath = fc
  .array(
    fc.constantFrom(
      'a',
      'b',
      'Z',
      '/',
      '?',
      '=',
      '&',
      ';',
      '.',
      '-',
      '_',
      '~',
      ':',
      ' ',
      'é',
      '日',
      '\u00a0',
      '\u0085',
      '\uD800',
      '\uDC00',
      '@',
      '!',
      '(',
      ')',
    ),
    {
      minLength: 0,
      maxLength: 10,
    },
  )
  .map((cs) => '/' + join(cs))
  .filter((p) => !p.startsWith('//'));
const anySuffix = fc.string({ unit: fc.oneof(fc.constantFrom('%', '#', '*', '$', '/', '?', '%2F', '%E9', '%41', '%zz'), anyCodeUnit), maxLength: 10 });

test('property: User-agent: * / Disallow: <p> disallows p and p + any suffix (p literal)', (t) => {
  assertProperty(
    t,
    fc.property(
      literalPath,
      anySuffix,
      fc.constantFrom(...AGENTS),
      fc.constantFrom('', 'http://example.com', 'https://u:p@example.com:8443'),
      (p, suffix, ua, origin) => {
        const parser = robots(`User-agent: *\nDisallow: ${p}\n`);
        for (const syntax of SYNTAXES) {
          if (parser.isAllowed(ua, origin + p, syntax)) return false;
          if (parser.isAllowed(ua, origin + p + suffix, syntax)) return false;
        }
        return true;
      },
    ),
    { seed: 1994, numRuns: 1000 },
  );
});

test('property: parsing toString() gives the same answers, crawl delays and sitemaps', (t) => {
  assertProperty(
    t,
    fc.property(robotsFile, urls, agents, (text, us, uas) => {
      const p = robots(text);
      const written = p.toString();
      const copy = robots(written);
      for (const ua of uas) {
        if (!Object.is(copy.getCrawlDelay(ua), p.getCrawlDelay(ua))) return false;
        for (const u of us)
          for (const syntax of SYNTAXES) {
            if (copy.isAllowed(ua, u, syntax) !== p.isAllowed(ua, u, syntax)) return false;
          }
      }
      if (JSON.stringify(copy.sitemaps) !== JSON.stringify(p.sitemaps)) return false;
      // Written once, the text is stable.
      return copy.toString() === written;
    }),
    { seed: 4242, numRuns: 400 },
  );
});
