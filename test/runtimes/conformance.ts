// A conformance subset asked the same way of any build of the library: the
// Node build in the tests, the root entry bundled for a browser in Chromium
// (browser.test.ts, through page.ts) or for no platform (bundle.test.ts).
// Nothing here may import Node: it runs in the browser.
import type * as Library from '../../src/index.js';
import { ANCIENT_CASTLE, CYBERMAPPER, CYBERWORLD, GO_AWAY } from '../helpers/seed-files.js';
import { SYNTAX_ROWS } from '../helpers/syntax-rows.js';

/** The library as `import * as lib from 'robotexclusionrulesparser'` gives it. */
export type Lib = typeof Library;

/** One robots.txt file (bytes as a list of numbers, to cross into the browser) and what to ask of it. */
export interface Case {
  readonly name: string;
  readonly file: string | readonly number[];
  readonly agents: readonly string[];
  readonly urls: readonly string[];
}

const UTF8 = new TextEncoder();

/** The seed documents' examples, the syntax table, a BOM file as bytes: every syntax is asked every question. */
export const CASES: readonly Case[] = [
  {
    name: 'seed 001: the usage example',
    file: 'User-agent: Foobot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /\n',
    agents: ['Foobot', 'Barbot', 'Mozilla/5.0 (compatible; Foobot/2.1)'],
    urls: ['/index.html', '/private/x', '/', 'http://www.example.com/private/'],
  },
  {
    name: 'seed 001: wildcards, escapes and blank rules',
    file: 'User-agent: *\nDisallow: /private/*\nDisallow: /a%2Fb\nDisallow: /h%65llo/\nAllow:\nCrawl-delay: 2.5\nSitemap: https://example.com/sitemap.xml\n',
    agents: ['bot'],
    urls: ['/private/page.html', '/private/*', '/private', '/a/b', '/a%2fb', '/hello/', 'http://www.example.com/foo/bar.html'],
  },
  {
    name: 'seed 003: multiple User-agent lines share the rules',
    file: 'User-agent: Google\nUser-agent: Bing\nDisallow: /secret\n',
    agents: ['Googlebot/2.1', 'bingbot/2.0', 'DuckDuckBot'],
    urls: ['/secret', '/secret/x', '/public'],
  },
  ...[CYBERWORLD, CYBERMAPPER, GO_AWAY, ANCIENT_CASTLE].map((lines, i) => ({
    name: `seed 004: MK1994 example ${i + 1}`,
    file: lines.join('\n'),
    agents: ['anybot', 'cybermapper/1.0', 'Belle', 'Beast'],
    urls: ['/', '/cyberworld/map/index.html', '/tmp/x', '/west-wing/', '/ballroom'],
  })),
  ...SYNTAX_ROWS.map((row) => ({ name: `syntax table: ${row.why}`, file: row.file, agents: [row.ua ?? 'ExampleBot'], urls: [row.url] })),
  {
    name: 'a file with a UTF-8 byte-order mark, as bytes',
    file: [0xef, 0xbb, 0xbf, ...UTF8.encode('User-agent: *\nDisallow: /\nAllow: /caf\u00e9\n')],
    agents: ['bot'],
    urls: ['/x', '/caf%C3%A9', '/café'],
  },
  {
    name: 'wide RFC 9309 file with a long-match carve-out and many agents',
    file: 'User-agent: a\nUser-agent: b-c\nDisallow: /shop\nAllow: /shop/cart$\nAllow: /*.css\n\nUser-agent: *\nDisallow: /*?\nCrawl-delay: 10\n',
    agents: ['a', 'B-C/1.0', 'zzz'],
    urls: ['/shop/cart', '/shop/cart/x', '/shop/site.css', '/search?q=1', '/robots.txt'],
  },
];

const SYNTAXES = ['MK1996', 'GYM2008', 'RFC9309'] as const;

/** Every answer `lib` gives to {@link CASES}, keyed by case name. */
export function answers(lib: Lib, cases: readonly Case[] = CASES): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of cases) {
    const file = typeof c.file === 'string' ? c.file : Uint8Array.from(c.file);
    const p = new lib.RobotExclusionRulesParser();
    p.parse(file);
    const lookalike = new lib.RobotFileParserLookalike();
    lookalike.parse(typeof file === 'string' ? file.split('\n') : file);
    const bySyntax: Record<string, unknown> = {};
    for (const name of SYNTAXES) {
      const syntax = lib[name];
      bySyntax[name] = c.agents.map((agent) => ({
        agent,
        crawlDelay: p.getCrawlDelay(agent, syntax),
        urls: c.urls.map((url) => ({
          url,
          allowed: p.isAllowed(agent, url, syntax),
          absolute: p.isAllowed(agent, url.startsWith('/') ? 'https://example.com' + url : url, syntax),
          explain: p.explain(agent, url, syntax),
          canFetch: lookalike.canFetch(agent, url, syntax),
        })),
      }));
    }
    out[c.name] = { bySyntax, sitemaps: p.sitemaps, text: p.toString(), siteMaps: lookalike.siteMaps() };
  }
  return out;
}

/** A robots.txt on the local server (test/runtimes/files.ts serves them) and the URLs to ask after fetching it. */
export interface FetchCase {
  readonly path: string;
  readonly urls: readonly string[];
  readonly statusPolicy?: 'original' | 'rfc9309';
}

/**
 * windows-1252 through the runtime's decoder, the default ISO-8859-1 (0x85 is
 * U+0085 there, `…` in windows-1252), a UTF-8 byte-order mark, a redirect,
 * 404, 403 and an unknown charset.
 */
export const FETCH_CASES: readonly FetchCase[] = [
  { path: '/cp1252/robots.txt', urls: ['/caf%C3%A9/x', '/%E2%82%ACuro', '/€uro', '/quote’s', '/other'] },
  { path: '/latin1/robots.txt', urls: ['/na%C3%AFve', '/naïve', '/%C2%85x', '/%E2%80%A6x', '/other'] },
  { path: '/utf8-bom/robots.txt', urls: ['/日本', '/日本語', '/x'], statusPolicy: 'rfc9309' },
  { path: '/moved/robots.txt', urls: ['/private/x', '/x'] },
  { path: '/missing/robots.txt', urls: ['/x'] },
  { path: '/forbidden/robots.txt', urls: ['/x'] },
  { path: '/unknown-charset/robots.txt', urls: ['/x'] },
];

/** What `lib` makes of each of {@link FETCH_CASES} fetched from `origin`. */
export async function fetchAnswers(lib: Lib, origin: string, cases: readonly FetchCase[] = FETCH_CASES): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const c of cases) {
    const p = new lib.RobotExclusionRulesParser();
    let error: unknown = null;
    try {
      await p.fetch(origin + c.path, { timeout: 10_000, statusPolicy: c.statusPolicy ?? 'original' });
    } catch (e) {
      error = e instanceof lib.RobotsError ? { name: e.name, code: e.code } : String(e);
    }
    out[c.path] = {
      error,
      responseCode: p.responseCode,
      answers: SYNTAXES.map((name) => c.urls.map((url) => p.isAllowed('bot', url, lib[name]))),
      sitemaps: p.sitemaps,
      text: p.toString(),
    };
  }
  return out;
}
