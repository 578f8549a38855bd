// Shared test helpers: parse a file given as lines, ask both syntaxes at once.
import type { ExecutionContext } from 'ava';
import fc from 'fast-check';
import { GYM2008, MK1996, RobotExclusionRulesParser } from '../../src/index.js';

/** A parser holding `text` (a string, or bytes read as ISO-8859-1). */
export function robots(text: string | Uint8Array): RobotExclusionRulesParser {
  const parser = new RobotExclusionRulesParser();
  parser.parse(text);
  return parser;
}

/** A parser holding the given lines joined with `\n`. */
export function robotsLines(...lines: string[]): RobotExclusionRulesParser {
  return robots(lines.join('\n'));
}

/** The answers of both syntaxes, to assert them in one `deepEqual`. */
export function both(parser: RobotExclusionRulesParser, userAgent: string, url: string | URL): { mk1996: boolean; gym2008: boolean } {
  return { mk1996: parser.isAllowed(userAgent, url, MK1996), gym2008: parser.isAllowed(userAgent, url, GYM2008) };
}

/** The same answer in both syntaxes. */
export const ALLOWED = { mk1996: true, gym2008: true } as const;
export const DISALLOWED = { mk1996: false, gym2008: false } as const;

/** Bytes of a string whose characters are all below U+0100 (one byte each). */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/**
 * Runs a fast-check property and fails the test with fast-check's report
 * (which names the seed and the shrunk counterexample) when it does not hold.
 */
export function assertProperty<Ts>(t: ExecutionContext, property: fc.IProperty<Ts>, params: fc.Parameters<Ts>): void {
  const details = fc.check(property, params);
  t.false(details.failed, fc.defaultReportMessage(details) ?? 'property failed');
}
