// Unit tests of src/text/url-path.ts: urlPath (4.1 and the port's choices) and decodePath (4.2).
import test from 'ava';
import { decodePath, matchTarget, urlPath } from '../../src/internal.js';

/** A readable name for a test: JSON with every non-ASCII code unit escaped. */
const show = (s: string) => JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const urlCases: Array<[string, string, string]> = [
  ['4.1 scheme and authority dropped', 'http://example.com/a?b', '/a?b'],
  ['4.1 params and query kept', 'https://example.com/a/b;p=1?q=2&r', '/a/b;p=1?q=2&r'],
  ['4.1 userinfo and port dropped', 'https://user:pw@example.com:8443/x', '/x'],
  ['4.1 scheme in capitals', 'HTTP://EXAMPLE.COM/X', '/X'],
  ['4.1 scheme with + - .', 'git+ssh.x-y://host/repo', '/repo'],
  ['4.1 path only', '/a/b?c', '/a/b?c'],
  ['4.1 a colon later in the path is no scheme', '/a:b/c', '/a:b/c'],
  ['4.1 scheme without authority', 'http:/x', '/x'],
  ['4.1 empty authority', 'file:///etc/hosts', '/etc/hosts'],
  ['7 fragment dropped', 'http://example.com/a?b#c', '/a?b'],
  ['7 fragment dropped from a path', '/a#b?c', '/a'],
  ['7 only the first # counts', '/a#b#c', '/a'],
  ['7 no path is /', 'http://example.com', '/'],
  ['7 no path, with a port, is /', 'http://example.com:8080', '/'],
  ['7 no path, with a fragment, is /', 'http://example.com#x', '/'],
  ['7 no path, with a query, is / with the query', 'http://example.com?q=1', '/?q=1'],
  ['7 empty string is /', '', '/'],
  ['4b relative path gets a leading /', 'page.html', '/page.html'],
  ['4b relative path with a colon after a slash', 'a/b:c', '/a/b:c'],
  ['4b query only', '?q', '/?q'],
  ['4b // starts an authority', '//host/p?q', '/p?q'],
  ['4b // alone', '//', '/'],
  ['4b empty ? kept', 'http://h/a?', '/a?'],
  ['4b empty ; kept', 'http://h/a;', '/a;'],
  ['4b empty # dropped', 'http://h/a#', '/a'],
  ['4b tab kept', 'http://h/a\tb', '/a\tb'],
  ['4b newline kept', '/a\nb', '/a\nb'],
  ['percent escapes are left for decodePath', 'http://h/%41%2F', '/%41%2F'],
];

for (const [name, url, expected] of urlCases) {
  test(`urlPath: ${name}: ${show(url)} -> ${show(expected)}`, (t) => {
    t.is(urlPath(url), expected);
  });
}

const decodeCases: Array<[string, string, string]> = [
  ['no escapes', '/plain/path', '/plain/path'],
  ['an ASCII escape', '/h%65llo', '/hello'],
  ['upper and lower hex digits', '/%4a%4A', '/JJ'],
  ['%2F stays, written upper-case', '/a%2fb%2Fc', '/a%2Fb%2Fc'],
  ['UTF-8 two bytes', '/caf%C3%A9', '/café'],
  ['UTF-8 four bytes', '/%F0%9F%98%80', '/😀'],
  ['a lone continuation byte is U+FFFD', '/%A9', '/\uFFFD'],
  ['a lead byte without continuation is U+FFFD', '/%E9', '/\uFFFD'],
  ['a lead byte before an ASCII escape', '/%C3%28', '/\uFFFD('],
  ['a lead byte before a literal character', '/%C3a', '/\uFFFDa'],
  ['a lead byte before %2F', '/%C3%2F', '/\uFFFD%2F'],
  ['a truncated four-byte sequence is one U+FFFD', '/%F0%9F%98', '/\uFFFD'],
  ['an encoded surrogate is three U+FFFD', '/%ED%A0%80', '/\uFFFD\uFFFD\uFFFD'],
  ['an overlong encoding is two U+FFFD', '/%C0%AF', '/\uFFFD\uFFFD'],
  ['latin-1 byte in the middle', '/latin%FCber', '/latin\uFFFDber'],
  ['%00 is NUL', '/nul%00end', '/nul\u0000end'],
  ['%0A is a newline', '/nl%0Aend', '/nl\nend'],
  ['%25 is %', '/100%25', '/100%'],
  ['double encoding decodes once', '/a%252Fb', '/a%2Fb'],
  ['%2A is *', '/a%2Ab', '/a*b'],
  ['%24 is $', '/a%24', '/a$'],
  ['invalid escape kept', '/zz%ZZ', '/zz%ZZ'],
  ['half escape kept', '/two%2', '/two%2'],
  ['trailing % kept', '/end%', '/end%'],
  ['% alone', '%', '%'],
  ['%% kept, then an escape', '%%41', '%A'],
  ['non-ASCII characters pass through', '/é/日本', '/é/日本'],
  ['lone surrogates pass through', '/\uD800x\uDC00', '/\uD800x\uDC00'],
  ['an escaped BOM at the start of a byte run is kept', '/%EF%BB%BFx', '/\uFEFFx'],
  ['an escaped BOM alone is kept', '%EF%BB%BF', '\uFEFF'],
  ['escapes around a non-ASCII character decode separately', '/%C3é%A9', '/\uFFFDé\uFFFD'],
];

for (const [name, input, expected] of decodeCases) {
  test(`decodePath 4.2: ${name}: ${show(input)} -> ${show(expected)}`, (t) => {
    t.is(decodePath(input), expected);
  });
}

test('matchTarget: a URL decoded the same way as a rule path', (t) => {
  t.is(matchTarget('http://example.com/h%65llo%2fx#frag'), '/hello%2Fx');
  t.is(matchTarget(new URL('http://example.com/caf%C3%A9?q=%41')), '/café?q=A');
});
