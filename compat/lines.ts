// How each side reads one line of robots.txt, for the difference classes:
// portView follows src/classic/read.ts, pyView follows urllib.robotparser.parse.
import { pyTrim, scrubValue } from '../src/internal.js';

/** A line as the port reads it. */
export type PortLine =
  { readonly kind: 'blank' | 'comment' | 'other' } | { readonly kind: 'directive'; readonly key: string; readonly value: string; readonly bom: boolean };

const PORT_KEYS = new Set(['user-agent', 'useragent', 'allow', 'disallow', 'sitemap', 'crawl-delay', 'request-rate']);

/** What the port makes of `line` (behaviour.md §1.3 to §1.7 and the port's directive rule). */
export function portView(line: string): PortLine {
  let s = pyTrim(line);
  if (s === '') return { kind: 'blank' };
  if (s.startsWith('#')) return { kind: 'comment' };
  const hash = s.indexOf('#');
  if (hash >= 0) s = pyTrim(s.slice(0, hash));
  // Any number of byte-order marks, with white space between them.
  let bom = false;
  for (;;) {
    const mark = s.startsWith('\ufeff') ? 1 : s.startsWith('\u00ef\u00bb\u00bf') ? 3 : 0;
    if (mark === 0) break;
    s = pyTrim(s.slice(mark));
    bom = true;
  }
  const m = /^([A-Za-z-]+):[ \t]*/.exec(s);
  if (m === null || !PORT_KEYS.has(m[1]!.toLowerCase())) return { kind: 'other' };
  return { kind: 'directive', key: m[1]!.toLowerCase(), value: scrubValue(s.slice(m[0].length)), bom };
}

/** A line as Python's robotparser reads it (before `unquote`). */
export type PyLine = { readonly kind: 'empty' | 'skip' | 'other' } | { readonly kind: 'directive'; readonly key: string; readonly value: string };

/** What Python makes of `line`: `''` ends a record, a `key: value` split at the first colon. */
export function pyView(line: string): PyLine {
  if (line === '') return { kind: 'empty' };
  const hash = line.indexOf('#');
  const s = pyTrim(hash >= 0 ? line.slice(0, hash) : line);
  if (s === '') return { kind: 'skip' };
  const colon = s.indexOf(':');
  if (colon < 0) return { kind: 'other' };
  return { kind: 'directive', key: pyTrim(s.slice(0, colon)).toLowerCase(), value: pyTrim(s.slice(colon + 1)) };
}

/** The keys Python's robotparser acts on. */
export const PY_KEYS = new Set(['user-agent', 'allow', 'disallow', 'crawl-delay', 'request-rate', 'sitemap']);

/** Lines as the port splits them. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Lines as Python's str.splitlines() splits them. */
export function pySplitLines(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- Python's str.splitlines() breaks at these controls
  return text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
}
