// `npm run corpus`: sweeps every robots.txt of the shared corpus through parse,
// isAllowed, explain, getCrawlDelay, sitemaps and toString in every syntax,
// with the URLs and user agents of the corpus hints and generated ones. It
// asserts that nothing throws, that explain agrees with isAllowed and that
// parsing toString() gives the same MK1996 and GYM2008 answers (toString
// writes the records those two read; RFC9309 groups lines otherwise); it
// prints a summary and exits non-zero on any failure. The corpus is read at run time, never copied:
// `../shared/corpus` next to the repository, or the folder named by the first
// argument or ROBOTS_CORPUS.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GYM2008, MK1996, RFC9309, RobotExclusionRulesParser } from '../src/index.js';

const SYNTAXES = [MK1996, GYM2008, RFC9309] as const;
const MAX_URLS = 200;
const MAX_AGENTS = 12;
const MAX_REPORTED = 20;

const FIXED_AGENTS = ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'ExampleBot/1.0', '', '*'];
const FIXED_URLS = [
  '/',
  '',
  'http://example.com',
  'https://user:pw@example.com:8443/a?b#c',
  '/index.html',
  '/%E9',
  '/%zz',
  '%',
  '/%C3%28',
  '//host/private',
  'page.html',
  '/a%2Fb',
  '/a%2fb',
  '/search?q=robots',
  '/*',
  '/$',
  '/\uD800',
];

function corpusDir(): string {
  const given = process.argv[2] ?? process.env['ROBOTS_CORPUS'];
  if (given !== undefined && given !== '') return resolve(given);
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  return resolve(repoRoot, '..', 'shared', 'corpus');
}

interface Hints {
  urls: string[];
  agents: string[];
}

function readHints(dir: string, file: string): Hints {
  const path = join(dir, 'hints', basename(file, '.txt') + '.json');
  const hints: Hints = { urls: [], agents: [] };
  if (!existsSync(path)) return hints;
  const data = JSON.parse(readFileSync(path, 'utf8')) as { urls?: unknown; uas?: unknown; pairs?: unknown };
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  hints.urls.push(...strings(data.urls));
  hints.agents.push(...strings(data.uas));
  if (Array.isArray(data.pairs)) {
    for (const pair of data.pairs) {
      const [ua, url] = strings(pair);
      if (ua !== undefined) hints.agents.push(ua);
      if (url !== undefined) hints.urls.push(url);
    }
  }
  return hints;
}

/** URLs made from the file's own rule values: the path, around it, and wildcard fill-ins. */
function generatedUrls(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^[ \t\uFEFF]*(?:dis)?allow[ \t]*:[ \t]*([^#\r\n]*)/gim)) {
    const value = m[1]!.trim();
    if (value === '') continue;
    const filled = value.replace(/\*/g, 'abc').replace(/\$$/, '');
    out.push(value, filled, filled + 'x', filled.slice(0, -1), `https://example.com${filled.startsWith('/') ? '' : '/'}${filled}?q=1#top`);
  }
  for (const m of text.matchAll(/^[ \t]*user-?agent[ \t]*:[ \t]*([^#\r\n]*)/gim)) out.push(`/agent-page/${encodeURIComponent(m[1]!.trim())}`);
  return out;
}

function agentsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^[ \t\uFEFF]*user-?agent[ \t]*:[ \t]*([^#\r\n]*)/gim)) {
    const name = m[1]!.trim();
    if (name !== '' && name !== '*') out.push(`Mozilla/5.0 (compatible; ${name}/1.0)`);
  }
  return out;
}

/** Keeps the first `max` distinct values, spread over the list. */
function pick(values: readonly string[], max: number): string[] {
  const distinct = [...new Set(values)];
  if (distinct.length <= max) return distinct;
  const step = distinct.length / max;
  return Array.from({ length: max }, (_, i) => distinct[Math.floor(i * step)]!);
}

const failures: string[] = [];
let checks = 0;
let disallowed = 0;
let syntaxDisagreements = 0;

function fail(file: string, what: string): void {
  failures.push(`${file}: ${what}`);
}

function sweep(file: string, label: string, input: string | Uint8Array, agents: readonly string[], urls: readonly string[]): void {
  const parser = new RobotExclusionRulesParser();
  try {
    parser.parse(input);
  } catch (error) {
    fail(file, `${label}: parse threw ${String(error)}`);
    return;
  }
  let written: string;
  const copy = new RobotExclusionRulesParser();
  try {
    written = parser.toString();
    copy.parse(written);
    if (copy.toString() !== written) fail(file, `${label}: toString() of the reparsed text differs`);
    if (JSON.stringify(copy.sitemaps) !== JSON.stringify(parser.sitemaps)) fail(file, `${label}: sitemaps differ after toString()`);
  } catch (error) {
    fail(file, `${label}: toString threw ${String(error)}`);
    return;
  }
  for (const ua of agents) {
    try {
      if (!Object.is(parser.getCrawlDelay(ua), copy.getCrawlDelay(ua))) fail(file, `${label}: crawl delay of ${JSON.stringify(ua)} differs after toString()`);
      const delay = parser.getCrawlDelay(ua, RFC9309);
      if (delay !== null && !(delay >= 0)) fail(file, `${label}: RFC9309 crawl delay of ${JSON.stringify(ua)} is ${delay}`);
    } catch (error) {
      fail(file, `${label}: getCrawlDelay(${JSON.stringify(ua)}) threw ${String(error)}`);
    }
    for (const url of urls) {
      const answers: boolean[] = [];
      for (const syntax of SYNTAXES) {
        checks++;
        try {
          const allowed = parser.isAllowed(ua, url, syntax);
          answers.push(allowed);
          if (!allowed) disallowed++;
          if (parser.explain(ua, url, syntax).allowed !== allowed)
            fail(file, `${label}: explain disagrees for ${JSON.stringify(ua)} ${JSON.stringify(url)} syntax ${syntax}`);
          if (syntax !== RFC9309 && copy.isAllowed(ua, url, syntax) !== allowed)
            fail(file, `${label}: toString() changes the answer for ${JSON.stringify(ua)} ${JSON.stringify(url)} syntax ${syntax}`);
        } catch (error) {
          fail(file, `${label}: ${JSON.stringify(ua)} ${JSON.stringify(url)} syntax ${syntax} threw ${String(error)}`);
        }
      }
      if (answers[0] !== answers[1]) syntaxDisagreements++;
    }
  }
}

const dir = corpusDir();
const robotsDir = join(dir, 'robots');
if (!existsSync(robotsDir)) {
  console.error(`No corpus at ${robotsDir}: pass its folder as the first argument or in ROBOTS_CORPUS.`);
  process.exit(2);
}
const started = process.hrtime.bigint();
const files = readdirSync(robotsDir)
  .filter((f) => f.endsWith('.txt'))
  .sort();
let bytes = 0;
let hinted = 0;
for (const file of files) {
  const raw = readFileSync(join(robotsDir, file));
  bytes += raw.length;
  const utf8 = raw.toString('utf8');
  const hints = readHints(dir, file);
  if (hints.urls.length + hints.agents.length > 0) hinted++;
  const agents = pick([...hints.agents, ...agentsOf(utf8), ...FIXED_AGENTS], MAX_AGENTS);
  const urls = pick([...hints.urls, ...FIXED_URLS, ...generatedUrls(utf8)], MAX_URLS);
  // As bytes (read as ISO-8859-1, like the original) and as text decoded from UTF-8.
  sweep(file, 'bytes', raw, agents, urls);
  sweep(file, 'utf-8 text', utf8, agents, urls);
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

console.log(`corpus: ${dir}`);
console.log(`files: ${files.length} (${(bytes / 1024).toFixed(0)} KiB), ${hinted} with hints; each parsed as bytes and as UTF-8 text`);
console.log(`checks: ${checks} isAllowed+explain calls, ${disallowed} disallowed, ${syntaxDisagreements} URL/agent pairs where MK1996 and GYM2008 differ`);
console.log(`time: ${seconds.toFixed(1)} s`);
if (failures.length === 0) {
  console.log('ok: nothing threw, explain agrees with isAllowed, toString() keeps the MK1996 and GYM2008 answers');
} else {
  console.log(`FAILED: ${failures.length} problem(s)`);
  for (const f of failures.slice(0, MAX_REPORTED)) console.log(`  ${f}`);
  if (failures.length > MAX_REPORTED) console.log(`  ... and ${failures.length - MAX_REPORTED} more`);
  process.exitCode = 1;
}
