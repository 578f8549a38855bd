/**
 * robots.txt parsing and matching: a TypeScript port of Python's
 * `robotexclusionrulesparser`.
 * @packageDocumentation
 */
export { MK1996, GYM2008, RFC9309, type Syntax } from './syntax.js';
export { RobotExclusionRulesParser, type Verdict } from './parser.js';
