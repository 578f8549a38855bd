// Makes docs/tester.png (`npm run docs:screenshot`): `rerp serve` in
// headless Chromium with the repository's example file, the URL the
// syntaxes disagree on chosen. Kept small: one laptop-sized view, no more.
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../test/helpers/chromium.js';
import { EXAMPLE, fillTester, startServe } from '../test/helpers/serve.js';

const OUT = fileURLToPath(new URL('../../docs/tester.png', import.meta.url));

const serve = await startServe(['--port', '0']);
const browser = await launchChromium({ width: 1120, height: 780 });
try {
  await browser.page.goto(serve.url);
  await fillTester(browser.page, EXAMPLE);
  await browser.page.locator(`#url-${EXAMPLE.urls.indexOf('/private/public/')}`).check();
  await browser.page.evaluate(() => {
    window.scrollTo(0, 0);
    document.getElementById('robots')?.scrollTo(0, 0);
  });
  await browser.page.screenshot({ path: OUT });
} finally {
  await browser.close();
  await serve.stop();
}
process.stdout.write(`${OUT}: ${Math.round(statSync(OUT).size / 1024)} KiB\n`);
