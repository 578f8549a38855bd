// A rules database for many hosts, after Perl's WWW::RobotRules: robots.txt
// texts the caller fetched, kept per origin, answered for one robot.
import { RobotExclusionRulesParser } from '../parser.js';
import { originOf, requireOrigin } from './origin.js';
import type { Syntax } from '../syntax.js';
import { defaultSyntax } from '../parser-options.js';
import { invalid, OptionReader } from '../options.js';
import { SEVEN_DAYS } from '../http/expiry.js';
import { Lru } from './lru.js';
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_ENTRIES, entryWeight, readClock } from './settings.js';
import type { Clock } from '../clock.js';
import type { Keyv } from 'keyv';
import { readSharedStore, type SharedStore, type StoreErrorEvent } from './shared-store.js';

/**
 * What {@link RobotRules.allowed} answers: `true` or `false` from fresh rules,
 * or `'unknown'` when no fresh rules are held for the URL's origin (never
 * parsed, expired, or the URL has no http(s) origin). Perl's WWW::RobotRules
 * returns -1 there; `'unknown'` is a distinct value a type checker makes you
 * handle, and fetching the origin's robots.txt is the usual next step.
 */
export type RulesAnswer = boolean | 'unknown';

/** Options of {@link RobotRules}. */
export interface RobotRulesOptions {
  /** The syntax {@link RobotRules.allowed} matches in: {@link GYM2008} (default) or any the parser accepts. */
  readonly syntax?: Syntax | undefined;
  /**
   * How many origins are kept (with rules, visits or both); the least
   * recently used (parsed, asked about or visited) is dropped first, its
   * visit counts with it. Default 10,000.
   */
  readonly maxEntries?: number | undefined;
  /**
   * How many bytes of heap the origins kept may hold, as their parsers
   * estimate it ({@link RobotExclusionRulesParser.estimatedBytes}, plus a
   * little per origin); the least recently used are dropped first, the one
   * just parsed is always kept. Default 64 MiB (67,108,864).
   */
  readonly maxBytes?: number | undefined;
  /**
   * A store kept across restarts or shared with other processes (any Keyv
   * instance: a file, Redis): {@link RobotRules.parse} also writes the rules
   * there, and {@link RobotRules.load} reads an origin's back, as Perl's
   * `WWW::RobotRules::AnyDBM_File` keeps its database on disk.
   */
  readonly store?: Keyv | undefined;
  /** Called when the store fails or takes longer than `storeTimeout`; never thrown. It must not throw. */
  readonly onStoreError?: ((event: StoreErrorEvent) => void) | undefined;
  /** Milliseconds one store operation may take. Default 1,000. */
  readonly storeTimeout?: number | undefined;
  /**
   * Where "now" is read: freshness, the default freshness time and visit
   * time, store pauses. Default {@link systemClock}; tests pass one they
   * move by hand (docs/many-hosts.md, "Time").
   */
  readonly clock?: Clock | undefined;
}

interface Host {
  parser?: RobotExclusionRulesParser;
  /** Unix seconds; set with the rules. */
  fresh?: number;
  visits: number;
  /** Unix seconds of the latest visit. */
  last?: number;
}

/**
 * One robots.txt database for many hosts, as Perl's `WWW::RobotRules`: you
 * fetch each origin's robots.txt yourself and {@link parse} it with the URL
 * it came from; {@link allowed} then answers for any URL on any origin held.
 * Rules are kept per origin (scheme, host and port; see {@link originOf}),
 * matched with {@link RobotExclusionRulesParser} for the robot name given to
 * the constructor. Times are Unix seconds, as in Perl, read from the
 * `clock` option.
 *
 * @example
 * ```ts
 * import { RobotRules } from 'robotexclusionrulesparser';
 * const rules = new RobotRules('MOMspider/1.0');
 * rules.parse('http://some.place/robots.txt', 'User-agent: *\nDisallow: /tmp/\n');
 * rules.allowed('http://some.place/tmp/x');        // false
 * rules.allowed('http://SOME.place:80/index.html'); // true
 * rules.allowed('http://other.place/');             // 'unknown': fetch its robots.txt first
 * ```
 */
export class RobotRules {
  #agent: string;
  readonly #syntax: Syntax;
  readonly #hosts: Lru<string, Host>;
  readonly #clock: Clock;
  readonly #shared: SharedStore | null;
  /** Writes to the store in progress. */
  readonly #writes = new Set<Promise<void>>();

  /**
   * @param agent The robot's name (its User-Agent), matched as the parser
   *   does: a record applies when its name is a substring of it.
   * @throws InvalidArgumentError when `options` is not an object or has an
   *   unknown key, or for an unknown syntax value.
   */
  constructor(agent: string, options?: RobotRulesOptions) {
    const o = new OptionReader('RobotRules', options, ['syntax', 'maxEntries', 'maxBytes', 'store', 'onStoreError', 'storeTimeout', 'lock', 'clock'] as const);
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- JavaScript callers may pass a non-string
    this.#agent = String(agent);
    this.#syntax = defaultSyntax(o);
    const maxEntries = o.integer('maxEntries', 1, DEFAULT_MAX_ENTRIES);
    const maxBytes = o.integer('maxBytes', 1, DEFAULT_MAX_BYTES);
    this.#hosts = new Lru(maxEntries, maxBytes);
    this.#clock = readClock(o);
    // It fetches nothing, so there is nothing to lock; the key is read so that readSharedStore sees every store option.
    if (o.raw('lock') !== undefined) invalid(o.label('lock'), o.argument('lock'), 'left out: RobotRules fetches nothing', o.raw('lock'));
    this.#shared = readSharedStore(o, {
      policy: 'rules',
      fetchTimeout: 0,
      staleIfError: 0,
      syntax: this.#syntax,
      userAgent: this.#agent,
      maxUnsaved: maxEntries,
      maxUnsavedBytes: maxBytes,
      clock: this.#clock,
    });
  }

  /** How many origins are held (with rules, visits or both). */
  get size(): number {
    return this.#hosts.size;
  }

  /** The bytes of heap the origins held take, as estimated (at most `maxBytes`, unless the origin last parsed takes more alone). */
  get estimatedBytes(): number {
    return this.#hosts.weight;
  }

  /**
   * Stores `content`, the robots.txt fetched from `robotsTxtUrl`, as the rules
   * of that URL's origin, replacing any held before. Never throws on any
   * content (bytes are read as ISO-8859-1, as by the parser).
   * @param freshUntil Unix seconds until which the rules hold; default now +
   *   7 days (MK1996's default, as the parser's `fetch`; Perl uses 365 days).
   *   Pass a fetched parser's `expirationDate` to honour the server's Expires.
   * @throws InvalidUrlError when `robotsTxtUrl` is not an absolute http(s)
   *   URL.
   */
  parse(robotsTxtUrl: string | URL, content: string | Uint8Array, freshUntil?: number): void {
    const origin = requireOrigin(robotsTxtUrl, 'robotsTxtUrl');
    const host = this.#hosts.peek(origin) ?? { visits: 0 };
    const parser = new RobotExclusionRulesParser();
    parser.parse(content);
    host.parser = parser;
    host.fresh = freshUntil ?? this.#now() + SEVEN_DAYS;
    this.#use(origin, host);
    if (this.#shared !== null) {
      parser.expirationDate = host.fresh;
      // In the background (see flush): a failed write is reported to onStoreError and retried once the store answers.
      const write = this.#shared.write(origin, { parser, good: true }).finally(() => this.#writes.delete(write));
      this.#writes.add(write);
    }
  }

  /**
   * Waits until the store writes of every {@link parse} so far are done (or
   * failed, and reported): before a process exits. Never throws.
   */
  async flush(): Promise<void> {
    await Promise.all(this.#writes);
  }

  /**
   * With a `store`: reads the rules of the origin of `url` from it unless
   * fresh ones are held, and holds them. True when fresh rules are held
   * after it ({@link allowed} answers true or false), false otherwise
   * (nothing stored, expired, no store, or `url` has no http(s) origin).
   * Never throws: a store that fails is reported to `onStoreError`.
   */
  async load(url: string | URL): Promise<boolean> {
    const origin = originOf(url);
    if (origin === null) return false;
    const held = this.#hosts.peek(origin);
    if (held?.parser !== undefined && held.fresh! >= this.#now()) return true;
    const stored = this.#shared === null ? undefined : await this.#shared.read(origin);
    const parser = stored?.parser;
    if (parser === undefined || parser.expirationDate <= this.#now()) return false;
    const host = this.#hosts.peek(origin) ?? { visits: 0 };
    // A parse while the store was read holds newer rules than the store's.
    if (host.parser !== undefined && host.fresh! >= this.#now()) return true;
    host.parser = parser;
    host.fresh = parser.expirationDate;
    this.#use(origin, host);
    return true;
  }

  /**
   * Whether the robot may fetch `url`: `true` or `false` from the rules held
   * for its origin, `'unknown'` when none are held, they are past their
   * freshness time, or `url` has no http(s) origin. Never throws.
   */
  allowed(url: string | URL): RulesAnswer {
    const origin = originOf(url);
    if (origin === null) return 'unknown';
    const host = this.#hosts.peek(origin);
    if (host?.parser === undefined || !(host.fresh! >= this.#now())) return 'unknown';
    this.#use(origin, host);
    return host.parser.isAllowed(this.#agent, url, this.#syntax);
  }

  /** The robot name. */
  agent(): string;
  /**
   * Sets the robot name and returns the previous one. A different name clears
   * every origin's rules and freshness time (they were read for the old
   * name); visit counts and times are kept, the server saw those visits.
   */
  agent(name: string): string;
  agent(name?: string): string {
    const old = this.#agent;
    if (name === undefined) return old;
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- as in the constructor
    const next = String(name);
    if (next !== old) {
      this.#agent = next;
      for (const [origin, host] of this.#hosts.entries()) {
        delete host.parser;
        delete host.fresh;
        // Weighed again without its rules, in the same place: forgetting rules is no use.
        if (host.visits === 0) this.#hosts.delete(origin);
        else this.#hosts.reweigh(origin, entryWeight(origin, undefined));
      }
    }
    return old;
  }

  /**
   * Records a visit to an origin (any URL on it, or the origin itself) at
   * `time` (Unix seconds, default now), for politeness bookkeeping.
   * @throws InvalidUrlError when `url` has no http(s) origin.
   */
  visit(url: string | URL, time: number = this.#now()): void {
    const origin = requireOrigin(url);
    const host = this.#hosts.peek(origin) ?? { visits: 0 };
    this.#use(origin, host);
    host.visits++;
    if (host.last === undefined || time > host.last) host.last = time;
  }

  /** How many visits {@link visit} recorded for the origin of `url`; 0 when none. */
  noVisits(url: string | URL): number {
    return this.#known(url)?.visits ?? 0;
  }

  /** Unix seconds of the latest visit recorded for the origin of `url`, or undefined. */
  lastVisit(url: string | URL): number | undefined {
    return this.#known(url)?.last;
  }

  /**
   * Unix seconds until which the rules of the origin of `url` are fresh, or
   * undefined when none were parsed (or the agent changed since).
   */
  freshUntil(url: string | URL): number | undefined {
    return this.#known(url)?.fresh;
  }

  /** The clock's time in Unix seconds. */
  #now(): number {
    return this.#clock.now() / 1000;
  }

  #known(url: string | URL): Host | undefined {
    const origin = originOf(url);
    return origin === null ? undefined : this.#hosts.peek(origin);
  }

  /** Stores `host` as the most recently used origin, weighed with its rules, dropping the least recently used past the bounds. */
  #use(origin: string, host: Host): void {
    this.#hosts.set(origin, host, entryWeight(origin, host.parser));
  }
}
