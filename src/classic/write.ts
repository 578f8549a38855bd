// A parse written back as robots.txt (RobotExclusionRulesParser.toString):
// records, crawl delays, request rates, rules, sitemaps and the Host line, in
// a form the classic reader reads back to the same answers (behaviour.md §9.14).
import type { ParsedRobots } from './model.js';
import { encodeRulePath } from '../text/percent-encode.js';

/** `parsed` as robots.txt text, linear in its size. */
export function writeRobots(parsed: ParsedRobots): string {
  let out = '';
  for (const record of parsed.records) {
    for (const name of record.names) out += `User-agent: ${name}\n`;
    if (record.crawlDelay !== null) out += `Crawl-delay: ${formatDelay(record.crawlDelay)}\n`;
    const rate = parsed.requestRates.get(record.line);
    if (rate !== undefined) out += `Request-rate: ${rate.requests}/${rate.seconds}\n`;
    for (const rule of record.rules) out += `${rule.allow ? 'Allow' : 'Disallow'}: ${encodeRulePath(rule.path)}\n`;
    out += '\n';
  }
  for (const url of parsed.sitemaps) out += `Sitemap: ${url}\n`;
  if (parsed.host !== null) out += `Host: ${parsed.host}\n`;
  return out;
}

/**
 * A crawl delay in the digits-and-fraction form the parser reads back as the
 * same number: the shortest round-trip digits, written out without exponent.
 */
function formatDelay(delay: number): string {
  // Only a digit string too long for a double gives Infinity; so does this one.
  if (delay === Infinity) return '1' + '0'.repeat(309);
  const text = String(delay);
  const exp = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (exp === null) return text;
  const digits = exp[1]! + (exp[2] ?? '');
  const point = 1 + Number(exp[3]);
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return point > 0 ? `${digits.slice(0, point)}.${digits.slice(point)}` : `0.${'0'.repeat(-point)}${digits}`;
}
