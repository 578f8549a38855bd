// The tester page in headless Chromium: served by `rerp serve` (a child
// process) and opened from a file, filled through its labels and the
// keyboard, its answers checked against the library's in Node. A screenshot
// goes to test-output/ (gitignored) for a person to look at.
import test, { type ExecutionContext } from 'ava';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { TESTER_SYNTAXES } from '../../src/tester/analyse.js';
import { lint } from '../../src/lint/lint.js';
import { launchChromium, type Chromium } from '../helpers/chromium.js';
import { EXAMPLE, fillTester, startServe, type ServeChild } from '../helpers/serve.js';
import { respond, startServer } from '../helpers/server.js';
import { ROOT } from '../runtimes/build.js';

let browser: Promise<Chromium> | null = null;
const chromium = (): Promise<Chromium> => (browser ??= launchChromium({ width: 1280, height: 800 }));
const children: ServeChild[] = [];

test.after.always(async () => {
  await (await browser?.catch(() => null))?.close();
  for (const child of children) await child.stop();
});

/** A new page in the shared Chromium, its script errors and console errors collected. */
async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const page = await (await chromium()).context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, errors };
}

/** The verdict table as the page shows it: per URL, per syntax, the verdict and its reason. */
function verdictTable(page: Page): Promise<{ url: string; cells: { verdict: string; why: string }[] }[]> {
  return page.$$eval('#verdicts tbody tr', (rows) =>
    rows.map((row) => ({
      url: row.querySelector('label')?.textContent ?? '',
      cells: Array.from(row.querySelectorAll('td'))
        .slice(1)
        .map((cell) => ({
          verdict: cell.querySelector('.verdict')?.textContent ?? '',
          why: cell.querySelector('.why')?.textContent ?? '',
        })),
    })),
  );
}

/** What the page must show for `EXAMPLE`, from the library in Node. */
function expectedVerdicts(robots: string): { url: string; cells: { verdict: string; line: number | null }[] }[] {
  const parser = new RobotExclusionRulesParser();
  parser.parse(robots);
  return EXAMPLE.urls.map((url) => ({
    url,
    cells: TESTER_SYNTAXES.map(([, syntax]) => {
      const v = parser.explain(EXAMPLE.userAgent, url, syntax);
      return { verdict: v.allowed ? 'allowed' : 'disallowed', line: v.rule?.line ?? null };
    }),
  }));
}

function checkVerdicts(t: ExecutionContext, shown: Awaited<ReturnType<typeof verdictTable>>, robots: string): void {
  const expected = expectedVerdicts(robots);
  t.deepEqual(
    shown.map((r) => r.url),
    expected.map((r) => r.url),
  );
  expected.forEach((row, i) => {
    row.cells.forEach((cell, k) => {
      const got = shown[i]!.cells[k]!;
      t.is(got.verdict, cell.verdict, `${row.url} under ${TESTER_SYNTAXES[k]![0]}`);
      t.is(got.why, cell.line === null ? 'no rule matches' : `line ${cell.line}`, `${row.url} under ${TESTER_SYNTAXES[k]![0]}`);
    });
  });
}

/** The file's rows the page marks as deciding: line number, class and what the Decides cell says. */
function decidingRows(page: Page): Promise<{ line: number; className: string; says: string }[]> {
  return page.$$eval('#file-lines tr.decides', (rows) =>
    rows.map((row) => ({
      line: Number(row.id.slice('line-'.length)),
      className: row.getAttribute('class') ?? '',
      says: row.querySelectorAll('td')[2]?.textContent ?? '',
    })),
  );
}

test('rerp serve: the page shows the verdicts of Node, the deciding lines of the URL chosen by keyboard, and lint', async (t) => {
  const serve = await startServe(['--port', '0']);
  children.push(serve);
  t.regex(serve.line, /^robots\.txt tester at http:\/\/127\.0\.0\.1:\d+\/ /);
  const { page, errors } = await newPage();
  await page.goto(serve.url);
  await fillTester(page, EXAMPLE);
  checkVerdicts(t, await verdictTable(page), EXAMPLE.robots);

  // The URL the syntaxes disagree on, chosen with the keyboard: Tab to the first URL's radio button, then arrows.
  const disputed = EXAMPLE.urls.indexOf('/private/public/');
  await page.locator('#url-0').focus();
  for (let k = 0; k < disputed; k++) await page.keyboard.press('ArrowDown');
  t.true(await page.locator(`#url-${disputed}`).isChecked());
  // The focus is visible: an outline drawn around the radio button.
  t.not(await page.evaluate(() => (document.activeElement === null ? 'none' : getComputedStyle(document.activeElement).outlineStyle)), 'none');

  const parser = new RobotExclusionRulesParser();
  parser.parse(EXAMPLE.robots);
  const lines = TESTER_SYNTAXES.map(([name, syntax]) => ({ name, v: parser.explain(EXAMPLE.userAgent, '/private/public/', syntax) }));
  const marked = await decidingRows(page);
  t.deepEqual(marked.map((r) => r.line).sort(), [...new Set(lines.map((l) => l.v.rule!.line))].sort());
  for (const row of marked) {
    const here = lines.filter((l) => l.v.rule!.line === row.line);
    t.true(row.says.endsWith(here.map((l) => l.name).join(', ')), row.says);
    t.true(row.className.includes(here[0]!.v.allowed ? 'decides-allow' : 'decides-disallow'), row.className);
  }
  // The syntaxes disagree here: more than one line decides.
  t.true(marked.length > 1);

  // Lint's findings beside their lines.
  const finding = lint(EXAMPLE.robots)[0]!;
  const beside = await page.locator(`#line-${finding.line} td`).nth(3).textContent();
  t.true(beside?.includes(`[${finding.code}]`), beside ?? '');
  t.true(beside?.includes(finding.message), beside ?? '');

  mkdirSync(join(ROOT, 'test-output'), { recursive: true });
  await page.screenshot({ path: join(ROOT, 'test-output/tester.png'), fullPage: true });
  t.deepEqual(errors, []);
  await page.close();
});

test('rerp serve --allow-private: the URL box fetches a robots.txt from a local server into the page', async (t) => {
  const origin = await startServer({ '/robots.txt': respond(200, EXAMPLE.robots, { 'content-type': 'text/plain' }) });
  const serve = await startServe(['--allow-private', '--port', '0']);
  children.push(serve);
  const { page, errors } = await newPage();
  await page.goto(serve.url);
  await fillTester(page, { ...EXAMPLE, robots: 'User-agent: *\nDisallow: /\n' });
  await page.getByLabel('robots.txt URL').fill(origin.url('/robots.txt'));
  await page.getByRole('button', { name: 'Fetch' }).press('Enter');
  await page.waitForFunction(() => document.getElementById('fetch-status')?.textContent.startsWith('Fetched') === true, undefined, { timeout: 20_000 });
  t.is(await page.getByLabel('robots.txt (paste it here', { exact: false }).inputValue(), EXAMPLE.robots);
  checkVerdicts(t, await verdictTable(page), EXAMPLE.robots);
  t.is(origin.requests[0]?.headers['user-agent'], EXAMPLE.userAgent);
  t.deepEqual(errors, []);
  await page.close();
  await origin.close();
});

test('the built page opened from a file answers pasted text; its URL box says it needs rerp serve', async (t) => {
  const { page, errors } = await newPage();
  await page.goto(pathToFileURL(join(ROOT, 'dist/page/index.html')).href);
  await fillTester(page, EXAMPLE);
  checkVerdicts(t, await verdictTable(page), EXAMPLE.robots);
  t.true(await page.getByLabel('robots.txt URL').isDisabled());
  t.regex((await page.locator('#fetch-status').textContent()) ?? '', /rerp serve/);
  // An edit of the file is linted again (the findings are kept only while the user agent or URLs change).
  const edited = `${EXAMPLE.robots}Dissallow: /tmp/\n`;
  await page.getByLabel('robots.txt (paste it here', { exact: false }).fill(edited);
  const added = lint(edited).find((d) => !lint(EXAMPLE.robots).some((e) => e.line === d.line && e.code === d.code))!;
  t.true((await page.locator(`#line-${added.line} td`).nth(3).textContent())?.includes(`[${added.code}]`));
  t.regex((await page.locator('#lint-summary').textContent()) ?? '', new RegExp(`^Lint: ${lint(edited).filter((d) => d.severity === 'error').length} error`));
  t.deepEqual(errors, []);
  await page.close();
});
