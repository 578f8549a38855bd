import test, { type ExecutionContext } from 'ava';
import { InvalidArgumentError, InvalidUrlError, RobotsError } from '../src/errors.js';
import { checkHeaderValue, invalidUrl, listOf, OptionReader, show, userAgentHeader } from '../src/options.js';
import { checkSyntax, GYM2008, MK1996, RFC9309 } from '../src/syntax.js';

const KEYS = ['count', 'size', 'wait', 'grace', 'mode', 'signal', 'onEvent', 'json', 'agent'] as const;
const reader = (options: unknown) => new OptionReader('Thing', options, KEYS);

/** Asserts that `fn` throws an InvalidArgumentError with this message and argument. */
function rejects(t: ExecutionContext, fn: () => unknown, message: string, argument: string): void {
  const error = t.throws(fn, { instanceOf: InvalidArgumentError, code: 'ERR_ROBOTS_INVALID_ARGUMENT', message });
  t.is(error.argument, argument, message);
  t.true(error instanceof RobotsError);
}

test('show writes values as messages quote them', (t) => {
  t.is(show('x"y'), '"x\\"y"');
  t.is(show(-1.5), '-1.5');
  t.is(show(Number.NaN), 'NaN');
  t.is(show(2n), '2n');
  t.is(show(undefined), 'undefined');
  t.is(show(null), 'null');
  t.is(show(true), 'true');
  t.is(show(Symbol('s')), 'Symbol(s)');
  t.is(
    show(() => 1),
    'a function',
  );
  t.is(show([1]), 'an array');
  t.is(show({ a: 1 }), 'an object');
  t.is(show(Object.create(null)), 'an object');
  t.is(show(new URL('http://h/')), 'a URL');
  t.is(show(new AbortController()), 'an AbortController');
  t.is(show(new Map()), 'a Map');
});

test('listOf joins with commas and a last "or"', (t) => {
  t.is(listOf([]), '');
  t.is(listOf(['a']), 'a');
  t.is(listOf(['a', 'b']), 'a or b');
  t.is(listOf(['a', 'b', 'c']), 'a, b or c');
});

test('integer takes safe integers from its minimum, else names the option', (t) => {
  const o = reader({ count: 0, size: 3 });
  t.is(o.integer('count', 0, 9), 0);
  t.is(o.integer('size', 1), 3);
  t.is(o.integer('wait', 1, 7), 7);
  for (const count of [-1, 1.5, Number.NaN, Infinity, 2 ** 53, '1', null]) {
    rejects(t, () => reader({ count }).integer('count', 0, 5), `Thing option count must be a non-negative integer, got ${show(count)}`, 'count');
  }
  rejects(t, () => reader({ size: 0 }).integer('size', 1, 5), 'Thing option size must be a positive integer, got 0', 'size');
  rejects(t, () => reader({}).integer('size', 1), 'Thing option size must be a positive integer, got undefined', 'size');
});

test('duration takes finite milliseconds above 0, or from 0 with zero, and names the unit', (t) => {
  t.is(reader({ wait: 250 }).duration('wait', 1), 250);
  t.is(reader({}).duration('wait', 1000), 1000);
  t.is(reader({}).duration('wait', null), null);
  t.is(reader({ grace: 0 }).duration('grace', 5, { zero: true }), 0);
  for (const wait of [0, -1, Number.NaN, Infinity, '5', null]) {
    rejects(t, () => reader({ wait }).duration('wait', null), `Thing option wait must be a finite number of milliseconds > 0, got ${show(wait)}`, 'wait');
  }
  rejects(
    t,
    () => reader({ grace: -1 }).duration('grace', 0, { zero: true }),
    'Thing option grace must be a finite number of milliseconds >= 0, got -1',
    'grace',
  );
  rejects(t, () => reader({ wait: 0 }).duration('wait', null, { unit: 'seconds' }), 'Thing option wait must be a finite number of seconds > 0, got 0', 'wait');
});

test('oneOf takes one of the listed strings', (t) => {
  t.is(reader({ mode: 'b' }).oneOf('mode', ['a', 'b'], 'a'), 'b');
  t.is(reader({}).oneOf('mode', ['a', 'b'], 'a'), 'a');
  rejects(t, () => reader({ mode: 'B' }).oneOf('mode', ['a', 'b', 'c'], 'a'), `Thing option mode must be 'a', 'b' or 'c', got "B"`, 'mode');
  rejects(t, () => reader({ mode: 1 }).oneOf('mode', ['a'], 'a'), `Thing option mode must be 'a', got 1`, 'mode');
});

test('signal takes an AbortSignal, null when not given', (t) => {
  const signal = AbortSignal.abort();
  t.is(reader({ signal }).signal('signal'), signal);
  t.is(reader({}).signal('signal'), null);
  for (const bad of [null, {}, 'abort', new AbortController(), { addEventListener() {} }]) {
    rejects(t, () => reader({ signal: bad }).signal('signal'), `Thing option signal must be an AbortSignal, got ${show(bad)}`, 'signal');
  }
});

test('callback takes a function; boolean takes true or false', (t) => {
  const fn = (): void => {};
  t.is(reader({ onEvent: fn }).callback('onEvent'), fn);
  t.is(reader({}).callback('onEvent'), undefined);
  rejects(t, () => reader({ onEvent: 'log' }).callback('onEvent'), 'Thing option onEvent must be a function, got "log"', 'onEvent');
  t.true(reader({ json: true }).boolean('json', false));
  t.false(reader({}).boolean('json', false));
  rejects(t, () => reader({ json: 1 }).boolean('json', false), 'Thing option json must be true or false, got 1', 'json');
});

test('headerValue takes what an HTTP header value may hold, and is required', (t) => {
  t.is(reader({ agent: 'Bot/1.0 (+https://example.com)' }).headerValue('agent'), 'Bot/1.0 (+https://example.com)');
  t.is(reader({ agent: 'Caf\u00e9\tbot \u00ff' }).headerValue('agent'), 'Caf\u00e9\tbot \u00ff');
  t.is(reader({ agent: '' }).headerValue('agent'), '');
  const expected = 'a valid HTTP header value (tab, space, visible ASCII and Latin-1 characters only)';
  for (const agent of ['Bot™', 'Bot\r\nX: y', 'Bot\n', 'Bot\r', 'B\u0000t', 'B\u007ft', 'B\u0100t', '\u{1F916}']) {
    rejects(t, () => reader({ agent }).headerValue('agent'), `Thing option agent must be ${expected}, got ${JSON.stringify(agent)}`, 'agent');
  }
  rejects(t, () => reader({}).headerValue('agent'), 'Thing option agent must be a string, got undefined', 'agent');
  rejects(t, () => checkHeaderValue(7, 'the user agent', 'userAgent'), 'the user agent must be a string, got 7', 'userAgent');
});

test('userAgentHeader is null for no user agent and checks any other', (t) => {
  t.is(userAgentHeader(null), null);
  t.is(userAgentHeader(undefined), null);
  t.is(userAgentHeader(''), null);
  t.is(userAgentHeader('Bot'), 'Bot');
  rejects(
    t,
    () => userAgentHeader('Bot™'),
    'userAgent must be a valid HTTP header value (tab, space, visible ASCII and Latin-1 characters only), got "Bot™"',
    'userAgent',
  );
});

test('options must be a plain object; undefined is no options unless required', (t) => {
  t.notThrows(() => reader(undefined));
  t.notThrows(() => reader(Object.create(null)));
  for (const options of [null, 5, 'x', [], new Map(), new URL('http://h/'), () => ({})]) {
    rejects(t, () => reader(options), `Thing options must be an object, got ${show(options)}`, 'options');
  }
  rejects(t, () => new OptionReader('Thing', undefined, KEYS, '', true), 'Thing options must be an object, got undefined', 'options');
  rejects(t, () => new OptionReader('Thing', 5, KEYS, 'nested'), 'Thing option nested must be an object, got 5', 'nested');
});

test('an unknown key is refused, named with the known ones; nested options name their path', (t) => {
  const known = KEYS.join(', ');
  rejects(t, () => reader({ cuont: 1 }), `Thing option cuont is unknown; known options: ${known}`, 'cuont');
  rejects(t, () => reader({ 'two words': 1 }), `Thing option "two words" is unknown; known options: ${known}`, 'two words');
  rejects(t, () => reader({ count: 1, wiat: undefined }), `Thing option wiat is unknown; known options: ${known}`, 'wiat');
  const nested = new OptionReader('Outer', { wait: -1 }, KEYS, 'inner');
  t.is(nested.label('wait'), 'Outer option inner.wait');
  t.is(nested.argument('wait'), 'inner.wait');
  rejects(t, () => nested.duration('wait', null), 'Outer option inner.wait must be a finite number of milliseconds > 0, got -1', 'inner.wait');
  rejects(t, () => new OptionReader('Outer', { wiat: 1 }, KEYS, 'inner'), `Outer option inner.wiat is unknown; known options: ${known}`, 'inner.wiat');
});

test('an option set to undefined counts as not given', (t) => {
  const o = reader({ count: undefined, wait: undefined, mode: undefined, signal: undefined, json: undefined });
  t.is(o.integer('count', 0, 4), 4);
  t.is(o.duration('wait', null), null);
  t.is(o.oneOf('mode', ['a'], 'a'), 'a');
  t.is(o.signal('signal'), null);
  t.true(o.boolean('json', true));
});

test('checkSyntax takes the three syntaxes and names the argument as it is told', (t) => {
  t.is(checkSyntax(MK1996), MK1996);
  t.is(checkSyntax(GYM2008), GYM2008);
  t.is(checkSyntax(RFC9309), RFC9309);
  rejects(t, () => checkSyntax(4), 'syntax must be MK1996 (1), GYM2008 (2) or RFC9309 (3), got 4', 'syntax');
  rejects(t, () => checkSyntax('2', 'Thing option syntax'), 'Thing option syntax must be MK1996 (1), GYM2008 (2) or RFC9309 (3), got "2"', 'syntax');
});

test('invalidUrl makes the InvalidUrlError of an argument', (t) => {
  const error = invalidUrl(new URL('ftp://h/x'), 'robotsTxtUrl');
  t.true(error instanceof InvalidUrlError);
  t.is(error.code, 'ERR_ROBOTS_INVALID_URL');
  t.is(error.input, 'ftp://h/x');
  t.is(error.argument, 'robotsTxtUrl');
  t.is(error.message, 'robotsTxtUrl must be an absolute http(s) URL, got "ftp://h/x"');
  t.is(invalidUrl('').argument, 'url');
});
