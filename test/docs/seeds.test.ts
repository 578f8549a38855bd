// The examples of the seed documents (shared/seeds), as tests.
import test from 'ava';
import { GYM2008, MK1996 } from '../../src/index.js';
import { ALLOWED, DISALLOWED, both, robots, robotsLines } from '../helpers/robots.js';
import { ANCIENT_CASTLE, CYBERMAPPER, CYBERWORLD, GO_AWAY } from '../helpers/seed-files.js';

// Seed 001: the Python library's documentation ------------------------------------

test('seed 001: Disallow: * disallows everything in GYM2008 and only paths starting with * in MK1996', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: *');
  for (const url of ['/', '/index.html', '/a/b?c', 'http://example.com/x']) {
    t.false(p.isAllowed('bot', url, GYM2008), url);
    t.true(p.isAllowed('bot', url, MK1996), url);
  }
  // A file called "*" sits at /*, which does not start with "*".
  t.true(p.isAllowed('bot', '/*', MK1996));
  t.false(p.isAllowed('bot', '/*', GYM2008));
});

test('seed 001: Disallow: /private/* is a wildcard in GYM2008 and a literal in MK1996', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /private/*');
  t.deepEqual(both(p, 'bot', '/private/page.html'), { mk1996: true, gym2008: false });
  t.deepEqual(both(p, 'bot', '/private/'), { mk1996: true, gym2008: false });
  t.deepEqual(both(p, 'bot', '/private/*'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/private/*/x'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/private'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/public/'), ALLOWED);
});

test('seed 001: GYM2008 is the default syntax', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /private/*');
  t.false(p.isAllowed('bot', '/private/page.html'));
});

test('seed 001: the user agent foobot matches Mozilla/5.0 (compatible; Foobot/2.1)', (t) => {
  const p = robotsLines('User-agent: foobot', 'Disallow: /');
  t.deepEqual(both(p, 'Mozilla/5.0 (compatible; Foobot/2.1)', '/index.html'), DISALLOWED);
  t.deepEqual(both(p, 'Barbot', '/'), ALLOWED);
});

test('seed 001: scheme and authority are discarded, http://www.example.com/foo/bar.html is /foo/bar.html', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /foo/bar.html');
  t.deepEqual(both(p, 'bot', 'http://www.example.com/foo/bar.html'), DISALLOWED);
});

test('seed 001: [BOM]User-agent: * / Disallow: / disallows everything', (t) => {
  t.deepEqual(both(robots('\uFEFFUser-agent: *\nDisallow: /'), 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(robots(Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('User-agent: *\nDisallow: /')])), 'bot', '/x'), DISALLOWED);
});

test('seed 001: user-agent or useragent are both accepted', (t) => {
  t.deepEqual(both(robotsLines('useragent: *', 'Disallow: /'), 'bot', '/x'), DISALLOWED);
  t.deepEqual(both(robotsLines('user-agent: *', 'Disallow: /'), 'bot', '/x'), DISALLOWED);
});

test('seed 001: a blank Disallow means nothing is disallowed, a blank Allow means nothing is allowed', (t) => {
  const disallowAll = robotsLines('# Disallow everything', 'User-agent: foobot', 'Disallow: /');
  const allowNothing = robotsLines('# Allow nothing', 'User-agent: foobot', 'Allow:');
  const disallowNothing = robotsLines('User-agent: foobot', 'Disallow:');
  for (const url of ['/', '/index.html', '/a/b']) {
    t.deepEqual(both(disallowAll, 'foobot', url), DISALLOWED);
    t.deepEqual(both(allowNothing, 'foobot', url), DISALLOWED);
    t.deepEqual(both(disallowNothing, 'foobot', url), ALLOWED);
  }
});

test('seed 001: a %-encoded slash is not translated into a slash', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a%2Fb');
  t.deepEqual(both(p, 'bot', '/a/b'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/a%2fb'), DISALLOWED);
});

test("seed 001: the usage example's queries (Foobot /index.html, Barbot /) on a sample file", (t) => {
  const p = robotsLines('User-agent: Foobot', 'Disallow: /private/', '', 'User-agent: *', 'Disallow: /');
  t.deepEqual(both(p, 'Foobot', '/index.html'), ALLOWED);
  t.deepEqual(both(p, 'Foobot', '/private/x'), DISALLOWED);
  t.deepEqual(both(p, 'Barbot', '/'), DISALLOWED);
});

// Seed 003 (and 000): the Ruby gem's README ---------------------------------------

test('seed 003: multiple User-agent lines share the same set of rules', (t) => {
  const p = robotsLines('User-agent: Google', 'User-agent: Bing', 'Disallow: /secret');
  t.deepEqual(both(p, 'Googlebot/2.1', '/secret'), DISALLOWED);
  t.deepEqual(both(p, 'bingbot/2.0', '/secret/x'), DISALLOWED);
  t.deepEqual(both(p, 'Googlebot/2.1', '/public'), ALLOWED);
  t.deepEqual(both(p, 'DuckDuckBot', '/secret'), ALLOWED);
});

test('seed 003: /h%65llo/ is the same as /hello/, but /ac%2fdc is not the same as /ac/dc', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /h%65llo/', 'Disallow: /ac%2fdc');
  t.deepEqual(both(p, 'bot', '/hello/'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/ac/dc'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/ac%2Fdc'), DISALLOWED);
});

// Seed 004: WWW::RobotRules (MK1994 examples) ---------------------------------------

test('seed 004: the MK1994 example disallows /cyberworld/map/ and /tmp/ for every robot', (t) => {
  const p = robotsLines(...CYBERWORLD);
  t.deepEqual(both(p, 'anybot', '/cyberworld/map/index.html'), DISALLOWED);
  t.deepEqual(both(p, 'anybot', '/tmp/x'), DISALLOWED);
  t.deepEqual(both(p, 'anybot', '/tmp'), ALLOWED);
  t.deepEqual(both(p, 'anybot', '/cyberworld/'), ALLOWED);
  t.deepEqual(both(p, 'anybot', '/index.html'), ALLOWED);
});

test('seed 004: the cybermapper example (MK1994 text, with its blank Disallow:) lets cybermapper go anywhere', (t) => {
  const p = robotsLines(...CYBERMAPPER);
  t.deepEqual(both(p, 'cybermapper/1.0', '/cyberworld/map/x'), ALLOWED);
  t.deepEqual(both(p, 'otherbot', '/cyberworld/map/x'), DISALLOWED);
  t.deepEqual(both(p, 'otherbot', '/elsewhere'), ALLOWED);
});

test('seed 004: the cybermapper example as the seed prints it (no Disallow: line): cybermapper has no rules and falls back to *', (t) => {
  const p = robotsLines(...CYBERMAPPER.slice(0, -1));
  t.deepEqual(both(p, 'cybermapper/1.0', '/cyberworld/map/x'), DISALLOWED);
  t.deepEqual(both(p, 'cybermapper/1.0', '/elsewhere'), ALLOWED);
});

test('seed 004: the "go away" example disallows everything for every robot', (t) => {
  const p = robotsLines(...GO_AWAY);
  for (const url of ['/', '/index.html', 'http://example.com']) t.deepEqual(both(p, 'anybot', url), DISALLOWED);
});

test('seed 004: the malformed ancientcastle file (as the seed prints it) splits into records at each User-agent', (t) => {
  const p = robotsLines(...ANCIENT_CASTLE);
  // Belle has her own record, moved before the * record.
  t.deepEqual(both(p, 'Belle', '/'), ALLOWED);
  t.deepEqual(both(p, 'Belle', '/ballroom'), ALLOWED);
  t.deepEqual(both(p, 'Belle', '/west-wing/'), DISALLOWED);
  // Beast's record has no rule, so it is dropped and Beast falls back to *.
  t.deepEqual(both(p, 'Beast', '/'), DISALLOWED);
  t.deepEqual(both(p, 'Gaston', '/ballroom'), DISALLOWED);
  t.deepEqual(p.explain('Belle', '/west-wing/x'), {
    allowed: false,
    record: { names: ['Belle'], line: 6 },
    rule: { kind: 'disallow', path: '/west-wing/', line: 7 },
  });
});

test("seed 004: the ancientcastle file with Beast's blank Disallow: (WWW::RobotRules text) lets Beast go anywhere", (t) => {
  const p = robotsLines(...ANCIENT_CASTLE, 'Disallow:');
  t.deepEqual(both(p, 'Beast', '/west-wing/'), ALLOWED);
  t.deepEqual(both(p, 'Belle', '/west-wing/'), DISALLOWED);
  t.deepEqual(both(p, 'Gaston', '/'), DISALLOWED);
});

test('seed 004: the perl constructor example name MOMspider/1.0 matches a MOMspider record', (t) => {
  const p = robotsLines('User-agent: momspider', 'Disallow: /private', '', 'User-agent: *', 'Disallow: /');
  t.deepEqual(both(p, 'MOMspider/1.0', '/index.html'), ALLOWED);
  t.deepEqual(both(p, 'MOMspider/1.0', '/private/x'), DISALLOWED);
});
