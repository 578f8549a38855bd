// lint: the file as a whole. Titles start with the code they check.
import test from 'ava';
import { lint } from '../../src/index.js';
import { invalidUtf8At } from '../../src/internal.js';
import { findings, found, one } from '../helpers/lint.js';
import { latin1 } from '../helpers/robots.js';

test('a clean file has no findings', (t) => {
  t.deepEqual(lint('User-agent: *\nAllow: /private/public/\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n'), []);
  t.deepEqual(lint(''), []);
  t.deepEqual(lint('User-agent: *\nDisallow:\n'), [], 'the allow-everything idiom');
});

test('html-document: an HTML page served as robots.txt is one error, and nothing else is reported', (t) => {
  const page = '\n<!DOCTYPE html>\n<html><head><title>Not found</title></head>\n<body>Disallow: /</body></html>\n';
  t.deepEqual(lint(page), [
    {
      line: 2,
      column: 1,
      severity: 'error',
      code: 'html-document',
      message:
        'the file is markup, not a robots.txt (it opens with "<!DOCTYPE html>"): a server that answers /robots.txt with an HTML page (an error page, a soft 404) gives crawlers no rules at all',
    },
  ]);
  t.deepEqual(found('<html lang="en">\n'), ['1:html-document']);
  t.deepEqual(found('<?xml version="1.0"?>\n<urlset/>\n'), ['1:html-document']);
  t.deepEqual(found('# <html> in a comment\nUser-agent: *\nDisallow: /\n'), []);
});

test('not-utf8: the first byte that is not UTF-8, with its line and column', (t) => {
  const d = one(latin1('User-agent: *\nDisallow: /caf\u00e9\n'), 'not-utf8');
  t.like(d, { line: 2, column: 15, severity: 'warning' });
  t.regex(d.message, /byte 0xE9 is not UTF-8/);
  t.deepEqual(findings(new TextEncoder().encode('User-agent: *\nDisallow: /café\n'), 'not-utf8'), [], 'valid UTF-8 bytes');
  t.deepEqual(findings('User-agent: *\nDisallow: /caf\u00e9\n', 'not-utf8'), [], 'a string is text already');
});

test('not-utf8: the validator follows the WHATWG decoder on edge bytes', (t) => {
  const at = (...bytes: number[]): number => invalidUtf8At(String.fromCharCode(...bytes));
  t.is(at(0x61, 0xc3, 0xa9), -1);
  t.is(at(0xc0, 0x80), 0, 'overlong');
  t.is(at(0xed, 0xa0, 0x80), 0, 'surrogate');
  t.is(at(0xf4, 0x90, 0x80, 0x80), 0, 'past U+10FFFF');
  t.is(at(0x61, 0xe2, 0x82), 1, 'cut short');
  t.is(at(0xf0, 0x9f, 0x98, 0x80), -1);
});

test('byte-order-mark: at the start of a string or of bytes', (t) => {
  t.like(one('\uFEFFUser-agent: *\nDisallow: /\n', 'byte-order-mark'), { line: 1, column: 1, severity: 'info' });
  t.like(one(latin1('\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /\n'), 'byte-order-mark'), { line: 1, syntaxes: undefined });
  // In text, the mark's three bytes read as ISO-8859-1 are a mark encoded twice, which RFC9309 does not skip.
  t.like(one('\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /\n', 'byte-order-mark'), { line: 1, syntaxes: ['RFC9309'] });
});

test('line-too-long: a line past 16,663 bytes, counted in UTF-8', (t) => {
  const long = `User-agent: *\nDisallow: /${'a'.repeat(16_663)}\nDisallow: /${'é'.repeat(8_400)}\nDisallow: /${'a'.repeat(16_000)}\n`;
  const hits = findings(long, 'line-too-long');
  t.deepEqual(
    hits.map((d) => d.line),
    [2, 3],
  );
  t.deepEqual(hits[0]!.syntaxes, ['RFC9309']);
});

test('size-over-fetch-cap and size-over-500kib: at the line where each cut falls', (t) => {
  const line = `Disallow: /${'x'.repeat(1012)}\n`; // 1 KiB a line
  const text = 'User-agent: *\n' + line.repeat(600);
  const cap = one(text, 'size-over-fetch-cap');
  const rfc = one(text, 'size-over-500kib');
  // Line 1 holds 14 bytes, so byte 102,400 falls on rule 100 (line 101) and byte 512,000 on rule 500.
  t.is(cap.line, 101);
  t.is(rfc.line, 501);
  t.deepEqual(findings('User-agent: *\n' + line.repeat(99), 'size-over-fetch-cap'), []);
  t.deepEqual(findings('User-agent: *\n' + line.repeat(499), 'size-over-500kib'), []);
});
