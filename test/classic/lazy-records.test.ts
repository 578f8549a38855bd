// Rules kept as positions in the text until a record is used (record.ts):
// what explain and toString read back must be what the lines say.
import test from 'ava';
import { GYM2008, MK1996, RobotExclusionRulesParser, type Syntax } from '../../src/index.js';

function robots(text: string): RobotExclusionRulesParser {
  const parser = new RobotExclusionRulesParser();
  parser.parse(text);
  return parser;
}

test('explain gives the line and value of a rule in a later record', (t) => {
  const p = robots('User-agent: a\nDisallow: /a\n\nUser-agent: b\nAllow: /b # why\nDisallow: /\n');
  t.deepEqual(p.explain('b', '/b/x').rule, { kind: 'allow', path: '/b', line: 5 });
  t.deepEqual(p.explain('b', '/c').rule, { kind: 'disallow', path: '/', line: 6 });
});

test('line numbers count LF, CR and CR LF line ends alike', (t) => {
  const p = robots('# x\r\nUser-agent: a\r\nAllow: /x\rDisallow: /a\n\r\nDisallow: /b\r\n\rUser-agent: *\nDisallow: /c');
  // Lines: 1 comment, 2 User-agent, 3 /x, 4 /a, 5 blank (ends the record), 6 /b outside any
  // record, 7 blank, 8 User-agent, 9 /c.
  t.deepEqual([p.explain('a', '/x').rule?.line, p.explain('a', '/a').rule?.line], [3, 4]);
  t.is(p.explain('bot', '/b').rule, null);
  t.deepEqual(p.explain('bot', '/c'), { allowed: false, record: { names: ['*'], line: 8 }, rule: { kind: 'disallow', path: '/c', line: 9 } });
});

test('rules of a record dropped for having no names do not reach the next record', (t) => {
  const p = robots('User-agent:\nDisallow: /dropped\n\nUser-agent: *\nDisallow: /kept\n');
  t.true(p.isAllowed('bot', '/dropped'));
  t.deepEqual(p.explain('bot', '/kept').rule, { kind: 'disallow', path: '/kept', line: 5 });
});

test('a parser keeps its answers after another parser parses another file', (t) => {
  const first = robots('User-agent: *\nDisallow: /first\n');
  robots('User-agent: *\nAllow: /first\nDisallow: /second\n');
  t.false(first.isAllowed('bot', '/first/page'));
  t.true(first.isAllowed('bot', '/second'));
});

test('a file with more rules than the reused parse buffer holds parses whole, and so does the next', (t) => {
  const lines = ['User-agent: *'];
  for (let k = 0; k < 40_000; k++) lines.push(`Disallow: /d${k}/`);
  const big = robots(lines.join('\n'));
  t.false(big.isAllowed('bot', '/d39999/x'));
  t.is(big.explain('bot', '/d39999/x').rule?.line, 40_001);
  t.true(big.isAllowed('bot', '/e'));
  const small = robots('User-agent: *\nDisallow: /s\n');
  t.false(small.isAllowed('bot', '/s'));
  t.true(small.isAllowed('bot', '/d1/'));
});

test('values are scrubbed and decoded when the record is first used', (t) => {
  const p = robots('User-agent: *\nDisallow: /a%2fb\u0001c \nAllow: /caf%C3%A9\n');
  t.deepEqual(p.explain('bot', '/a%2Fbc').rule, { kind: 'disallow', path: '/a%2fbc', line: 2 });
  t.deepEqual(p.explain('bot', '/café').rule, { kind: 'allow', path: '/caf%C3%A9', line: 3 });
});

test('GYM2008 and MK1996 answer apart once a rule has a wildcard', (t) => {
  const plain = robots('User-agent: *\nDisallow: /a\n');
  t.deepEqual([plain.isAllowed('bot', '/a*', MK1996), plain.isAllowed('bot', '/a*', GYM2008)], [false, false]);
  const wild = robots('User-agent: *\nDisallow: /a*b\n');
  t.deepEqual([wild.isAllowed('bot', '/axb', MK1996), wild.isAllowed('bot', '/axb', GYM2008)], [true, false]);
});

test('toString prints every record of a file with many records', (t) => {
  const text = Array.from({ length: 30 }, (_, k) => `User-agent: bot${k}\nDisallow: /p${k}\n`).join('\n');
  const printed = robots(text).toString();
  t.is(printed.match(/^Disallow: \/p\d+$/gm)?.length, 30);
  t.false(robots(printed).isAllowed('bot29', '/p29'));
});

test('an empty rule still inverts its kind once the record is compiled and its paths let go, in either syntax asked first', (t) => {
  // 30 rules and a wildcard: an index in each syntax. `\x01` scrubs to an empty value (behaviour.md §1.7, §4.5).
  const text = 'User-agent: *\n' + Array.from({ length: 30 }, (_, i) => `Disallow: /a${i}\n`).join('') + 'Disallow: /*x9\nDisallow: \x01\nDisallow: /\n';
  const orders: Syntax[][] = [
    [GYM2008, MK1996],
    [MK1996, GYM2008],
  ];
  for (const order of orders) {
    const p = robots(text);
    for (const syntax of order) {
      // Enough checks for the first tier to hand over to the index (engine/direct-scan.ts).
      for (let k = 0; k < 1_000; k++) p.isAllowed('bot', `/page${k}`, syntax);
      t.true(p.isAllowed('bot', '/zzz', syntax));
      t.false(p.isAllowed('bot', '/a7/x', syntax));
      t.is(p.explain('bot', '/zzz', syntax).rule?.line, 33);
    }
    t.is(p.isAllowed('bot', '/b/x9', GYM2008), false);
    t.is(p.isAllowed('bot', '/b/x9', MK1996), true);
  }
});
