// Matching a percent-encoded path as its decoded form would match, without
// decoding it: for escapes that decode to characters no pattern holds
// (docs/behaviour.md §4.2: decoding leaves the text between escapes as it is).
import { hexValue } from '../text/url-path.js';
import { codeAt } from '../text/chars.js';

/**
 * {@link matchPartsAt} of a path's decoded form, read as written, when its
 * escapes are inert ({@link escapesInert}) and the parts hold no `%`: each
 * part is placed leftmost where it overlaps no escape. A part that holds no
 * `%` overlaps one only by starting one or two characters after its `%`.
 */
export function matchPartsBetweenEscapes(parts: readonly string[], anchored: boolean, s: string, start: number, end: number): boolean {
  const first = parts[0]!;
  let pos = start + first.length;
  // The first part starts the path: no escape comes before it.
  if (pos > end || !s.startsWith(first, start)) return false;
  const last = parts.length - 1;
  if (last === 0) return !anchored || pos === end;
  for (let k = 1; k <= last; k++) {
    const part = parts[k]!;
    if (part === '') return !anchored || pos <= end;
    let at: number;
    if (k === last && anchored) {
      at = end - part.length;
      if (at < pos || !s.startsWith(part, at) || splitsEscape(s, start, at)) return false;
    } else {
      at = indexBetweenEscapes(s, part, pos, start);
      if (at < 0) return false;
    }
    pos = at + part.length;
    if (pos > end) return false;
  }
  return true;
}

/** Where `part` first occurs in `s` from `from` on without starting inside an escape of the path at `start`, or -1. */
export function indexBetweenEscapes(s: string, part: string, from: number, start: number): number {
  let at = s.indexOf(part, from);
  while (at >= 0 && splitsEscape(s, start, at)) at = s.indexOf(part, at + 1);
  return at;
}

/** True when text starting at `at` begins inside a valid escape of the path that starts at `start`. */
function splitsEscape(s: string, start: number, at: number): boolean {
  for (let i = at - 2; i < at; i++) {
    if (i >= start && s.charCodeAt(i) === 0x25 && hexValue(codeAt(s, i + 1)) >= 0 && hexValue(codeAt(s, i + 2)) >= 0) return true;
  }
  return false;
}
