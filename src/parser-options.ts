// How the parser's options are read: the constructor's `syntax`, which
// RobotsCache, RobotRules, the lookalike and the Ruby functions read the same
// way, and the status policy `fetch` takes under RFC 9309 by default.
import type { FetchOptions } from './http/fetch.js';
import { isPlainObject, OptionReader } from './options.js';
import { checkSyntax, GYM2008, type Syntax } from './syntax.js';

/** Every key of the parser's options (`ParserOptions`). */
const PARSER_KEYS = ['syntax'] as const;

/**
 * The `syntax` option read by `reader`: `GYM2008` when not given.
 * @throws InvalidArgumentError for an unknown syntax value.
 * @internal
 */
export function defaultSyntax(reader: OptionReader<'syntax'>): Syntax {
  const syntax = reader.raw('syntax');
  return syntax === undefined ? GYM2008 : checkSyntax(syntax, reader.label('syntax'));
}

/**
 * The syntax of the parser constructor's `options`.
 * @throws InvalidArgumentError when `options` is not an object, has an
 *   unknown key, or names an unknown syntax.
 * @internal
 */
export function parserSyntax(options: unknown): Syntax {
  return defaultSyntax(new OptionReader('RobotExclusionRulesParser', options, PARSER_KEYS));
}

/**
 * Fetch options with `statusPolicy: 'rfc9309'` unless they name a policy;
 * anything but a plain object as given, for fetchSettings to reject (a
 * spread would hide a Map).
 * @internal
 */
export function rfc9309Policy(options: unknown): unknown {
  if (options === undefined) return { statusPolicy: 'rfc9309' };
  if (!isPlainObject(options)) return options;
  return (options as FetchOptions).statusPolicy === undefined ? { ...options, statusPolicy: 'rfc9309' } : options;
}
