/**
 * robots.txt parsing and matching: a TypeScript port of Python's
 * `robotexclusionrulesparser`.
 * @module robotexclusionrulesparser
 */
export { MK1996, GYM2008, RFC9309, type Syntax } from './syntax.js';
export { RobotExclusionRulesParser, type ParserOptions } from './parser.js';
export type { Verdict } from './verdict.js';
export { lint } from './lint/lint.js';
export type { LintCode, LintDiagnostic, LintSeverity, LintSyntax } from './lint/codes.js';
export { RobotFileParserLookalike, type LookalikeOptions, type LookalikeStatusPolicy } from './adapters/lookalike.js';
export {
  RobotsError,
  RobotsFetchError,
  RobotsEncodingError,
  InvalidArgumentError,
  InvalidUrlError,
  StoreTimeoutError,
  type AnyRobotsError,
  type RobotsErrorCode,
  type FetchFailure,
  type StoreOperation,
} from './errors.js';
export { systemClock, type Clock } from './clock.js';
export type { FetchOptions } from './http/fetch.js';
export { isPublicAddress, type AddressFilter } from './http/address.js';
export type { LookupFunction } from './http/connect.js';
export type { StatusPolicy } from './http/status-policy.js';
export type { DecodeErrorMode } from './http/charset.js';
export type { RequestRate } from './classic/model.js';
export { originOf, robotsTxtUrl } from './hosts/origin.js';
export { RobotRules, type RobotRulesOptions, type RulesAnswer } from './hosts/rules-db.js';
export { RobotsCache, type RobotsCacheOptions, type RobotsFetchEvent } from './hosts/cache.js';
export type { ServerErrorPolicy } from './hosts/unreachable.js';
export type { RobotsLock, StoreErrorEvent } from './hosts/shared-store.js';
export { MemoryPacer, type Pacer } from './hosts/pacing.js';
export type { DelayCappedEvent, PacingOptions, WaitTurnOptions } from './hosts/cache-pacing.js';
export { get, getAllowed, parseRobotsTxt, Robotstxt, type GetOptions } from './adapters/ruby.js';
