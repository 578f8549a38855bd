// The two libraries under measurement, behind one small interface, and the
// syntaxes of this library found at run time.
import { createRequire } from 'node:module';
import * as rerp from '../src/index.js';
import { sink } from './measure.js';

/** The benchmark user agent: it names no group, so the `*` group applies. */
export const USER_AGENT = 'ExampleBot/1.0';
const ROBOTS_URL = 'https://www.example.com/robots.txt';

/** A syntax of this library measured as its own row of figures. */
export interface SyntaxEntry {
  readonly name: string;
  readonly value: number;
  /** True when `*` is a wildcard: such syntaxes run the pathological cases. */
  readonly wildcards: boolean;
}

/**
 * Syntaxes to measure, by export name. One entry adds one; an entry the
 * library does not export (yet) is skipped.
 */
const KNOWN_SYNTAXES: ReadonlyArray<Omit<SyntaxEntry, 'value'>> = [
  { name: 'GYM2008', wildcards: true },
  { name: 'MK1996', wildcards: false },
  { name: 'RFC9309', wildcards: true },
];

/** The known syntaxes this build of the library exports. */
export const SYNTAXES: readonly SyntaxEntry[] = KNOWN_SYNTAXES.flatMap((entry) => {
  const value = (rerp as Record<string, unknown>)[entry.name];
  return typeof value === 'number' ? [{ ...entry, value }] : [];
});

/** This library: a parser per text; `syntax` picks the rules' reading. */
export function rerpParse(text: string): rerp.RobotExclusionRulesParser {
  const parser = new rerp.RobotExclusionRulesParser();
  parser.parse(text);
  return parser;
}

/**
 * This library: parse, and the classic reading that `parse()` defers to the
 * first call needing records (docs/performance.md, "One read per syntax
 * family"): what the parse figures measure, comparable with robots-parser's
 * parse and with this library's figures from before the reading was deferred.
 */
export function rerpRead(text: string): rerp.RobotExclusionRulesParser {
  const parser = rerpParse(text);
  sink.value += parser.sitemaps.length;
  return parser;
}

export function rerpCheck(parser: rerp.RobotExclusionRulesParser, url: string, syntax: number): boolean {
  return parser.isAllowed(USER_AGENT, url, syntax as rerp.Syntax);
}

/** How many of `urls` this library allows: the timed loop. */
export function rerpPass(parser: rerp.RobotExclusionRulesParser, urls: readonly string[], syntax: number): number {
  let allowed = 0;
  for (let k = 0; k < urls.length; k++) if (parser.isAllowed(USER_AGENT, urls[k]!, syntax as rerp.Syntax)) allowed++;
  return allowed;
}

/** The part of robots-parser's interface measured here. */
export interface RpRobots {
  isAllowed(url: string, ua?: string): boolean | undefined;
}

// robots-parser is CommonJS and its typings do not resolve under NodeNext.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, contents: string) => RpRobots;

/** robots-parser: one behaviour, wildcards always on. */
export function rpParse(text: string): RpRobots {
  return robotsParser(ROBOTS_URL, text);
}

export function rpCheck(robots: RpRobots, url: string): boolean {
  return robots.isAllowed(url, USER_AGENT) !== false;
}

/** How many of `urls` robots-parser allows: the timed loop. */
export function rpPass(robots: RpRobots, urls: readonly string[]): number {
  let allowed = 0;
  for (let k = 0; k < urls.length; k++) if (robots.isAllowed(urls[k]!, USER_AGENT) !== false) allowed++;
  return allowed;
}
