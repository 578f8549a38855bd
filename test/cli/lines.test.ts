import test from 'ava';
import { Readable } from 'node:stream';
import { MAX_LINE, OVERLONG, readLines, type ReadCount } from '../../src/cli/lines.js';

async function lines(chunks: (string | Uint8Array)[], count?: ReadCount): Promise<string[]> {
  const out: string[] = [];
  for await (const line of readLines(Readable.from(chunks, { objectMode: true }), count)) out.push(line);
  return out;
}

test('lines end at \\n, \\r\\n and \\r, as split(/\\r\\n|\\r|\\n/) would cut the whole', async (t) => {
  const text = 'a\nb\r\nc\rd\n\ne';
  t.deepEqual(await lines([text]), text.split(/\r\n|\r|\n/));
  t.deepEqual(await lines(['a\n']), ['a', '']);
  t.deepEqual(await lines([]), ['']);
});

test('a line end or a character split between chunks is read as one', async (t) => {
  const bytes = Buffer.from('é\r\nü\rx\n');
  const text = bytes.toString();
  // Every way of cutting the bytes in two gives the same lines.
  for (let cut = 0; cut <= bytes.length; cut++) {
    t.deepEqual(await lines([bytes.subarray(0, cut), bytes.subarray(cut)]), text.split(/\r\n|\r|\n/), `cut at ${cut}`);
  }
  t.deepEqual(await lines(['a\r', '\nb']), ['a', 'b']);
  t.deepEqual(await lines(['a\r', 'b']), ['a', 'b']);
});

test('the bytes taken are counted as lines are read', async (t) => {
  const count = { bytes: 0 };
  const seen: number[] = [];
  for await (const line of readLines(Readable.from([Buffer.from('ab\n'), 'é\n'], { objectMode: true }), count)) seen.push(line.length, count.bytes);
  t.deepEqual(seen, [2, 3, 1, 6, 0, 6]);
});

test('a line longer than MAX_LINE is given as OVERLONG, without being held whole', async (t) => {
  const chunk = 'x'.repeat(1 << 16);
  const chunks = Array.from({ length: MAX_LINE / chunk.length + 2 }, () => chunk);
  t.deepEqual(await lines([...chunks, '\nshort\n']), [OVERLONG, 'short', '']);
  t.deepEqual(await lines(chunks), [OVERLONG]);
  t.deepEqual(await lines(['y'.repeat(MAX_LINE) + '\n']), ['y'.repeat(MAX_LINE), '']);
});
