// Control characters in the file: a NUL ends what RFC 9309 reads of a line
// (docs/behaviour.md §9.18), as in Google's parser, which reads C strings;
// MK1996 and GYM2008 delete U+0000 to U+001F from a value and keep DEL
// (§1.7), and RFC 9309 keeps them all (§8.3). A URL never holds one raw
// (crawlers send it percent-encoded), so a rule that does matches nothing
// past it in RFC9309, while MK1996 and GYM2008, which decode URLs (§4.2),
// match `%7F` to a DEL. Each line is scanned once, up to its comment.
import { fromUtf8Bytes } from '../text/bytes.js';
import { Key } from '../text/keys.js';
import { Content, type LintLine, type LintText } from './lines.js';
import type { Report } from './report.js';

/** A directive's name, for messages. */
const NAMES: Partial<Record<Key, string>> = {
  [Key.Allow]: 'Allow',
  [Key.Disallow]: 'Disallow',
  [Key.UserAgent]: 'User-agent',
  [Key.Sitemap]: 'Sitemap',
  [Key.CrawlDelay]: 'Crawl-delay',
};

const isRule = (key: Key): boolean => key === Key.Allow || key === Key.Disallow;

/** `U+0001`. */
const codePoint = (c: number): string => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

/** A value with its control characters shown as `<U+0001>`, for messages. */
// eslint-disable-next-line no-control-regex -- control characters are what is shown
const visible = (s: string): string => s.replace(/[\u0000-\u001f\u007f]/g, (ch) => `<${codePoint(ch.charCodeAt(0))}>`);

/** What each syntax family reads of the line: `"Disallow: /xy" under MK1996 and GYM2008 and "Disallow: /x" under RFC9309`. */
function readings(line: LintLine): string {
  const classic = NAMES[line.classicKey];
  const rfc = NAMES[line.rfcKey];
  const c = classic === undefined ? 'no directive' : `"${classic}: ${visible(line.value)}"`;
  const r = rfc === undefined ? 'no directive' : `"${rfc}: ${visible(fromUtf8Bytes(line.rfcValue))}"`;
  return c === r ? `every syntax reads ${c}` : `MK1996 and GYM2008 read ${c}, RFC9309 ${r}`;
}

/** The first NUL, and the first other control character that matters, in text[from, to) up to a `#`; -1 for none. */
function scan(text: string, from: number, to: number, valueFrom: number, valueTo: number): { nul: number; other: number } {
  let nul = -1;
  let other = -1;
  for (let i = from; i < to && (nul < 0 || other < 0); i++) {
    const c = text.charCodeAt(i);
    if (c === 0x23) break;
    if (c >= 0x20 && c !== 0x7f) continue;
    if (c === 0) nul = nul < 0 ? i : nul;
    // A tab separates key and value, or pads them: it matters only inside a value.
    else if (other < 0 && (c !== 0x09 || (i >= valueFrom && i < valueTo))) other = i;
  }
  return { nul, other };
}

/** Reports the first NUL and the first other control character of each line, before its comment. */
export function checkControls(t: LintText, report: Report): void {
  const { text } = t;
  for (const line of t.lines) {
    if (line.content === Content.Comment) continue;
    const directive = line.classicKey !== Key.None;
    const { nul, other } = scan(text, line.start, line.end, directive ? line.valueStart : line.end, directive ? line.e : line.end);
    if (nul >= 0) {
      report.add(
        'nul-byte',
        line.number,
        `a NUL byte: RFC9309 ends the line here, as Google's parser does (behaviour.md §9.18), while MK1996 and GYM2008 delete it from a value (behaviour.md §1.7), so ${readings(line)}: remove it`,
        { column: nul - line.start + 1 },
      );
    }
    if (other >= 0) {
      const c = text.charCodeAt(other);
      const escape = `%${c.toString(16).toUpperCase().padStart(2, '0')}`;
      const rule = isRule(line.classicKey) || isRule(line.rfcKey);
      let what: string;
      if (line.content === Content.Blank) {
        what = `MK1996 and GYM2008 take it for white space, as Python does, so the line is blank and ends the record above (behaviour.md §2.5); RFC9309 reads a line it skips: remove it`;
      } else if (c === 0x7f) {
        what = `every syntax keeps DEL in a value (behaviour.md §1.7), but MK1996 and GYM2008 decode URLs and so match it to "%7F", while RFC9309 compares URLs as written and no URL holds it raw: write "%7F"`;
      } else {
        const fix = rule ? `; no URL holds it raw: write "${escape}" if one holds it escaped, else remove it` : ': remove it';
        what = `MK1996 and GYM2008 delete it from a value (behaviour.md §1.7), RFC9309 keeps it (§8.3), so ${readings(line)}${fix}`;
      }
      report.add('control-character', line.number, `a control character (${codePoint(c)}): ${what}`, { column: other - line.start + 1 });
    }
  }
}
