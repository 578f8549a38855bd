// RobotsCache's pacing: the interval each origin's robots.txt asks for,
// bounded by the cache's options, and the wait for the origin's next slot
// (docs/many-hosts.md, "Pacing").
import type { RobotExclusionRulesParser } from '../parser.js';
import type { RequestRate } from '../classic/model.js';
import type { Clock } from '../clock.js';
import { invalid, OptionReader } from '../options.js';
import type { Syntax } from '../syntax.js';
import { GuardedPacer, type Pacer } from './pacing.js';
import { DEFAULT_STORE_TIMEOUT, type StoreErrorEvent } from './shared-store.js';

/** The pacing options of {@link RobotsCacheOptions}. */
export interface PacingOptions {
  /**
   * Milliseconds at least between two requests to one origin
   * ({@link RobotsCache.waitTurn}), whatever its robots.txt says. Default 0:
   * only the robots.txt's `Crawl-delay` or `Request-rate` paces.
   */
  readonly minDelay?: number | undefined;
  /**
   * Milliseconds at most between two requests to one origin: a longer
   * `Crawl-delay` or `Request-rate` is cut to it, and `onDelayCapped` is
   * told. Default 60,000 (one minute). At least `minDelay`.
   */
  readonly maxDelay?: number | undefined;
  /**
   * Where the origins' slots are taken: by default in this process's memory
   * (a {@link MemoryPacer}); `RedisPacer` of `robotexclusionrulesparser/redis`
   * shares them with a fleet. A call that fails or takes longer than
   * `storeTimeout` is reported to `onStoreError` (operation `'reserve'` or
   * `'push'`) and pacing goes on in memory.
   */
  readonly pacer?: Pacer | undefined;
  /**
   * Called the first time a fetched robots.txt paces {@link RobotsCache.waitTurn}
   * when its `Crawl-delay` or `Request-rate` asks for more than `maxDelay`,
   * which is used instead. It must not throw.
   */
  readonly onDelayCapped?: ((event: DelayCappedEvent) => void) | undefined;
}

/** Every key of {@link PacingOptions}. */
export const PACING_KEYS = ['minDelay', 'maxDelay', 'pacer', 'onDelayCapped'] as const;

/** The default of {@link PacingOptions.maxDelay}: one minute, in milliseconds. */
export const DEFAULT_MAX_DELAY = 60_000;

/** What {@link PacingOptions.onDelayCapped} is told. */
export interface DelayCappedEvent {
  /** The origin key (see {@link originOf}). */
  readonly origin: string;
  /**
   * Milliseconds between requests the robots.txt asks for: its `Crawl-delay`
   * or its `Request-rate` (seconds / requests), the longer; `Infinity` for a
   * `Request-rate` of 0 requests.
   */
  readonly askedMs: number;
  /** The cache's `maxDelay`: the interval used instead. */
  readonly maxDelay: number;
}

/** Options of {@link RobotsCache.waitTurn}. */
export interface WaitTurnOptions {
  /** Aborts the wait: the call rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * The signal of `waitTurn`'s options, or null.
 * @throws InvalidArgumentError for bad options; the signal's reason when it has aborted.
 */
export function waitTurnSignal(options: unknown): AbortSignal | null {
  const signal = new OptionReader('waitTurn', options, ['signal']).signal('signal');
  signal?.throwIfAborted();
  return signal;
}

/** `promise`, or a rejection with the signal's reason as soon as it aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null): Promise<T> {
  if (signal === null) return promise;
  return new Promise<T>((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's abort reason, passed on unchanged
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes the promise's own rejection on
        reject(error);
      },
    );
  });
}

/** Milliseconds per request a Request-rate asks for; 0 for `0/0`, which asks nothing. */
function rateInterval({ requests, seconds }: RequestRate): number {
  if (requests > 0) return (seconds * 1000) / requests;
  return seconds > 0 ? Infinity : 0;
}

type PacingKey = (typeof PACING_KEYS)[number] | 'onStoreError' | 'storeTimeout';

/** One cache's pacing: its options, its pacer and the interval of each robots.txt it has paced by. */
export class CachePacing {
  readonly #clock: Clock;
  readonly #userAgent: string;
  readonly #syntax: Syntax;
  readonly #minDelay: number;
  readonly #maxDelay: number;
  readonly #onCapped: ((event: DelayCappedEvent) => void) | undefined;
  readonly #pacer: GuardedPacer;
  /** Per parser (one per fetch), so that each robots.txt is read and reported once. */
  readonly #intervals = new WeakMap<RobotExclusionRulesParser, number>();

  /** @throws InvalidArgumentError for a bad pacing option. */
  constructor(o: OptionReader<PacingKey>, clock: Clock, userAgent: string, syntax: Syntax) {
    this.#clock = clock;
    this.#userAgent = userAgent;
    this.#syntax = syntax;
    this.#minDelay = o.duration('minDelay', 0, { zero: true });
    this.#maxDelay = o.duration('maxDelay', DEFAULT_MAX_DELAY);
    if (this.#maxDelay < this.#minDelay) invalid(o.label('maxDelay'), o.argument('maxDelay'), `at least minDelay (${this.#minDelay})`, this.#maxDelay);
    this.#onCapped = o.callback('onDelayCapped');
    const shared = o.raw('pacer') as Partial<Pacer> | null | undefined;
    if (shared !== undefined && (typeof shared?.reserve !== 'function' || typeof shared.push !== 'function')) {
      invalid(o.label('pacer'), o.argument('pacer'), 'an object with reserve and push methods', shared);
    }
    this.#pacer = new GuardedPacer({
      clock,
      shared: (shared ?? null) as Pacer | null,
      timeout: o.duration('storeTimeout', DEFAULT_STORE_TIMEOUT),
      onStoreError: o.callback<(event: StoreErrorEvent) => void>('onStoreError'),
    });
  }

  /** Takes the origin's next slot, paced by `parser`'s robots.txt, and waits for it. */
  async turn(origin: string, parser: RobotExclusionRulesParser, signal: AbortSignal | null): Promise<true> {
    // An abort after the slot is taken leaves it unused: the origin is never asked sooner for it.
    const slot = await untilAborted(this.#pacer.reserve(origin, this.#interval(origin, parser)), signal);
    const wait = slot - this.#clock.now();
    if (wait > 0) await this.#clock.sleep(wait, signal ?? undefined);
    return true;
  }

  /**
   * No slot of the origin before `ms` milliseconds from now.
   * @throws InvalidArgumentError for an `ms` that is not a finite number >= 0.
   */
  backoff(origin: string, ms: number): Promise<void> {
    if (typeof ms !== 'number' || !(ms >= 0 && ms < Infinity)) invalid('backoff ms', 'ms', 'a finite number of milliseconds >= 0', ms);
    return this.#pacer.push(origin, this.#clock.now() + ms);
  }

  /** When the origin's next slot is, not taken: a reservation of no length leaves the next slot where it is. */
  nextSlot(origin: string): Promise<number> {
    return this.#pacer.reserve(origin, 0);
  }

  /** Milliseconds between the origin's slots: its robots.txt's delay within `minDelay` and `maxDelay`, whole. */
  #interval(origin: string, parser: RobotExclusionRulesParser): number {
    const known = this.#intervals.get(parser);
    if (known !== undefined) return known;
    const delay = parser.getCrawlDelay(this.#userAgent, this.#syntax);
    const rate = parser.getRequestRate(this.#userAgent);
    const asked = Math.max(delay === null ? 0 : delay * 1000, rate === null ? 0 : rateInterval(rate));
    const interval = Math.ceil(Math.min(this.#maxDelay, Math.max(this.#minDelay, asked)));
    this.#intervals.set(parser, interval);
    if (asked > this.#maxDelay) {
      try {
        this.#onCapped?.({ origin, askedMs: asked, maxDelay: this.#maxDelay });
      } catch {
        // A throwing hook must not break the wait it reports on.
      }
    }
    return interval;
  }
}
