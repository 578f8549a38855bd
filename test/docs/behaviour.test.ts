// docs/behaviour.md is the behaviour reference that code comments and tests
// cite as `behaviour.md` followed by a section sign and a number. These tests
// check that every section cited anywhere in src/, test/, compat/, bench/,
// README.md or docs/ exists in it; that it has the sections those citations
// rely on, numbered as they always were; that the numbered test titles of
// test/classic/ name sections that exist, every item of sections 1 to 4b and 7
// having one; and that the test files it names exist.
//
// The section sign is written \u00a7 in this file, so that its examples are
// not themselves read as citations when test/ is scanned.
import test from 'ava';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOC = 'docs/behaviour.md';
const doc = readFileSync(join(ROOT, DOC), 'utf8');

/** A section number: `4`, `4.2`, `4b`, `9.12`. */
const NUMBER = '\\d+[a-z]?(?:\\.\\d+)*';

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const open = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && open !== null) fence = open[1]!;
    else if (fence !== null && line.trim().startsWith(fence) && line.trim() === fence[0]!.repeat(line.trim().length)) fence = null;
    else if (fence === null) out.push(line);
  }
  return out;
}

/**
 * The section numbers of a Markdown text, in order, from its headings:
 * `## 4. Matching a URL` gives `4`, `### 4.2 Percent-decoding` gives `4.2`,
 * `## 4b. What is left to the port` gives `4b`.
 */
function sectionsOf(markdown: string): string[] {
  const heading = new RegExp(`^#{2,6}\\s+(${NUMBER})\\.?\\s`);
  return proseLines(markdown).flatMap((line) => {
    const m = heading.exec(line);
    return m === null ? [] : [m[1]!];
  });
}

/**
 * The section numbers a text cites from the behaviour reference: on a line
 * that names `behaviour.md`, every section sign and number after it
 * (`\u00a74.3 to \u00a74.5`, `\u00a74 (matching a URL) and \u00a74b`), except
 * those of an RFC (`RFC 9309 \u00a72.2.2`). When the line ends at the file
 * name, the numbers that open the next line count.
 */
function citationsIn(text: string): string[] {
  const ref = new RegExp(`(RFC\\s?\\d+\\s+)?\u00a7(${NUMBER})`, 'g');
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  lines.forEach((line, i) => {
    const at = line.indexOf('behaviour.md');
    if (at < 0) return;
    let rest = line.slice(at + 'behaviour.md'.length);
    if (!rest.includes('\u00a7') && i + 1 < lines.length) rest += ' ' + lines[i + 1]!;
    for (const m of rest.matchAll(ref)) if (m[1] === undefined) out.push(m[2]!);
  });
  return out;
}

/** Every file under `dir` (relative to the root), recursively. */
function filesUnder(dir: string): string[] {
  const full = join(ROOT, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).flatMap((name) => {
    const path = join(full, name);
    return statSync(path).isDirectory() ? filesUnder(relative(ROOT, path)) : [relative(ROOT, path)];
  });
}

const sections = sectionsOf(doc);
const known = new Set(sections);

const scanned = [
  ...['src', 'test', 'compat', 'bench'].flatMap(filesUnder),
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The sections every citation of the Python original's behaviour may use. */
const range = (top: number, last: number) => Array.from({ length: last }, (_, k) => `${top}.${k + 1}`);
const REQUIRED = ['1', ...range(1, 7), '2', ...range(2, 6), '3', '4', ...range(4, 6), '4b', '5', '6', '7', '8', ...range(8, 6), '9', '9.1'];

test('sectionsOf reads numbered headings and skips code blocks', (t) => {
  const md = '# Title\n## 1. One\n### 1.1 Item\n## 4b. Left\n```text\n## 2. Not a heading\n```\n### 9.12 Twelve\n## Unnumbered\n';
  t.deepEqual(sectionsOf(md), ['1', '1.1', '4b', '9.12']);
});

test('citationsIn finds every number after the file name, and no RFC section', (t) => {
  const s = '\u00a7';
  t.deepEqual(citationsIn(`// behaviour.md ${s}4.3 to ${s}4.5: first match`), ['4.3', '4.5']);
  t.deepEqual(citationsIn(`// behaviour.md ${s}4 (matching a URL) and ${s}4b (what the port decides).`), ['4', '4b']);
  t.deepEqual(citationsIn(`/** As in behaviour.md ${s}8.6 and RFC 9309 ${s}2.3.1.4. */`), ['8.6']);
  t.deepEqual(citationsIn(`// the comparable path form of behaviour.md ${s}4.`), ['4']);
  t.deepEqual(citationsIn(`// see behaviour.md\n// ${s}1.7 and ${s}4.2\n// ${s}3`), ['1.7', '4.2']);
  t.deepEqual(citationsIn(`// RFC 9309 ${s}2.2.2 only, and ${s}4.2 with no file name`), []);
});

test('the behaviour reference has the sections citations use', (t) => {
  const missing = REQUIRED.filter((n) => !known.has(n));
  t.deepEqual(missing, [], `${DOC} lacks sections ${missing.join(', ')}`);
});

test('the behaviour reference numbers each section once, in order, each under its own section', (t) => {
  const seen = new Set<string>();
  const dupes = sections.filter((n) => (seen.has(n) ? true : (seen.add(n), false)));
  t.deepEqual(dupes, [], 'duplicate section numbers');
  const tops = sections.filter((n) => !n.includes('.'));
  t.deepEqual(tops, ['1', '2', '3', '4', '4b', '5', '6', '7', '8', '9']);
  let top = '';
  for (const n of sections) {
    if (!n.includes('.')) top = n;
    else t.is(n.slice(0, n.indexOf('.')), top, `section ${n} sits under section ${top}`);
  }
  // Items are numbered 1, 2, 3... within each section, with no gaps.
  for (const parent of tops) {
    const items = sections.filter((n) => n.startsWith(`${parent}.`)).map((n) => Number(n.slice(parent.length + 1)));
    t.deepEqual(
      items,
      items.map((_, k) => k + 1),
      `items of section ${parent}`,
    );
  }
});

test('every section cited from the code, the tests and the docs exists in the behaviour reference', (t) => {
  const bad: string[] = [];
  let cited = 0;
  for (const file of scanned) {
    for (const n of citationsIn(readFileSync(join(ROOT, file), 'utf8'))) {
      cited++;
      if (!known.has(n)) bad.push(`${file}: \u00a7${n}`);
    }
  }
  t.deepEqual(bad, [], `cited but not in ${DOC}`);
  t.log(`${cited} citations in ${scanned.length} files`);
});

test('numbered test titles of test/classic name sections of the behaviour reference, and every item has one', (t) => {
  const title = new RegExp(`\\btest\\(\\s*['"\`](${NUMBER}) `, 'g');
  const titled = new Set<string>();
  for (const file of filesUnder('test/classic').filter((f) => f.endsWith('.test.ts'))) {
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(title)) {
      t.true(known.has(m[1]!), `${file}: a test titled ${m[1]} names no section of ${DOC}`);
      titled.add(m[1]!);
    }
  }
  const items = sections.filter((n) => /^(?:[1-4](?:\.\d+)?|4b|7)$/.test(n) && !sections.some((m) => m.startsWith(`${n}.`)));
  t.deepEqual(
    items.filter((n) => !titled.has(n)),
    [],
    'items of sections 1 to 4b and 7 without a numbered test',
  );
});

test('the test files and documents the behaviour reference names exist', (t) => {
  const named = new Set([...doc.matchAll(/`((?:test|docs)\/[\w./-]+\.(?:ts|md))`/g)].map((m) => m[1]!));
  t.true(named.size > 20);
  t.deepEqual(
    [...named].filter((f) => !existsSync(join(ROOT, f))),
    [],
  );
});
