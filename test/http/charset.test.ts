import test from 'ava';
import iconv from 'iconv-lite';
import { charsetOf, decodeBody, sniffBom, type DecodeOptions } from '../../src/http/charset.js';
import { RobotsEncodingError } from '../../src/errors.js';

const strict = { defaultCharset: 'iso-8859-1', onDecodeError: 'throw' } satisfies DecodeOptions;
const lenient = { defaultCharset: 'iso-8859-1', onDecodeError: 'replace' } satisfies DecodeOptions;
const asBytes = { defaultCharset: 'utf-8', onDecodeError: 'bytes' } satisfies DecodeOptions;
const bytes = (...b: number[]): Uint8Array => Uint8Array.from(b);

test('charsetOf reads the charset parameter', (t) => {
  t.is(charsetOf('text/plain; charset=UTF-8'), 'UTF-8');
  t.is(charsetOf('text/plain;charset=shift_jis'), 'shift_jis');
  t.is(charsetOf('text/plain; CHARSET = "windows-1251"'), 'windows-1251');
  t.is(charsetOf("text/plain; charset='koi8-r'"), 'koi8-r');
  t.is(charsetOf('text/plain; format=flowed; charset=utf-8; delsp=yes'), 'utf-8');
});

test('charsetOf gives null without a usable charset', (t) => {
  t.is(charsetOf(null), null);
  t.is(charsetOf(''), null);
  t.is(charsetOf('text/plain'), null);
  t.is(charsetOf('text/plain; charset='), null);
  t.is(charsetOf('text/plain; charset=""'), null);
  t.is(charsetOf('charset=utf-8'), null, 'the media type is not a parameter');
  t.is(charsetOf('text/plain; notcharset=utf-8'), null);
});

test('sniffBom recognises the UTF-8 and UTF-16 marks', (t) => {
  t.deepEqual(sniffBom(bytes(0xef, 0xbb, 0xbf, 0x41)), { charset: 'utf-8', length: 3 });
  t.deepEqual(sniffBom(bytes(0xff, 0xfe, 0x41, 0)), { charset: 'utf-16le', length: 2 });
  t.deepEqual(sniffBom(bytes(0xfe, 0xff, 0, 0x41)), { charset: 'utf-16be', length: 2 });
  t.is(sniffBom(bytes(0xef, 0xbb)), null);
  t.is(sniffBom(bytes(0x41, 0xef, 0xbb, 0xbf)), null);
  t.is(sniffBom(bytes()), null);
});

test('the default charset applies without mark or header', (t) => {
  t.is(decodeBody(bytes(0x63, 0xe9), null, strict), 'cé');
  t.is(decodeBody(Buffer.from('cé'), null, { ...strict, defaultCharset: 'utf-8' }), 'cé');
});

test('the header charset beats the default', (t) => {
  t.is(decodeBody(Buffer.from('cé'), 'text/plain; charset=utf-8', strict), 'cé');
});

test('a byte-order mark beats the header and is removed', (t) => {
  t.is(decodeBody(bytes(0xef, 0xbb, 0xbf, 0x63, 0xc3, 0xa9), 'text/plain; charset=iso-8859-1', strict), 'cé');
  t.is(decodeBody(bytes(0xff, 0xfe, 0x63, 0, 0xe9, 0), 'text/plain; charset=utf-8', strict), 'cé');
  t.is(decodeBody(bytes(0xfe, 0xff, 0, 0x63, 0, 0xe9), null, strict), 'cé');
});

test('charsetOnly decodes as the default charset whatever the mark or header says, keeping the mark (urllib)', (t) => {
  const utf8Only = { defaultCharset: 'utf-8', onDecodeError: 'throw', charsetOnly: true } satisfies DecodeOptions;
  t.is(decodeBody(Buffer.from('cé'), 'text/plain; charset=iso-8859-1', utf8Only), 'cé');
  t.is(decodeBody(bytes(0xef, 0xbb, 0xbf, 0x63), null, utf8Only), '\ufeffc');
  t.throws(() => decodeBody(bytes(0x63, 0xe9), 'text/plain; charset=iso-8859-1', utf8Only), { instanceOf: RobotsEncodingError });
  t.throws(() => decodeBody(bytes(0xff, 0xfe, 0x63, 0), null, utf8Only), { instanceOf: RobotsEncodingError });
});

test('only one byte-order mark is removed', (t) => {
  t.is(decodeBody(bytes(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x41), null, strict), '\ufeffA');
});

test('a BOM-less UTF-16 charset is read little-endian', (t) => {
  t.is(decodeBody(bytes(0x41, 0, 0x42, 0), 'text/plain; charset=utf-16', strict), 'AB');
});

test('legacy charsets are decoded through iconv-lite', (t) => {
  t.is(decodeBody(iconv.encode('日本語', 'shift_jis'), 'text/plain; charset=Shift_JIS', strict), '日本語');
  t.is(decodeBody(iconv.encode('привет', 'windows-1251'), 'text/plain; charset=windows-1251', strict), 'привет');
  t.is(decodeBody(iconv.encode('中文', 'gb18030'), 'text/plain; charset=GB18030', strict), '中文');
  t.is(decodeBody(iconv.encode('한국어', 'euc-kr'), 'text/plain; charset=euc-kr', strict), '한국어');
});

test('an unknown charset throws a RobotsEncodingError naming it', (t) => {
  const error = t.throws(() => decodeBody(bytes(0x41), 'text/plain; charset=klingon', strict), { instanceOf: RobotsEncodingError });
  t.is(error.encoding, 'klingon');
  t.is(error.code, 'ERR_ROBOTS_ENCODING');
});

test('an unknown charset throws even under replace', (t) => {
  t.throws(() => decodeBody(bytes(0x41), 'text/plain; charset=klingon', lenient), { instanceOf: RobotsEncodingError });
});

for (const name of ['base64', 'hex', 'constructor', '__proto__', 'toString']) {
  test(`${name} is not a text charset`, (t) => {
    t.throws(() => decodeBody(Buffer.from('QUJD'), `text/plain; charset=${name}`, strict), { instanceOf: RobotsEncodingError });
  });
}

test('the error message says where the bytes came from', (t) => {
  const error = t.throws(() => decodeBody(bytes(0xff), 'text/plain; charset=utf-8', { ...strict, source: 'https://example.com/robots.txt' }));
  t.regex(error.message, /https:\/\/example\.com\/robots\.txt/);
  t.regex(error.message, /utf-8/);
});

for (const [charset, invalid] of [
  ['utf-8', bytes(0x41, 0xc3, 0x28)],
  ['utf-8', bytes(0xed, 0xa0, 0x80)], // an encoded surrogate
  ['utf-16le', bytes(0x00, 0xd8, 0x41, 0x00)], // a lone high surrogate
  ['us-ascii', bytes(0x41, 0x80)],
  ['shift_jis', bytes(0x82, 0xa0, 0xff)],
  ['windows-1251', bytes(0x41, 0x98)],
] as const) {
  test(`bytes invalid in ${charset} (${Buffer.from(invalid).toString('hex')}) throw, or become U+FFFD under replace`, (t) => {
    const error = t.throws(() => decodeBody(invalid, `text/plain; charset=${charset}`, strict), { instanceOf: RobotsEncodingError });
    t.is(error.encoding, charset);
    t.true(decodeBody(invalid, `text/plain; charset=${charset}`, lenient).includes('\ufffd'));
  });
}

test('a genuine U+FFFD is not taken for an invalid byte', (t) => {
  t.is(decodeBody(Buffer.from('a\ufffdb'), 'text/plain; charset=utf-8', strict), 'a\ufffdb');
  t.is(decodeBody(iconv.encode('a\ufffdb', 'gb18030'), 'text/plain; charset=gb18030', strict), 'a\ufffdb');
});

test('ISO-8859-1 never fails: every byte is a character', (t) => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  const text = decodeBody(all, null, strict);
  t.is(text.length, 256);
  t.is(text.charCodeAt(0x80), 0x80, 'true Latin-1, not windows-1252');
});

test('a truncated body drops an incomplete last character instead of failing', (t) => {
  const cut = Buffer.from('ab\u00e9').subarray(0, 3); // a, b, first byte of é
  t.throws(() => decodeBody(cut, 'text/plain; charset=utf-8', strict), { instanceOf: RobotsEncodingError });
  t.is(decodeBody(cut, 'text/plain; charset=utf-8', { ...strict, truncated: true }), 'ab');
  const sjis = iconv.encode('あい', 'shift_jis').subarray(0, 3);
  t.is(decodeBody(sjis, 'text/plain; charset=shift_jis', { ...strict, truncated: true }), 'あ');
  const utf16 = Buffer.from('ab', 'utf16le').subarray(0, 3);
  t.is(decodeBody(utf16, 'text/plain; charset=utf-16le', { ...strict, truncated: true }), 'a');
});

test('a truncated body still throws on an invalid byte before its end', (t) => {
  t.throws(() => decodeBody(bytes(0x41, 0xff, 0x41, 0xc3), 'text/plain; charset=utf-8', { ...strict, truncated: true }), {
    instanceOf: RobotsEncodingError,
  });
});

test("under 'bytes' a body that is not valid UTF-8 comes back as its bytes, the mark removed", (t) => {
  const latin1 = Buffer.from('Disallow: /caf\xe9', 'latin1');
  t.deepEqual(decodeBody(latin1, null, asBytes), latin1);
  t.deepEqual(decodeBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), latin1]), null, asBytes), latin1);
  t.is(decodeBody(Buffer.from('Disallow: /café'), null, asBytes), 'Disallow: /café', 'valid UTF-8 is decoded');
});

test("under 'bytes' bytes invalid in a charset other than UTF-8 still throw, as does an unknown charset", (t) => {
  t.throws(() => decodeBody(bytes(0x41, 0x98), 'text/plain; charset=windows-1251', asBytes), { instanceOf: RobotsEncodingError });
  t.throws(() => decodeBody(bytes(0x41), 'text/plain; charset=no-such-charset', asBytes), { instanceOf: RobotsEncodingError });
});
