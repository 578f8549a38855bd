// Files and URLs on which MK1996, GYM2008 and RFC9309 disagree, from one parse.
// The same table is in docs/syntaxes.md. A boolean cannot take three values,
// so the first six rows show every way the three answers can split.
import test from 'ava';
import { RobotExclusionRulesParser, GYM2008, MK1996, RFC9309 } from '../src/index.js';

interface Row {
  readonly file: string;
  readonly ua?: string;
  readonly url: string;
  /** Allowed under MK1996, GYM2008, RFC9309. */
  readonly answers: readonly [boolean, boolean, boolean];
  readonly why: string;
}

const ROWS: readonly Row[] = [
  { file: 'User-agent: *\nDisallow: /*.pdf$', url: '/files/report.pdf', answers: [true, false, false], why: '* and $ are literal in MK1996' },
  {
    file: 'User-agent: *\nAllow: /*.html\nDisallow: /',
    url: '/page.html',
    answers: [false, true, true],
    why: 'MK1996 reads /*.html literally and falls to Disallow: /',
  },
  {
    file: 'User-agent: *\nAllow: /*.html\nDisallow: /private/',
    url: '/private/page.html',
    answers: [false, true, false],
    why: 'GYM2008 takes the first match, RFC9309 the longest',
  },
  {
    file: 'User-agent: *\nDisallow: /*.php\nAllow: /index.php',
    url: '/index.php',
    answers: [true, false, true],
    why: 'the first match is a wildcard only GYM2008 sees; the allow is longer',
  },
  { file: 'User-agent: *\nDisallow: /shop\nAllow: /shop/cart', url: '/shop/cart', answers: [false, false, true], why: 'first match against longest match' },
  { file: 'User-agent: ExampleBot\n\nDisallow: /', url: '/page', answers: [true, true, false], why: 'a blank line ends a record, not a group' },
  { file: 'User-agent: bot\nDisallow: /', url: '/page', answers: [false, false, true], why: 'substring of the user agent against product-token equality' },
  {
    file: 'User-agent: Googlebot\nDisallow: /',
    ua: 'Mozilla/5.0 (compatible; Googlebot/2.1)',
    url: '/page',
    answers: [false, false, true],
    why: 'RFC9309 reads the leading product token, Mozilla',
  },
  {
    file: 'User-agent: ExampleBot\nDisallow: /a\n\nUser-agent: ExampleBot\nDisallow: /b',
    url: '/b',
    answers: [true, true, false],
    why: 'first record only against pooled groups',
  },
  {
    file: 'User-agent: *\nDisallow:\nDisallow: /tmp/',
    url: '/tmp/x',
    answers: [true, true, false],
    why: 'an empty Disallow allows all as a first match; RFC9309 ignores it',
  },
  { file: 'User-agent: *\nDisallow /', url: '/page', answers: [true, true, false], why: 'a line without a colon' },
  { file: 'User-agent: *\nDisalow: /', url: '/page', answers: [true, true, false], why: 'Google accepts the typo' },
  {
    file: 'User-agent: *\nDisallow: /%7Euser/',
    url: '/~user/x',
    answers: [false, false, true],
    why: 'MK1996 and GYM2008 decode escapes, RFC9309 compares them as written',
  },
  { file: 'User-agent: *\nDisallow: /', url: '/robots.txt', answers: [false, false, true], why: '/robots.txt is always allowed' },
  {
    file: 'User-agent: *\nAllow: /home/index.html\nDisallow: /',
    url: '/home/',
    answers: [false, false, true],
    why: 'an allowed index.html allows its directory',
  },
];

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
