// The root entry in a real browser: esbuild bundles page.ts (the library and
// the conformance subset) for the browser, headless Chromium loads it from a
// server on 127.0.0.1, and its answers, fetches through the browser's own
// fetch included, must equal the Node build's.
//
// Chromium is Debian's `chromium` package (test/helpers/chromium.ts). .ci/run
// installs it; without it these tests fail and say how to install it.
import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import * as node from '../../src/index.js';
import { launchChromium, type Chromium } from '../helpers/chromium.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { bundle, ROOT } from './build.js';
import { decodeCharset } from '../../src/http/platform-node.js';
import { CHARSET_KINDS, decodeSamples, kindOf, type CharsetKind } from './charsets.js';
import { answers, fetchAnswers, FETCH_CASES } from './conformance.js';
import { pageRoutes, ROBOTS_ROUTES } from './files.js';
import type { PageApi } from './page.js';

interface Session {
  readonly server: TestServer;
  readonly browser: Chromium;
  readonly page: Page;
  /** The page's uncaught errors (the console's 'Failed to load resource' for a 404 robots.txt is expected). */
  readonly errors: string[];
}

let session: Promise<Session> | null = null;

/** The page loaded in Chromium, once for every test of this file. */
function open(): Promise<Session> {
  session ??= (async () => {
    const { code } = await bundle({ file: join(ROOT, 'dist/test/runtimes/page.js') }, 'browser', false);
    const server = await startServer({ ...ROBOTS_ROUTES, ...pageRoutes(code) });
    const browser = await launchChromium();
    const { page } = browser;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(server.url('/'));
    await page.waitForFunction(() => 'conformance' in globalThis, undefined, { timeout: 30_000 });
    return { server, browser, page, errors };
  })();
  return session;
}

test.after.always(async () => {
  if (session !== null) {
    const s = await session.catch(() => null);
    await s?.browser.close();
    await s?.server.close();
  }
});

test('Chromium answers the conformance subset in all three syntaxes as Node does', async (t) => {
  const { page, errors } = await open();
  const browser = await page.evaluate(() => (globalThis as unknown as { conformance: PageApi }).conformance.answers());
  t.deepEqual(browser, answers(node));
  t.deepEqual(errors, []);
});

test('Chromium fetches through its own fetch (windows-1252, ISO-8859-1, BOM, redirect, 404, 403) as Node does', async (t) => {
  const { page, server, errors } = await open();
  const browser = await page.evaluate((origin) => (globalThis as unknown as { conformance: PageApi }).conformance.fetchAnswers(origin), server.origin);
  const expected = await fetchAnswers(node, server.origin);
  t.deepEqual(browser, expected);
  // Chromium hid the (uncacheable) 302 from redirect: 'manual' and was asked again to follow it; Node followed it by hand.
  t.is(server.count('/moved/robots.txt'), 3);
  // The windows-1252 file's € and ’ really went through a decoder that knows them.
  t.like(expected, { '/cp1252/robots.txt': { error: null, responseCode: 200, sitemaps: ['https://example.com/€.xml'] } });
  t.is(Object.keys(browser).length, FETCH_CASES.length);
  t.deepEqual(errors, []);
});

test('the charset names docs/fetching.md lists decode alike, differently or on one side only, as it says', async (t) => {
  const { page, errors } = await open();
  const names = Object.values(CHARSET_KINDS).flat();
  const browser = await page.evaluate((list) => (globalThis as unknown as { conformance: PageApi }).conformance.charsets(list), names);
  const doc = readFileSync(join(ROOT, 'docs/fetching.md'), 'utf8');
  for (const [kind, list] of Object.entries(CHARSET_KINDS) as [CharsetKind, readonly string[]][]) {
    for (const name of list) {
      t.is(kindOf(decodeSamples(decodeCharset, name), browser[name]!), kind, name);
      t.true(doc.includes(`\`${name}\``), `docs/fetching.md names ${name}`);
    }
  }
  t.deepEqual(errors, []);
});
