// `rerp serve` in process: its help, its usage errors, and a run stopped by
// an AbortSignal after answering one request.
import test from 'ava';
import { serveCommand } from '../../src/cli/serve-command.js';
import { run } from '../helpers/cli.js';

test('rerp serve --help gives its usage and paragraph', async (t) => {
  const { code, out } = await run(['serve', '--help']);
  t.is(code, 0);
  const lines = out.join('\n').split('\n');
  t.deepEqual(lines.slice(0, 2), ['Usage:', '  rerp serve [--port N] [--allow-private] [--timeout S]']);
  t.true(lines.some((l) => l.startsWith('serve  serves the robots.txt tester page on 127.0.0.1')));
});

test('rerp serve refuses a bad port, a bad timeout and arguments', async (t) => {
  for (const [args, message] of [
    [['--port', '70000'], /--port must be a number from 0 to 65535, got "70000"/],
    [['--port=-1'], /--port must be/],
    [['--port', 'eighty'], /--port must be/],
    [['--timeout', '0'], /--timeout must be a positive number/],
    [['robots.txt'], /serve takes no arguments/],
  ] as const) {
    const { code, err } = await run(['serve', ...args]);
    t.is(code, 2, args.join(' '));
    t.regex(err[0] ?? '', message);
  }
});

test('rerp serve prints its address, serves the page there and stops when told', async (t) => {
  const out: string[] = [];
  const err: string[] = [];
  const stop = new AbortController();
  const running = serveCommand(['--allow-private'], { out: (l) => out.push(l), err: (l) => err.push(l), stop: stop.signal });
  while (out.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  const url = /^robots\.txt tester at (http:\/\/127\.0\.0\.1:\d+\/) \(Ctrl-C stops it\)$/.exec(out[0]!)?.[1];
  t.truthy(url, out[0]);
  t.deepEqual(err, ['rerp: --allow-private: the URL box may fetch from loopback and private addresses']);
  const page = await fetch(url!);
  t.is(page.status, 200);
  t.true((await page.text()).includes('<title>robots.txt tester</title>'));
  stop.abort();
  t.is(await running, 0);
  await t.throwsAsync(fetch(url!));
});
