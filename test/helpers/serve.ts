// `rerp serve` as a child process, and the form of the tester page it serves.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/** The built command line (this file runs as dist/test/helpers/serve.js). */
const MAIN = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

/** The repository's example file and the URLs `npm start` asks about: the syntaxes disagree on some. */
export const EXAMPLE = {
  robots: readFileSync(new URL('../../../examples/robots.txt', import.meta.url), 'utf8'),
  userAgent: 'ExampleBot/1.0',
  urls: ['/', '/private/page.html', '/private/public/', '/search?q=robots', '/files/report.pdf', '/a/star'],
} as const;

/** A running `rerp serve`. */
export interface ServeChild {
  /** The address it printed. */
  readonly url: string;
  /** The line it printed on standard output. */
  readonly line: string;
  /** Sends SIGTERM and waits for the exit; the exit status. */
  stop(): Promise<number | null>;
}

/** Starts `rerp serve ...args` and waits for the line giving its address. */
export async function startServe(args: readonly string[]): Promise<ServeChild> {
  const child = spawn(process.execPath, [MAIN, 'serve', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const first = await Promise.race([
    once(lines, 'line') as Promise<[string]>,
    exited.then(([code]) => Promise.reject(new Error(`rerp serve exited with ${code}`))),
  ]);
  const line = first[0];
  const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(line)?.[0];
  if (url === undefined) {
    child.kill();
    throw new Error(`rerp serve printed no address: ${line}`);
  }
  return {
    url,
    line,
    stop: async () => {
      child.kill('SIGTERM');
      const [code] = await exited;
      return code;
    },
  };
}

/** Fills the tester's form through its labels, as a person would. */
export async function fillTester(page: Page, input: { robots: string; userAgent: string; urls: readonly string[] }): Promise<void> {
  await page.getByLabel('robots.txt (paste it here', { exact: false }).fill(input.robots);
  await page.getByLabel('User agent').fill(input.userAgent);
  await page.getByLabel('URLs to test', { exact: false }).fill(input.urls.join('\n'));
}
