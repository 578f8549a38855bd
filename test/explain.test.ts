// explain(): which record applied and which rule decided, with 1-based lines.
import test from 'ava';
import { GYM2008, MK1996 } from '../src/index.js';
import { robots, robotsLines } from './helpers/robots.js';

test('explain: no record applies: allowed, record and rule null', (t) => {
  const p = robotsLines('User-agent: foo', 'Disallow: /');
  t.deepEqual(p.explain('bar', '/x'), { allowed: true, record: null, rule: null });
});

test('explain: an empty parser gives allowed with nulls', (t) => {
  t.deepEqual(robots('').explain('bot', 'http://example.com/'), { allowed: true, record: null, rule: null });
});

test('explain: a record applies but no rule matches: allowed, the record, rule null', (t) => {
  const p = robotsLines('User-agent: foo', 'Disallow: /private');
  t.deepEqual(p.explain('foo', '/public'), { allowed: true, record: { names: ['foo'], line: 1 }, rule: null });
});

test('explain: the deciding rule with its kind, path as written and 1-based line', (t) => {
  const p = robotsLines('# comment', '', 'User-agent: *', 'Allow: /a/public', 'Disallow: /a # private area');
  t.deepEqual(p.explain('bot', '/a/secret'), {
    allowed: false,
    record: { names: ['*'], line: 3 },
    rule: { kind: 'disallow', path: '/a', line: 5 },
  });
  t.deepEqual(p.explain('bot', '/a/public/x'), {
    allowed: true,
    record: { names: ['*'], line: 3 },
    rule: { kind: 'allow', path: '/a/public', line: 4 },
  });
});

test('explain: the rule path is the value as written, not decoded', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /h%65llo');
  t.deepEqual(p.explain('bot', '/hello').rule, { kind: 'disallow', path: '/h%65llo', line: 2 });
});

test('explain: a blank Disallow decides allowed and is reported as the rule', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow:', 'Disallow: /x');
  t.deepEqual(p.explain('bot', '/x'), {
    allowed: true,
    record: { names: ['*'], line: 1 },
    rule: { kind: 'disallow', path: '', line: 2 },
  });
});

test('explain: a blank Allow decides disallowed and is reported as the rule', (t) => {
  const p = robotsLines('User-agent: *', 'Allow:');
  t.deepEqual(p.explain('bot', '/x'), {
    allowed: false,
    record: { names: ['*'], line: 1 },
    rule: { kind: 'allow', path: '', line: 2 },
  });
});

test('explain: the record names are all names as written, in order, empty ones left out', (t) => {
  const p = robotsLines('User-agent: FooBot', 'User-agent:', 'User-agent: Bar Bot', 'Disallow: /');
  t.deepEqual(p.explain('bar bot', '/').record, { names: ['FooBot', 'Bar Bot'], line: 1 });
});

test('explain: the record line is its first User-agent line, in the file (not the reordered list)', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /', '', '# named', 'User-agent: a', 'User-agent: b', 'Disallow: /b');
  t.deepEqual(p.explain('b', '/b').record, { names: ['a', 'b'], line: 5 });
  t.deepEqual(p.explain('c', '/b'), {
    allowed: false,
    record: { names: ['*'], line: 1 },
    rule: { kind: 'disallow', path: '/', line: 2 },
  });
});

test('explain: the record line is the User-agent line that opened it, even when its value is empty', (t) => {
  const p = robotsLines('User-agent:', 'User-agent: b', 'Disallow: /');
  t.deepEqual(p.explain('b', '/').record, { names: ['b'], line: 1 });
});

test('explain: lines are counted with \\r\\n as one line end and \\r as one', (t) => {
  const p = robots('# c\r\nUser-agent: *\r\n\r\nUser-agent: foo\rDisallow: /x\n\rDisallow: /y');
  t.deepEqual(p.explain('foo', '/x'), {
    allowed: false,
    record: { names: ['foo'], line: 4 },
    rule: { kind: 'disallow', path: '/x', line: 5 },
  });
});

test('explain: a BOM does not shift line numbers', (t) => {
  const p = robots('\uFEFFUser-agent: *\nDisallow: /');
  t.deepEqual(p.explain('bot', '/x').rule, { kind: 'disallow', path: '/', line: 2 });
  t.is(p.explain('bot', '/x').record?.line, 1);
});

test('explain: the two syntaxes can pick different deciding rules', (t) => {
  const p = robotsLines('User-agent: *', 'Allow: /a*', 'Disallow: /a');
  t.deepEqual(p.explain('bot', '/ab', GYM2008).rule, { kind: 'allow', path: '/a*', line: 2 });
  t.deepEqual(p.explain('bot', '/ab', MK1996).rule, { kind: 'disallow', path: '/a', line: 3 });
  t.true(p.explain('bot', '/ab').allowed);
  t.false(p.explain('bot', '/ab', MK1996).allowed);
});

test('explain: a GYM2008 wildcard rule is reported as written', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /*.pdf$');
  t.deepEqual(p.explain('bot', '/docs/a.pdf').rule, { kind: 'disallow', path: '/*.pdf$', line: 2 });
  t.is(p.explain('bot', '/docs/a.pdf', MK1996).rule, null);
});

test('explain: the first of several matching rules is reported', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a', 'Disallow: /a/b', 'Allow: /a/b/c');
  t.is(p.explain('bot', '/a/b/c').rule?.line, 2);
});

test('explain: allowed agrees with isAllowed', (t) => {
  const p = robotsLines('User-agent: a', 'Disallow: /x', 'Allow: /y', '', 'User-agent: *', 'Allow:', '', 'User-agent: b', 'Disallow:');
  for (const ua of ['a', 'b', 'c']) {
    for (const url of ['/', '/x', '/y', 'http://example.com']) {
      for (const syntax of [MK1996, GYM2008] as const) {
        t.is(p.explain(ua, url, syntax).allowed, p.isAllowed(ua, url, syntax), `${ua} ${url} ${syntax}`);
      }
    }
  }
});

test('explain: answers follow a new parse', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /');
  t.is(p.explain('bot', '/x').rule?.line, 2);
  p.parse('User-agent: *\nAllow: /x\nDisallow: /');
  t.deepEqual(p.explain('bot', '/x').rule, { kind: 'allow', path: '/x', line: 2 });
  p.parse('');
  t.deepEqual(p.explain('bot', '/x'), { allowed: true, record: null, rule: null });
});
