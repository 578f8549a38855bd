// decodePath's hand-written UTF-8 decoding against TextDecoder, which
// behaviour.md §4.2 names through the original: each run of byte escapes is
// decoded as TextDecoder('utf-8', { ignoreBOM: true }) decodes those bytes.
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import { decodePath } from '../../src/internal.js';

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The reference: text split into runs of byte escapes and the rest, each run given to TextDecoder. */
function reference(s: string): string {
  let out = '';
  let bytes: number[] = [];
  const flush = (): void => {
    out += utf8.decode(Uint8Array.from(bytes));
    bytes = [];
  };
  for (let i = 0; i < s.length;) {
    const m = /^%([0-9a-fA-F]{2})/.exec(s.slice(i, i + 3));
    const b = m === null ? -1 : parseInt(m[1]!, 16);
    if (b >= 0x80) bytes.push(b);
    else {
      flush();
      out += b === 0x2f ? '%2F' : b >= 0 ? String.fromCharCode(b) : s[i];
    }
    i += b >= 0 ? 3 : 1;
  }
  flush();
  return out;
}

const hex = (b: number): string => '%' + b.toString(16).padStart(2, '0');

function holds<T extends [unknown, ...unknown[]]>(t: ExecutionContext, property: fc.IProperty<T>, numRuns: number): void {
  const result = fc.check(property, { numRuns });
  t.false(result.failed, fc.defaultReportMessage(result) ?? '');
}

test('a path without escapes is returned as it is', (t) => {
  const path = '/a/b?c=d';
  t.is(decodePath(path), path);
});

test('every two-byte run of escapes decodes as TextDecoder decodes it', (t) => {
  const wrong: string[] = [];
  for (let a = 0x80; a < 0x100; a++) {
    for (let b = 0; b < 0x100; b++) {
      const s = `/x${hex(a)}${hex(b)}y`;
      if (decodePath(s) !== reference(s)) wrong.push(s);
    }
  }
  t.deepEqual(wrong, []);
});

test('runs of byte escapes decode as TextDecoder decodes them', (t) => {
  const escape = fc.oneof(fc.integer({ min: 0x80, max: 0xff }).map(hex), fc.constantFrom('%C3%A9', '%E2%82%AC', '%F0%9F%98%80', '%ED%A0%80', '%F4%90%80%80'));
  const piece = fc.oneof(escape, escape, fc.constantFrom('a', '/', '%', '%4', '%zz', '%41', '%2f', '%2F', 'é'));
  holds(
    t,
    fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => decodePath(pieces.join('')) === reference(pieces.join(''))),
    20000,
  );
});

test('an encoded slash stays encoded, in upper case', (t) => {
  t.is(decodePath('/a%2fb%2Fc'), '/a%2Fb%2Fc');
});

test('an escape of a character below 0x80 ends a run of bytes', (t) => {
  t.is(decodePath('/%C3%41%A9'), '/\ufffdA\ufffd');
});
