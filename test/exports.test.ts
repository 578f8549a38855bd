import test from 'ava';
import * as main from 'robotexclusionrulesparser';
import * as python from 'robotexclusionrulesparser/python';

test('the package exports the fetch errors and the lookalike', (t) => {
  t.is(typeof main.RobotFileParserLookalike, 'function');
  t.is(typeof main.RobotsFetchError, 'function');
  t.is(typeof main.RobotsEncodingError, 'function');
  t.true(new main.RobotsFetchError('x', { url: 'u', responseCode: 0, reason: 'network' }) instanceof main.RobotsError);
});

test("'robotexclusionrulesparser/python' exports the Python-named classes and constants", (t) => {
  t.deepEqual(Object.keys(python).sort(), [
    'GYM2008',
    'MK1996',
    'RFC9309',
    'RobotExclusionRulesParser',
    'RobotFileParserLookalike',
    'RobotsEncodingError',
    'RobotsError',
    'RobotsFetchError',
  ]);
  t.is(typeof new python.RobotExclusionRulesParser().is_allowed, 'function');
  t.is(python.RFC9309, 3);
});
