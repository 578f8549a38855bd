// Writing a decoded rule path back as robots.txt text (behaviour.md §9.14).

/** What {@link encodeRulePath} escapes: `%` (other than an encoded slash), `#`, white space and control characters. */
const NEEDS_ESCAPE = /%(?!2F)|[#\s\u0000-\u001f\u007f\u0085]/; // eslint-disable-line no-control-regex -- C0 controls are what must be escaped

/** `%XX` for each UTF-8 byte of a BMP character. */
function escapeOf(code: number): string {
  let out = '';
  for (const b of new TextEncoder().encode(String.fromCharCode(code))) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  return out;
}

/**
 * The code units {@link NEEDS_ESCAPE} matches, spelt out: C0 controls and
 * space, `#`, `%`, DEL, U+0085 (Python's trim removes it and `\s` does not
 * cover it), and the rest of JavaScript's `\s`. A test checks the list
 * against the pattern over every code unit.
 */
// prettier-ignore
const ESCAPED = [
  ...Array.from({ length: 0x21 }, (_, c) => c),
  0x23, 0x25, 0x7f, 0x85, 0xa0, 0x1680,
  ...Array.from({ length: 11 }, (_, k) => 0x2000 + k),
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff,
];

/** The escape of each code unit below U+0100 that has one. */
const LOW: readonly (string | undefined)[] = Array.from({ length: 0x100 }, (_, c) => (ESCAPED.includes(c) ? escapeOf(c) : undefined));
/** The escapes of the code units from U+0100 on that have one (none below U+1680). */
const HIGH: ReadonlyMap<number, string> = new Map(ESCAPED.filter((c) => c >= 0x100).map((c) => [c, escapeOf(c)]));

/** The escape of the code unit at `i` of `path`, or undefined when it stays as it is. */
function escapeAt(path: string, i: number): string | undefined {
  const code = path.charCodeAt(i);
  if (code >= 0x100) return code < 0x1680 ? undefined : HIGH.get(code);
  // An encoded slash stays encoded: decoding keeps `%2F` apart from `/` (behaviour.md §9.9).
  if (code === 0x25 && path.charCodeAt(i + 1) === 0x32 && path.charCodeAt(i + 2) === 0x46) return undefined;
  return LOW[code];
}

/** Code units turned into a string at a time: few enough for one `String.fromCharCode` call. */
const CHUNK = 8192;

/**
 * Writes a decoded rule path so that parsing it again gives the same path:
 * `%` (other than an encoded slash), `#`, white space and control characters
 * are percent-encoded, as UTF-8. Linear in the length of `path`, with a
 * small constant whatever it holds: one pass measures the result, a second
 * writes it into one buffer (a `String.prototype.replace` calling a function
 * per match took over a microsecond for each U+3000).
 */
export function encodeRulePath(path: string): string {
  if (!NEEDS_ESCAPE.test(path)) return path;
  let size = 0;
  for (let i = 0; i < path.length; i++) size += escapeAt(path, i)?.length ?? 1;
  const out = new Uint16Array(size);
  let o = 0;
  for (let i = 0; i < path.length; i++) {
    const escape = escapeAt(path, i);
    if (escape === undefined) out[o++] = path.charCodeAt(i);
    else for (let k = 0; k < escape.length; k++) out[o++] = escape.charCodeAt(k);
  }
  const parts: string[] = [];
  // apply, not spread: spreading a typed array walks its iterator, several times slower.
  for (let k = 0; k < size; k += CHUNK) parts.push(String.fromCharCode.apply(null, out.subarray(k, k + CHUNK) as unknown as number[]));
  return parts.join('');
}
