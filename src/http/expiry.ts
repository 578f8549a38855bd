// When a fetched robots.txt goes stale: pure functions of the response headers and "now".
import { systemClock } from '../clock.js';

/** MK1996's default lifetime of a robots.txt, in seconds. */
export const SEVEN_DAYS = 7 * 24 * 60 * 60;

/** RFC 9309's longest lifetime of a cached robots.txt, in seconds. */
export const ONE_DAY = 24 * 60 * 60;

/** The system clock's Unix time in seconds, with a fraction, like Python's `time.time()`. */
export function nowSeconds(): number {
  return systemClock.now() / 1000;
}

/** The response headers expiry looks at; a fetch `Headers` object fits. */
export interface HeaderSource {
  get(name: string): string | null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Zone offsets in minutes; RFC 5322 names plus numeric `+hhmm`. No zone means UTC. */
const ZONES: ReadonlyMap<string, number> = new Map([
  ['gmt', 0],
  ['utc', 0],
  ['ut', 0],
  ['z', 0],
  ['est', -300],
  ['edt', -240],
  ['cst', -360],
  ['cdt', -300],
  ['mst', -420],
  ['mdt', -360],
  ['pst', -480],
  ['pdt', -420],
]);

const ZONE = '([a-z]{1,3}|[+-]\\d{4})';
const WEEKDAY = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,? +/;
/** RFC 1123 (`06 Nov 1994 08:49:37 GMT`) and RFC 850 (`06-Nov-94 08:49:37 GMT`), weekday removed. */
const DAY_FIRST = new RegExp(`^(\\d{1,2})[ -]([a-z]{3})[ -](\\d{2}|\\d{4}) (\\d{1,2}):(\\d{2})(?::(\\d{2}))?(?: ?${ZONE})?$`);
/** asctime (`Nov  6 08:49:37 1994`), weekday removed. */
const MONTH_FIRST = new RegExp(`^([a-z]{3}) (\\d{1,2}) (\\d{1,2}):(\\d{2}):(\\d{2}) (\\d{4})(?: ${ZONE})?$`);

function zoneOffset(zone: string | undefined): number | null {
  if (zone === undefined) return 0;
  if (zone[0] === '+' || zone[0] === '-') {
    const minutes = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5));
    return zone[0] === '-' ? -minutes : minutes;
  }
  return ZONES.get(zone) ?? null;
}

/**
 * Parses an HTTP date in any of the three formats HTTP allows (RFC 1123,
 * RFC 850, asctime), leniently as Python's `email.utils.parsedate_tz` does:
 * the weekday is optional and unchecked, a numeric or US zone is honoured, a
 * date without a zone is UTC.
 * @param now Unix seconds, to place RFC 850's two-digit years (RFC 9110 5.6.7).
 * @returns Unix seconds, or null when the value is not such a date.
 */
export function parseHttpDate(value: string | null | undefined, now: number = nowSeconds()): number | null {
  if (!value || value.length > 64) return null;
  const s = value
    .trim()
    .replace(/[ \t]+/g, ' ')
    .toLowerCase()
    .replace(WEEKDAY, '');
  const a = DAY_FIRST.exec(s);
  const b = a === null ? MONTH_FIRST.exec(s) : null;
  const f =
    a !== null
      ? { day: a[1]!, month: a[2]!, year: a[3]!, hh: a[4]!, mm: a[5]!, ss: a[6], zone: a[7] }
      : b !== null
        ? { month: b[1]!, day: b[2]!, hh: b[3]!, mm: b[4]!, ss: b[5], year: b[6]!, zone: b[7] }
        : null;
  if (f === null) return null;

  const mon = MONTHS.indexOf(f.month);
  const offset = zoneOffset(f.zone);
  if (mon < 0 || offset === null) return null;
  let y = Number(f.year);
  if (f.year.length === 2) {
    // RFC 9110: a two-digit year more than 50 years ahead is in the past century.
    const thisYear = new Date(now * 1000).getUTCFullYear();
    y += thisYear - (thisYear % 100);
    if (y > thisYear + 50) y -= 100;
  }
  const d = Number(f.day),
    h = Number(f.hh),
    min = Number(f.mm),
    sec = f.ss === undefined ? 0 : Number(f.ss);
  if (h > 23 || min > 59 || sec > 60 || d < 1) return null;
  const ms = Date.UTC(y, mon, d, h, min, sec);
  // Date.UTC rolls 31 Feb over to March: such a date is invalid, not a synonym.
  if (new Date(Date.UTC(y, mon, d)).getUTCDate() !== d) return null;
  return ms / 1000 - offset * 60;
}

/**
 * The directives of a Cache-Control value, names lower-cased, first
 * occurrence kept; a directive without an argument maps to null. Quoted
 * arguments are unquoted, so commas inside them do not split.
 */
export function cacheControlDirectives(value: string | null | undefined): Map<string, string | null> {
  const out = new Map<string, string | null>();
  if (!value) return out;
  let i = 0;
  const n = value.length;
  while (i < n) {
    let name = '';
    while (i < n && value[i] !== ',' && value[i] !== '=') name += value[i++]!;
    let arg: string | null = null;
    if (value[i] === '=') {
      i++;
      while (i < n && (value[i] === ' ' || value[i] === '\t')) i++;
      arg = '';
      if (value[i] === '"') {
        i++;
        while (i < n && value[i] !== '"') {
          if (value[i] === '\\' && i + 1 < n) i++;
          arg += value[i++]!;
        }
        i++;
        while (i < n && value[i] !== ',') i++;
      } else {
        while (i < n && value[i] !== ',') arg += value[i++]!;
        arg = arg.trim();
      }
    }
    i++; // the comma
    const key = name.trim().toLowerCase();
    if (key !== '' && !out.has(key)) out.set(key, arg);
  }
  return out;
}

/** HTTP delta-seconds (digits only), capped at 2^31 as RFC 9111 1.2.2 allows; else null. */
export function deltaSeconds(value: string | null | undefined): number | null {
  if (value == null) return null;
  const v = value.trim();
  if (!/^\d+$/.test(v)) return null;
  return Math.min(Number(v), 2 ** 31);
}

/**
 * The seconds a `Retry-After` value asks to wait from `now`: delta-seconds as
 * they are (capped as {@link deltaSeconds} caps them), or an HTTP date less
 * `now`, rounded up and never below 0; null for anything else.
 */
export function retryAfterSeconds(value: string | null | undefined, now: number = nowSeconds()): number | null {
  const delta = deltaSeconds(value);
  if (delta !== null) return delta;
  const at = parseHttpDate(value, now);
  return at === null ? null : Math.max(0, Math.ceil(at - now));
}

/**
 * When a robots.txt fetched at `now` expires, in Unix seconds. Follows HTTP
 * caching's precedence: `Cache-Control: no-store` or a bare `no-cache` means
 * expired now; else `max-age` (less the `Age` header) counts from now; else a
 * parseable `Expires` is the instant; else `now + fallback`.
 * @param fallback Seconds of life when the headers say nothing usable ({@link SEVEN_DAYS} in MK1996).
 */
export function expirationFromHeaders(headers: HeaderSource, now: number, fallback: number = SEVEN_DAYS): number {
  const cc = cacheControlDirectives(headers.get('cache-control'));
  const noCache = cc.get('no-cache');
  // A qualified `no-cache="Set-Cookie"` concerns those fields only, not the body.
  if (cc.has('no-store') || (cc.has('no-cache') && (noCache === null || noCache === ''))) return now;
  const maxAge = deltaSeconds(cc.get('max-age'));
  if (maxAge !== null) return now + Math.max(0, maxAge - (deltaSeconds(headers.get('age')) ?? 0));
  return parseHttpDate(headers.get('expires'), now) ?? now + fallback;
}
