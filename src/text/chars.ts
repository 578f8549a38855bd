// Character classes shared by the parser and the URL code. White space is
// Python's `str.isspace()` set, so trimming matches the original exactly.

/** True for the characters Python's `str.strip()` removes. */
export function isPyWhitespace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** Python's `s.strip()`. */
export function pyTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isPyWhitespace(s.charCodeAt(start))) start++;
  while (end > start && isPyWhitespace(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

// eslint-disable-next-line no-control-regex -- behaviour.md §1.7 deletes exactly these controls
const CONTROL = /[\u0000-\u001f]/g;

/** behaviour.md §1.7: delete U+0000 to U+001F, then trim. */
export function scrubValue(s: string): string {
  CONTROL.lastIndex = 0;
  if (CONTROL.test(s)) {
    CONTROL.lastIndex = 0;
    s = s.replace(CONTROL, '');
  }
  return pyTrim(s);
}

/**
 * The code unit of `s` at `i`, or -1 past its end. Hot matching code reads
 * through this: a `charCodeAt` past the end returns NaN, and V8 then
 * recompiles its caller with slower reads throughout.
 */
export function codeAt(s: string, i: number): number {
  return i < s.length ? s.charCodeAt(i) : -1;
}

/**
 * Cuts `#` comments off lines read in file order (behaviour.md §1.4): where
 * the next `#` is, searched once and remembered until a line passes it, so
 * that cutting every line of a file is one scan, however long its lines.
 */
export class CommentCutter {
  /** The next `#` at or after the last line asked about; -1 before any search, -2 when there is none. */
  #next = -1;

  /** Where the line text[s, e) ends once its comment is cut, and trailing Python white space trimmed. */
  cut(text: string, s: number, e: number): number {
    if (this.#next < s && this.#next !== -2) {
      const found = text.indexOf('#', s);
      this.#next = found < 0 ? -2 : found;
    }
    if (this.#next >= 0 && this.#next < e) {
      e = this.#next;
      while (e > s && isPyWhitespace(text.charCodeAt(e - 1))) e--;
    }
    return e;
  }
}
