// The checks of every argument and options object the public API takes, so
// that a bad value throws the same InvalidArgumentError, worded the same way,
// wherever it is passed. No node: imports: this runs wherever the parser does.
import { InvalidArgumentError, InvalidUrlError } from './errors.js';

/**
 * A value as an error message shows it: strings quoted, numbers as written,
 * objects by kind (`an object`, `an array`, `a URL`).
 * @internal
 */
export function show(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return `${value}n`;
    case 'function':
      return 'a function';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return 'an array';
      const name: unknown = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
      if (typeof name !== 'string' || name === '' || name === 'Object') return 'an object';
      return `${/^[AEIO]/.test(name) ? 'an' : 'a'} ${name}`;
    }
    default:
      return String(value);
  }
}

/**
 * Throws the InvalidArgumentError every check throws:
 * `<label> must be <expected>, got <value>`.
 * @param label How the message names the argument (`fetch option timeout`).
 * @param argument The name the error carries (`timeout`).
 * @internal
 */
export function invalid(label: string, argument: string, expected: string, value: unknown): never {
  throw new InvalidArgumentError(`${label} must be ${expected}, got ${show(value)}`, argument);
}

/**
 * The InvalidUrlError for `input`, a URL with no http(s) origin, given as `argument`.
 * @internal
 */
export function invalidUrl(input: unknown, argument = 'url'): InvalidUrlError {
  const text = String(input);
  return new InvalidUrlError(`${argument} must be an absolute http(s) URL, got ${JSON.stringify(text)}`, text, argument);
}

/** A user agent that is an absolute http(s) URL: a URL passed first by mistake. */
const ABSOLUTE_HTTP_URL = /^https?:\/\//i;
/** A URL argument as callers write one: a path, or anything with a scheme. */
const URL_LIKE = /^(?:\/|[A-Za-z][A-Za-z\d+.-]*:)/;

/**
 * Checks the user agent of `isAllowed`, `explain` and `getCrawlDelay`
 * (behaviour.md §9.33).
 * @throws InvalidArgumentError when it is not a string.
 * @internal
 */
export function checkUserAgent(method: string, userAgent: unknown): asserts userAgent is string {
  if (typeof userAgent !== 'string') invalid(`${method} userAgent`, 'userAgent', 'a string', userAgent);
}

/**
 * Checks the `(userAgent, url)` of `isAllowed` and `explain` (behaviour.md
 * §9.33): a string user agent, a string or `URL` url, and not the two
 * swapped, which is a user agent that is an absolute http(s) URL with a url
 * that is neither a path (`/…`) nor has a scheme (`isAllowed(url, 'MyBot')`).
 * @throws InvalidArgumentError otherwise.
 * @internal
 */
export function checkQuery(method: string, userAgent: unknown, url: unknown): void {
  checkUserAgent(method, userAgent);
  if (typeof url === 'string') {
    if (ABSOLUTE_HTTP_URL.test(userAgent) && !URL_LIKE.test(url)) {
      throw new InvalidArgumentError(
        `${method} takes (userAgent, url) and got the URL ${show(userAgent)} as userAgent with ${show(url)} as url: are the arguments swapped?`,
        'userAgent',
      );
    }
  } else if (!(url instanceof URL)) {
    invalid(`${method} url`, 'url', 'a string or a URL', url);
  }
}

/** What Node (and so node-fetch) accepts in a header value: tab, visible ASCII and space, and Latin-1. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * `value` when it can be sent as an HTTP header value (a user agent).
 * @throws InvalidArgumentError for anything else: a non-string, a control
 *   character (CR and LF included), a character beyond U+00FF (`™`).
 * @internal
 */
export function checkHeaderValue(value: unknown, label: string, argument: string): string {
  if (typeof value !== 'string') invalid(label, argument, 'a string', value);
  if (!HEADER_VALUE.test(value)) {
    invalid(label, argument, 'a valid HTTP header value (tab, space, visible ASCII and Latin-1 characters only)', value);
  }
  return value;
}

/**
 * The User-Agent header `fetch` sends for a parser's `userAgent`: null (none)
 * for null, undefined or `''`.
 * @throws InvalidArgumentError as {@link checkHeaderValue}.
 * @internal
 */
export function userAgentHeader(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return checkHeaderValue(value, 'userAgent', 'userAgent');
}

/**
 * True for `{...}` and `Object.create(null)`, from any realm; false for arrays, class instances and the rest.
 * @internal
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * One options object of one API, checked as a whole when made (an object,
 * every key known) and then read option by option, each read checking its
 * value and filling in its default. An option set to `undefined` counts as
 * not given. Messages name options as `<owner> option <path><key>`:
 * `fetch option timeout`, `RobotsCache option fetchOptions.maxBytes`.
 * @internal
 */
export class OptionReader<K extends string> {
  readonly #owner: string;
  readonly #path: string;
  readonly #values: Readonly<Record<string, unknown>>;

  /**
   * @param owner The API, as messages name it: `fetch`, `RobotsCache`, `get`.
   * @param options The options as passed; `undefined` is no options, unless `required`.
   * @param keys Every option the API has.
   * @param path For options nested in another's (`fetchOptions`), that option's name.
   * @throws InvalidArgumentError when `options` is not a plain object, or has a key not in `keys`.
   */
  constructor(owner: string, options: unknown, keys: readonly K[], path = '', required = false) {
    this.#owner = owner;
    this.#path = path === '' ? '' : `${path}.`;
    if (options === undefined && !required) options = {};
    if (!isPlainObject(options)) {
      if (path === '') invalid(`${owner} options`, 'options', 'an object', options);
      invalid(`${owner} option ${path}`, path, 'an object', options);
    }
    for (const key of Object.keys(options)) {
      if (!(keys as readonly string[]).includes(key)) {
        const shown = IDENTIFIER.test(key) ? key : JSON.stringify(key);
        throw new InvalidArgumentError(`${owner} option ${this.#path}${shown} is unknown; known options: ${keys.join(', ')}`, this.#path + key);
      }
    }
    this.#values = options;
  }

  /** How messages name option `key`. */
  label(key: K): string {
    return `${this.#owner} option ${this.#path}${key}`;
  }

  /** The name an error carries for option `key`. */
  argument(key: K): string {
    return this.#path + key;
  }

  /** Option `key` as given, unchecked; undefined when not given. */
  raw(key: K): unknown {
    return this.#values[key];
  }

  #fail(key: K, expected: string): never {
    return invalid(this.label(key), this.argument(key), expected, this.#values[key]);
  }

  /**
   * An integer of at least `min` (a safe integer); `fallback` when not given,
   * which, when `fallback` is undefined, is an error too (a required option).
   */
  integer(key: K, min: 0 | 1, fallback?: number): number {
    const value = this.#values[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
      this.#fail(key, min === 0 ? 'a non-negative integer' : 'a positive integer');
    }
    return value;
  }

  /**
   * A duration: a finite number of `unit` (milliseconds unless said), above 0
   * or, with `zero`, 0 too. `fallback` when not given.
   */
  duration(key: K, fallback: number, opts?: DurationOptions): number;
  duration(key: K, fallback: null, opts?: DurationOptions): number | null;
  duration(key: K, fallback: number | null, { zero = false, unit = 'milliseconds' }: DurationOptions = {}): number | null {
    const value = this.#values[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || !(zero ? value >= 0 : value > 0)) {
      this.#fail(key, `a finite number of ${unit}${zero ? ' >= 0' : ' > 0'}`);
    }
    return value;
  }

  /** One of `allowed`; `fallback` when not given. */
  oneOf<T extends string>(key: K, allowed: readonly T[], fallback: T): T {
    const value = this.#values[key];
    if (value === undefined) return fallback;
    if (!(allowed as readonly unknown[]).includes(value)) this.#fail(key, listOf(allowed.map((a) => `'${a}'`)));
    return value as T;
  }

  /** An AbortSignal (anything with `aborted` and `addEventListener`), or null when not given. */
  signal(key: K): AbortSignal | null {
    const value = this.#values[key] as AbortSignal | null | undefined;
    if (value === undefined) return null;
    if (typeof value !== 'object' || value === null || typeof value.addEventListener !== 'function' || typeof value.aborted !== 'boolean') {
      this.#fail(key, 'an AbortSignal');
    }
    return value;
  }

  /** A function, or undefined when not given. */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the callback's type; only typeof 'function' is checked
  callback<F extends (...args: never[]) => unknown>(key: K): F | undefined {
    const value = this.#values[key];
    if (value !== undefined && typeof value !== 'function') this.#fail(key, 'a function');
    return value as F | undefined;
  }

  /** A boolean; `fallback` when not given. */
  boolean(key: K, fallback: boolean): boolean {
    const value = this.#values[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') this.#fail(key, 'true or false');
    return value;
  }

  /** A string that can be sent as an HTTP header value; required. */
  headerValue(key: K): string {
    return checkHeaderValue(this.#values[key], this.label(key), this.argument(key));
  }
}

/** How {@link OptionReader.duration} checks. */
export interface DurationOptions {
  /** Whether 0 is allowed. Default false. */
  readonly zero?: boolean;
  /** The unit messages name. Default milliseconds. */
  readonly unit?: 'milliseconds' | 'seconds';
}

/** `a`, `a or b`, `a, b or c`. */
export function listOf(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
