// A seeded generator of robots.txt files, user agents and URLs for the
// differential suite. Most of what it writes is ordinary (both libraries
// agree); a share of it lands on each known difference: user-agent tokens,
// percent-encoding, blank Allow, rule order, Crawl-delay and Request-rate
// values, Sitemap placement, line breaks and blank lines.

/** A small fast PRNG (mulberry32): the same seed gives the same files everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One generated file and what is asked about it. */
export interface GeneratedFile {
  readonly robots: string;
  /** User agents asked about (crawl delay, request rate, and each URL). */
  readonly agents: readonly string[];
  readonly urls: readonly string[];
}

const NAMES = ['*', '*', 'FooBot', 'foobot', 'Foo', 'BarBot', 'BarBot/1.0', 'Mozilla', 'Baz Bot', 'googlebot', 'Google', 'bot', 'news'];
const RARE_NAMES = ['', 'Foo%20Bot', '%2A', 'b%61rbot'];
const AGENTS = [
  'FooBot',
  'FooBot/2.1',
  'foobot/2.1 (+http://foo.example/bot)',
  'Mozilla/5.0 (compatible; FooBot/2.1)',
  'Mozilla/5.0 (compatible; BarBot/1.0; +http://bar.example/bot)',
  'BarBot/1.0',
  'barbot',
  'Baz Bot/3.0',
  'Googlebot/2.1',
  'Googlebot-News',
  'OtherBot/1.0',
  'Foo Bot/1',
  'newsreader',
];
const PATHS = [
  '/',
  '/a',
  '/a/',
  '/a/b',
  '/ab',
  '/a/b/c',
  '/private',
  '/private/',
  '/private/x.html',
  '/index.html',
  '/p%41th',
  '/path',
  '/a%2Fb',
  '/a%2fb',
  '/x%2F',
  '/caf%C3%A9',
  '/café',
  '/a?',
  '/a?x=1',
  '/search?q=',
  '/a;p',
  '/a;',
  '/a%3F',
  '/a%3Fx',
  '/a%23',
  '/a%23b',
  '/b%23top',
  '/page%23s',
  '/a%3B',
  '/*',
  '/a*',
  '/a$',
  '/%7Euser',
  '/~user',
  '/a b',
  '/%zz',
  '/%E9',
  '/a%20b',
  '/a%09b',
  '*',
  'private',
  '/A',
  '/a%2',
  '/robots.txt',
  '/%61',
];
const SUFFIXES = ['', '', '', 'x', '/', '/y.html', '?q=1', ';p', '#frag', '#', '?', '%2Fz', 'b', '?#f', '%3F', '\tz'];
// '²' passes Python's str.isdigit() but not int(): Python's parse() raises.
const DELAYS = ['5', '10', '0', '1', '0.5', '.5', '3.', '1e2', '-1', '+2', ' 7', '\u0663', '%31', '0x10', '', 'abc', '20s', '1 0'];
const RATES = ['1/5', '3/20', '10/60', '1 / 5', '1/5s', 'a/b', '1/', '', '\u0663/5', '%31/5', '0.5/1', '1/2/3'];
const SITEMAPS = ['https://example.com/sitemap.xml', 'https://example.com/news.xml', 'https://example.com/s%20map.xml', ''];
const OTHERS = ['Noindex: /x', 'Host: example.com', 'Clean-param: ref /a', 'garbage line', 'Disalow: /typo', '# a comment'];
const BREAKS_PY_ONLY = ['\f', '\v', '\x1c', '\x85', '\u2028'];

/** Generates `count` files from `seed`. */
export function generate(seed: number, count: number): GeneratedFile[] {
  const rnd = prng(seed);
  const chance = (p: number): boolean => rnd() < p;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
  const key = (name: string): string => {
    const r = rnd();
    if (r < 0.06) return name.toLowerCase();
    if (r < 0.09) return name.toUpperCase();
    return name;
  };
  const withComment = (line: string): string => (chance(0.08) ? `${line} # note` : line);
  const name = (): string => (chance(0.06) ? pick(RARE_NAMES) : pick(NAMES));
  const agentLine = (): string => {
    const r = rnd();
    const k = r < 0.03 ? 'Useragent' : r < 0.06 ? 'User-agent ' : key('User-agent');
    return withComment(`${k}: ${name()}`);
  };
  const files: GeneratedFile[] = [];
  for (let f = 0; f < count; f++) {
    const lines: string[] = [];
    const rulePaths: string[] = [];
    if (chance(0.1)) lines.push(pick(OTHERS));
    if (chance(0.05)) lines.push(`Disallow: ${pick(PATHS)}`); // before any User-agent: ignored by both
    const groups = int(1, 4);
    for (let g = 0; g < groups; g++) {
      const agents = int(1, 3);
      for (let a = 0; a < agents; a++) {
        if (a > 0) {
          const r = rnd();
          if (r < 0.08) lines.push('# between agents');
          else if (r < 0.12) lines.push(`Sitemap: ${pick(SITEMAPS)}`);
          else if (r < 0.16) lines.push(`Request-rate: ${pick(RATES)}`);
          else if (r < 0.18) lines.push(pick(OTHERS));
          else if (r < 0.2) lines.push(' ');
        }
        lines.push(agentLine());
      }
      const body = int(0, 5);
      for (let b = 0; b < body; b++) {
        const r = rnd();
        if (r < 0.72) {
          const allow = chance(0.35);
          const path = chance(0.06) ? '' : pick(PATHS);
          rulePaths.push(path);
          const colon = chance(0.03) ? ' :' : ':';
          lines.push(withComment(`${key(allow ? 'Allow' : 'Disallow')}${colon} ${path}`));
        } else if (r < 0.84) lines.push(withComment(`${key('Crawl-delay')}: ${chance(0.03) ? '\u00b2' : pick(DELAYS)}`));
        else if (r < 0.9) lines.push(`Request-rate: ${pick(RATES)}`);
        else if (r < 0.94) lines.push(`Sitemap: ${pick(SITEMAPS)}`);
        else if (r < 0.96) lines.push(pick(['  ', '\t']));
        else lines.push(pick(OTHERS));
      }
      const sep = rnd();
      if (sep < 0.6) lines.push('');
      else if (sep < 0.68) lines.push(pick(['  ', '\t', ' \t ']));
      else if (sep < 0.75) lines.push('# next group');
      else if (sep < 0.8) lines.push('', '');
      // otherwise no separator: the next User-agent line starts a record anyway
    }
    if (chance(0.3)) lines.push(`Sitemap: ${pick(SITEMAPS)}`);

    const eolPick = rnd();
    const eol = eolPick < 0.75 ? '\n' : eolPick < 0.9 ? '\r\n' : '\r';
    let robots = lines.map((l, i) => (i === 0 ? l : (eol === '\n' && chance(0.03) ? '\r\n' : eol) + l)).join('');
    if (chance(0.08)) {
      // One line break that only Python sees.
      const at = robots.indexOf(eol, int(0, robots.length));
      if (at >= 0) robots = robots.slice(0, at) + pick(BREAKS_PY_ONLY) + robots.slice(at + eol.length);
    }
    if (chance(0.1)) robots = '\ufeff' + robots;

    const agents: string[] = [];
    while (agents.length < 3) {
      const a = pick(AGENTS);
      if (!agents.includes(a)) agents.push(a);
    }
    const urls: string[] = [];
    while (urls.length < 4) {
      let path: string;
      if (rulePaths.length > 0 && chance(0.7)) {
        path = pick(rulePaths) + pick(SUFFIXES);
        if (chance(0.1)) path = path.replace(/[a-z]/, (c) => '%' + c.charCodeAt(0).toString(16));
        if (chance(0.05)) path = path.replace('/', '%2F');
        if (chance(0.3)) path = path.replace(/%2f/i, '/');
        if (chance(0.4)) path = path.replace(/%23/i, '#');
      } else path = pick(PATHS) + pick(SUFFIXES);
      if (!path.startsWith('/')) path = '/' + path; // relative URLs are a documented port choice, not generated
      if (chance(0.03)) {
        const at = int(1, path.length);
        path = path.slice(0, at) + pick(['\t', '\n', '\r']) + path.slice(at);
      }
      // Python would read a decoded `//` at the start of a bare path as an
      // authority, leaving a URL without a leading slash: give those a host.
      urls.push(chance(0.7) || /^\/%2f/i.test(path) ? 'https://example.com' + path : path);
    }
    files.push({ robots, agents, urls });
  }
  return files;
}
