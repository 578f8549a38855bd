// `rerp lint`: the library's lint() on a file or a fetched URL, printed as a
// compiler prints (`robots.txt:12: warning: message [code]`) or as JSON.
import { parseArgs } from 'node:util';
import { lint } from '../lint/lint.js';
import type { LintDiagnostic } from '../lint/codes.js';
import { fetchRobotsTxt, fetchSettings } from '../http/fetch.js';
import type { AddressFilter } from '../http/address.js';
import { headerUserAgent, isUrl, readRobots, timeoutMs, UsageError } from './input.js';
import type { CliIO } from './io.js';

/**
 * Bytes read of a fetched robots.txt: well past the 500 KiB RFC 9309 asks
 * crawlers to read, so that the size findings can say how large a file is.
 */
export const LINT_FETCH_BYTES = 4 * 1024 * 1024;

/** One finding as a compiler line: `name:line[:column]: severity: message [code]`. */
export function formatDiagnostic(name: string, d: LintDiagnostic): string {
  return `${name}:${d.line}${d.column === undefined ? '' : `:${d.column}`}: ${d.severity}: ${d.message} [${d.code}]`;
}

/** `2 errors, 1 warning, 0 infos`. */
function summary(diagnostics: readonly LintDiagnostic[]): string {
  const count = (severity: string, noun: string): string => {
    const n = diagnostics.filter((d) => d.severity === severity).length;
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  };
  return `${count('error', 'error')}, ${count('warning', 'warning')}, ${count('info', 'info')}`;
}

/**
 * The robots.txt at `url`, as RFC 9309 reads it (UTF-8 unless a byte-order
 * mark or the Content-Type says otherwise, bytes when it is not valid);
 * anything but a 2xx answer is a one-line error, as there is no file to lint.
 * `rerp serve` fetches its page's URLs here too, with its `allowAddress`.
 */
export async function fetchForLint(url: string, userAgent: string | null, timeout: number, allowAddress?: AddressFilter): Promise<string | Uint8Array> {
  const settings = fetchSettings({ timeout, statusPolicy: 'rfc9309', maxBytes: LINT_FETCH_BYTES, allowAddress });
  const result = await fetchRobotsTxt(url, userAgent, settings);
  if ('error' in result) throw new UsageError(result.error.message, false);
  const status = result.responseCode;
  if (status < 200 || status > 299) {
    const answer = status === 0 ? 'no answer (a network failure or a timeout)' : `HTTP ${status}`;
    const meaning = status >= 400 && status < 500 ? 'everything' : 'nothing';
    throw new UsageError(`${url}: ${answer}, so there is no robots.txt to lint (RFC 9309 crawlers may then fetch ${meaning})`, false);
  }
  return result.text;
}

/** Runs `rerp lint`; the exit status is 1 when any finding is an error, else 0. */
export async function lintCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      timeout: { type: 'string', default: '10' },
      'user-agent': { type: 'string' },
    },
  });
  const timeout = timeoutMs(values.timeout);
  if (positionals.length !== 1) throw new UsageError('lint needs exactly one robots.txt file or URL');
  const source = positionals[0]!;
  const userAgent = values['user-agent'] === undefined ? null : headerUserAgent(values['user-agent']);
  const text = isUrl(source) ? await fetchForLint(source, userAgent, timeout) : await readRobots(source, io.stdin);
  const diagnostics = lint(text);
  if (values.json) {
    io.out(JSON.stringify({ file: source, diagnostics }, null, 2));
  } else {
    for (const d of diagnostics) io.out(formatDiagnostic(source, d));
    if (diagnostics.length > 0) io.err(`${source}: ${summary(diagnostics)}`);
  }
  return diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
}
