// Checks of the file as a whole: what it is (HTML served as robots.txt), how
// it is encoded, and how much of it a crawler reads.
import { Content, type LintText } from './lines.js';
import type { Report } from './report.js';

/** Google's line limit (docs/behaviour.md §8.3): bytes past it are not read. */
export const MAX_LINE_BYTES = 2083 * 8 - 1;
/** `fetch`'s default cap (docs/behaviour.md §9.25), the Python original's. */
export const FETCH_CAP = 100 * 1024;
/** What RFC 9309 §2.5 asks crawlers to read at least. */
export const RFC_MINIMUM = 500 * 1024;

/** A line that opens a markup document: `<!DOCTYPE html>`, `<html>`, `<?xml …?>`, `<!-- …`. */
const MARKUP = /^<(?:!doctype\b|!--|\?xml\b|[a-z][a-z0-9]*(?:[\s>/]|$))/i;

/** The first byte of `bytes` (one character a byte) that does not begin or continue valid UTF-8, or -1. */
export function invalidUtf8At(bytes: string): number {
  const n = bytes.length;
  for (let i = 0; i < n;) {
    const b = bytes.charCodeAt(i);
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lower = 0xa0;
      else if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lower = 0x90;
      else if (b === 0xf4) upper = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = i + k < n ? bytes.charCodeAt(i + k) : -1;
      if (c < lower || c > upper) return i;
      lower = 0x80;
      upper = 0xbf;
    }
    i += need + 1;
  }
  return -1;
}

/** The index of the line holding byte `offset` of the file. */
function lineOfByte(t: LintText, offset: number): number {
  let lo = 0;
  let hi = t.lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.lines[mid]!.byteStart <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** True when the file is markup: then nothing else in it is worth reporting. */
function checkMarkup(t: LintText, report: Report): boolean {
  const first = t.lines.find((l) => l.content !== Content.Blank);
  if (first === undefined || first.content !== Content.Text) return false;
  const opening = t.text.slice(first.s, first.end).trim();
  if (!MARKUP.test(opening)) return false;
  report.add(
    'html-document',
    first.number,
    `the file is markup, not a robots.txt (it opens with "${opening.slice(0, 40)}"): a server that answers /robots.txt with an HTML page (an error page, a soft 404) gives crawlers no rules at all`,
    { column: first.s - first.start + 1 },
  );
  return true;
}

function checkEncoding(t: LintText, report: Report): void {
  const { text } = t;
  if (text.charCodeAt(0) === 0xfeff || (t.fromBytes && text.startsWith('\u00ef\u00bb\u00bf'))) {
    report.add(
      'byte-order-mark',
      1,
      'a byte-order mark opens the file: the three syntaxes skip it, as Google does, but some crawlers read it as part of the first line',
      { column: 1 },
    );
  } else if (text.startsWith('\u00ef\u00bb\u00bf')) {
    // Text whose mark was read as ISO-8859-1 and written out again as UTF-8.
    report.add(
      'byte-order-mark',
      1,
      'the file opens with a byte-order mark encoded twice ("\u00ef\u00bb\u00bf" in UTF-8): MK1996 and GYM2008 skip it, RFC9309 and Google\'s parser do not, so they lose the first line',
      { column: 1, syntaxes: ['RFC9309'] },
    );
  }
  if (!t.fromBytes) return;
  const bad = invalidUtf8At(t.bytes);
  if (bad < 0) return;
  const line = t.lines[lineOfByte(t, bad)]!;
  const hex = t.bytes.charCodeAt(bad).toString(16).toUpperCase().padStart(2, '0');
  report.add(
    'not-utf8',
    line.number,
    `byte 0x${hex} is not UTF-8, which RFC 9309 §2.3 asks for: MK1996 and GYM2008 read each byte as an ISO-8859-1 character, RFC9309 compares the raw bytes percent-encoded, so non-ASCII paths match different URLs in each`,
    { column: bad - line.byteStart + 1 },
  );
}

function checkSize(t: LintText, report: Report): void {
  for (const line of t.lines) {
    if (line.byteLength > MAX_LINE_BYTES) {
      report.add(
        'line-too-long',
        line.number,
        `the line has ${line.byteLength} bytes: Google's parser, and RFC9309 here, read only its first ${MAX_LINE_BYTES}`,
        { syntaxes: ['RFC9309'] },
      );
    }
  }
  const size = t.bytes.length;
  if (size > FETCH_CAP) {
    const line = t.lines[lineOfByte(t, FETCH_CAP)]!;
    report.add(
      'size-over-fetch-cap',
      line.number,
      `the file has ${size} bytes: fetch reads ${FETCH_CAP} by default (as the Python original does), so from this line on nothing is read unless maxBytes is raised or statusPolicy is 'rfc9309'`,
    );
  }
  if (size > RFC_MINIMUM) {
    const line = t.lines[lineOfByte(t, RFC_MINIMUM)]!;
    report.add(
      'size-over-500kib',
      line.number,
      `the file has ${size} bytes: RFC 9309 §2.5 asks crawlers to read at least ${RFC_MINIMUM} (500 KiB) and lets them stop there, so from this line on the rules may be ignored`,
    );
  }
}

/**
 * The checks of the whole file. True when it is markup, in which case the
 * line checks are not run: every line would be reported.
 */
export function checkFile(t: LintText, report: Report): boolean {
  checkEncoding(t, report);
  checkSize(t, report);
  return checkMarkup(t, report);
}
