// Fixed cases and every difference class's documented example, answered by
// Python's urllib.robotparser (one process for the file) and by the port.
import test from 'ava';
import { CLASSES, judge, type Case, type PyOutcome } from './classify.js';
import { outcome, request } from './differential.js';
import { FIXED_CASES } from './fixed-cases.js';
import { PythonSession, type PyAnswer } from './python.js';
import { portAnswerer } from './subject.js';

const answerer = portAnswerer();
let session: PythonSession;
let fixed: PyAnswer[];
let examples: PyAnswer[];

const ask = (c: Case): ReturnType<typeof request> => request({ robots: c.robots, agents: [c.ua], urls: [c.url] });

test.before(async () => {
  session = await PythonSession.start();
  [fixed, examples] = await Promise.all([session.ask(FIXED_CASES.map(ask)), session.ask(CLASSES.map((k) => ask(k.example)))]);
});

// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- unset when test.before could not start Python
test.after.always(() => session?.close());

FIXED_CASES.forEach((c, i) => {
  const aspect = c.aspect ?? 'canFetch';
  test(`fixed: ${c.name}`, (t) => {
    const python = outcome(fixed[i]!, aspect, 0);
    const v = judge(c, aspect, python, answerer, session.info);
    const seen = { python, port: v.port };
    if (c.expect === 'agree') t.true(v.agree, JSON.stringify(seen));
    else t.deepEqual(v.classes, c.expect, JSON.stringify(seen));
  });
});

CLASSES.forEach((k, i) => {
  test(`class ${k.id}: its documented example shows the difference, and only it`, (t) => {
    const e = k.example;
    const python: PyOutcome = outcome(examples[i]!, e.aspect, 0);
    t.deepEqual(python, typeof e.python === 'object' && e.python !== null && 'error' in e.python ? { error: e.python.error } : { answer: e.python });
    const v = judge(e, e.aspect, python, answerer, session.info);
    t.deepEqual(v.port, e.port);
    t.deepEqual(v.classes, [k.id]);
  });
});

test('a missing python3 fails the suite with a message saying so', async (t) => {
  await t.throwsAsync(PythonSession.start('/nonexistent/python3'), {
    message: /could not start '\/nonexistent\/python3' \(ENOENT\).*Install Python 3\.8 or newer/s,
  });
});
