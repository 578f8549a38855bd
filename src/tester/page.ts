/// <reference lib="dom" />
// The tester page's script: reads the form, asks analyse() and draws the
// answer. Bundled by scripts/build-page.ts as one classic script, so the page
// also works opened from a file (module scripts are refused there); only the
// URL box needs `rerp serve`, whose /api/fetch fetches for it.
import { analyse, TESTER_SYNTAXES, type Analysis } from './analyse.js';
import type { LintDiagnostic } from '../lint/codes.js';
import type { Verdict } from '../verdict.js';

/**
 * Files larger than this are read again a moment after typing stops, not at
 * each key, so that typing keeps pace (docs/performance.md, "What each trick pays").
 */
const LIVE_BYTES = 16_000;

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} #${id}`);
  return found;
}

/** A new element with `text` and `className`. */
function make<K extends keyof HTMLElementTagNameMap>(tag: K, text = '', className = ''): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (text !== '') e.textContent = text;
  if (className !== '') e.className = className;
  return e;
}

const robots = element('robots', HTMLTextAreaElement);
const userAgent = element('user-agent', HTMLInputElement);
const urls = element('urls', HTMLTextAreaElement);
const verdictRows = element('verdicts', HTMLTableElement).tBodies[0]!;
const syntaxRows = element('per-syntax', HTMLTableElement).tBodies[0]!;
const fileRows = element('file-lines', HTMLTableElement).tBodies[0]!;
const lintSummary = element('lint-summary', HTMLParagraphElement);
const fetchForm = element('fetch-form', HTMLFormElement);
const fetchFields = element('fetch-fields', HTMLFieldSetElement);
const robotsUrl = element('robots-url', HTMLInputElement);
const fetchStatus = element('fetch-status', HTMLParagraphElement);

/** The fetched body when it was not UTF-8: lint and the parser read the bytes until the text is edited. */
let fetchedBytes: Uint8Array | null = null;
let selected = 0;
let analysis: Analysis | null = null;
/** The file `analysis` was made of. */
let analysed: string | Uint8Array | null = null;

/** Why a verdict is what it is, in a few words: the deciding line, which the file below shows highlighted. */
function reason(v: Verdict): string {
  if (v.record === null) return 'no group applies';
  if (v.overBound === true) return 'too much work: disallowed';
  return v.rule === null ? 'no rule matches' : `line ${v.rule.line}`;
}

function verdictCell(v: Verdict): HTMLTableCellElement {
  const cell = make('td');
  const word = v.allowed ? 'allowed' : 'disallowed';
  cell.append(make('span', word, `verdict ${word}`), ' ', make('span', reason(v), 'why'));
  if (v.rule !== null) cell.title = `${v.rule.kind === 'allow' ? 'Allow' : 'Disallow'}: ${v.rule.path}`;
  return cell;
}

function drawVerdicts(a: Analysis): void {
  const rows = a.urls.map((result, k) => {
    const row = make('tr');
    if (k === selected) row.className = 'selected';
    const first = make('td');
    const radio = make('input');
    radio.type = 'radio';
    radio.name = 'selected-url';
    radio.id = `url-${k}`;
    radio.checked = k === selected;
    radio.addEventListener('change', () => {
      selected = k;
      drawVerdictSelection();
      drawFile(true);
    });
    const label = make('label', result.url);
    label.htmlFor = radio.id;
    first.append(radio, label);
    row.append(first);
    if (result.error !== null) {
      const cell = make('td', result.error, 'why');
      cell.colSpan = TESTER_SYNTAXES.length;
      row.append(cell);
    } else {
      row.append(...result.verdicts.map(verdictCell));
    }
    return row;
  });
  if (rows.length === 0) {
    const cell = make('td', 'Give URLs to test, one a line.', 'why');
    cell.colSpan = TESTER_SYNTAXES.length + 1;
    const row = make('tr');
    row.append(cell);
    rows.push(row);
  }
  verdictRows.replaceChildren(...rows);
}

/** Marks the chosen URL's row without drawing the table again (focus stays on its radio button). */
function drawVerdictSelection(): void {
  Array.from(verdictRows.rows).forEach((row, k) => {
    row.className = k === selected ? 'selected' : '';
  });
}

function drawSyntaxes(a: Analysis): void {
  syntaxRows.replaceChildren(
    ...a.syntaxes.map((s) => {
      const row = make('tr');
      const sitemaps = make('td');
      if (s.sitemaps.length === 0) sitemaps.textContent = 'none';
      for (const url of s.sitemaps) sitemaps.append(make('span', url, 'diagnostic'));
      row.append(make('th', s.syntax), make('td', s.crawlDelay === null ? 'none' : `${s.crawlDelay} s`), sitemaps);
      row.cells[0]!.setAttribute('scope', 'row');
      return row;
    }),
  );
}

/** The syntaxes whose verdict the chosen URL's line decides, by line. */
function decidingLines(a: Analysis): Map<number, { syntaxes: string[]; allowed: boolean[] }> {
  const lines = new Map<number, { syntaxes: string[]; allowed: boolean[] }>();
  const result = a.urls[selected];
  result?.verdicts.forEach((v, k) => {
    if (v.rule === null) return;
    const entry = lines.get(v.rule.line) ?? { syntaxes: [], allowed: [] };
    entry.syntaxes.push(TESTER_SYNTAXES[k]![0]);
    entry.allowed.push(v.allowed);
    lines.set(v.rule.line, entry);
  });
  return lines;
}

function diagnosticLine(d: LintDiagnostic): HTMLSpanElement {
  const span = make('span', '', 'diagnostic');
  const where = d.column === undefined ? '' : ` (column ${d.column})`;
  span.append(make('span', d.severity, `severity severity-${d.severity}`), `: ${d.message}${where} `, make('span', `[${d.code}]`, 'code'));
  return span;
}

/** Draws the file's lines, the deciding ones marked; `scroll` brings the first into view. */
function drawFile(scroll: boolean): void {
  if (analysis === null) return;
  const a = analysis;
  const deciding = decidingLines(a);
  const byLine = new Map<number, LintDiagnostic[]>();
  for (const d of a.diagnostics) byLine.set(d.line, [...(byLine.get(d.line) ?? []), d]);
  const rows = a.lines.map((text, k) => {
    const line = k + 1;
    const row = make('tr');
    row.id = `line-${line}`;
    const decides = deciding.get(line);
    const marks = make('td');
    if (decides !== undefined) {
      const all = decides.allowed.every(Boolean) ? 'allow' : decides.allowed.some(Boolean) ? 'both' : 'disallow';
      row.className = `decides decides-${all}`;
      const word = all === 'allow' ? 'allowed' : all === 'disallow' ? 'disallowed' : 'decides';
      marks.textContent = `${word} under ${decides.syntaxes.join(', ')}`;
    }
    const notes = make('td');
    notes.append(...(byLine.get(line) ?? []).map(diagnosticLine));
    row.append(make('td', String(line)), make('td', text), marks, notes);
    return row;
  });
  fileRows.replaceChildren(...rows);
  if (scroll) rows.find((row) => row.classList.contains('decides'))?.scrollIntoView({ block: 'nearest' });
}

function drawLintSummary(a: Analysis): void {
  const count = (severity: string, noun: string): string => {
    const n = a.diagnostics.filter((d) => d.severity === severity).length;
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  };
  lintSummary.textContent = `Lint: ${count('error', 'error')}, ${count('warning', 'warning')}, ${count('info', 'info')}.`;
}

function draw(): void {
  const list = urls.value.split(/\r\n|\r|\n/);
  const source = fetchedBytes ?? robots.value;
  // Lint depends on the file alone: typing a user agent or URLs reuses its findings.
  const kept = analysis !== null && source === analysed ? analysis.diagnostics : undefined;
  analysis = analyse(source, userAgent.value, list, kept);
  analysed = source;
  selected = Math.max(0, Math.min(selected, analysis.urls.length - 1));
  drawVerdicts(analysis);
  drawSyntaxes(analysis);
  drawLintSummary(analysis);
  drawFile(false);
}

let pending: ReturnType<typeof setTimeout> | undefined;
function drawSoon(): void {
  clearTimeout(pending);
  if (robots.value.length <= LIVE_BYTES) draw();
  else pending = setTimeout(draw, 250);
}

robots.addEventListener('input', () => {
  fetchedBytes = null;
  drawSoon();
});
userAgent.addEventListener('input', drawSoon);
urls.addEventListener('input', drawSoon);

/** The server's answer to POST api/fetch. */
interface FetchAnswer {
  readonly text?: string;
  /** The body in base64 when it is not UTF-8. */
  readonly bytes?: string;
  readonly error?: string;
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

async function fetchRobots(): Promise<void> {
  fetchStatus.className = '';
  fetchStatus.textContent = `Fetching ${robotsUrl.value} ...`;
  fetchFields.disabled = true;
  try {
    const response = await fetch('api/fetch', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: robotsUrl.value, userAgent: userAgent.value }),
    });
    const answer = (await response.json()) as FetchAnswer;
    if (answer.error !== undefined || (answer.text === undefined && answer.bytes === undefined)) throw new Error(answer.error ?? `HTTP ${response.status}`);
    const bytes = answer.bytes === undefined ? null : fromBase64(answer.bytes);
    robots.value = bytes === null ? answer.text! : new TextDecoder().decode(bytes);
    fetchedBytes = bytes;
    fetchStatus.textContent = `Fetched ${robotsUrl.value}${bytes === null ? '' : ' (not UTF-8: read as bytes until edited)'}.`;
    draw();
  } catch (error) {
    fetchStatus.className = 'failed';
    fetchStatus.textContent = error instanceof Error ? error.message : String(error);
  } finally {
    fetchFields.disabled = false;
  }
}

fetchForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void fetchRobots();
});

if (location.protocol !== 'http:' && location.protocol !== 'https:') {
  fetchFields.disabled = true;
  fetchStatus.textContent = 'Fetching a URL needs the page served by `rerp serve`: paste the file below.';
}
draw();
