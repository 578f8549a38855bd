import test from 'ava';
import { RobotRules } from '../../src/hosts/rules-db.js';
import { InvalidArgumentError, InvalidUrlError } from '../../src/errors.js';
import { MK1996 } from '../../src/syntax.js';
import { systemClock } from '../../src/clock.js';
import { ManualClock } from '../helpers/clock.js';

const now = (): number => systemClock.now() / 1000;
const PRIVATE = 'User-agent: *\nDisallow: /private/\n';

test("allowed answers from the rules parsed for the URL's origin", (t) => {
  const rules = new RobotRules('MOMspider/1.0');
  rules.parse('http://some.place/robots.txt', PRIVATE);
  t.false(rules.allowed('http://some.place/private/x'));
  t.true(rules.allowed('http://some.place/public'));
});

test('allowed is unknown for an origin with no rules parsed', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE);
  t.is(rules.allowed('http://b.example/private/x'), 'unknown');
});

test('rules of one origin do not apply to another scheme or port of the same host', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE);
  t.is(rules.allowed('https://a.example/private/x'), 'unknown');
  t.is(rules.allowed('http://a.example:8080/private/x'), 'unknown');
});

test('one database holds the rules of many origins side by side', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', 'User-agent: *\nDisallow: /a/\n');
  rules.parse('http://b.example/robots.txt', 'User-agent: *\nDisallow: /b/\n');
  t.false(rules.allowed('http://a.example/a/1'));
  t.true(rules.allowed('http://a.example/b/1'));
  t.false(rules.allowed('http://b.example/b/1'));
  t.true(rules.allowed('http://b.example/a/1'));
});

test('host case and the default port do not matter', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('HTTP://A.Example:80/robots.txt', PRIVATE);
  t.false(rules.allowed('http://a.example/private/x'));
  t.false(rules.allowed('http://A.EXAMPLE:80/private/x'));
});

test('only the origin of the robots.txt URL counts, not its path', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/some/other/path.txt', PRIVATE);
  t.false(rules.allowed('http://a.example/private/x'));
});

test('parsing again replaces the rules of that origin', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE);
  rules.parse('http://a.example/robots.txt', 'User-agent: *\nDisallow: /other/\n');
  t.true(rules.allowed('http://a.example/private/x'));
  t.false(rules.allowed('http://a.example/other/x'));
});

test('records are chosen for the robot name by substring, as the parser does', (t) => {
  const rules = new RobotRules('Mozilla/5.0 (compatible; Foobot/2.1)');
  rules.parse('http://a.example/robots.txt', 'User-agent: foobot\nDisallow: /\n\nUser-agent: *\nDisallow:\n');
  t.false(rules.allowed('http://a.example/x'));
});

test('allowed is unknown once the rules are past their freshness time', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE, now() - 1);
  t.is(rules.allowed('http://a.example/private/x'), 'unknown');
  t.is(rules.allowed('http://a.example/public'), 'unknown');
});

test('rules fresh until a future time answer', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE, now() + 60);
  t.false(rules.allowed('http://a.example/private/x'));
});

test('freshUntil is the time given to parse', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE, 1234567890);
  t.is(rules.freshUntil('http://a.example/anything'), 1234567890);
});

test('freshUntil defaults to seven days after parsing, on the clock', (t) => {
  const clock = new ManualClock();
  const rules = new RobotRules('Bot', { clock });
  rules.parse('http://a.example/robots.txt', PRIVATE);
  t.is(rules.freshUntil('http://a.example/'), clock.now() / 1000 + 7 * 86400);
});

test('rules go unknown once the clock passes their freshness time', async (t) => {
  const clock = new ManualClock();
  const rules = new RobotRules('Bot', { clock });
  rules.parse('http://a.example/robots.txt', PRIVATE);
  await clock.advance(7 * 86_400_000);
  t.false(rules.allowed('http://a.example/private/x'), 'fresh up to the second given');
  await clock.advance(1);
  t.is(rules.allowed('http://a.example/private/x'), 'unknown');
});

test('the clock option is checked', (t) => {
  for (const clock of [null, 5, { now: () => 0 }, { sleep: () => Promise.resolve() }]) {
    const error = t.throws(() => new RobotRules('Bot', { clock } as never), {
      instanceOf: InvalidArgumentError,
      message: /^RobotRules option clock must be an object with now and sleep methods, got /,
    });
    t.is(error.argument, 'clock');
  }
});

test('freshUntil is undefined for an origin never parsed', (t) => {
  t.is(new RobotRules('Bot').freshUntil('http://a.example/'), undefined);
});

test('allowed is unknown for URLs with no http(s) origin, and never throws', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', 'User-agent: *\nDisallow: /\n');
  for (const url of ['/private/x', 'ftp://a.example/x', 'mailto:x@a.example', '', 'http://', '%%%', '\u0000']) {
    t.is(rules.allowed(url), 'unknown', JSON.stringify(url));
  }
});

test('allowed accepts a URL object', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse(new URL('http://a.example/robots.txt'), PRIVATE);
  t.false(rules.allowed(new URL('http://a.example/private/x')));
});

test('parse reads bytes as ISO-8859-1, as the parser does', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', Buffer.from('User-agent: *\nDisallow: /caf\xe9\n', 'latin1'));
  t.false(rules.allowed('http://a.example/caf%C3%A9'));
});

test('parse throws an InvalidUrlError for a robots.txt URL with no http(s) origin', (t) => {
  const rules = new RobotRules('Bot');
  t.throws(() => rules.parse('/robots.txt', PRIVATE), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  const error = t.throws(() => rules.parse('ftp://a.example/robots.txt', PRIVATE), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  t.is(error.argument, 'robotsTxtUrl');
  t.is(error.input, 'ftp://a.example/robots.txt');
  t.is(rules.allowed('ftp://a.example/x'), 'unknown');
});

test('the syntax option chooses how rules match', (t) => {
  const text = 'User-agent: *\nDisallow: /*.pdf$\n';
  const gym = new RobotRules('Bot');
  const mk = new RobotRules('Bot', { syntax: MK1996 });
  gym.parse('http://a.example/robots.txt', text);
  mk.parse('http://a.example/robots.txt', text);
  t.false(gym.allowed('http://a.example/x.pdf'));
  t.true(mk.allowed('http://a.example/x.pdf'));
});

test('an unknown syntax is an InvalidArgumentError at construction', (t) => {
  t.throws(() => new RobotRules('Bot', { syntax: 7 as never }), {
    instanceOf: InvalidArgumentError,
    code: 'ERR_ROBOTS_INVALID_ARGUMENT',
    message: 'RobotRules option syntax must be MK1996 (1), GYM2008 (2) or RFC9309 (3), got 7',
  });
});

test('unknown option keys and options that are not an object are InvalidArgumentErrors', (t) => {
  const error = t.throws(() => new RobotRules('Bot', { syntx: MK1996 } as never), {
    instanceOf: InvalidArgumentError,
    code: 'ERR_ROBOTS_INVALID_ARGUMENT',
    message: 'RobotRules option syntx is unknown; known options: syntax, maxEntries, maxBytes, store, onStoreError, storeTimeout, lock, clock',
  });
  t.is(error.argument, 'syntx');
  for (const options of [null, 3, 'syntax', [MK1996]]) {
    t.throws(() => new RobotRules('Bot', options as never), {
      instanceOf: InvalidArgumentError,
      code: 'ERR_ROBOTS_INVALID_ARGUMENT',
      message: /^RobotRules options must be an object, got /,
    });
  }
  t.notThrows(() => new RobotRules('Bot', { syntax: undefined }));
  t.notThrows(() => new RobotRules('Bot', Object.create(null) as never));
});

test('agent() gets the robot name', (t) => {
  t.is(new RobotRules('MOMspider/1.0').agent(), 'MOMspider/1.0');
});

test('agent(name) sets the robot name and returns the previous one', (t) => {
  const rules = new RobotRules('OldBot');
  t.is(rules.agent('NewBot'), 'OldBot');
  t.is(rules.agent(), 'NewBot');
});

test('changing the agent clears the stored rules and freshness times', (t) => {
  const rules = new RobotRules('OldBot');
  rules.parse('http://a.example/robots.txt', PRIVATE);
  rules.agent('NewBot');
  t.is(rules.allowed('http://a.example/private/x'), 'unknown');
  t.is(rules.freshUntil('http://a.example/'), undefined);
});

test('rules parsed after an agent change answer for the new agent', (t) => {
  const rules = new RobotRules('OldBot');
  rules.agent('NewBot');
  rules.parse('http://a.example/robots.txt', 'User-agent: newbot\nDisallow: /\n');
  t.false(rules.allowed('http://a.example/x'));
});

test('setting the same agent again keeps the rules', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE);
  rules.agent('Bot');
  t.false(rules.allowed('http://a.example/private/x'));
});

test('changing the agent keeps the visit bookkeeping', (t) => {
  const rules = new RobotRules('OldBot');
  rules.visit('http://a.example/', 100);
  rules.agent('NewBot');
  t.is(rules.noVisits('http://a.example/'), 1);
  t.is(rules.lastVisit('http://a.example/'), 100);
});

test('visit counts visits per origin', (t) => {
  const rules = new RobotRules('Bot');
  rules.visit('http://a.example/1');
  rules.visit('http://A.example:80/2');
  rules.visit('http://b.example/');
  t.is(rules.noVisits('http://a.example'), 2);
  t.is(rules.noVisits('http://b.example/x'), 1);
});

test('noVisits is 0 for an origin never visited', (t) => {
  const rules = new RobotRules('Bot');
  rules.parse('http://a.example/robots.txt', PRIVATE);
  t.is(rules.noVisits('http://a.example/'), 0);
  t.is(rules.noVisits('not a url'), 0);
});

test('lastVisit is the latest visit time given', (t) => {
  const rules = new RobotRules('Bot');
  rules.visit('http://a.example/', 200);
  rules.visit('http://a.example/', 100);
  t.is(rules.lastVisit('http://a.example/'), 200);
  rules.visit('http://a.example/', 300);
  t.is(rules.lastVisit('http://a.example/'), 300);
});

test("visit with no time records the clock's now, in Unix seconds", (t) => {
  const clock = new ManualClock(1_234_567_890_500);
  const rules = new RobotRules('Bot', { clock });
  rules.visit('http://a.example/');
  t.is(rules.lastVisit('http://a.example/'), 1_234_567_890.5);
});

test('lastVisit is undefined for an origin never visited', (t) => {
  t.is(new RobotRules('Bot').lastVisit('http://a.example/'), undefined);
});

test('visit throws an InvalidUrlError for a URL with no http(s) origin', (t) => {
  t.throws(() => new RobotRules('Bot').visit('a.example'), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
  t.throws(() => new RobotRules('Bot').visit('ftp://a.example/'), { instanceOf: InvalidUrlError, code: 'ERR_ROBOTS_INVALID_URL' });
});
