// Bytes read as ISO-8859-1 (docs/behaviour.md §1.1): each byte the character of the same code, at any length.
import test from 'ava';
import { latin1 } from '../../src/internal.js';

/** Bytes cycling through every value, from an offset so that slices do not line up with the cycle. */
function bytesOf(length: number, offset: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 7 + offset) & 0xff);
}

test('latin1 gives each byte as the character of its code, across the slices it reads in', (t) => {
  for (const length of [0, 1, 255, 256, 8191, 8192, 8193, 16_385, 100_000]) {
    const bytes = bytesOf(length, length % 13);
    t.is(latin1(bytes), Buffer.from(bytes).toString('latin1'), `${length} bytes`);
  }
});

test('latin1 reads a view into a larger buffer from its own start', (t) => {
  const whole = bytesOf(20_000, 3);
  const view = whole.subarray(5_000, 14_000);
  t.is(latin1(view), Buffer.from(whole).toString('latin1').slice(5_000, 14_000));
});
