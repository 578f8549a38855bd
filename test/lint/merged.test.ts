// lint: shadowing across the groups RFC 9309 merges for one agent. Titles
// start with the code they check.
import test from 'ava';
import { lint } from '../../src/index.js';
import { shadowWork } from '../../src/internal.js';
import { answers, findings, one } from '../helpers/lint.js';

test('shadowed-across-groups: an opposite rule of another group for the same agent wins under RFC9309', (t) => {
  const text = 'User-agent: a\nDisallow: /private/\n\nUser-agent: b\nDisallow: /b/\n\nUser-agent: a\nAllow: /private/\n';
  const d = one(text, 'shadowed-across-groups');
  t.like(d, { line: 2, severity: 'warning', syntaxes: ['RFC9309'] });
  t.true(d.message.startsWith('for "a", RFC9309 merges this group with the group of line 7'), d.message);
  t.true(d.message.includes('"Allow: /private/" (line 8)'), d.message);
  t.deepEqual(answers(text, 'a', '/private/x'), { MK1996: false, GYM2008: false, RFC9309: true });
});

test('shadowed-across-groups: only for the agent both groups name, and not when the rule is longer or answers the same', (t) => {
  // "b" is in the first group only: for it the rule decides; for "a" it does not.
  const shared = 'User-agent: a\nUser-agent: b\nDisallow: /p/\n\nUser-agent: a\nAllow: /p/\n';
  t.like(one(shared, 'shadowed-across-groups'), { line: 3 });
  t.deepEqual(answers(shared, 'b', '/p/x'), { MK1996: false, GYM2008: false, RFC9309: false });
  t.deepEqual(answers(shared, 'a', '/p/x'), { MK1996: false, GYM2008: false, RFC9309: true });
  // A longer rule wins, so nothing is shadowed; the same answer changes nothing.
  t.deepEqual(findings('User-agent: a\nDisallow: /p/x\n\nUser-agent: a\nAllow: /p/\n', 'shadowed-across-groups'), []);
  t.deepEqual(findings('User-agent: a\nDisallow: /p/\n\nUser-agent: a\nDisallow: /p/\n', 'shadowed-across-groups'), []);
  // Different agents are not merged; the * groups are.
  t.deepEqual(findings('User-agent: a\nDisallow: /p/\n\nUser-agent: b\nAllow: /p/\n', 'shadowed-across-groups'), []);
  t.regex(one('User-agent: *\nDisallow: /p/\n\nUser-agent: *\nAllow: /p/\n', 'shadowed-across-groups').message, /^for the \* group/);
});

/** Letters only, so that RFC 9309 reads the whole name as the product token. */
const name = (k: number): string => `bot${k.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;

/** The merging worst case: one group names n agents, and each agent has a group of its own too. */
function sharedAgents(n: number): string {
  const lines: string[] = [];
  for (let k = 0; k < n; k++) lines.push(`User-agent: ${name(k)}`);
  for (let k = 0; k < n; k++) lines.push(`Disallow: /d${k}/`);
  for (let k = 0; k < n; k++) lines.push('', `User-agent: ${name(k)}`, `Allow: /d${k}/`);
  return lines.join('\n') + '\n';
}

test('the work of comparing merged groups grows linearly with the file', (t) => {
  const work = (n: number): number => {
    shadowWork.steps = 0;
    lint(sharedAgents(n));
    return shadowWork.steps;
  };
  const small = work(500);
  const large = work(8_000);
  // Every agent's merged set would grow the work 256 times; linear work grows 16 times.
  t.true(large <= small * 20, `${small} steps for 500 agents, ${large} for 8,000`);
  t.true(findings(sharedAgents(4), 'shadowed-across-groups').length === 4, 'a small file has every finding');
});
