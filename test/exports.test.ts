import test from 'ava';
import * as main from 'robotexclusionrulesparser';
import * as python from 'robotexclusionrulesparser/python';
import * as redis from 'robotexclusionrulesparser/redis';

test('the package exports the errors and the lookalike', (t) => {
  t.is(typeof main.RobotFileParserLookalike, 'function');
  for (const name of ['RobotsError', 'RobotsFetchError', 'RobotsEncodingError', 'InvalidArgumentError', 'InvalidUrlError', 'StoreTimeoutError'] as const) {
    t.is(typeof main[name], 'function', name);
  }
  t.true(new main.RobotsFetchError('x', { url: 'u', responseCode: 0, reason: 'network' }) instanceof main.RobotsError);
  t.true(new main.InvalidArgumentError('x', 'a') instanceof main.RobotsError);
  t.true(new main.InvalidUrlError('x', 'u') instanceof main.RobotsError);
  t.true(new main.StoreTimeoutError('read', 1) instanceof main.RobotsError);
  t.is(typeof main.systemClock.now(), 'number');
  t.false('InvalidOriginError' in main);
});

test("'robotexclusionrulesparser/python' exports the Python-named classes and constants", (t) => {
  t.deepEqual(Object.keys(python).sort(), [
    'GYM2008',
    'InvalidArgumentError',
    'InvalidUrlError',
    'MK1996',
    'RFC9309',
    'RobotExclusionRulesParser',
    'RobotFileParserLookalike',
    'RobotsEncodingError',
    'RobotsError',
    'RobotsFetchError',
  ]);
  t.is(python.InvalidArgumentError, main.InvalidArgumentError);
  t.is(python.InvalidUrlError, main.InvalidUrlError);
  t.is(typeof new python.RobotExclusionRulesParser().is_allowed, 'function');
  t.is(python.RFC9309, 3);
});

test("'robotexclusionrulesparser/redis' exports RedisLock and RedisPacer alone, and the root entry neither", (t) => {
  t.deepEqual(Object.keys(redis), ['RedisLock', 'RedisPacer']);
  t.false('RedisLock' in main);
  t.false('RedisPacer' in main);
});
