// Fetch-on-demand robots.txt for many origins: one fetch per origin at a time,
// kept until it expires, bounded by an LRU over origins.
import type { RobotExclusionRulesParser } from '../parser.js';
import { fetchSettings, type FetchOptions } from '../http/fetch.js';
import { originOf, requireOrigin } from './origin.js';
import { OptionReader } from '../options.js';
import type { Syntax } from '../syntax.js';
import { defaultSyntax } from '../parser-options.js';
import { Lru } from './lru.js';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRIES, entryWeight, readClock } from './settings.js';
import type { Clock } from '../clock.js';
import {
  DEFAULT_FAILURE_TTL,
  failurePause,
  fetchWithPolicy,
  SERVER_ERROR_POLICIES,
  statusPolicyFor,
  type PolicyFetch,
  type ServerErrorPolicy,
} from './unreachable.js';
import { readSharedStore, type SharedStore } from './shared-store.js';
import type { HeldEntry } from './store-codec.js';
import { CACHE_KEYS, DEFAULT_STALE_IF_ERROR, type RobotsCacheOptions, type RobotsFetchEvent } from './cache-options.js';

export type { RobotsCacheOptions, RobotsFetchEvent } from './cache-options.js';
import { CachePacing, untilAborted, waitTurnSignal, type WaitTurnOptions } from './cache-pacing.js';

/**
 * robots.txt for any number of origins, fetched on first use with the
 * parser's `fetch` (same status, charset, size and redirect handling) and
 * kept until it expires (its `expirationDate`, from Cache-Control or
 * Expires, else 7 days, reached on the cache's `clock`), then fetched again.
 * Concurrent calls for one origin share one request. At most `maxEntries`
 * origins are kept, least recently used dropped first.
 *
 * A failed fetch is decided by `onServerError` (see {@link ServerErrorPolicy})
 * and remembered for `failureTtl` milliseconds; when the origin's rules came
 * from a successful fetch before, they are served instead for up to
 * `staleIfError` milliseconds from the first failed refetch.
 *
 * @example
 * ```ts
 * import { RobotsCache } from 'robotexclusionrulesparser';
 * const robots = new RobotsCache({ userAgent: 'MyBot/1.0 (+https://example.com/bot)' });
 * if (await robots.isAllowed('https://example.com/some/page')) {
 *   // crawl it: see waitTurn to pace requests per origin
 * }
 * ```
 */
export class RobotsCache {
  readonly #userAgent: string;
  readonly #syntax: Syntax;
  readonly #fetchOptions: FetchOptions;
  readonly #policy: ServerErrorPolicy;
  readonly #failureTtl: number;
  readonly #staleIfError: number;
  readonly #onFetch: ((event: RobotsFetchEvent) => void) | undefined;
  readonly #clock: Clock;
  /** Settled outcomes, least recently used first, weighed in bytes. */
  readonly #entries: Lru<string, HeldEntry>;
  /**
   * Fetches in flight, shared by every caller asking meanwhile. Kept apart from
   * the LRU so that dropping an origin never starts a second fetch of it.
   */
  readonly #inFlight = new Map<string, Promise<RobotExclusionRulesParser>>();
  /** Bumped by {@link clear}, so that fetches started before it store nothing. */
  #epoch = 0;
  /** The `store` option's, or null without one. */
  readonly #shared: SharedStore | null;
  readonly #pacing: CachePacing;

  /**
   * @throws InvalidArgumentError when `options` is not an object or has an
   *   unknown key, `userAgent` is missing or not a valid HTTP header value,
   *   or any option (fetch options included) has a bad value.
   */
  constructor(options: RobotsCacheOptions) {
    const o = new OptionReader('RobotsCache', options, CACHE_KEYS, '', true);
    this.#userAgent = o.headerValue('userAgent');
    this.#syntax = defaultSyntax(o);
    const maxEntries = o.integer('maxEntries', 1, DEFAULT_MAX_ENTRIES);
    const maxBytes = o.integer('maxBytes', 1, DEFAULT_MAX_BYTES);
    this.#entries = new Lru(maxEntries, maxBytes);
    this.#policy = o.oneOf('onServerError', SERVER_ERROR_POLICIES, 'disallow');
    this.#failureTtl = o.duration('failureTtl', DEFAULT_FAILURE_TTL, { zero: true });
    this.#staleIfError = o.duration('staleIfError', DEFAULT_STALE_IF_ERROR, { zero: true });
    this.#onFetch = o.callback('onFetch');
    this.#clock = readClock(o);
    // Bad fetch options throw here, named as this constructor's, not on every fetch.
    const settings = fetchSettings(o.raw('fetchOptions'), 'RobotsCache', 'fetchOptions');
    const given = (o.raw('fetchOptions') ?? {}) as FetchOptions;
    this.#fetchOptions = { ...given, statusPolicy: given.statusPolicy ?? statusPolicyFor(this.#syntax) };
    this.#shared = readSharedStore(o, {
      policy: this.#fetchOptions.statusPolicy!,
      fetchTimeout: settings.timeout,
      staleIfError: this.#staleIfError,
      syntax: this.#syntax,
      userAgent: this.#userAgent,
      maxUnsaved: maxEntries,
      maxUnsavedBytes: maxBytes,
      clock: this.#clock,
    });
    this.#pacing = new CachePacing(o, this.#clock, this.#userAgent, this.#syntax);
  }

  /** The user agent the cache fetches as and answers for. */
  get userAgent(): string {
    return this.#userAgent;
  }

  /** How many origins the cache holds now (at most `maxEntries`). */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The bytes of heap the origins held take, as estimated (at most
   * `maxBytes`, unless the one origin last fetched takes more alone).
   */
  get estimatedBytes(): number {
    return this.#entries.weight;
  }

  /**
   * Whether the cache's user agent may fetch `url`, from its origin's
   * robots.txt (fetched if not held or expired).
   * @throws InvalidUrlError when `url` is not an absolute http(s) URL; with
   *   `onServerError: 'throw'`, the fetch's typed error.
   */
  async isAllowed(url: string | URL): Promise<boolean> {
    return (await this.get(url)).isAllowed(this.#userAgent, url, this.#syntax);
  }

  /**
   * The crawl delay in seconds for the cache's user agent on the origin of
   * `url`, or null when its robots.txt sets none. The groups that apply are
   * chosen as the cache's syntax chooses them.
   * @throws as {@link isAllowed}.
   */
  async getCrawlDelay(url: string | URL): Promise<number | null> {
    return (await this.get(url)).getCrawlDelay(this.#userAgent, this.#syntax);
  }

  /**
   * The parser holding the robots.txt of the origin of `url`, fetched if not
   * held or expired. After a failure under `'allow'` or `'disallow'`, it is the
   * policy's stand-in (no rules, or `Disallow: /`) with the failed fetch's
   * `responseCode`. Its calls that name no syntax answer in the cache's
   * syntax. The same parser is shared by every caller: do not `parse` or
   * `fetch` into it.
   * @throws as {@link isAllowed}.
   */
  get(url: string | URL): Promise<RobotExclusionRulesParser> {
    let origin: string;
    try {
      origin = requireOrigin(url);
    } catch (error) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes on requireOrigin's InvalidUrlError unchanged
      return Promise.reject(error);
    }
    const entry = this.#entries.peek(origin);
    if (entry !== undefined) this.#touch(origin, entry);
    const pending = this.#inFlight.get(origin);
    if (pending !== undefined) return pending;
    if (entry?.parser !== undefined) {
      if (entry.parser.expirationDate > this.#clock.now() / 1000) return Promise.resolve(entry.parser);
    } else if (entry?.error !== undefined && this.#clock.now() < entry.errorUntil!) {
      return Promise.reject(entry.error);
    }
    const load = this.#load(origin);
    this.#inFlight.set(origin, load);
    return load;
  }

  /** Forgets every origin held in memory (fetches in flight still answer their callers, but are not held); a `store` keeps its values. */
  clear(): void {
    this.#entries.clear();
    this.#inFlight.clear();
    this.#epoch++;
  }

  async #load(origin: string): Promise<RobotExclusionRulesParser> {
    const epoch = this.#epoch;
    const held = this.#entries.peek(origin);
    let entry: HeldEntry;
    try {
      // With a store, memory's last good rules are the ones to serve stale, else the store's.
      entry =
        this.#shared === null
          ? await this.#fetch(origin, held)
          : await this.#shared.load(origin, (stored) => this.#fetch(origin, held?.good === true ? held : stored));
    } catch (error) {
      // A bad option or the caller's abort: nothing learnt, whatever was held stays.
      if (epoch === this.#epoch) this.#inFlight.delete(origin);
      throw error;
    }
    if (epoch === this.#epoch) {
      // Settled before the waiting callers resume: their next call sees it.
      this.#inFlight.delete(origin);
      this.#touch(origin, entry);
    }
    if (entry.error !== undefined) throw entry.error;
    return entry.parser!;
  }

  /** Fetches the origin's robots.txt: the outcome to hold, `held` (its last good rules) served stale when the fetch fails. */
  async #fetch(origin: string, held: HeldEntry | undefined): Promise<HeldEntry> {
    const robotsUrl = `${origin}/robots.txt`;
    const fetched: PolicyFetch = await fetchWithPolicy(
      robotsUrl,
      this.#userAgent,
      this.#fetchOptions,
      this.#policy,
      this.#failureTtl,
      this.#syntax,
      this.#clock,
    );
    const { failed, error, parser, retryAfter } = fetched;
    const responseCode = parser.responseCode ?? 0;
    const stale = failed ? this.#staleEntry(held) : undefined;
    if (stale !== undefined) {
      // The origin is unreachable but good rules are held: serve them a while longer.
      stale.parser!.expirationDate = (this.#clock.now() + failurePause(retryAfter, this.#failureTtl)) / 1000;
      this.#onFetch?.({ origin, robotsUrl, responseCode, failed, error });
      return stale;
    }
    this.#onFetch?.({ origin, robotsUrl, responseCode, failed, error });
    return error !== null && this.#policy === 'throw'
      ? { error, errorUntil: this.#clock.now() + failurePause(retryAfter, this.#failureTtl) }
      : { parser, good: !failed };
  }

  /** `held`, marked stale, when its rules are good and may still be served after a failed refetch. */
  #staleEntry(held: HeldEntry | undefined): HeldEntry | undefined {
    if (held?.good !== true) return undefined;
    const now = this.#clock.now();
    const staleSince = held.staleSince ?? now;
    if (now - staleSince >= this.#staleIfError) return undefined;
    return { parser: held.parser!, good: true, staleSince };
  }

  /** Stores `entry` as the origin's most recently used one, dropping the least recently used past the bounds. */
  #touch(origin: string, entry: HeldEntry): void {
    this.#entries.set(origin, entry, entryWeight(origin, entry.parser));
  }

  /**
   * {@link isAllowed}'s answer without a promise, when it is at hand: the
   * origin's rules are held and fresh, and no fetch is replacing them.
   * Otherwise undefined: await {@link isAllowed} then. Never throws: a `url`
   * with no http(s) origin is undefined too, and {@link isAllowed} rejects it.
   */
  isAllowedSync(url: string | URL): boolean | undefined {
    const origin = typeof url === 'string' || url instanceof URL ? originOf(url) : null;
    if (origin === null || this.#inFlight.has(origin)) return undefined;
    const entry = this.#entries.peek(origin);
    if (entry?.parser === undefined || entry.parser.expirationDate * 1000 <= this.#clock.now()) return undefined;
    this.#touch(origin, entry);
    return entry.parser.isAllowed(this.#userAgent, url, this.#syntax);
  }

  /**
   * Waits for the turn of `url` (docs/many-hosts.md, "Pacing"): true once it
   * is allowed and its origin's next slot has come, which it takes; false,
   * taking no slot, as soon as the robots.txt disallows it. An origin's slots
   * are `max(minDelay, Crawl-delay, Request-rate)` apart, at most `maxDelay`.
   * @throws as {@link isAllowed}; InvalidArgumentError for bad options; the
   *   reason of `signal` when it aborts (a slot already taken stays unused).
   */
  async waitTurn(url: string | URL, options?: WaitTurnOptions): Promise<boolean> {
    const signal = waitTurnSignal(options);
    const parser = await untilAborted(this.get(url), signal);
    if (!parser.isAllowed(this.#userAgent, url, this.#syntax)) return false;
    return this.#pacing.turn(requireOrigin(url), parser, signal);
  }

  /** No slot for the origin of `url` before `ms` milliseconds from now (its page answered 429 or 503, `Retry-After`). @throws as {@link isAllowed}, or InvalidArgumentError for a bad `ms`. */
  async backoff(url: string | URL, ms: number): Promise<void> {
    await this.#pacing.backoff(requireOrigin(url), ms);
  }

  /** When the next slot of the origin of `url` is, in milliseconds since the epoch (now when free), not taking it. @throws as {@link isAllowed}. */
  async nextSlot(url: string | URL): Promise<number> {
    return this.#pacing.nextSlot(requireOrigin(url));
  }
}
