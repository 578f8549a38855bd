// An RFC 9309 selection's first tier (src/rfc9309/direct.ts): the same
// answers as the built selection, and the handover to it.
import test from 'ava';
import fc from 'fast-check';
import { PAYBACK, PendingSelection, Rfc9309Rules } from '../../src/internal.js';
import { RFC9309, RobotExclusionRulesParser } from '../../src/index.js';
import { assertProperty } from '../helpers/robots.js';

const value = fc.array(fc.constantFrom('/', 'a', 'b', '*', '$', '?', '%2f', 'é', '\u{1f600}', 'index.html'), { maxLength: 5 }).map((xs) => xs.join(''));
const ruleLine = fc.tuple(fc.constantFrom('Allow', 'Disallow'), value).map(([k, v]) => `${k}: ${v}`);
const file = fc.array(ruleLine, { maxLength: 40 }).map((lines) => ['User-agent: *', ...lines].join('\n'));
const url = fc
  .array(fc.constantFrom('/', 'a', 'b', 'ab', '?', '$', '%2F', '%C3%A9', '%F0%9F%98%80', 'index.html', '#'), { maxLength: 8 })
  .map((xs) => 'https://x.org/' + xs.join(''));

test('a pending selection answers as the built one, few rules or many', (t) => {
  assertProperty(
    t,
    fc.property(file, fc.array(url, { minLength: 1, maxLength: 5 }), (text, urls) => {
      const pending = new Rfc9309Rules({ source: text, fromBytes: false }).selection('bot');
      const built = new Rfc9309Rules({ source: text, fromBytes: false }).selection('bot');
      const selection = built instanceof PendingSelection ? built.finish() : built;
      return urls.every((u) => pending.allows(u) === selection.allows(u));
    }),
    { seed: 9309, numRuns: 1500 },
  );
});

test('a selection hands over once scans have looked at PAYBACK times its rules', (t) => {
  const view = new Rfc9309Rules({ source: 'User-agent: *\nDisallow: /a\nAllow: /a/b\n', fromBytes: false });
  const first = view.selection('bot');
  t.true(first instanceof PendingSelection);
  for (let k = 0; k < PAYBACK; k++) t.false(first.allows('/a/x'));
  t.is((first as PendingSelection).built, null);
  t.true(first.allows('/a/b'));
  const built = view.selection('bot');
  t.false(built instanceof PendingSelection);
  t.is(built, (first as PendingSelection).built!);
});

test('explain builds the selection, and the parser answers the same before and after', (t) => {
  const p = new RobotExclusionRulesParser();
  p.parse('User-agent: *\nDisallow: /*.pdf$\nAllow: /docs/\nDisallow: /docs/private\n');
  const urls = ['/a.pdf', '/docs/a.pdf', '/docs/private/x', '/docs/x', '/robots.txt'];
  const before = urls.map((u) => p.isAllowed('bot', u, RFC9309));
  t.deepEqual(before, [false, false, false, true, true]);
  t.is(p.explain('bot', '/docs/private/x', RFC9309).rule?.line, 4);
  t.deepEqual(
    urls.map((u) => p.isAllowed('bot', u, RFC9309)),
    before,
  );
});

test('a selection whose wildcard values pass the scan limit by their characters builds at once', (t) => {
  // 300 rules of 4,000 characters: 1.2 million characters, past SCAN_LIMIT
  // whatever the path (each try reads its pattern), though 300 rules times
  // a short path is far below it.
  const text = 'User-agent: *\n' + Array.from({ length: 300 }, (_, i) => `Disallow: /*${'a'.repeat(4000)}${i}*q`).join('\n');
  const first = new Rfc9309Rules({ source: text, fromBytes: false }).selection('bot');
  t.true(first instanceof PendingSelection);
  t.true(first.allows('/x'));
  t.not((first as PendingSelection).built, null);
  // The same count of short values is scanned.
  const short = new Rfc9309Rules({
    source: 'User-agent: *\n' + Array.from({ length: 300 }, (_, i) => `Disallow: /*a${i}*q`).join('\n'),
    fromBytes: false,
  }).selection('bot');
  t.true(short.allows('/x'));
  t.is((short as PendingSelection).built, null);
});
