// Builds the tester page `rerp serve` shows into dist/page/: the script,
// bundled from the compiled src/tester/page.js with esbuild for browsers, and
// the HTML and CSS beside it. Run by `npm run build` after tsc, so that the
// installed package serves the page without esbuild.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The repository (this file runs as dist/scripts/build-page.js). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where `rerp serve` reads the page (src/cli/tester-server.ts). */
export const PAGE_DIR = `${ROOT}dist/page/`;

await mkdir(PAGE_DIR, { recursive: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: ['dist/src/tester/page.js'],
  bundle: true,
  // A classic script, not a module: browsers refuse module scripts on a page opened from a file.
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  outfile: `${PAGE_DIR}tester.js`,
  logLevel: 'warning',
});
for (const file of ['index.html', 'tester.css']) await copyFile(`${ROOT}src/tester/${file}`, `${PAGE_DIR}${file}`);
