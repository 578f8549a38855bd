// How the `rerp` commands read their input: arguments that are URLs or
// seconds, robots.txt files, user agents to send, and the usage error that
// any of them may raise.
import { readFile } from 'node:fs/promises';
import { checkHeaderValue } from '../options.js';

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

/** Whether `s` names a URL (`scheme://...`) rather than a file: only http(s) ones can be fetched. */
export const isUrl = (s: string): boolean => /^[a-z][a-z\d+.-]*:\/\//i.test(s);

/** `userAgent` when it can be sent as a User-Agent header, else an InvalidArgumentError naming it. */
export function headerUserAgent(userAgent: string): string {
  return checkHeaderValue(userAgent, 'the user agent', 'userAgent');
}

/** Reads a robots.txt file: UTF-8 when the bytes are valid UTF-8, else ISO-8859-1 bytes. */
export async function readRobots(file: string): Promise<string | Uint8Array> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`cannot read ${file}: ${reason}`, false);
  }
  try {
    // A byte-order mark stays in the text: the parser skips it (behaviour.md §7), lint reports it.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bytes;
  }
}
