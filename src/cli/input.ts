// How the `rerp` commands read their input: arguments that are URLs or
// seconds, robots.txt files (or standard input), user agents to send, and the
// usage error that any of them may raise.
import { readFile } from 'node:fs/promises';
import { checkHeaderValue } from '../options.js';
import { GYM2008, MK1996, RFC9309, type Syntax } from '../syntax.js';

/** The syntaxes by the names `--syntax` takes. */
export const SYNTAXES: Record<string, Syntax> = { mk1996: MK1996, gym2008: GYM2008, rfc9309: RFC9309 };

/** URLs `batch` checks at once unless `--concurrency` says otherwise. */
export const DEFAULT_CONCURRENCY = 10;

/** A bad command line or an unreadable input: exit status 2 and a one-line message. */
export class UsageError extends Error {
  /** False when a pointer to --help would not help (an unreadable file). */
  constructor(
    message: string,
    readonly hint = true,
  ) {
    super(message);
  }
}

/** A number of seconds given as an option, as fetch milliseconds. */
export function timeoutMs(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !(seconds > 0) || !Number.isFinite(seconds))
    throw new UsageError(`--timeout must be a positive number of seconds, got "${value}"`);
  return seconds * 1000;
}

/** The syntax names of a `--syntax` value: one, a comma-separated list, or `all`. */
export function syntaxesNamed(spec: string): string[] {
  const names = spec.toLowerCase() === 'all' ? Object.keys(SYNTAXES) : spec.toLowerCase().split(',');
  for (const name of names) {
    if (!(name in SYNTAXES)) {
      throw new UsageError(`unknown syntax "${name}": use ${Object.keys(SYNTAXES).join(', ')} or all`);
    }
  }
  return [...new Set(names)];
}

/** Whether `s` names a URL (`scheme://...`) rather than a file: only http(s) ones can be fetched. */
export const isUrl = (s: string): boolean => /^[a-z][a-z\d+.-]*:\/\//i.test(s);

/** A URL `check` asks about: a path, or an absolute http(s) URL that parses. */
export function isCheckableUrl(url: string): boolean {
  if (url.startsWith('/')) return true;
  if (!URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  return protocol === 'http:' || protocol === 'https:';
}

/** A message as every `rerp` error is written: a sentence in lower case. */
export function sentence(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}

/** `userAgent` when it can be sent as a User-Agent header, else an InvalidArgumentError naming it. */
export function headerUserAgent(userAgent: string): string {
  return checkHeaderValue(userAgent, 'the user agent', 'userAgent');
}

/** Why a file could not be read, in words: `no such file`, not `ENOENT`. */
function readFailure(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  // Node writes `EACCES: permission denied, open '…'`: keep the words.
  return /^[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message;
}

/** All of `stdin`, as bytes; a usage error when there is none to read. */
export async function readAll(stdin: AsyncIterable<string | Uint8Array> | undefined, what: string): Promise<Buffer> {
  if (stdin === undefined) throw new UsageError(`no standard input to read ${what} from`);
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Reads a robots.txt file (`-`: all of `stdin`): UTF-8 when the bytes are
 * valid UTF-8, else ISO-8859-1 bytes.
 */
export async function readRobots(file: string, stdin?: AsyncIterable<string | Uint8Array>): Promise<string | Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = file === '-' ? await readAll(stdin, 'the robots.txt') : await readFile(file);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${file === '-' ? 'standard input' : file}: ${readFailure(error)}`, false);
  }
  try {
    // A byte-order mark stays in the text: the parser skips it (behaviour.md §7), lint reports it.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bytes;
  }
}
