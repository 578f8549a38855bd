import test from 'ava';
import { cacheControlDirectives, deltaSeconds, expirationFromHeaders, parseHttpDate, SEVEN_DAYS } from '../../src/http/expiry.js';

const NOW = Date.UTC(2024, 5, 15, 12, 0, 0) / 1000;
const nov6 = Date.UTC(1994, 10, 6, 8, 49, 37) / 1000;

/** A Headers-like object over a plain record (names lower-case). */
function headers(record: Record<string, string>): { get(name: string): string | null } {
  return { get: (name) => record[name.toLowerCase()] ?? null };
}

test('the three HTTP date formats give the same instant', (t) => {
  t.is(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW), nov6);
  t.is(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW), nov6);
  t.is(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW), nov6);
});

test('a date with no zone is UTC', (t) => {
  t.is(parseHttpDate('Sun, 06 Nov 1994 08:49:37', NOW), nov6);
  t.is(parseHttpDate('Sunday, 06-Nov-94 08:49:37', NOW), nov6);
});

test('numeric and named zones shift the instant', (t) => {
  t.is(parseHttpDate('Sun, 06 Nov 1994 10:49:37 +0200', NOW), nov6);
  t.is(parseHttpDate('Sun, 06 Nov 1994 03:49:37 EST', NOW), nov6);
  t.is(parseHttpDate('Sun, 06 Nov 1994 00:49:37 PST', NOW), nov6);
  t.is(parseHttpDate('Sun, 06 Nov 1994 08:49:37 UTC', NOW), nov6);
  t.is(parseHttpDate('Sun Nov  6 08:49:37 1994 GMT', NOW), nov6);
});

test('dates are read leniently, as parsedate_tz does', (t) => {
  t.is(parseHttpDate('06 Nov 1994 08:49:37 GMT', NOW), nov6, 'no weekday');
  t.is(parseHttpDate('Mon, 06 Nov 1994 08:49:37 GMT', NOW), nov6, 'a wrong weekday is not checked');
  t.is(parseHttpDate('sun, 06 nov 1994 08:49:37 gmt', NOW), nov6, 'any letter case');
  t.is(parseHttpDate('  Sun,  6 Nov 1994 08:49:37 GMT ', NOW), nov6, 'extra spaces, one-digit day');
  t.is(parseHttpDate('Sun, 06 Nov 1994 08:49 GMT', NOW), nov6 - 37, 'no seconds');
});

test('a two-digit year more than 50 years ahead is in the past century (RFC 9110)', (t) => {
  t.is(parseHttpDate('Tuesday, 01-Jan-70 00:00:00 GMT', NOW), Date.UTC(2070, 0, 1) / 1000);
  t.is(parseHttpDate('Wednesday, 01-Jan-74 00:00:00 GMT', NOW), Date.UTC(2074, 0, 1) / 1000);
  t.is(parseHttpDate('Friday, 01-Jan-75 00:00:00 GMT', NOW), Date.UTC(1975, 0, 1) / 1000);
});

for (const garbage of [
  '',
  '0',
  '-1',
  'tomorrow',
  'Sun, 06 Foo 1994 08:49:37 GMT',
  'Sun, 31 Feb 1994 08:49:37 GMT',
  'Sun, 00 Nov 1994 08:49:37 GMT',
  'Sun, 06 Nov 1994 24:00:00 GMT',
  'Sun, 06 Nov 1994 08:60:00 GMT',
  'Sun, 06 Nov 1994 08:49:37 XYZ',
  'Sun, 06 Nov 1994 08:49:37 GMT trailing',
  '1994-11-06T08:49:37Z',
  'x'.repeat(10_000),
]) {
  test(`${JSON.stringify(garbage.slice(0, 40))} is not an HTTP date`, (t) => {
    t.is(parseHttpDate(garbage, NOW), null);
  });
}

test('Cache-Control directives are split at commas outside quotes', (t) => {
  const d = cacheControlDirectives('Public, MAX-AGE=60, no-cache="Set-Cookie, X-Foo", private');
  t.deepEqual(
    [...d],
    [
      ['public', null],
      ['max-age', '60'],
      ['no-cache', 'Set-Cookie, X-Foo'],
      ['private', null],
    ],
  );
});

test('the first occurrence of a Cache-Control directive wins', (t) => {
  t.is(cacheControlDirectives('max-age=60, max-age=3600').get('max-age'), '60');
});

test('deltaSeconds takes digits only and caps at 2^31', (t) => {
  t.is(deltaSeconds('60'), 60);
  t.is(deltaSeconds(' 60 '), 60);
  t.is(deltaSeconds('99999999999999999999'), 2 ** 31);
  for (const bad of ['', '-1', '1.5', '1e3', '0x10', 'abc', null, undefined]) t.is(deltaSeconds(bad), null);
});

test('no usable header: now plus the fallback', (t) => {
  t.is(expirationFromHeaders(headers({}), NOW), NOW + SEVEN_DAYS);
  t.is(expirationFromHeaders(headers({ expires: 'garbage' }), NOW), NOW + SEVEN_DAYS);
  t.is(expirationFromHeaders(headers({}), NOW, 100), NOW + 100);
});

test('Expires is the instant', (t) => {
  t.is(expirationFromHeaders(headers({ expires: 'Sun, 06 Nov 1994 08:49:37 GMT' }), NOW), nov6);
});

test('max-age counts from now and beats Expires', (t) => {
  t.is(expirationFromHeaders(headers({ 'cache-control': 'max-age=60', expires: 'Sun, 06 Nov 1994 08:49:37 GMT' }), NOW), NOW + 60);
  t.is(expirationFromHeaders(headers({ 'cache-control': 'max-age="60"' }), NOW), NOW + 60);
});

test('Age is taken off max-age, never below now', (t) => {
  t.is(expirationFromHeaders(headers({ 'cache-control': 'max-age=60', age: '20' }), NOW), NOW + 40);
  t.is(expirationFromHeaders(headers({ 'cache-control': 'max-age=60', age: '120' }), NOW), NOW);
  t.is(expirationFromHeaders(headers({ 'cache-control': 'max-age=60', age: 'x' }), NOW), NOW + 60);
});

test('an invalid max-age falls back to Expires', (t) => {
  t.is(expirationFromHeaders(headers({ 'cache-control': 'max-age=soon', expires: 'Sun, 06 Nov 1994 08:49:37 GMT' }), NOW), nov6);
});

test('no-store and a bare no-cache mean expired now', (t) => {
  t.is(expirationFromHeaders(headers({ 'cache-control': 'no-store, max-age=60' }), NOW), NOW);
  t.is(expirationFromHeaders(headers({ 'cache-control': 'No-Cache' }), NOW), NOW);
  t.is(expirationFromHeaders(headers({ 'cache-control': 'max-age=60, no-cache' }), NOW), NOW);
});

test('a no-cache naming fields does not expire the body', (t) => {
  t.is(expirationFromHeaders(headers({ 'cache-control': 'no-cache="Set-Cookie", max-age=60' }), NOW), NOW + 60);
});
