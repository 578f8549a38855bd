import test from 'ava';
import { RobotsEncodingError, RobotsError, RobotsFetchError } from '../src/index.js';

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
  const e = new RobotsFetchError('x', { url: 'u', responseCode: 0, reason: 'url' });
  t.false('cause' in e);
});

test('RobotsEncodingError carries the encoding and its code', (t) => {
  const e = new RobotsEncodingError('Cannot decode', 'shift_jis');
  t.true(e instanceof RobotsError);
  t.is(e.name, 'RobotsEncodingError');
  t.is(e.code, 'ERR_ROBOTS_ENCODING');
  t.is(e.encoding, 'shift_jis');
});
