// behaviour.md §1: reading the text.
import test from 'ava';
import { ALLOWED, DISALLOWED, both, latin1, robots, robotsLines } from '../helpers/robots.js';

// 1.1 -----------------------------------------------------------------------

test('1.1 a string is parsed as it is, non-ASCII included', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /café');
  t.deepEqual(both(p, 'bot', '/café'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/caf%C3%A9'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/cafe'), ALLOWED);
});

test('1.1 bytes are decoded as ISO-8859-1, one character per byte', (t) => {
  const p = robots(latin1('User-agent: *\nDisallow: /caf\u00e9\n'));
  // The byte E9 is the character é, which a URL writes as UTF-8 %C3%A9.
  t.deepEqual(both(p, 'bot', '/caf%C3%A9'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/café'), DISALLOWED);
  // %E9 alone is invalid UTF-8: U+FFFD, not é.
  t.deepEqual(both(p, 'bot', '/caf%E9'), ALLOWED);
});

test('1.1 UTF-8 bytes are not decoded as UTF-8', (t) => {
  // C3 A9 (é in UTF-8) reads as the two characters Ã and ©.
  const p = robots(latin1('User-agent: *\nDisallow: /caf\u00c3\u00a9\n'));
  t.deepEqual(both(p, 'bot', '/café'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/caf%C3%83%C2%A9'), DISALLOWED);
});

test('1.1 bytes 0x80 to 0x9F are the C1 characters of ISO-8859-1, not windows-1252', (t) => {
  const p = robots(latin1('User-agent: *\nDisallow: /x\u0080\n'));
  t.deepEqual(both(p, 'bot', '/x%C2%80'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/x€'), ALLOWED);
});

test('1.1 a Uint8Array view is read from its own offset and length', (t) => {
  const whole = latin1('JUNKUser-agent: *\nDisallow: /\nJUNK');
  const p = robots(whole.subarray(4, whole.length - 4));
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
});

test('1.1 a Buffer is bytes too', (t) => {
  const p = robots(Buffer.from('User-agent: *\nDisallow: /caf\u00e9\n', 'latin1'));
  t.deepEqual(both(p, 'bot', '/caf%C3%A9'), DISALLOWED);
});

// 1.2 -----------------------------------------------------------------------

test('1.2 \\n ends a line', (t) => {
  t.deepEqual(both(robots('User-agent: *\nDisallow: /a'), 'bot', '/a'), DISALLOWED);
});

test('1.2 \\r alone ends a line', (t) => {
  t.deepEqual(both(robots('User-agent: *\rDisallow: /a'), 'bot', '/a'), DISALLOWED);
});

test('1.2 \\r\\n ends one line, not two (no blank line between)', (t) => {
  t.deepEqual(both(robots('User-agent: *\r\nDisallow: /a\r\n'), 'bot', '/a'), DISALLOWED);
});

test('1.2 \\n\\r and \\r\\r\\n are two line ends, so a blank line closes the record', (t) => {
  t.deepEqual(both(robots('User-agent: *\n\rDisallow: /a'), 'bot', '/a'), ALLOWED);
  t.deepEqual(both(robots('User-agent: *\r\r\nDisallow: /a'), 'bot', '/a'), ALLOWED);
});

test('1.2 mixed line ends in one file all work', (t) => {
  const p = robots('User-agent: a\rUser-agent: b\r\nDisallow: /x\nDisallow: /y\r');
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'b', '/y'), DISALLOWED);
});

test('1.2 U+2028, U+2029 and U+0085 do not end a line', (t) => {
  for (const sep of ['\u2028', '\u2029', '\u0085']) {
    const p = robots(`User-agent: *\nDisallow: /a${sep}b`);
    // One rule "/a<sep>b": "/a" alone is not disallowed.
    t.deepEqual(both(p, 'bot', '/a'), ALLOWED, `separator U+${sep.charCodeAt(0).toString(16)}`);
    t.deepEqual(both(p, 'bot', `/a${sep}b`), DISALLOWED);
  }
});

// 1.3 -----------------------------------------------------------------------

test('1.3 a line that is only a comment is dropped and does not end a record', (t) => {
  const p = robotsLines('User-agent: *', '# a comment', 'Disallow: /a');
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
});

test('1.3 a comment line with white space before the # is dropped too', (t) => {
  const p = robotsLines('User-agent: *', ' \t # indented comment', 'Disallow: /a');
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
});

test('1.3 a comment line does not break a run of User-agent lines', (t) => {
  const p = robotsLines('User-agent: a', '# between', 'User-agent: b', 'Disallow: /');
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'b', '/x'), DISALLOWED);
});

test('1.3 a comment line between rules keeps the rules in one record', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a', '#', 'Disallow: /b');
  t.deepEqual(both(p, 'bot', '/b'), DISALLOWED);
});

// 1.4 -----------------------------------------------------------------------

test('1.4 everything from the first # on is cut off', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a#b#c');
  // The rule is "/a": "/ab" starts with it.
  t.deepEqual(both(p, 'bot', '/ab'), DISALLOWED);
});

test('1.4 the rest is trimmed after the comment is cut', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a   \t# comment');
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
});

test('1.4 a comment after a User-agent value is cut', (t) => {
  const p = robotsLines('User-agent: foobot # our crawler', 'Disallow: /');
  t.deepEqual(both(p, 'FooBot/1.0', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'otherbot', '/x'), ALLOWED);
});

test('1.4 a comment after a Sitemap value is cut', (t) => {
  const p = robotsLines('Sitemap: https://example.com/s.xml # main map');
  t.deepEqual(p.sitemaps, ['https://example.com/s.xml']);
});

test('1.4 an empty line ends the current record', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a', '', 'Disallow: /b');
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/b'), ALLOWED);
});

test('1.4 a line of only white space ends the current record', (t) => {
  for (const blank of [' ', '\t', ' \t ', '\f', '\v', '\u00a0', '\u3000', '\u001c', '\u0085']) {
    const p = robotsLines('User-agent: *', 'Disallow: /a', blank, 'Disallow: /b');
    t.deepEqual(both(p, 'bot', '/b'), ALLOWED, `blank line of U+${blank.charCodeAt(0).toString(16)}`);
  }
});

test('1.4 a line that starts with a directive and then a comment is not empty', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a', 'Disallow: # nothing', 'Disallow: /b');
  // "Disallow:" with a blank value is a rule (4.5), not a record end: /b is never reached.
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/b'), ALLOWED);
});

// 1.5 -----------------------------------------------------------------------

test('1.5 directive names are matched in any letter case', (t) => {
  const p = robotsLines(
    'uSeR-aGeNt: *',
    'DISALLOW: /a',
    'disallow: /b',
    'ALLOW: /c/ok',
    'DisAllow: /c',
    'CRAWL-DELAY: 7',
    'SITEMAP: https://example.com/s.xml',
  );
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/b'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/c/ok'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/c/no'), DISALLOWED);
  t.is(p.getCrawlDelay('bot'), 7);
  t.deepEqual(p.sitemaps, ['https://example.com/s.xml']);
});

test('1.5 useragent without a hyphen is a User-agent directive', (t) => {
  const p = robotsLines('useragent: foobot', 'Disallow: /', '', 'UserAgent: barbot', 'Disallow: /b');
  t.deepEqual(both(p, 'foobot', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'barbot', '/b'), DISALLOWED);
  t.deepEqual(both(p, 'barbot', '/x'), ALLOWED);
});

test('1.5 the value follows the colon after optional spaces and tabs', (t) => {
  const p = robotsLines('User-agent:foobot', 'Disallow:/a', 'Disallow: \t \t/b');
  t.deepEqual(both(p, 'foobot', '/a'), DISALLOWED);
  t.deepEqual(both(p, 'foobot', '/b'), DISALLOWED);
});

test('1.5 the colon must follow the directive name directly', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow : /a', 'Disallow /b', 'Disallow= /c', 'Disallow: /d');
  t.deepEqual(both(p, 'bot', '/a'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/b'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/c'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/d'), DISALLOWED);
});

test('1.5 other spellings of user-agent are not directives', (t) => {
  for (const name of ['User agent', 'User_agent', 'User-Agents', 'User--agent', 'Agent']) {
    const p = robotsLines(`${name}: *`, 'Disallow: /');
    t.deepEqual(both(p, 'bot', '/x'), ALLOWED, name);
  }
});

test('1.5 a byte-order mark U+FEFF before the first User-agent is harmless', (t) => {
  const p = robots('\uFEFFUser-agent: *\nDisallow: /\n');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
});

test('1.5 the Latin-1 mojibake ï»¿ of a BOM before the first User-agent is harmless', (t) => {
  const p = robots('\u00ef\u00bb\u00bfUser-agent: *\nDisallow: /\n');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
});

test('1.5 a UTF-8 BOM given as bytes is harmless', (t) => {
  const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...latin1('User-agent: *\r\nDisallow: /\r\n')]);
  t.deepEqual(both(robots(bytes), 'bot', '/x'), DISALLOWED);
});

test('1.5 a BOM before a comment line is harmless', (t) => {
  const p = robots('\uFEFF# robots.txt\nUser-agent: *\nDisallow: /\n');
  t.deepEqual(both(p, 'bot', '/x'), DISALLOWED);
});

// 1.6 -----------------------------------------------------------------------

test('1.6 lines with no directive are ignored', (t) => {
  const p = robotsLines('User-agent: *', 'Host: example.com', 'Noindex: /a', 'just words', 'Disallow: /b');
  t.deepEqual(both(p, 'bot', '/a'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/b'), DISALLOWED);
});

test('1.6 a line with no directive does not end a record', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a', 'Request-rate: 1/5', 'Disallow: /b');
  t.deepEqual(both(p, 'bot', '/b'), DISALLOWED);
});

test('1.6 a line with no directive does not break a run of User-agent lines', (t) => {
  const p = robotsLines('User-agent: a', 'Host: example.com', 'User-agent: b', 'Disallow: /');
  // Were the run broken, "a" would get a record without rules and be dropped.
  t.deepEqual(both(p, 'a', '/x'), DISALLOWED);
  t.deepEqual(both(p, 'b', '/x'), DISALLOWED);
});

// 1.7 -----------------------------------------------------------------------

test('1.7 a tab inside a value is deleted, not replaced: Disallow: /a<TAB>b is /ab', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a\tb');
  t.deepEqual(both(p, 'bot', '/ab'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/a%09b'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/a b'), ALLOWED);
});

test('1.7 every character U+0000 to U+001F is deleted from a value', (t) => {
  const controls = Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).filter((c) => c !== '\n' && c !== '\r');
  const p = robots(`User-agent: *\nDisallow: /a${controls.join('')}b\u0000c\u001f\n`);
  t.deepEqual(both(p, 'bot', '/abc'), DISALLOWED);
  t.deepEqual(both(p, 'bot', '/ab'), ALLOWED);
});

test('1.7 U+007F is kept', (t) => {
  const p = robotsLines('User-agent: *', 'Disallow: /a\u007fb');
  t.deepEqual(both(p, 'bot', '/ab'), ALLOWED);
  t.deepEqual(both(p, 'bot', '/a%7Fb'), DISALLOWED);
});

test('1.7 the value is trimmed after the control characters are deleted', (t) => {
  // "\x01 /a \x02": deleting first leaves " /a ", which trims to "/a".
  const p = robotsLines('User-agent: *', 'Disallow: \u0001 /a \u0002');
  t.deepEqual(both(p, 'bot', '/a'), DISALLOWED);
});

test('1.7 User-agent values are cleaned the same way', (t) => {
  const p = robotsLines('User-agent: foo\u0001bot\u0000', 'Disallow: /');
  t.deepEqual(both(p, 'FooBot/1.0', '/x'), DISALLOWED);
});

test('1.7 Sitemap values are cleaned the same way', (t) => {
  const p = robotsLines('Sitemap: https://exa\tmple.com/s.xml\u0007 ');
  t.deepEqual(p.sitemaps, ['https://example.com/s.xml']);
});
