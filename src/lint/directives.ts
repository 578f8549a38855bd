// Which lines are directives, in each syntax: misspellings, unknown and
// non-standard keys, and the lines the two readers disagree on (Google's
// accepted typos and key prefixes, two-word lines, a space before the colon;
// docs/behaviour.md §1.5, §7 and §8.3).
import { Key } from '../text/keys.js';
import { Content, type LintLine, type LintText } from './lines.js';
import type { Report } from './report.js';

/** How each directive is best written. */
export const KEY_NAMES: Readonly<Record<Key, string>> = {
  [Key.None]: '',
  [Key.UserAgent]: 'User-agent',
  [Key.Allow]: 'Allow',
  [Key.Disallow]: 'Disallow',
  [Key.Sitemap]: 'Sitemap',
  [Key.CrawlDelay]: 'Crawl-delay',
  [Key.RequestRate]: 'Request-rate',
  [Key.Host]: 'Host',
};

/** Directives, their letters only, lower case: what a misspelling is compared with. */
const DIRECTIVES: ReadonlyArray<readonly [string, string]> = [
  ['useragent', 'User-agent'],
  ['allow', 'Allow'],
  ['disallow', 'Disallow'],
  ['sitemap', 'Sitemap'],
  ['crawldelay', 'Crawl-delay'],
];

/** Extensions some crawlers read and none of the three syntaxes does, letters only. */
const EXTENSIONS: ReadonlyMap<string, string> = new Map([
  ['host', "Yandex's preferred host: the parser reports it (`host`), and it changes no answer in any syntax"],
  ['cleanparam', "Yandex's; no syntax here reads it"],
  ['noindex', 'Google stopped reading it in 2019; no syntax here reads it'],
  ['nofollow', 'no syntax here reads it'],
  ['noarchive', 'no syntax here reads it'],
  ['visittime', 'no syntax here reads it'],
  ['requestrate', "only RobotFileParserLookalike's requestRate reads it (as Python's urllib.robotparser does); no syntax uses it"],
]);

/** A key as people write them: a letter first (any script: `ſitemap`, `Dısallow`), then letters, digits, `-`, `_` or spaces. */
const KEY_LIKE = /^\p{L}[\p{L}\p{N}_ -]{0,39}$/u;

/** Characters that hide a directive without showing: byte-order marks (also as ISO-8859-1 `ï»¿`), zero-width spaces. */
const HIDDEN_ALL = /\uFEFF|\u00ef\u00bb\u00bf|\u200B/g;

/** The optimal-string-alignment distance of two short strings (a swap of neighbours counts one). */
export function editDistance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let before = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const row = new Array<number>(n + 1);
    row[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
    }
    before = prev;
    prev = row;
  }
  return prev[n]!;
}

/** The directive `letters` (a key's letters, lower case) likely misspells, or null. */
export function suggestion(letters: string): string | null {
  for (const [word, name] of DIRECTIVES) {
    // One slip in a short word, two in a long one.
    if (letters === word || editDistance(letters, word) <= (word.length <= 5 ? 1 : 2)) return name;
  }
  return null;
}

/** Why RFC 9309 reads a line the classic reader skips. */
function rfcOnlyReason(written: string, hasColon: boolean, key: Key): string {
  if (!hasColon) return 'it reads a line of two words without a colon';
  if (/\s$/.test(written)) return 'it allows white space before the colon';
  if (
    written
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .startsWith(KEY_NAMES[key].toLowerCase().replace(/[^a-z]/g, ''))
  ) {
    return 'it reads keys by their beginning';
  }
  return "it accepts Google's frequent misspellings";
}

function checkLine(t: LintText, line: LintLine, report: Report): void {
  const { text } = t;
  const ck = line.classicKey;
  const rk = line.rfcKey;
  const column = line.s - line.start + 1;
  const content = text.slice(line.s, line.e);
  const colon = content.indexOf(':');
  const written = colon < 0 ? content.split(/[ \t]/, 1)[0]! : content.slice(0, colon);
  if (ck === Key.RequestRate || ck === Key.Host) {
    report.add('nonstandard-directive', line.number, `"${written}": ${EXTENSIONS.get(ck === Key.Host ? 'host' : 'requestrate')}`, { column });
    return;
  }
  if (ck === rk && ck !== Key.None) return;
  if (ck !== Key.None) {
    // Read by MK1996 and GYM2008 only: after a byte-order mark that is not the file's first character, say.
    const why = line.bom
      ? ' (the classic reader skips a byte-order mark, or its ISO-8859-1 reading "\u00ef\u00bb\u00bf", at the start of any line; the RFC 9309 reader only the mark\'s bytes at the start of the file)'
      : '';
    const rfc = rk === Key.None ? 'RFC9309 skips it' : `RFC9309 reads it as ${KEY_NAMES[rk]}`;
    report.add('directive-differs', line.number, `MK1996 and GYM2008 read this line as ${KEY_NAMES[ck]}; ${rfc}${why}`, { column, syntaxes: ['RFC9309'] });
    return;
  }
  if (rk !== Key.None) {
    const name = KEY_NAMES[rk];
    report.add(
      'directive-differs',
      line.number,
      `"${written.trim()}" is read as ${name} by RFC9309 (${rfcOnlyReason(written, colon >= 0, rk)}, as Google's parser does) and skipped by MK1996 and GYM2008: write "${name}:"`,
      { column, syntaxes: ['MK1996', 'GYM2008'] },
    );
    return;
  }
  if (content === '') return;
  // Not String#trim, which would drop the byte-order marks looked for below.
  const key = written.replace(/[ \t]+$/, '');
  const visible = key.replace(HIDDEN_ALL, '');
  if (visible !== key && colon >= 0 && DIRECTIVES.some(([word]) => word === visible.toLowerCase().replace(/[^a-z]/g, ''))) {
    report.add(
      'misspelled-directive',
      line.number,
      `an invisible character (a second byte-order mark, a zero-width space) comes before "${visible}", so no syntax reads the line: remove it`,
      { column },
    );
    return;
  }
  if (colon < 0 || !KEY_LIKE.test(key) || (/^https?$/i.test(key) && content.startsWith('//', colon + 1))) {
    const hint = colon >= 0 && /^https?$/i.test(key) ? ': a URL alone on a line is nothing; write "Sitemap: " before a sitemap' : '';
    report.add('not-a-directive', line.number, `this line is not a directive, a comment or blank, and every syntax skips it${hint}`, { column });
    return;
  }
  const letters = key.toLowerCase().replace(/[^a-z]/g, '');
  const extension = EXTENSIONS.get(letters);
  if (extension !== undefined) {
    report.add('nonstandard-directive', line.number, `"${key}": ${extension}`, { column });
    return;
  }
  const likely = suggestion(letters);
  if (likely !== null) {
    report.add('misspelled-directive', line.number, `"${key}" is not a directive in any syntax, so the line is skipped: did you mean "${likely}"?`, { column });
  } else {
    report.add('unknown-directive', line.number, `"${key}" is not a directive in any syntax: the line is skipped`, { column });
  }
}

/** Reports every line whose directive is misspelled, unknown, or read differently by the syntaxes. */
export function checkDirectives(t: LintText, report: Report): void {
  for (const line of t.lines) if (line.content === Content.Text) checkLine(t, line, report);
}
