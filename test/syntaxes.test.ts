// Files and URLs on which MK1996, GYM2008 and RFC9309 disagree, from one parse
// (the table is in helpers/syntax-rows.ts, and in docs/syntaxes.md).
import test from 'ava';
import { RobotExclusionRulesParser, GYM2008, MK1996, RFC9309 } from '../src/index.js';
import { SYNTAX_ROWS as ROWS } from './helpers/syntax-rows.js';

for (const row of ROWS) {
  const ua = row.ua ?? 'ExampleBot';
  test(`three syntaxes: ${row.why} (${row.url})`, (t) => {
    const p = new RobotExclusionRulesParser();
    p.parse(row.file);
    t.deepEqual(
      ([MK1996, GYM2008, RFC9309] as const).map((s) => p.isAllowed(ua, 'https://example.com' + row.url, s)),
      [...row.answers],
    );
  });
}

test('the first six rows show every way three boolean answers can differ', (t) => {
  const splits = new Set(ROWS.slice(0, 6).map((r) => r.answers.join()));
  t.is(splits.size, 6);
  for (const s of splits) t.true(s.includes('true') && s.includes('false'), s);
});
