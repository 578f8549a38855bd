// RFC9309 answers for several crawlers asking one parser in turn: the groups
// each token selects are read on its first query and kept, so the order of
// questions must never change an answer.
import test from 'ava';
import { RobotExclusionRulesParser, RFC9309 } from '../../src/index.js';

const FILE = [
  'User-agent: alpha',
  'Crawl-delay: 4',
  'Disallow: /a',
  '',
  'User-agent: beta',
  'User-agent: gamma',
  'Disallow: /b',
  'Allow: /b/open',
  '',
  'User-agent: *',
  'Crawl-delay: 1',
  'Disallow: /c',
  '',
  'User-agent: alpha',
  'Allow: /a/index.html',
].join('\n');

function robots(): RobotExclusionRulesParser {
  const p = new RobotExclusionRulesParser();
  p.parse(FILE);
  return p;
}

/** Each agent's expected answers for a few paths: what the groups above say. */
const EXPECTED: ReadonlyArray<readonly [string, Record<string, boolean>]> = [
  ['alpha', { '/a/x': false, '/a/': true, '/b/x': true, '/c': true }],
  ['Beta/2.0', { '/a/x': true, '/b/x': false, '/b/open/1': true, '/c': true }],
  ['gamma', { '/b/x': false, '/c': true }],
  ['OtherBot', { '/a/x': true, '/b/x': true, '/c': false }],
  ['', { '/c': false, '/a/x': true }],
];

test('agents asked in turn on one parser each get their own groups, in any order', (t) => {
  const orders = [EXPECTED, [...EXPECTED].reverse(), [EXPECTED[3]!, EXPECTED[0]!, EXPECTED[3]!, EXPECTED[1]!, EXPECTED[0]!]];
  for (const order of orders) {
    const p = robots();
    for (let round = 0; round < 2; round++) {
      for (const [ua, answers] of order) {
        for (const [path, allowed] of Object.entries(answers)) t.is(p.isAllowed(ua, path, RFC9309), allowed, `${ua} ${path}`);
      }
    }
  }
});

test('two unknown agents share the * groups and a known one still gets its own', (t) => {
  const p = robots();
  t.false(p.isAllowed('OtherBot', '/c', RFC9309));
  t.false(p.isAllowed('ThirdBot', '/c', RFC9309));
  t.true(p.isAllowed('alpha', '/c', RFC9309));
  t.false(p.isAllowed('ThirdBot', '/c', RFC9309));
});

test('crawl delays follow the agent asked, on one parser', (t) => {
  const p = robots();
  t.is(p.getCrawlDelay('alpha', RFC9309), 4);
  t.is(p.getCrawlDelay('OtherBot', RFC9309), 1);
  t.is(p.getCrawlDelay('beta', RFC9309), null);
  t.is(p.getCrawlDelay('alpha', RFC9309), 4);
});

test('explain after switching agents names the group and line of that agent', (t) => {
  const p = robots();
  t.deepEqual(p.explain('OtherBot', '/c/1', RFC9309), {
    allowed: false,
    record: { names: ['*'], line: 10 },
    rule: { kind: 'disallow', path: '/c', line: 12 },
  });
  t.deepEqual(p.explain('gamma', '/b/open', RFC9309), {
    allowed: true,
    record: { names: ['beta', 'gamma'], line: 5 },
    rule: { kind: 'allow', path: '/b/open', line: 8 },
  });
  // alpha's second group holds the index.html rule that allows its directory.
  t.deepEqual(p.explain('alpha', '/a/', RFC9309), {
    allowed: true,
    record: { names: ['alpha'], line: 14 },
    rule: { kind: 'allow', path: '/a/index.html', line: 15 },
  });
  t.deepEqual(p.explain('alpha', '/z', RFC9309), { allowed: true, record: { names: ['alpha'], line: 1 }, rule: null });
});

test('more than 24 pooled rules answer as the few-rule path does', (t) => {
  // The same rules with and without 30 rules that match nothing asked here.
  const rules = ['Disallow: /shop', 'Allow: /shop/*.html$', 'Disallow: /shop/*?sort=', 'Allow: /shop/cart'];
  const filler = Array.from({ length: 30 }, (_, k) => `Disallow: /never${k}/*x`);
  const few = new RobotExclusionRulesParser();
  few.parse(['User-agent: *', ...rules].join('\n'));
  const many = new RobotExclusionRulesParser();
  many.parse(['User-agent: *', ...filler, ...rules].join('\n'));
  const cases: Record<string, boolean> = {
    '/shop': false,
    '/shop/a.html': true,
    '/shop/a.html?sort=1': false,
    '/shop/cart': true,
    '/shop/cart?sort=price': false,
    '/other': true,
  };
  for (const [path, allowed] of Object.entries(cases)) {
    t.is(few.isAllowed('bot', path, RFC9309), allowed, path);
    t.is(many.isAllowed('bot', path, RFC9309), allowed, path);
  }
});
