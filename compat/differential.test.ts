// Generated robots.txt files, user agents and URLs, answered by Python's
// urllib.robotparser and by the port side by side. COMPAT_SEED=<n> replays a
// run, COMPAT_SEED=random draws a new seed (printed); the default is a fixed
// seed so that CI is reproducible. COMPAT_FILES sets how many files.
import test from 'ava';
import { CLASSES } from './classify.js';
import { compare, describe, shrink, type Finding, type Report } from './differential.js';
import { generate } from './generator.js';
import { PythonSession } from './python.js';
import { ASPECTS, portAnswerer } from './subject.js';

const DEFAULT_SEED = 1996;

function seedFromEnv(): number {
  const v = process.env['COMPAT_SEED'];
  if (v === undefined || v === '') return DEFAULT_SEED;
  if (v === 'random') return Math.floor(Math.random() * 2 ** 31);
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new RangeError(`COMPAT_SEED must be an integer or 'random', not ${JSON.stringify(v)}`);
  return n;
}

const seed = seedFromEnv();
const fileCount = Number(process.env['COMPAT_FILES'] || 400);
const answerer = portAnswerer();
let session: PythonSession;
let report: Report;

test.before(async () => {
  session = await PythonSession.start();
  report = await compare(session, generate(seed, fileCount), answerer, ASPECTS);
});

test.after.always(() => session?.close());

async function explain(findings: Finding[], bad: Parameters<typeof shrink>[3]): Promise<string> {
  const shown = await Promise.all(findings.slice(0, 3).map((f) => shrink(session, f, answerer, bad)));
  return [`${findings.length} case(s); the first, shrunk:`, ...shown.map((f) => describe(f, seed))].join('\n\n');
}

test('the generator asks Python and the port at least 2,000 can_fetch questions', (t) => {
  t.log(`seed ${seed}, ${fileCount} files, ${session.info.python.split(' ')[0]}`);
  for (const aspect of ASPECTS) {
    const { total, agree, byClass } = report.tallies[aspect];
    t.log(`${aspect}: ${total} compared, ${agree} agree, ${total - agree} differ: ${JSON.stringify(byClass)}`);
  }
  t.true(report.tallies.canFetch.total >= 2000, `only ${report.tallies.canFetch.total} questions`);
});

for (const aspect of ASPECTS) {
  test(`every ${aspect} disagreement falls in a known difference class`, async (t) => {
    const found = report.unclassified.filter((f) => f.aspect === aspect);
    t.is(found.length, 0, found.length ? await explain(found, (v) => !v.agree && v.classes === null) : '');
  });
}

test("doing every known difference the Python way gives Python's answer to every question", async (t) => {
  const found = report.modelFailures;
  t.is(found.length, 0, found.length ? await explain(found, (v) => !v.modelAgrees) : '');
});

test('the generator lands on every difference class', (t) => {
  const seen = new Set<string>();
  for (const aspect of ASPECTS) for (const label of Object.keys(report.tallies[aspect].byClass)) for (const id of label.split('+')) seen.add(id);
  const missing = CLASSES.map((k) => k.id).filter((id) => !seen.has(id));
  t.deepEqual(missing, [], `seed ${seed}: no generated disagreement fell in ${missing.join(', ')}`);
});
