import test from 'ava';
import {
  InvalidArgumentError,
  InvalidUrlError,
  RobotsEncodingError,
  RobotsError,
  RobotsFetchError,
  StoreTimeoutError,
  type AnyRobotsError,
  type RobotsErrorCode,
} from '../src/index.js';

test('RobotsFetchError carries url, responseCode, reason, cause and its code', (t) => {
  const cause = new Error('boom');
  const e = new RobotsFetchError('Cannot fetch', { url: 'http://h/robots.txt', responseCode: 503, reason: 'status', cause });
  t.true(e instanceof RobotsError);
  t.true(e instanceof Error);
  t.is(e.name, 'RobotsFetchError');
  t.is(e.code, 'ERR_ROBOTS_FETCH');
  t.is(e.url, 'http://h/robots.txt');
  t.is(e.responseCode, 503);
  t.is(e.reason, 'status');
  t.is(e.cause, cause);
  t.is(e.message, 'Cannot fetch');
});

test('RobotsFetchError without a cause has no cause property', (t) => {
  const e = new RobotsFetchError('x', { url: 'u', responseCode: 0, reason: 'network' });
  t.false('cause' in e);
});

test('RobotsEncodingError carries the encoding and its code', (t) => {
  const e = new RobotsEncodingError('Cannot decode', 'shift_jis');
  t.true(e instanceof RobotsError);
  t.is(e.name, 'RobotsEncodingError');
  t.is(e.code, 'ERR_ROBOTS_ENCODING');
  t.is(e.encoding, 'shift_jis');
});

test('InvalidArgumentError carries the argument and its code', (t) => {
  const e = new InvalidArgumentError('fetch option timeout must be ...', 'timeout');
  t.true(e instanceof RobotsError);
  t.true(e instanceof Error);
  t.is(e.name, 'InvalidArgumentError');
  t.is(e.code, 'ERR_ROBOTS_INVALID_ARGUMENT');
  t.is(e.argument, 'timeout');
  t.is(e.message, 'fetch option timeout must be ...');
  t.false('cause' in e);
});

test('InvalidUrlError carries the input, the argument and its code', (t) => {
  const e = new InvalidUrlError('url must be an absolute http(s) URL', 'ftp://h/', 'robotsTxtUrl');
  t.true(e instanceof RobotsError);
  t.is(e.name, 'InvalidUrlError');
  t.is(e.code, 'ERR_ROBOTS_INVALID_URL');
  t.is(e.input, 'ftp://h/');
  t.is(e.argument, 'robotsTxtUrl');
  t.is(new InvalidUrlError('m', 'x').argument, 'url');
});

test('every error class is a RobotsError with its own literal code, and none is a RangeError or TypeError', (t) => {
  const errors: AnyRobotsError[] = [
    new RobotsFetchError('m', { url: 'u', responseCode: 0, reason: 'timeout' }),
    new RobotsEncodingError('m', 'utf-8'),
    new InvalidArgumentError('m', 'a'),
    new InvalidUrlError('m', 'i'),
  ];
  const codes: RobotsErrorCode[] = errors.map((e) => e.code);
  t.deepEqual(codes, ['ERR_ROBOTS_FETCH', 'ERR_ROBOTS_ENCODING', 'ERR_ROBOTS_INVALID_ARGUMENT', 'ERR_ROBOTS_INVALID_URL']);
  for (const e of errors) {
    t.true(e instanceof RobotsError, e.name);
    t.false(e instanceof RangeError || e instanceof TypeError, e.name);
    t.is(e.name, e.constructor.name);
  }
});

test('the AnyRobotsError union narrows on code', (t) => {
  const describe = (e: AnyRobotsError): string => {
    switch (e.code) {
      case 'ERR_ROBOTS_FETCH':
        return e.reason;
      case 'ERR_ROBOTS_ENCODING':
        return e.encoding;
      case 'ERR_ROBOTS_INVALID_ARGUMENT':
        return e.argument;
      case 'ERR_ROBOTS_INVALID_URL':
        return e.input;
    }
  };
  t.is(describe(new RobotsFetchError('m', { url: 'u', responseCode: 0, reason: 'aborted' })), 'aborted');
  t.is(describe(new RobotsEncodingError('m', 'latin1')), 'latin1');
  t.is(describe(new InvalidArgumentError('m', 'maxBytes')), 'maxBytes');
  t.is(describe(new InvalidUrlError('m', 'ftp://x/')), 'ftp://x/');
});

test('StoreTimeoutError carries the operation, the timeout and its code; it is reported, never thrown, so not in AnyRobotsError', (t) => {
  const e = new StoreTimeoutError('lock', 1000);
  t.true(e instanceof RobotsError);
  t.false(e instanceof RangeError || e instanceof TypeError);
  t.is(e.name, 'StoreTimeoutError');
  t.is(e.code, 'ERR_ROBOTS_STORE_TIMEOUT');
  t.is(e.operation, 'lock');
  t.is(e.timeout, 1000);
  t.is(e.message, 'store lock took longer than 1000 ms');
  // @ts-expect-error -- AnyRobotsError is what calls throw; a store timeout only reaches onStoreError.
  const thrown: AnyRobotsError = e;
  t.is(thrown.name, 'StoreTimeoutError');
});
