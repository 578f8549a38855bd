// RobotRules bounded by origins (maxEntries) and by bytes (maxBytes), least
// recently used dropped first (behaviour.md §9.38).
import test from 'ava';
import { RobotRules } from '../../src/hosts/rules-db.js';
import { InvalidArgumentError } from '../../src/errors.js';
import { RobotExclusionRulesParser } from '../../src/parser.js';

const ROBOTS = 'User-agent: *\nDisallow: /private/\n';

test('past maxEntries the origin least recently parsed, asked about or visited is dropped', (t) => {
  const rules = new RobotRules('Bot/1.0', { maxEntries: 2 });
  rules.parse('http://a.example/robots.txt', ROBOTS);
  rules.parse('http://b.example/robots.txt', ROBOTS);
  t.false(rules.allowed('http://a.example/private/x'));
  rules.visit('http://c.example/');
  t.is(rules.size, 2);
  t.is(rules.allowed('http://b.example/private/x'), 'unknown');
  t.false(rules.allowed('http://a.example/private/x'));
  t.is(rules.noVisits('http://c.example/'), 1);
});

test('past maxBytes origins are dropped least recently used first; the one just parsed stays', (t) => {
  const big = 'User-agent: *\n' + Array.from({ length: 2_000 }, (_, i) => `Disallow: /*${i}*`).join('\n');
  const p = new RobotExclusionRulesParser();
  p.parse(big);
  const rules = new RobotRules('Bot/1.0', { maxBytes: Math.floor(2.5 * p.estimatedBytes()) });
  for (const host of ['a', 'b', 'c']) rules.parse(`http://${host}.example/robots.txt`, big);
  t.is(rules.size, 2);
  t.is(rules.allowed('http://a.example/12'), 'unknown');
  t.false(rules.allowed('http://b.example/12'));
  t.true(rules.estimatedBytes <= 2.5 * p.estimatedBytes());
  const tight = new RobotRules('Bot/1.0', { maxBytes: 1_000 });
  tight.parse('http://a.example/robots.txt', big);
  t.false(tight.allowed('http://a.example/12'));
  tight.parse('http://b.example/robots.txt', ROBOTS);
  t.is(tight.size, 1);
  t.is(tight.allowed('http://a.example/12'), 'unknown');
});

test('an agent change weighs the origins again without their rules', (t) => {
  const rules = new RobotRules('Bot/1.0');
  rules.parse('http://a.example/robots.txt', ROBOTS.repeat(100));
  rules.visit('http://a.example/');
  const withRules = rules.estimatedBytes;
  rules.agent('Other/2.0');
  t.true(rules.estimatedBytes < withRules);
  t.is(rules.noVisits('http://a.example/'), 1);
});

test('maxEntries and maxBytes must be positive integers', (t) => {
  for (const key of ['maxEntries', 'maxBytes']) {
    for (const value of [0, -3, 2.5, '10']) {
      t.throws(() => new RobotRules('Bot', { [key]: value }), { instanceOf: InvalidArgumentError, message: new RegExp(key) });
    }
  }
});
