/**
 * robots.txt parsing and matching: a TypeScript port of Python's
 * `robotexclusionrulesparser`.
 * @packageDocumentation
 */
export { MK1996, GYM2008, RFC9309, type Syntax } from './syntax.js';
export { RobotExclusionRulesParser, type Verdict } from './parser.js';
export { RobotFileParserLookalike } from './lookalike.js';
export { RobotsError, RobotsFetchError, RobotsEncodingError, type FetchFailure } from './errors.js';
export type { FetchOptions } from './fetch.js';
export type { StatusPolicy } from './policy.js';
export type { DecodeErrorMode } from './decode.js';
export type { RequestRate } from './model.js';
export { originOf, robotsTxtUrl, InvalidOriginError } from './origin.js';
export { RobotRules, type RobotRulesOptions, type RulesAnswer } from './rules-db.js';
export { RobotsCache, type RobotsCacheOptions, type RobotsFetchEvent } from './cache.js';
export type { ServerErrorPolicy } from './unreachable.js';
export { get, getAllowed, parseRobotsTxt, Robotstxt, type GetOptions } from './ruby.js';
