// What RobotsCache, RobotRules and the shared store share: the default bounds,
// the weight of one origin held, the check of an option's methods, and the
// clock option.
import type { RobotExclusionRulesParser } from '../parser.js';
import { systemClock, type Clock } from '../clock.js';
import { invalid, type OptionReader } from '../options.js';

/**
 * What a cache holds per origin besides its parser: the key, its entry, the
 * map's slot, an error kept. An origin weighs this, its key's length and its
 * parser's `estimatedBytes()` (docs/performance.md, "Memory per origin").
 */
export const ENTRY_BYTES = 256;

/** The default `maxEntries` of RobotsCache and RobotRules, and of what `rerp batch` remembers. */
export const DEFAULT_MAX_ENTRIES = 10_000;

/** The default `maxBytes` of RobotsCache and RobotRules: 64 MiB. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * What one origin held under `key` weighs in an LRU bounded by `maxBytes`:
 * the entry itself, its key, and its parser's estimate (none for a failure
 * or visits alone).
 */
export function entryWeight(key: string, parser: RobotExclusionRulesParser | undefined): number {
  return ENTRY_BYTES + key.length + (parser?.estimatedBytes() ?? 0);
}

/** Whether `value` is an object with a method of each of `names`. */
export function hasMethods(value: unknown, names: readonly string[]): boolean {
  return typeof value === 'object' && value !== null && names.every((n) => typeof (value as Record<string, unknown>)[n] === 'function');
}

/**
 * The `clock` option: {@link systemClock} when not given.
 * @throws InvalidArgumentError when it is not an object with `now` and `sleep` methods.
 */
export function readClock(o: OptionReader<'clock'>): Clock {
  const clock = o.raw('clock');
  if (clock === undefined) return systemClock;
  if (!hasMethods(clock, ['now', 'sleep'])) invalid(o.label('clock'), o.argument('clock'), 'an object with now and sleep methods', clock);
  return clock as Clock;
}
