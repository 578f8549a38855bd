// The heap estimate a parser reports (estimatedBytes) against heap measured
// in a child process run with --expose-gc: many copies of a file are parsed,
// each from its own string, asked about in every syntax and kept; the heap
// they add is divided by their number. Factors are generous: what is checked
// is that the estimate tracks what a parse holds, hostile files included.
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { RFC9309, RobotExclusionRulesParser } from '../src/index.js';

const MEASURE = `
const { RobotExclusionRulesParser, GYM2008, MK1996, RFC9309 } = await import(process.argv[1]);
const { readFileSync } = await import('node:fs');
const base = readFileSync(0, 'utf8');
const copies = Math.max(6, Math.min(500, Math.floor(1e6 / base.length)));
const used = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
const once = () => {
  const kept = [];
  gc(); gc();
  const before = used();
  for (let k = 0; k < copies; k++) {
    const p = new RobotExclusionRulesParser();
    p.parse(Buffer.from(base + '#' + k, 'latin1').toString('latin1'));
    for (const s of [GYM2008, MK1996, RFC9309]) p.isAllowed('bot', 'https://example.com/' + 'a'.repeat(200), s);
    kept.push(p);
  }
  gc(); gc();
  return [(used() - before) / kept.length, kept[0].estimatedBytes()];
};
once();
process.stdout.write(JSON.stringify(once()));
`;

/** [measured bytes per copy, estimate] for `text`. */
function measure(text: string): [number, number] {
  const index = new URL('../src/index.js', import.meta.url).href;
  // The text goes by standard input: an argument holds at most 128 KiB.
  const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', MEASURE, index], {
    input: text,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out) as [number, number];
}

const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join('\n') + '\n';

const FILES: Record<string, string> = {
  'a small real-looking file': 'User-agent: *\nDisallow: /admin/\nDisallow: /*?s=\nAllow: /public\nCrawl-delay: 2\nSitemap: https://example.com/sitemap.xml\n',
  '100 KiB of /*N* wildcard rules': 'User-agent: *\n' + lines(5_800, (i) => `Disallow:/*${i}*`),
  // Past 65,535 characters of keys, the index's offsets take four bytes an entry (engine/indexes.ts).
  '500 KiB of /*N* wildcard rules, the least cap RFC 9309 allows': 'User-agent: *\n' + lines(28_000, (i) => `Disallow:/*${i}*`),
  '100 KiB of one rule written again': 'User-agent: *\n' + 'Disallow:/*aa*q\n'.repeat(6_399),
  '100 KiB of literal rules': 'User-agent: *\n' + lines(5_800, (i) => `Disallow:/p${i}/`),
  '100 KiB of one-rule groups': lines(2_700, (i) => `User-agent: bot${i}\nDisallow:/x${i}`),
  'one rule of 100 KiB': 'User-agent: *\nDisallow: /' + '%'.repeat(100_000) + '\n',
};

for (const [name, text] of Object.entries(FILES)) {
  test(`the estimate is within 0.6x to 4x of the heap measured: ${name}`, (t) => {
    const [measured, estimate] = measure(text);
    t.log(`measured ${(measured / 1024).toFixed(1)} KiB, estimated ${(estimate / 1024).toFixed(1)} KiB`);
    t.true(estimate >= 0.6 * measured, `estimate ${estimate} under 0.6x of ${measured}`);
    t.true(estimate <= 4 * measured, `estimate ${estimate} over 4x of ${measured}`);
  });
}

test('the estimate is made in advance: checks do not change it, a new parse does', (t) => {
  const p = new RobotExclusionRulesParser();
  const empty = p.estimatedBytes();
  p.parse(FILES['100 KiB of /*N* wildcard rules']!);
  const parsed = p.estimatedBytes();
  t.true(parsed > 100 * 1024);
  p.isAllowed('bot', '/a1b');
  p.isAllowed('bot', '/a1b', RFC9309);
  t.is(p.estimatedBytes(), parsed);
  p.parse('');
  t.is(p.estimatedBytes(), empty);
});

test('text past U+00FF counts two bytes a character', (t) => {
  const one = new RobotExclusionRulesParser();
  one.parse('User-agent: *\n# ' + 'é'.repeat(10_000));
  const two = new RobotExclusionRulesParser();
  two.parse('User-agent: *\n# ' + '€'.repeat(10_000));
  t.true(two.estimatedBytes() - one.estimatedBytes() >= 9_000);
});
