// Seeded stand-ins for the shared benchmark workloads, used when
// ../shared/bench/workload is absent. Same shapes (rule counts, wildcard mix,
// group layout, URL mix), different content: nothing here copies those files.
import { prng } from '../compat/generator.js';

/** A robots.txt text and the URLs to check against it. */
export interface GeneratedWorkload {
  readonly text: string;
  readonly urls: string[];
}

export const ORIGIN = 'https://www.example.com';
const URL_COUNT = 10_000;

class Rand {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  words(n: number): string[] {
    const out = new Set<string>();
    while (out.size < n) out.add(this.pick(SYL) + this.pick(SYL) + (out.size % 3 === 0 ? this.pick(SYL) : ''));
    return [...out];
  }
}

const SYL = [
  'ba',
  'de',
  'fi',
  'go',
  'hu',
  'ja',
  'ke',
  'li',
  'mo',
  'nu',
  'pa',
  're',
  'sa',
  'ti',
  'vo',
  'wu',
  'dor',
  'fen',
  'gal',
  'hil',
  'jor',
  'kan',
  'lun',
  'mer',
  'nol',
  'par',
  'ros',
  'sil',
  'tam',
  'ven',
];
const EXTS = ['html', 'php', 'pdf', 'json', 'xml', 'png', 'asp', 'css'];
const QKEYS = ['id', 'page', 'order', 'from', 'utm_campaign', 'utm_source', 'query', 'locale', 'sid', 'token', 'view', 'count', 'sort', 'tab', 'src', 'k'];

/** 3 rules, one group. */
function tiny(): string[] {
  return ['User-agent: *', 'Disallow: /private/', 'Disallow: /basket', 'Allow: /private/about'];
}

/** A CMS-style file: 20 rules, 8 of them wildcards, CRLF line ends (joined by the caller). */
function cms(): string[] {
  return [
    'User-agent: *',
    'Disallow: /admin/',
    'Disallow: /site/admin/',
    'Allow: /admin/async.php',
    'Disallow: /core/',
    'Allow: /core/scripts/',
    'Allow: /core/media/',
    'Disallow: /pingback/',
    'Disallow: /signin.php',
    'Disallow: /signup.php',
    'Disallow: /*?query=*',
    'Disallow: /api/session*',
    'Disallow: /lost-password/',
    'Disallow: /*/lost-password/',
    'Disallow: /tools/cgi*',
    'Disallow: /members/posts/',
    'Disallow: /auth/',
    'Disallow: /*sso-token*',
    'Disallow: /*/find/*',
    'Disallow: /find/groups*',
    'Allow: /*/*/find/',
    '',
    'Sitemap: https://www.example.com/sitemap.xml',
  ];
}

/**
 * A large real-world-style file: three big named groups sharing ~300 rules,
 * ~135 one-line `Disallow: /` groups, and the `*` group last with 33 literal
 * rules and 280 `*?name*` / `*&name*` wildcards.
 */
function big(r: Rand): { lines: string[]; own: string[]; others: string[] } {
  const V = r.words(300);
  const literal = Array.from({ length: 33 }, (_, k) => (k % 8 === 0 ? `/${V[k]}?*` : k % 3 === 0 ? `/${V[k]}` : `/${V[k]}/`));
  const params = r.words(140).map((w, k) => (k % 4 === 0 ? `${w}_${r.pick(V)}` : w));
  const wild = params.flatMap((p) => [`*&${p}*`, `*?${p}*`]);
  const own = [...literal, ...wild];
  const lines: string[] = [];
  const others: string[] = [];
  for (const [name, delay] of [
    ['Searchbot', ''],
    ['Socialbot', '0.5'],
    ['Linkbot', '2'],
  ] as const) {
    lines.push(`User-agent: ${name}`);
    if (delay !== '') lines.push(`Crawl-delay: ${delay}`);
    for (const p of own) lines.push(`Disallow: ${p}`);
    others.push(...own);
    lines.push('');
  }
  for (let k = 0; k < 136; k++) {
    lines.push(`User-agent: ${r.pick(V)}${r.pick(['bot', 'spider', 'crawler', 'grab'])}${k}`);
    lines.push(k < 2 ? 'Crawl-delay: 0.7' : 'Disallow: /', '');
  }
  lines.push('User-agent: *');
  for (const p of own) lines.push(`Disallow: ${p}`);
  lines.push('', `Sitemap: ${ORIGIN}/sitemap_index.xml`);
  return { lines, own, others };
}

function synthRule(r: Rand, V: string[]): [string, string] {
  const w = (): string => r.pick(V);
  const x = r.next();
  if (x < 0.58) return ['Disallow', r.pick([`/${w()}/`, `/${w()}/${w()}`, `/${w()}/${w()}/`, `/${w()}.${r.pick(EXTS)}`, `/${w()}-${w()}/`])];
  if (x < 0.7) return ['Allow', r.pick([`/${w()}/${w()}/`, `/${w()}/${w()}.html`])];
  if (x < 0.84) return [r.pick(['Disallow', 'Disallow', 'Allow']), r.pick([`/${w()}/*/${w()}`, `/${w()}/*${w()}`, `/*/${w()}/`])];
  if (x < 0.93) return ['Disallow', r.pick([`/*?${r.pick(QKEYS)}=`, `/${w()}/*&${r.pick(QKEYS)}=`, `/*?*${w()}=`])];
  if (x < 0.98) return [r.pick(['Disallow', 'Allow']), r.pick([`/*.${r.pick(EXTS)}$`, `/${w()}/*.${r.pick(EXTS)}$`, `/${w()}$`])];
  return ['Disallow', `*${w()}*`];
}

/** ~5,000 rules in 60 groups, the `*` group (3,000 rules) last. */
function synth5k(r: Rand): { lines: string[]; own: string[]; others: string[] } {
  const V = r.words(400);
  const lines = ['# Synthetic large robots.txt (bench/generate.ts)', ''];
  const others: string[] = [];
  const group = (names: string[], count: number, own?: string[]): void => {
    for (const n of names) lines.push(`User-agent: ${n}`);
    for (let k = 0; k < count; k++) {
      const [kind, path] = synthRule(r, V);
      lines.push(`${kind}: ${path}`);
      (own ?? others).push(path);
    }
    lines.push('');
  };
  for (let k = 0; k < 40; k++) lines.push(`User-agent: Blocked${k}`, 'Disallow: /', '');
  for (let k = 0; k < 18; k++) group([`Indexer${k}`], 50);
  group(['Searchbot', 'Otherbot'], 1000);
  const own: string[] = [];
  group(['*'], 3000, own);
  for (let k = 0; k < 10; k++) lines.push(`Sitemap: ${ORIGIN}/sitemap-${k}.xml`);
  return { lines, own, others };
}

// URLs: mostly instances of the rules of the group the benchmark agent uses.

function filler(r: Rand, V: string[], next: string): string {
  if (next.startsWith('&')) return `/${r.pick(V)}/${r.pick(V)}?${r.pick(QKEYS)}=${r.int(1, 999)}`;
  if (next.startsWith('?')) return r.pick(['', `/${r.pick(V)}`, `/${r.pick(V)}/${r.pick(V)}`]);
  return r.pick(['', r.pick(V), `${r.pick(V)}/${r.pick(V)}`, `${r.pick(V)}.html`, String(r.int(1, 99999))]);
}

function instantiate(pattern: string, r: Rand, V: string[]): string {
  const anchored = pattern.endsWith('$');
  const parts = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  let out = parts[0]!;
  for (const p of parts.slice(1)) out += filler(r, V, p) + p;
  if (!out.startsWith('/')) out = `/${r.pick(V)}${/^[?&/.]/.test(out) ? '' : '/'}${out}`;
  if (!anchored || r.next() < 0.4) out += r.pick(['', '', r.pick(V), `/${r.pick(V)}`, `.${r.pick(EXTS)}`, String(r.int(1, 9999))]);
  return out;
}

function nearMiss(path: string, r: Rand): string {
  const letters = [...path].flatMap((c, i) => (/[a-z]/i.test(c) ? [i] : []));
  if (letters.length === 0) return path + 'x';
  const i = r.pick(letters);
  const c = path[i]!;
  return path.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : 'z') + path.slice(i + 1);
}

function urls(own: readonly string[], others: readonly string[], r: Rand): string[] {
  const V = r.words(200);
  const out: string[] = [];
  while (out.length < URL_COUNT) {
    const x = r.next();
    let path: string;
    if (x < 0.62) path = instantiate(r.pick(own), r, V);
    else if (x < 0.7) path = nearMiss(instantiate(r.pick(own), r, V), r);
    else if (x < 0.78 && others.length > 0) path = instantiate(r.pick(others), r, V);
    else {
      const depth = r.int(0, 4);
      path = '/' + Array.from({ length: depth }, () => r.pick(V)).join('/');
      if (depth > 0 && r.next() < 0.3) path += '.' + r.pick(EXTS);
    }
    if (r.next() < 0.03) path += r.pick(['/caf%C3%A9', '/%7Euser', '/na%C3%AFve-%E2%82%AC']);
    if (r.next() < 0.4) {
      const pairs = Array.from({ length: r.int(1, 3) }, () => `${r.pick(QKEYS)}=${r.pick([String(r.int(1, 100000)), r.pick(V)])}`);
      path += (path.includes('?') ? '&' : '?') + pairs.join('&');
    }
    out.push(ORIGIN + path.replace(/ /g, '%20').replace(/#/g, '%23'));
  }
  return out;
}

/** The generated workload of a name: tiny, cms, big or synth5k. */
export function generateWorkload(name: string): GeneratedWorkload {
  const r = new Rand(20240611 + name.length * 7919 + name.charCodeAt(0));
  let lines: string[];
  let own: string[];
  let others: string[] = [];
  let eol = '\n';
  switch (name) {
    case 'tiny':
      lines = tiny();
      own = lines.slice(1).map((l) => l.slice(l.indexOf(':') + 2));
      break;
    case 'cms':
      lines = cms();
      own = lines.filter((l) => /^(Allow|Disallow):/.test(l)).map((l) => l.slice(l.indexOf(':') + 2));
      eol = '\r\n';
      break;
    case 'big':
      ({ lines, own, others } = big(r));
      break;
    case 'synth5k':
      ({ lines, own, others } = synth5k(r));
      break;
    default:
      throw new RangeError(`No generator for workload ${name}`);
  }
  return { text: lines.join(eol) + eol, urls: urls(own, others, r) };
}
