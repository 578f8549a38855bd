import test from 'ava';
import { originOf, requireOrigin, robotsTxtUrl } from '../../src/hosts/origin.js';
import { InvalidUrlError, RobotsError } from '../../src/errors.js';

test('originOf lower-cases scheme and host and drops path, query and fragment', (t) => {
  t.is(originOf('HTTP://Example.COM/a/b?c=d#e'), 'http://example.com');
});

test('originOf drops the default port of each scheme', (t) => {
  t.is(originOf('http://example.com:80/x'), 'http://example.com');
  t.is(originOf('https://example.com:443/x'), 'https://example.com');
});

test('originOf keeps a port that is not the default, and the scheme with it', (t) => {
  t.is(originOf('http://example.com:443/'), 'http://example.com:443');
  t.is(originOf('https://example.com:80/'), 'https://example.com:80');
  t.is(originOf('http://127.0.0.1:8080'), 'http://127.0.0.1:8080');
});

test('originOf tells http and https apart', (t) => {
  t.not(originOf('http://example.com/'), originOf('https://example.com/'));
});

test('originOf ignores user info', (t) => {
  t.is(originOf('http://user:pass@example.com/'), 'http://example.com');
});

test('originOf writes international host names in punycode', (t) => {
  t.is(originOf('http://Bücher.de/'), 'http://xn--bcher-kva.de');
});

test('originOf keeps IPv6 hosts in brackets', (t) => {
  t.is(originOf('http://[::1]:8080/x'), 'http://[::1]:8080');
});

test('originOf accepts a URL object', (t) => {
  t.is(originOf(new URL('https://EXAMPLE.org:443/p')), 'https://example.org');
});

test('originOf returns null for relative, malformed or non-http(s) URLs', (t) => {
  for (const url of ['/path', 'example.com/x', 'http://', '', 'ftp://example.com/', 'mailto:a@b.c', 'file:///etc/passwd', 'not a url']) {
    t.is(originOf(url), null, url);
  }
});

test('robotsTxtUrl keeps only scheme, host and port and forces /robots.txt', (t) => {
  t.is(robotsTxtUrl('https://Example.com:8443/deep/page.html?q=1#f'), 'https://example.com:8443/robots.txt');
  t.is(robotsTxtUrl('mailto:a@b.c'), null);
});

test('requireOrigin throws an InvalidUrlError with code ERR_ROBOTS_INVALID_URL for a URL with no origin', (t) => {
  const error = t.throws(() => requireOrigin('/relative'), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  t.true(error instanceof RobotsError);
  t.is(error.input, '/relative');
  t.is(error.argument, 'url');
  t.is(error.message, 'url must be an absolute http(s) URL, got "/relative"');
});

test('requireOrigin names the argument it is given', (t) => {
  const error = t.throws(() => requireOrigin(new URL('ftp://example.com/robots.txt'), 'robotsTxtUrl'), { instanceOf: InvalidUrlError });
  t.is(error.argument, 'robotsTxtUrl');
  t.is(error.input, 'ftp://example.com/robots.txt');
  t.is(error.message, 'robotsTxtUrl must be an absolute http(s) URL, got "ftp://example.com/robots.txt"');
});
