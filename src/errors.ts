// Typed errors, undici style: one base class, a class per failure and a
// literal string `code` per class.

/**
 * Base class of every error this package throws on purpose. It is never
 * thrown itself: each subclass has a literal {@link code}, so that
 * TypeScript narrows {@link AnyRobotsError} on it.
 */
export abstract class RobotsError extends Error {
  /** A stable machine-readable code, e.g. `'ERR_ROBOTS_FETCH'`. */
  abstract readonly code: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/**
 * Why a fetch failed:
 * - `'status'`: the server answered with a status the policy does not handle (e.g. 410, 503,
 *   or a redirect status without a `Location` header);
 * - `'network'`: no complete HTTP answer (connection refused, reset, DNS failure, a
 *   compressed body cut short or corrupt, or in more than five codings, ...);
 * - `'timeout'`: the `timeout` option ran out before the body was read;
 * - `'aborted'`: the caller's `signal` aborted;
 * - `'redirect'`: more redirects than allowed, a loop, or a `Location` that is not an http(s) URL;
 * - `'address'`: the address policy refused to connect (the `allowAddress` fetch option, or
 *   by default a redirect to another host that leads to an address that is not public).
 *
 * A URL that is not an absolute http(s) URL is not a failed fetch: it throws
 * {@link InvalidUrlError} before any request.
 */
export type FetchFailure = 'status' | 'network' | 'timeout' | 'aborted' | 'redirect' | 'address';

/**
 * A robots.txt could not be fetched. The parser that threw it keeps the rules
 * it held before the call.
 */
export class RobotsFetchError extends RobotsError {
  /** Always `'ERR_ROBOTS_FETCH'`. */
  readonly code = 'ERR_ROBOTS_FETCH' as const;
  /** The URL given to `fetch` (not the redirect target). */
  readonly url: string;
  /** The last HTTP status received, or 0 when no complete HTTP answer came. */
  readonly responseCode: number;
  /** What kind of failure this is. */
  readonly reason: FetchFailure;
  /**
   * Seconds the server asked to wait before asking again, from the
   * `Retry-After` header of the answer that failed (a 429 or 503, typically):
   * its delta-seconds, or the seconds until its HTTP date (0 once past).
   * Null when the answer had none, or no answer came.
   */
  readonly retryAfter: number | null;

  constructor(message: string, init: { url: string; responseCode: number; reason: FetchFailure; cause?: unknown; retryAfter?: number | null }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.url = init.url;
    this.responseCode = init.responseCode;
    this.reason = init.reason;
    this.retryAfter = init.retryAfter ?? null;
  }
}

/**
 * A fetched robots.txt could not be decoded: its charset is unknown, or its
 * bytes are not valid in that charset (see the `onDecodeError` fetch option).
 */
export class RobotsEncodingError extends RobotsError {
  /** Always `'ERR_ROBOTS_ENCODING'`. */
  readonly code = 'ERR_ROBOTS_ENCODING' as const;
  /** The charset name, as the server gave it or as sniffed from a byte-order mark. */
  readonly encoding: string;

  constructor(message: string, encoding: string, options?: { cause?: unknown }) {
    super(message, options);
    this.encoding = encoding;
  }
}

/**
 * An argument or option the caller passed is not one this package accepts: a
 * value of the wrong type or out of range, an unknown syntax, an options
 * object with a key no option has (a misspelling such as `timout`), options
 * that are not an object, or a user agent that cannot be sent as an HTTP
 * header value. Thrown (or the promise rejects) before any request is made.
 */
export class InvalidArgumentError extends RobotsError {
  /** Always `'ERR_ROBOTS_INVALID_ARGUMENT'`. */
  readonly code = 'ERR_ROBOTS_INVALID_ARGUMENT' as const;
  /**
   * The argument or option at fault, as the API names it: `'syntax'`,
   * `'userAgent'`, `'timeout'`, `'fetchOptions.maxBytes'`, `'options'` (the
   * options as a whole), or an unknown key as it was given.
   */
  readonly argument: string;

  constructor(message: string, argument: string) {
    super(message);
    this.argument = argument;
  }
}

/**
 * A URL the caller passed is not an absolute http(s) URL, so it has no
 * robots.txt to fetch or hold rules for (`ftp://host/`, `/robots.txt`, `''`).
 * Thrown (or the promise rejects) before any request is made.
 */
export class InvalidUrlError extends RobotsError {
  /** Always `'ERR_ROBOTS_INVALID_URL'`. */
  readonly code = 'ERR_ROBOTS_INVALID_URL' as const;
  /** The URL as it was given (as a string). */
  readonly input: string;
  /** The argument that held it, e.g. `'url'` or `'robotsTxtUrl'`. */
  readonly argument: string;

  constructor(message: string, input: string, argument = 'url') {
    super(message);
    this.input = input;
    this.argument = argument;
  }
}

/** An operation on a shared store, lock or pacer, as {@link StoreTimeoutError} and `onStoreError` name it. */
export type StoreOperation = 'read' | 'write' | 'lock' | 'unlock' | 'reserve' | 'push';

/**
 * An operation on a shared store or lock (the `store` and `lock` options of
 * `RobotsCache` and `RobotRules`) took longer than `storeTimeout`. No call
 * throws it: it is what `onStoreError` is told, and the lookup goes on
 * without the store. So it is not in {@link AnyRobotsError}, the union of
 * what calls throw.
 */
export class StoreTimeoutError extends RobotsError {
  /** Always `'ERR_ROBOTS_STORE_TIMEOUT'`. */
  readonly code = 'ERR_ROBOTS_STORE_TIMEOUT' as const;
  /** The operation that took too long. */
  readonly operation: StoreOperation;
  /** The `storeTimeout` it outlasted, in milliseconds. */
  readonly timeout: number;

  constructor(operation: StoreOperation, timeout: number) {
    super(`store ${operation} took longer than ${timeout} ms`);
    this.operation = operation;
    this.timeout = timeout;
  }
}

/**
 * Every error this package throws on purpose, as a union that TypeScript
 * narrows on `code`:
 *
 * ```ts
 * import { InvalidArgumentError, RobotsError, type AnyRobotsError } from 'robotexclusionrulesparser';
 *
 * function describe(error: AnyRobotsError): string {
 *   switch (error.code) {
 *     case 'ERR_ROBOTS_FETCH': return `fetch failed (${error.reason})`;
 *     case 'ERR_ROBOTS_ENCODING': return `cannot decode ${error.encoding}`;
 *     case 'ERR_ROBOTS_INVALID_ARGUMENT': return `bad ${error.argument}`;
 *     case 'ERR_ROBOTS_INVALID_URL': return `bad URL ${error.input}`;
 *   }
 * }
 * const error = new InvalidArgumentError('fetch option timout is unknown', 'timout');
 * error instanceof RobotsError;     // => true
 * describe(error);                  // => 'bad timout'
 * ```
 */
export type AnyRobotsError = RobotsFetchError | RobotsEncodingError | InvalidArgumentError | InvalidUrlError;

/** The `code` of each error in {@link AnyRobotsError}. */
export type RobotsErrorCode = AnyRobotsError['code'];
