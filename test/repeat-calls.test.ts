// A parser asked again with the same user agent and syntax answers from the
// rules it found the first time: those answers must be the ones a parser
// asked once gives, whatever came between the calls.
import test from 'ava';
import fc from 'fast-check';
import { GYM2008, InvalidArgumentError, MK1996, RFC9309, type Syntax } from '../src/index.js';
import { assertProperty, robots, robotsLines } from './helpers/robots.js';

const FILE = [
  'User-agent: a',
  'Disallow: /a',
  'Allow: /a/open',
  '',
  'User-agent: b',
  'Disallow: /*.pdf$',
  'Disallow: /b',
  '',
  'User-agent: *',
  'Disallow: /private*',
  'Disallow: /%7Euser',
  'Allow: /',
  'Disallow: /x',
  'Crawl-delay: 3',
].join('\n');

const agent = fc.constantFrom('a', 'A-bot/1.0', 'b', 'other', '');
const syntax = fc.constantFrom<Syntax>(MK1996, GYM2008, RFC9309);
const url = fc
  .tuple(
    fc.constantFrom('', 'https://example.com', '//h', 'https://h?q'),
    fc.constantFrom('/', '/a', '/a/open', '/b', '/f.pdf', '/private', '/private*', '/x', '/~user', '/%7euser', '/%61', 'a', ''),
    fc.constantFrom('', '/', '.pdf', '#/b', '?x', '%2F'),
  )
  .map((parts) => parts.join(''));

const method = fc.constantFrom('isAllowed', 'isAllowed', 'explain', 'getCrawlDelay');

test('property: answers in a run of calls equal those of a parser asked once', (t) => {
  assertProperty(
    t,
    fc.property(fc.array(fc.tuple(method, agent, url, syntax), { minLength: 1, maxLength: 40 }), (calls) => {
      const p = robots(FILE);
      return calls.every(([m, a, u, s]) => {
        const fresh = robots(FILE);
        if (m === 'explain') return JSON.stringify(p.explain(a, u, s)) === JSON.stringify(fresh.explain(a, u, s));
        if (m === 'getCrawlDelay') return p.getCrawlDelay(a, s) === fresh.getCrawlDelay(a, s);
        return p.isAllowed(a, u, s) === fresh.isAllowed(a, u, s);
      });
    }),
    { numRuns: 500, seed: 2026 },
  );
});

test('the same agent and syntax asked after parse() get the new rules', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a');
  t.false(p.isAllowed('bot', 'https://h/a'));
  t.false(p.isAllowed('bot', 'https://h/a'));
  p.parse('User-agent: *\nDisallow: /b');
  t.true(p.isAllowed('bot', 'https://h/a'));
  t.false(p.isAllowed('bot', 'https://h/b'));
});

test("a wildcard rule keeps each syntax's answer when calls alternate between syntaxes", (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /*.pdf');
  for (let round = 0; round < 3; round++) {
    t.false(p.isAllowed('bot', 'https://h/f.pdf', GYM2008));
    t.true(p.isAllowed('bot', 'https://h/f.pdf', MK1996));
    t.false(p.isAllowed('bot', 'https://h/f.pdf', RFC9309));
  }
});

test('a repeated call with an escaped URL answers as the decoded path does', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /~user');
  t.true(p.isAllowed('bot', 'https://h/public'));
  t.false(p.isAllowed('bot', 'https://h/%7Euser/x'));
  t.false(p.isAllowed('bot', 'https://h/%7euser'));
});

test('a repeated call with a URL object or an unknown syntax is answered as the first', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a');
  t.false(p.isAllowed('bot', 'https://h/a'));
  t.false(p.isAllowed('bot', new URL('https://h/a')));
  t.throws(() => p.isAllowed('bot', 'https://h/a', 4 as Syntax), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' });
});

test('a syntax of 0 or NaN throws whatever state the repeated-call path is in', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /x');
  const bad = [0, -0, Number.NaN] as unknown as Syntax[];
  for (const syntax of bad)
    t.throws(() => p.isAllowed('bot', '/x', syntax), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' }, 'before any call');
  p.isAllowed('bot', '/x');
  p.parse('User-agent: *\nAllow: /');
  for (const syntax of bad)
    t.throws(
      () => p.isAllowed(null as unknown as string, '/x', syntax),
      { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' },
      'after parse()',
    );
  p.isAllowed('bot', '/x', RFC9309);
  p.getCrawlDelay('other');
  for (const syntax of bad)
    t.throws(() => p.isAllowed('other', '/x', syntax), { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT' }, 'after another agent');
});

test('whichever syntax family is asked first, the other then reads the same parse', (t) => {
  const text = 'User-agent: *\nDisallow: /*.pdf\nSitemap: https://h/s.xml\nHost: h\n';
  const classicFirst = robots(text);
  const rfcFirst = robots(text);
  t.false(classicFirst.isAllowed('bot', '/f.pdf', GYM2008));
  t.false(rfcFirst.isAllowed('bot', '/f.pdf', RFC9309));
  t.true(rfcFirst.isAllowed('bot', '/f.pdf', MK1996));
  t.deepEqual(rfcFirst.sitemaps, ['https://h/s.xml']);
  t.is(rfcFirst.host, 'h');
  t.is(rfcFirst.toString(), classicFirst.toString());
  t.is(rfcFirst.estimatedBytes(), classicFirst.estimatedBytes());
  // A new parse after RFC 9309 alone was asked: the classic syntaxes read the new text, not the old.
  const again = robots(text);
  t.false(again.isAllowed('bot', '/f.pdf', RFC9309));
  again.parse('User-agent: *\nDisallow: /b\n');
  t.true(again.isAllowed('bot', '/f.pdf', GYM2008));
  t.false(again.isAllowed('bot', '/b', MK1996));
  t.deepEqual(again.sitemaps, []);
  t.false(again.isAllowed('bot', '/b', RFC9309));
  t.true(again.isAllowed('bot', '/f.pdf', RFC9309));
});
