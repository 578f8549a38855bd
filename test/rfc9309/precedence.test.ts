// RFC 9309 precedence through the parser, at every size of group: up to
// eight rules compared in place in the text, up to 24 tried in turn as
// strings, and the index beyond; each checked against every rule tried.
import test from 'ava';
import fc from 'fast-check';
import { RFC9309 } from '../../src/index.js';
import { assertProperty, robotsLines } from '../helpers/robots.js';
import { longestMatch, type ReferenceRule } from '../helpers/reference.js';

/** A file of one `*` group holding these rules, one a line from line 2 on. */
function groupOf(rules: readonly ReferenceRule[]): string[] {
  return ['User-agent: *', ...rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`)];
}

/** The rules 1 to n: `/r1`, `/r2`, … (none a prefix of the paths below). */
const filler = (n: number): ReferenceRule[] => Array.from({ length: n }, (_, k) => ({ pattern: `/r${k + 1}`, allow: false }));

for (const size of [3, 12, 30]) {
  test(`a literal found later in the URL than where its path starts does not match (${size} rules)`, (t) => {
    // Each literal and its decoy (`/ab---d`, `/abzzzd`) agree at index 1 and at the literal's last index.
    const literals = ['/ab-d', '/ab---d', '/ab----------d'];
    const p = robotsLines(...groupOf([...literals.map((pattern) => ({ pattern, allow: false })), ...filler(size - 3)]));
    // Short URLs, and long ones (past 512 characters a literal is confirmed another way).
    for (const tail of ['', '/x'.repeat(400)]) {
      for (const literal of literals) {
        const decoy = literal.replace(/-/g, 'z');
        t.true(p.isAllowed('bot', `https://example.com${decoy}${literal}${tail}`, RFC9309), `${literal} later, ${tail.length}`);
        t.false(p.isAllowed('bot', `https://example.com${literal}${decoy}${tail}`, RFC9309), `${literal} first, ${tail.length}`);
      }
    }
  });

  test(`an allow as long as a disallow wins, written before or after it (${size} rules)`, (t) => {
    for (const rules of [
      [
        { pattern: '/shop/', allow: false },
        { pattern: '/shop*', allow: true },
      ],
      [
        { pattern: '/shop*', allow: true },
        { pattern: '/shop/', allow: false },
      ],
    ]) {
      const p = robotsLines(...groupOf([...filler(size - 2), ...rules]));
      const verdict = p.explain('bot', '/shop/cart', RFC9309);
      t.true(verdict.allowed);
      t.like(verdict.rule, { kind: 'allow', path: '/shop*' });
    }
  });

  test(`the first of equally long allows is the one explain names (${size} rules)`, (t) => {
    const p = robotsLines(
      ...groupOf([...filler(size - 3), { pattern: '/a*c', allow: true }, { pattern: '/ab*', allow: true }, { pattern: '/abc', allow: false }]),
    );
    t.like(p.explain('bot', '/abc', RFC9309).rule, { kind: 'allow', path: '/a*c', line: size - 1 });
  });
}

// Few characters, so that rules and paths share prefixes, second and last characters, and near misses.
const patternChars = fc.constantFrom('/', 'a', 'b', 'c', '-', '?', '=', '*', '$');
const pattern = fc.string({ unit: patternChars, minLength: 1, maxLength: 7 }).map((s) => (s.startsWith('*') ? s : '/' + s));
const pathOf = fc.string({ unit: fc.constantFrom('/', 'a', 'b', 'c', '-', '?', '=', '*', '$'), maxLength: 14 }).map((s) => '/' + s);

test('property: at every size of group, the deciding rule is the one trying every rule finds', (t) => {
  assertProperty(
    t,
    fc.property(
      fc.array(fc.record({ allow: fc.boolean(), pattern }), { minLength: 1, maxLength: 34 }),
      fc.array(fc.tuple(pathOf, fc.constantFrom('', '#frag', '#/a')), { minLength: 1, maxLength: 12 }),
      (rules, queries) => {
        const p = robotsLines(...groupOf(rules));
        for (const [path, fragment] of queries) {
          const url = 'https://example.com' + path + fragment;
          const k = longestMatch(rules, path);
          const verdict = p.explain('bot', url, RFC9309);
          if (p.isAllowed('bot', url, RFC9309) !== verdict.allowed) return false;
          if (k < 0 ? verdict.rule !== null || !verdict.allowed : verdict.rule?.line !== k + 2 || verdict.allowed !== rules[k]!.allow) return false;
        }
        return true;
      },
    ),
    { numRuns: 400 },
  );
});
