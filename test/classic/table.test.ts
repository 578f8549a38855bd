// Records as rows of a table (src/classic/table.ts): selection runs on the
// rows (behaviour.md §3, §2.6), a record object is made only for a row that
// is asked for, and what explain and toString print is what the lines say.
import test from 'ava';
import fc from 'fast-check';
import { GYM2008, MK1996 } from '../../src/index.js';
import { parseRobots, type ParsedRobots, type RobotRecord } from '../../src/internal.js';
import { assertProperty, robots, robotsLines } from '../helpers/robots.js';

/** The record §3 selects, found the way the reader did before the table: on every record, made. */
function selectedOnRecords(parsed: ParsedRobots, userAgent: string): RobotRecord | null {
  const lower = userAgent.toLowerCase();
  for (const record of parsed.records) {
    if (record.names.includes('*')) return record;
    for (const name of record.names) if (lower.includes(name.toLowerCase())) return record;
  }
  return null;
}

const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join('\n') + '\n';

test('among thousands of groups, the group naming the agent applies, and the record made for it is kept', (t) => {
  const parsed = parseRobots(lines(3_000, (i) => `User-agent: bot${i}\nCrawl-delay: ${i}\nDisallow: /x${i}\n`));
  t.is(parsed.size, 3_000);
  // `bot2999` holds `bot2`, `bot29`, `bot299` too: the first in file order applies.
  t.is(parsed.rowFor('Bot2999/1.0'), 2);
  t.is(parsed.rowFor('x bot2999'), 2);
  t.is(parsed.rowFor('nobody'), -1);
  const record = parsed.recordFor('MyBot1234')!;
  // Four lines a group: its three and a blank one.
  t.deepEqual([record.names, record.line, record.crawlDelay], [['bot1'], 5, 1]);
  t.is(parsed.recordFor('bot1'), record, 'a row asked again gives the record made, with its compiled rules');
  t.is(parsed.record(1), record);
  t.is(parsed.records[1], record, 'the list of every record holds the ones made before');
  t.is(parsed.records.length, 3_000);
  t.is(parsed.records, parsed.records, 'made once');
});

test('a group matching a later name in the file applies when no earlier one matches', (t) => {
  const p = robots(lines(500, (i) => `User-agent: crawler-${i}-x\nDisallow: /p${i}\n`));
  t.false(p.isAllowed('Crawler-499-X/2.0', '/p499/a', MK1996));
  t.true(p.isAllowed('Crawler-499-X/2.0', '/p498/a', GYM2008));
  t.deepEqual(p.explain('crawler-499-x', '/p499'), {
    allowed: false,
    record: { names: ['crawler-499-x'], line: 1498 },
    rule: { kind: 'disallow', path: '/p499', line: 1499 },
  });
});

test('records naming * come last, in file order, each with its own crawl delay', (t) => {
  const text = [
    'User-agent: *',
    'Crawl-delay: 1',
    'Disallow: /star1',
    '',
    'User-agent: alpha',
    'Crawl-delay: 2',
    'Disallow: /alpha',
    '',
    'User-agent: beta',
    'User-agent: *',
    'Crawl-delay: 3',
    'Disallow: /beta-star',
    '',
    'User-agent: gamma',
    'Disallow: /gamma',
  ].join('\n');
  const parsed = parseRobots(text);
  t.deepEqual(
    parsed.records.map((r) => [r.names, r.line, r.crawlDelay, r.isDefault]),
    [
      [['alpha'], 5, 2, false],
      [['gamma'], 14, null, false],
      [['*'], 1, 1, true],
      [['beta', '*'], 9, 3, true],
    ],
  );
  t.deepEqual(
    [0, 1, 2, 3].map((i) => parsed.isDefault(i)),
    [false, false, true, true],
  );
  // beta's only group names `*` as well: it is a default record, after every named one.
  t.is(parsed.rowFor('beta'), 2);
  t.is(parsed.rowFor('gamma-alpha'), 0);
  const p = robots(text);
  t.deepEqual(
    ['alpha', 'beta', 'gamma', 'other'].map((ua) => p.getCrawlDelay(ua)),
    [2, 1, null, 1],
  );
});

test('names with upper case are matched lower-cased and printed as written', (t) => {
  const p = robotsLines('User-agent: FooBot', 'User-agent: ÄrgerBot', 'Disallow: /a', '', 'User-agent: *', 'Disallow: /');
  t.deepEqual(p.explain('Mozilla/5.0 (ärgerbot)', '/a/b').record, { names: ['FooBot', 'ÄrgerBot'], line: 1 });
  t.deepEqual(p.explain('xFOOBOTx', '/a/b').record, { names: ['FooBot', 'ÄrgerBot'], line: 1 });
  t.deepEqual(p.explain('Foo Bot', '/a/b').record, { names: ['*'], line: 5 });
  const [record] = parseRobots('User-agent: FooBot\nUser-agent: bar\nDisallow: /\n').records;
  t.deepEqual(
    [record!.names, record!.lowerNames],
    [
      ['FooBot', 'bar'],
      ['foobot', 'bar'],
    ],
  );
});

test('a name lower-cased to more characters, or scrubbed of control characters, is matched and printed as read', (t) => {
  // U+0130 lower-cases to two code units; U+0001 is scrubbed out of the name (behaviour.md §1.7).
  const p = robotsLines('User-agent: \u0130Bot', 'Disallow: /i', '', 'User-agent: Con\u0001trol', 'Disallow: /c');
  t.is(p.isAllowed('x i\u0307bot y', '/i'), false);
  t.is(p.isAllowed('x ibot y', '/i'), true);
  t.deepEqual(p.explain('the control bot', '/c').record, { names: ['Control'], line: 4 });
  t.is(p.toString(), 'User-agent: \u0130Bot\nDisallow: /i\n\nUser-agent: Control\nDisallow: /c\n\n');
});

test('groups without names or without rules are dropped, and give back what they read', (t) => {
  const text = [
    'User-agent:',
    'Disallow: /no-name',
    '',
    'User-agent: Dropped\u0001One',
    'User-agent: DroppedTwo',
    'Crawl-delay: 9',
    '',
    'User-agent: K\u0001ept',
    'Crawl-delay: 4',
    'Disallow: /kept',
  ].join('\n');
  const parsed = parseRobots(text);
  t.deepEqual(
    parsed.records.map((r) => [r.names, r.lowerNames, r.line, r.crawlDelay]),
    [[['Kept'], ['kept'], 8, 4]],
  );
  t.is(parsed.nameCount, 1);
  t.is(parsed.joinedChars, 'Kept'.length + 'kept'.length, 'the dropped names are not kept');
  t.is(parsed.rowFor('droppedone'), -1);
  t.is(parsed.rowFor('droppedtwo'), -1);
  t.is(parsed.rowFor('a kept bot'), 0);
});

test('a group of several names applies for any of them', (t) => {
  const p = robotsLines('User-agent: one', 'User-agent: two', 'User-agent: three', 'Disallow: /shared', '', 'User-agent: four', 'Disallow: /four');
  for (const ua of ['one', 'TWO/1.0', 'a three b']) t.false(p.isAllowed(ua, '/shared'), ua);
  t.true(p.isAllowed('four', '/shared'));
  t.deepEqual(p.explain('Three', '/shared').record, { names: ['one', 'two', 'three'], line: 1 });
});

test('explain and toString print the records of a reordered file as they did', (t) => {
  const p = robotsLines(
    'User-agent: *',
    'Crawl-delay: 0.5',
    'Disallow: /all # comment',
    '',
    'User-agent: FooBot',
    'User-agent: barbot',
    'Allow: /foo/ok',
    'Disallow: /foo',
    '',
    'Sitemap: https://example.com/s.xml',
  );
  t.is(
    p.toString(),
    'User-agent: FooBot\nUser-agent: barbot\nAllow: /foo/ok\nDisallow: /foo\n\nUser-agent: *\nCrawl-delay: 0.5\nDisallow: /all\n\nSitemap: https://example.com/s.xml\n',
  );
  t.deepEqual(p.explain('BarBot/3', '/foo/x'), {
    allowed: false,
    record: { names: ['FooBot', 'barbot'], line: 5 },
    rule: { kind: 'disallow', path: '/foo', line: 8 },
  });
  t.deepEqual(p.explain('other', '/all/x'), {
    allowed: false,
    record: { names: ['*'], line: 1 },
    rule: { kind: 'disallow', path: '/all', line: 3 },
  });
});

// Random files: the table selects what a scan of every record made selects.

const NAME_PARTS = ['bot', 'Bot', 'BOT', 'a', 'B', '*', ' ', '-', '/1', '\u0130', '\u212a', '\u00c4', '\u0001', '\t', '#x'];
const name = fc.array(fc.constantFrom(...NAME_PARTS), { maxLength: 4 }).map((parts) => parts.join(''));
const line = fc.oneof(
  name.map((n) => `User-agent: ${n}`),
  fc.constantFrom('Disallow: /a', 'Allow: /b', 'Disallow:', 'Crawl-delay: 2', 'Crawl-delay: x', ''),
);
const file = fc.array(line, { maxLength: 30 }).map((ls) => ls.join('\n'));
const agent = fc.oneof(
  name,
  fc.array(fc.constantFrom(...NAME_PARTS, 'x', 'k', 'i\u0307', '\u00e4'), { maxLength: 8 }).map((parts) => parts.join('')),
);

test('property: the table selects the record a scan of every made record selects', (t) => {
  assertProperty(
    t,
    fc.property(file, fc.array(agent, { minLength: 1, maxLength: 5 }), (text, agents) => {
      const parsed = parseRobots(text);
      for (const ua of agents) {
        // The table first, so that it selects before any record is made.
        const selected = parsed.recordFor(ua);
        if (selected !== selectedOnRecords(parsed, ua)) return false;
      }
      const records = parsed.records;
      let defaults = false;
      for (let i = 0; i < records.length; i++) {
        const r = records[i]!;
        if (r !== parsed.record(i) || r.isDefault !== parsed.isDefault(i) || r.isDefault !== r.names.includes('*')) return false;
        if (r.names.some((n, k) => n === '' || r.lowerNames[k] !== n.toLowerCase())) return false;
        // §2.6: no named record after a default one.
        if (defaults && !r.isDefault) return false;
        defaults ||= r.isDefault;
      }
      return true;
    }),
    { seed: 14, numRuns: 400 },
  );
});
