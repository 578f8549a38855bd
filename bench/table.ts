// Plain-text tables in Markdown form (they paste into docs as they are) and
// the number formats they use.

/** Renders a Markdown table with columns padded; `align` is 'l' or 'r' per column. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[], align: string): string {
  const widths = headers.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const pad = (cell: string, c: number): string => (align[c] === 'l' ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!));
  const line = (cells: readonly string[]): string => '| ' + cells.map((cell, c) => pad(cell, c)).join(' | ') + ' |';
  const rule = '| ' + widths.map((w, c) => (align[c] === 'l' ? '-'.repeat(w) : '-'.repeat(w - 1) + ':')).join(' | ') + ' |';
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

/** 3 significant digits, for rates and ratios. */
function sig(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

export function mbPerSecond(bytesPerSecond: number): string {
  return sig(bytesPerSecond / 1e6);
}

/** Calls per second as `4.61 M` or `365 k`. */
export function perSecond(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (x >= 1e6) return `${sig(x / 1e6)} M`;
  if (x >= 1e3) return `${sig(x / 1e3)} k`;
  return sig(x);
}

export function ratio(x: number): string {
  return Number.isFinite(x) ? `${sig(x)}x` : 'n/a';
}

export function kilobytes(bytes: number): string {
  return Number.isFinite(bytes) ? `${sig(bytes / 1024)} KB` : 'n/a';
}

export function milliseconds(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  return ms >= 1 ? sig(ms) : ms.toFixed(4);
}

export function passFail(ok: boolean | null): string {
  return ok === null ? '-' : ok ? 'pass' : 'FAIL';
}
