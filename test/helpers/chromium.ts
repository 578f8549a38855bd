// Headless Chromium for the browser tests and the docs screenshot: Debian's
// `chromium` at /usr/bin/chromium, driven by playwright-core (which never
// downloads a browser), with a fresh, empty profile of its own.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running Chromium and its first page; `close` also removes the profile. */
export interface Chromium {
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Launches headless Chromium with a new profile. `viewport` sizes the page
 * (Playwright's 1280x720 by default).
 * @throws when Chromium is missing, saying how to install it.
 */
export async function launchChromium(viewport?: { width: number; height: number }): Promise<Chromium> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `The browser test needs Chromium at ${CHROMIUM}, which is missing. Install Debian's package: ` +
        '`sudo apt-get update && sudo apt-get install -y chromium` (as .ci/run does when it is missing).',
    );
  }
  const profile = mkdtempSync(join(tmpdir(), 'rerp-chromium-'));
  try {
    // A persistent context is how Playwright takes a --user-data-dir of our own: a fresh, empty one.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      timeout: 60_000,
      ...(viewport === undefined ? {} : { viewport }),
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return {
      context,
      page,
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
