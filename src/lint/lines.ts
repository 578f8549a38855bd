// The linter reads each line once, as both syntax families read it: the
// classic reader's view (docs/behaviour.md §1, §7) and the RFC 9309 reader's
// (docs/behaviour.md §8.3), side by side, so that checks can compare them.
import { keyAt, keyPart, lengthPart } from '../classic/read.js';
import { CommentCutter, isPyWhitespace, scrubValue } from '../text/chars.js';
import { Key } from '../text/keys.js';
import { utf8Bytes } from '../text/bytes.js';
import { firstLine, LineReader } from '../rfc9309/lines.js';

/** What a line is to MK1996 and GYM2008. */
export const enum Content {
  /** Empty or white space: closes a record (behaviour.md §2.5). */
  Blank,
  /** Starts with `#` once trimmed: as if not there (behaviour.md §1.3). */
  Comment,
  /** Anything else, directive or not. */
  Text,
}

/** One line, as each syntax family reads it. */
export interface LintLine {
  /** 1-based line number. */
  readonly number: number;
  /** The raw line is text[start, end), its line end excluded. */
  readonly start: number;
  readonly end: number;
  readonly content: Content;
  /** What the classic reader looks at: text[s, e), trimmed, comment cut, one byte-order mark skipped. */
  readonly s: number;
  readonly e: number;
  /** True when the classic reader skipped a byte-order mark at the line's start. */
  readonly bom: boolean;
  /** The classic directive, or Key.None. */
  readonly classicKey: Key;
  /** Where the classic value starts (after the colon and blanks); meaningful for a directive. */
  readonly valueStart: number;
  /** The classic value, cleaned as behaviour.md §1.7 says; '' when there is no directive. */
  readonly value: string;
  /** The RFC 9309 directive, or Key.None. */
  readonly rfcKey: Key;
  /** The RFC 9309 value as bytes, one character a byte. */
  readonly rfcValue: string;
  /** Where the line starts in the file's bytes (UTF-8 for text), and how many bytes it has. */
  readonly byteStart: number;
  readonly byteLength: number;
}

/** The lines of a text, and the bytes RFC 9309 reads. */
export interface LintText {
  readonly text: string;
  /** The file's bytes, one character a byte: the text's UTF-8 encoding, or the text itself when it came from bytes. */
  readonly bytes: string;
  readonly fromBytes: boolean;
  readonly lines: readonly LintLine[];
}

// eslint-disable-next-line no-control-regex -- U+0000 to U+007F is ASCII, control characters included
const NON_ASCII = /[^\u0000-\u007f]/;

/** Reads every line of `text` both ways. `fromBytes`: each character of `text` is one byte. */
export function readLines(text: string, fromBytes: boolean): LintText {
  // ASCII text is its own UTF-8: most files need no copy.
  const bytes = fromBytes || !NON_ASCII.test(text) ? text : utf8Bytes(text);
  const lines: LintLine[] = [];
  const rfc = new LineReader(bytes, true);
  const len = text.length;
  const n = bytes.length;
  let pos = 0;
  let rpos = firstLine(bytes, true);
  let number = 0;
  // The search for `#` is cached so that the scan stays linear (as the classic reader's).
  const comments = new CommentCutter();
  while (pos <= len) {
    number++;
    let end = pos;
    while (end < len) {
      const c = text.charCodeAt(end);
      if (c === 0x0a || c === 0x0d) break;
      end++;
    }
    const next = end < len && text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? end + 2 : end + 1;

    // The RFC 9309 reader, on the same line of the bytes.
    rfc.read(rpos);
    const rfcKey = rfc.key;
    const rfcValue = rfcKey === Key.None ? '' : bytes.slice(rfc.value, rfc.end);
    const rnext = rfc.next;
    const rend = rnext > n ? n : bytes.charCodeAt(rnext - 1) === 0x0a && rnext - 2 >= rpos && bytes.charCodeAt(rnext - 2) === 0x0d ? rnext - 2 : rnext - 1;
    const byteStart = number === 1 ? 0 : rpos;

    let s = pos;
    let e = end;
    while (s < e && isPyWhitespace(text.charCodeAt(s))) s++;
    while (e > s && isPyWhitespace(text.charCodeAt(e - 1))) e--;
    let content = Content.Text;
    let classicKey = Key.None;
    let valueStart = e;
    let value = '';
    let bom = false;
    if (s === e) content = Content.Blank;
    else if (text.charCodeAt(s) === 0x23) content = Content.Comment;
    else {
      e = comments.cut(text, s, e);
      const before = s;
      if (text.charCodeAt(s) === 0xfeff) s++;
      else if (text.charCodeAt(s) === 0xef && text.startsWith('\u00ef\u00bb\u00bf', s)) s += 3;
      bom = s > before;
      while (s < e && isPyWhitespace(text.charCodeAt(s))) s++;
      if (s < e) {
        const found = keyAt(text, s, e);
        classicKey = keyPart(found);
        if (classicKey !== Key.None) {
          let v = s + lengthPart(found) + 1;
          while (v < e && (text.charCodeAt(v) === 0x20 || text.charCodeAt(v) === 0x09)) v++;
          valueStart = v;
          value = scrubValue(text.slice(v, e));
        }
      }
    }
    lines.push({
      number,
      start: pos,
      end,
      content,
      s,
      e,
      bom,
      classicKey,
      valueStart,
      value,
      rfcKey,
      rfcValue,
      byteStart,
      byteLength: rend - byteStart,
    });
    pos = next;
    rpos = rnext;
  }
  return { text, bytes, fromBytes, lines };
}
