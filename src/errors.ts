// Typed errors, undici style: a class per failure and a stable string `code`.

/** Base class of every error this package throws on purpose. */
export class RobotsError extends Error {
  /** A stable machine-readable code, e.g. `'ERR_ROBOTS_FETCH'`. */
  readonly code: string;

  constructor(message: string, code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * Why a fetch failed:
 * - `'status'`: the server answered with a status the policy does not handle (e.g. 410, 503,
 *   or a redirect status without a `Location` header);
 * - `'network'`: no complete HTTP answer (connection refused, reset, DNS failure, a
 *   compressed body cut short or corrupt, ...);
 * - `'timeout'`: the `timeout` option ran out before the body was read;
 * - `'aborted'`: the caller's `signal` aborted;
 * - `'redirect'`: more redirects than allowed, a loop, or a `Location` that is not an http(s) URL;
 * - `'url'`: the URL is not an absolute http(s) URL.
 */
export type FetchFailure = 'status' | 'network' | 'timeout' | 'aborted' | 'redirect' | 'url';

/**
 * A robots.txt could not be fetched. The parser that threw it keeps the rules
 * it held before the call.
 */
export class RobotsFetchError extends RobotsError {
  /** The URL given to `fetch` (not the redirect target). */
  readonly url: string;
  /** The last HTTP status received, or 0 when no complete HTTP answer came. */
  readonly responseCode: number;
  /** What kind of failure this is. */
  readonly reason: FetchFailure;

  constructor(message: string, init: { url: string; responseCode: number; reason: FetchFailure; cause?: unknown }) {
    super(message, 'ERR_ROBOTS_FETCH', init.cause === undefined ? undefined : { cause: init.cause });
    this.url = init.url;
    this.responseCode = init.responseCode;
    this.reason = init.reason;
  }
}

/**
 * A fetched robots.txt could not be decoded: its charset is unknown, or its
 * bytes are not valid in that charset (see the `onDecodeError` fetch option).
 */
export class RobotsEncodingError extends RobotsError {
  /** The charset name, as the server gave it or as sniffed from a byte-order mark. */
  readonly encoding: string;

  constructor(message: string, encoding: string, options?: { cause?: unknown }) {
    super(message, 'ERR_ROBOTS_ENCODING', options);
    this.encoding = encoding;
  }
}
