// The named differences between Python's urllib.robotparser and this port.
//
// Each class is an emulation: it rewrites the robots.txt text, the user agent
// or the URL so that the port does one thing the Python way. A disagreement
// belongs to a class when doing that thing the Python way makes the port give
// Python's answer; the smallest such set of classes names the disagreement. A
// disagreement that no set of known classes explains is unclassified, and the
// suite fails on it. Doing every known thing the Python way at once must give
// Python's answer on every case, agreeing or not (the suite checks that too),
// so the classes are a complete account of the differences seen.
import { portView, pyView, pySplitLines, splitLines, PY_KEYS } from './lines.js';
import { pyForm, pyUnquote, type PyFormSteps } from './pyurl.js';
import { pyTrim } from '../src/internal.js';

/** What is compared: `can_fetch`, `crawl_delay`, `request_rate`, `site_maps`. */
export type Aspect = 'canFetch' | 'crawlDelay' | 'requestRate' | 'siteMaps';

/** One question: a robots.txt text, a user agent and a URL (unused by some aspects). */
export interface Case {
  readonly robots: string;
  readonly ua: string;
  readonly url: string;
}

/** An answer to one aspect, in Python's JSON form. */
export type Answer = boolean | number | null | readonly string[] | readonly [number, number];

/** The smallest known case showing a class, as documented in docs/porting-from-python.md. */
export interface Example extends Case {
  readonly aspect: Aspect;
  /** Python's answer, or the exception it raised. */
  readonly python: Answer | { readonly error: string };
  /** The port's answer. */
  readonly port: Answer;
}

/** A named, documented difference between Python's robotparser and the port. */
export interface DifferenceClass {
  readonly id: string;
  /** One sentence: what Python does that the port does not. */
  readonly summary: string;
  readonly aspects: readonly Aspect[];
  /** Rewrites the text so that the port reads it the Python way in this one respect. */
  readonly robots?: (text: string) => string;
  /** Rewrites the user agent (`robots` is the text as the chosen classes rewrote it). */
  readonly ua?: (ua: string, robots: string) => string;
  /** A step of Python's URL handling, done to rule values and the URL. */
  readonly step?: keyof PyFormSteps;
  /** Turns Python's answer into the one the port can give (for what the port cannot express). */
  readonly python?: (aspect: Aspect, answer: Answer) => Answer;
  /** Explains Python raising while parsing (`error` is "Type: message"). */
  readonly error?: (error: string, robots: string) => boolean;
  readonly example: Example;
}

const NEUTRAL = '# (not a directive for Python)';
/** A robot name standing for Python's empty name, which every user agent contains. */
const ANY_AGENT = '\u2400any-agent';

const KEY_NAMES: Record<string, string> = {
  'user-agent': 'User-agent',
  useragent: 'Useragent',
  allow: 'Allow',
  disallow: 'Disallow',
  sitemap: 'Sitemap',
  'crawl-delay': 'Crawl-delay',
  'request-rate': 'Request-rate',
};

function mapLines(text: string, f: (line: string) => string): string {
  const lines = splitLines(text);
  const out = lines.map(f);
  return out.every((l, i) => l === lines[i]) ? text : out.join('\n');
}

/** A line rewritten as `Key: value`, keeping its leading byte-order marks. */
function directive(line: string, key: string, value: string): string {
  const bom = /^\s*((?:(?:\ufeff|\u00ef\u00bb\u00bf)\s*)*)/u.exec(line)?.[1] ?? '';
  return `${bom}${KEY_NAMES[key] ?? key}: ${value}`;
}

// eslint-disable-next-line no-control-regex -- Python's str.splitlines() breaks at these controls
const PY_ONLY_BREAK = /[\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;
const PY_ONLY_BREAKS = new RegExp(PY_ONLY_BREAK.source, 'g');

const PORT_CRAWL_DELAY = /^(?:\d+\.?\d*|\.\d+)$/;

/** Python's `int(s)` for a `str.isdecimal()` string, else null. */
function pyDecimal(s: string): number | null {
  if (!/^\p{Nd}+$/u.test(s)) return null;
  let n = 0;
  for (const ch of s) {
    // Decimal digits come in runs of whole sets of ten: the value is the
    // offset from the run's start, modulo ten.
    let start = ch.codePointAt(0)!;
    while (/^\p{Nd}$/u.test(String.fromCodePoint(start - 1))) start--;
    n = n * 10 + ((ch.codePointAt(0)! - start) % 10);
  }
  return n;
}

/** Moves the port's record boundaries aside: Python keeps a record whose only lines are Crawl-delay/Request-rate. */
function keepDelayOnlyRecords(text: string): string {
  const lines = splitLines(text);
  const out: string[] = [];
  let open = false;
  let afterAgent = false;
  let hasRule = false;
  let hasDelay = false;
  const close = (): void => {
    if (open && !hasRule && hasDelay) out.push('Disallow:');
    open = false;
  };
  for (const line of lines) {
    const p = portView(line);
    const py = pyView(line);
    if (p.kind === 'blank') {
      close();
      afterAgent = false;
    } else if (p.kind === 'directive' && (p.key === 'user-agent' || p.key === 'useragent')) {
      if (!afterAgent) {
        close();
        open = true;
        hasRule = hasDelay = false;
      }
      afterAgent = true;
    } else if (p.kind === 'directive') {
      afterAgent = false;
      if (open && (p.key === 'allow' || p.key === 'disallow')) hasRule = true;
      if (open && p.key === 'crawl-delay') hasDelay = true;
    } else if (open && py.kind === 'directive' && py.key === 'request-rate') {
      hasDelay = true;
    }
    out.push(line);
  }
  close();
  return out.length === lines.length ? text : out.join('\n');
}

/** Python's Sitemap lines leave a run of User-agent lines unbroken: move the port's out of the run. */
function sitemapsOutOfAgentRuns(text: string): string {
  const lines = splitLines(text);
  const kept: string[] = [];
  const moved: string[] = [];
  let afterAgent = false;
  for (const line of lines) {
    const p = portView(line);
    if (p.kind === 'directive' && p.key === 'sitemap' && afterAgent) {
      moved.push(line);
      continue;
    }
    if (p.kind === 'blank') afterAgent = false;
    else if (p.kind === 'directive') afterAgent = p.key === 'user-agent' || p.key === 'useragent';
    kept.push(line);
  }
  return moved.length === 0 ? text : [...kept, '', ...moved].join('\n');
}

/**
 * Every known difference, in the order their emulations apply: how lines are
 * read first, then records, then values, then matching.
 */
export const CLASSES: readonly DifferenceClass[] = [
  {
    id: 'python-line-breaks',
    summary:
      'Python splits the text with str.splitlines(), which also ends a line at \\v, \\f, \\x1c-\\x1e, \\x85, U+2028 and U+2029; the port ends lines only at CR, LF and CRLF.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate', 'siteMaps'],
    // CR LF is one break for both; CR before one of these is two for Python.
    robots: (t) => (PY_ONLY_BREAK.test(t) ? t.replace(/\r\n?/g, '\n').replace(PY_ONLY_BREAKS, '\n') : t),
    example: { robots: 'User-agent: *\fDisallow: /', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'bom-line',
    summary:
      'Python does not skip a byte-order mark, so a first line `\\ufeffUser-agent: *` is not a directive to it; the port (like the original) skips the mark.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate', 'siteMaps'],
    robots: (t) => mapLines(t, (l) => (portView(l).kind === 'directive' && (portView(l) as { bom: boolean }).bom ? NEUTRAL : l)),
    example: { robots: '\ufeffUser-agent: *\nDisallow: /', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: true, port: false },
  },
  {
    id: 'useragent-spelling',
    summary: 'The port (like the original) also accepts `Useragent:`; Python knows only `User-agent:`.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate', 'siteMaps'],
    robots: (t) =>
      mapLines(t, (l) => {
        const p = portView(l);
        return p.kind === 'directive' && p.key === 'useragent' ? NEUTRAL : l;
      }),
    example: { robots: 'Useragent: *\nDisallow: /', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: true, port: false },
  },
  {
    id: 'space-before-colon',
    summary: 'Python accepts white space between a field name and its colon (`Disallow : /x`); the port needs the colon right after the name.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate', 'siteMaps'],
    robots: (t) =>
      mapLines(t, (l) => {
        const py = pyView(l);
        if (py.kind !== 'directive' || !PY_KEYS.has(py.key) || portView(l).kind === 'directive') return l;
        return l.replace(/^(\s*[A-Za-z-]+)\s+:/, '$1:');
      }),
    example: { robots: 'User-agent: *\nDisallow : /', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'whitespace-only-line',
    summary: 'Python ends a record only at an empty line; a line of spaces or tabs is skipped. The port (like the original) ends the record at any blank line.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate'],
    robots: (t) => mapLines(t, (l) => (l !== '' && portView(l).kind === 'blank' ? NEUTRAL : l)),
    example: { robots: 'User-agent: *\n  \nDisallow: /', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'sitemap-in-agent-run',
    summary:
      'A Sitemap line between two User-agent lines does not split them for Python; the port (like the original) starts a new record at the second User-agent line.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate'],
    robots: sitemapsOutOfAgentRuns,
    example: {
      robots: 'User-agent: FooBot\nSitemap: https://example.com/s.xml\nUser-agent: BarBot\nDisallow: /',
      ua: 'FooBot',
      url: '/a',
      aspect: 'canFetch',
      python: false,
      port: true,
    },
  },
  {
    id: 'request-rate-line',
    summary:
      'For Python a `Request-rate:` line, like Crawl-delay, ends a run of User-agent lines; the port reads its value but lets the run go on (the original has no Request-rate).',
    aspects: ['canFetch', 'crawlDelay', 'requestRate'],
    robots: (t) =>
      mapLines(t, (l) => {
        const p = portView(l);
        // An invalid Crawl-delay ends the port's run and sets nothing.
        return p.kind === 'directive' && p.key === 'request-rate' ? `Crawl-delay: request-rate\n${l}` : l;
      }),
    example: {
      robots: 'User-agent: FooBot\nRequest-rate: 1/5\nUser-agent: BarBot\nDisallow: /',
      ua: 'FooBot',
      url: '/a',
      aspect: 'canFetch',
      python: true,
      port: false,
    },
  },
  {
    id: 'delay-only-record',
    summary:
      'Python keeps a record that has a Crawl-delay or Request-rate line but no Allow/Disallow line (everything allowed, its delay applies); the port (like the original) drops it, so those robots fall through to later records such as `*`.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate'],
    robots: keepDelayOnlyRecords,
    example: {
      robots: 'User-agent: FooBot\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /',
      ua: 'FooBot',
      url: '/a',
      aspect: 'canFetch',
      python: true,
      port: false,
    },
  },
  {
    id: 'blank-allow',
    summary: 'A blank `Allow:` allows everything in Python; in the port (like the original) it disallows everything.',
    aspects: ['canFetch'],
    robots: (t) =>
      mapLines(t, (l) => {
        const p = portView(l);
        return p.kind === 'directive' && p.key === 'allow' && p.value === '' ? 'Disallow:' : l;
      }),
    example: { robots: 'User-agent: *\nAllow:', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: true, port: false },
  },
  {
    id: 'first-token-agent',
    summary:
      'Python compares robot names with the user agent only up to its first `/` (`Mozilla/5.0 (compatible; FooBot/2.1)` is `mozilla` to it), so names after it, and names containing `/`, never match; the port searches the whole user agent.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate'],
    ua: (ua) => ua.split('/')[0]!,
    example: {
      robots: 'User-agent: FooBot\nDisallow: /',
      ua: 'Mozilla/5.0 (compatible; FooBot/2.1)',
      url: '/a',
      aspect: 'canFetch',
      python: true,
      port: false,
    },
  },
  {
    id: 'empty-agent-name',
    summary:
      'Python keeps the empty name of a blank `User-agent:` line, and every user agent contains it, so the record applies to all robots; the port ignores an empty name.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate'],
    robots: (t) =>
      mapLines(t, (l) => {
        const p = portView(l);
        return p.kind === 'directive' && (p.key === 'user-agent' || p.key === 'useragent') && p.value === '' ? directive(l, p.key, ANY_AGENT) : l;
      }),
    ua: (ua, robots) => (robots.includes(ANY_AGENT) ? `${ua} ${ANY_AGENT}` : ua),
    example: { robots: 'User-agent:\nDisallow: /', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'unquoted-values',
    summary:
      'Python percent-decodes every value, so `User-agent: Foo%20Bot` names `Foo Bot`, `Crawl-delay: %35` is 5 and Sitemap URLs come back decoded; the port decodes only Allow/Disallow paths.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate', 'siteMaps'],
    robots: (t) =>
      mapLines(t, (l) => {
        const p = portView(l);
        if (p.kind !== 'directive' || p.key === 'allow' || p.key === 'disallow') return l;
        const v = pyUnquote(p.value);
        return v === p.value ? l : directive(l, p.key, v);
      }),
    example: { robots: 'User-agent: %2A\nDisallow: /', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'integer-crawl-delay',
    summary:
      'Python takes a Crawl-delay only when str.isdigit() accepts it and returns an int (`٣` is 3; `0.5`, `.5` and `3.` are ignored); the port takes ASCII digits with an optional fraction.',
    aspects: ['crawlDelay'],
    robots: (t) =>
      mapLines(t, (l) => {
        const p = portView(l);
        if (p.kind !== 'directive' || p.key !== 'crawl-delay') return l;
        const port = PORT_CRAWL_DELAY.test(p.value) ? Number(p.value) : null;
        const py = pyDecimal(p.value);
        if (port === py) return l;
        return directive(l, p.key, py === null ? 'not-an-integer' : String(py));
      }),
    example: { robots: 'User-agent: *\nDisallow: /x\nCrawl-delay: 0.5', ua: 'FooBot', url: '', aspect: 'crawlDelay', python: null, port: 0.5 },
  },
  {
    id: 'unicode-digit-rate',
    summary: 'Python reads the numbers of `Request-rate: n/m` with str.isdigit() and int(), so `٣/5` is 3 per 5 seconds; the port takes ASCII digits only.',
    aspects: ['requestRate'],
    robots: (t) =>
      mapLines(t, (l) => {
        const p = portView(l);
        if (p.kind !== 'directive' || p.key !== 'request-rate') return l;
        const m = /^(\d+)[ \t]*\/[ \t]*(\d+)$/.exec(p.value);
        const port = m === null ? null : `${Number(m[1])}/${Number(m[2])}`;
        const parts = p.value.split('/');
        const n = parts.length === 2 ? parts.map((x) => pyDecimal(pyTrim(x))) : [null];
        const py = n.length === 2 && n[0] !== null && n[1] !== null ? `${n[0]}/${n[1]}` : null;
        if (port === py) return l;
        return directive(l, p.key, py ?? 'not-a-rate');
      }),
    example: { robots: 'User-agent: *\nDisallow: /x\nRequest-rate: \u0663/5', ua: 'FooBot', url: '', aspect: 'requestRate', python: [3, 5], port: null },
  },
  {
    id: 'crash-on-digit',
    summary:
      'Python raises ValueError from parse() on a Crawl-delay or Request-rate that str.isdigit() accepts but int() rejects, such as `²`; the port ignores the value.',
    aspects: ['canFetch', 'crawlDelay', 'requestRate', 'siteMaps'],
    error: (error, robots) => {
      const m = /^ValueError: invalid literal for int\(\) with base 10: '(.*)'$/s.exec(error);
      if (m === null) return false;
      return pySplitLines(robots).some((l) => {
        const py = pyView(l);
        return py.kind === 'directive' && (py.key === 'crawl-delay' || py.key === 'request-rate') && py.value.includes(pyTrim(m[1]!));
      });
    },
    example: {
      robots: 'User-agent: *\nDisallow: /\nCrawl-delay: ²',
      ua: 'FooBot',
      url: '/a',
      aspect: 'canFetch',
      python: { error: "ValueError: invalid literal for int() with base 10: '²'" },
      port: false,
    },
  },
  {
    id: 'empty-sitemap',
    summary: 'Python lists an empty `Sitemap:` value as `""`; the port skips it.',
    aspects: ['siteMaps'],
    python: (aspect, answer) => {
      if (aspect !== 'siteMaps' || !Array.isArray(answer)) return answer;
      const kept = (answer as string[]).filter((s) => s !== '');
      return kept.length === 0 ? null : kept;
    },
    example: { robots: 'Sitemap:', ua: '', url: '', aspect: 'siteMaps', python: [''], port: null },
  },
  {
    id: 'encoded-slash',
    summary: 'Python decodes `%2F` to `/` before comparing; the port (like the original) keeps `%2F` distinct from `/`.',
    aspects: ['canFetch'],
    step: 'slash',
    example: { robots: 'User-agent: *\nDisallow: /a%2Fb', ua: 'FooBot', url: '/a/b', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'empty-delimiter',
    summary:
      'Python drops an empty `?query`, `;params` or `#fragment` from rule paths and URLs (`Disallow: /a?` is `Disallow: /a`), also when written `%3F`, `%3B` or `%23`; the port compares them as written.',
    aspects: ['canFetch'],
    step: 'emptyDelimiters',
    example: { robots: 'User-agent: *\nDisallow: /a?', ua: 'FooBot', url: '/a', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'url-fragment',
    summary: "Python keeps a URL's `#fragment` and compares it; the port drops it.",
    aspects: ['canFetch'],
    step: 'fragment',
    example: { robots: 'User-agent: *\nDisallow: /a%23b', ua: 'FooBot', url: '/a#b', aspect: 'canFetch', python: false, port: true },
  },
  {
    id: 'urlsplit-whitespace',
    summary:
      "Python's urlsplit removes tab, CR and LF from URLs and from decoded rule paths (and, from Python 3.11.4 and 3.12, leading control characters and spaces); the port keeps them.",
    aspects: ['canFetch'],
    step: 'whitespace',
    example: { robots: 'User-agent: *\nDisallow: /ab', ua: 'FooBot', url: '/a\tb', aspect: 'canFetch', python: false, port: true },
  },
];

/** The class with this id. */
export function classById(id: string): DifferenceClass {
  const c = CLASSES.find((k) => k.id === id);
  if (c === undefined) throw new RangeError(`No difference class '${id}'`);
  return c;
}

/** Which Python: decides the version-dependent part of `urlsplit-whitespace`. */
export interface PyVersion {
  readonly version: readonly [number, number, number];
}

/** True when this Python's urlsplit strips leading C0 controls and spaces (CVE-2023-24329 fix). */
export function stripsLeadingControls({ version: [major, minor, micro] }: PyVersion): boolean {
  if (major !== 3) return major > 3;
  const fixed: Record<number, number> = { 8: 17, 9: 17, 10: 12, 11: 4 };
  return minor >= 12 || (fixed[minor] !== undefined && micro >= fixed[minor]);
}

/** The case rewritten so that the port does what the chosen classes describe the Python way. */
export function emulate(c: Case, chosen: readonly DifferenceClass[], py: PyVersion): Case {
  const on = new Set(chosen);
  let robots = c.robots;
  let ua = c.ua;
  let url = c.url;
  const steps: { -readonly [K in keyof PyFormSteps]: PyFormSteps[K] } = {};
  for (const k of CLASSES) {
    if (!on.has(k)) continue;
    if (k.robots) robots = k.robots(robots);
    if (k.step) steps[k.step] = true;
  }
  if (Object.keys(steps).length > 0) {
    steps.leadingControls = stripsLeadingControls(py);
    robots = mapLines(robots, (l) => {
      const p = portView(l);
      if (p.kind !== 'directive' || (p.key !== 'allow' && p.key !== 'disallow')) return l;
      const v = pyForm(p.value, 'rule', steps);
      return v === p.value ? l : directive(l, p.key, v);
    });
    url = pyForm(url, 'url', steps);
  }
  for (const k of CLASSES) if (on.has(k) && k.ua) ua = k.ua(ua, robots);
  return { robots, ua, url };
}

/** The port's answers, for one text at a time (parsed once per text). */
export type Answerer = (robots: string) => (aspect: Aspect, ua: string, url: string) => Answer | undefined;

/** Python's answer to one aspect, or the exception it raised. */
export type PyOutcome = { readonly answer: Answer } | { readonly error: string };

/** The outcome of comparing one case. */
export interface Verdict {
  readonly agree: boolean;
  /** The smallest set of class ids explaining a disagreement; null when unclassified (or agreeing). */
  readonly classes: readonly string[] | null;
  /** Whether the port, doing everything the known classes describe the Python way, gives Python's answer. */
  readonly modelAgrees: boolean;
  readonly port: Answer | undefined;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Python's answer as the chosen classes let the port give it. */
function pythonSeenThrough(aspect: Aspect, answer: Answer, chosen: readonly DifferenceClass[]): Answer {
  let a = answer;
  for (const k of chosen) if (k.python) a = k.python(aspect, a);
  return a;
}

function* subsets<T>(items: readonly T[], size: number, from = 0): Generator<T[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - size; i++) {
    for (const rest of subsets(items, size - 1, i + 1)) yield [items[i]!, ...rest];
  }
}

/**
 * Compares the port with Python on one case and aspect, and names the
 * difference classes that explain a disagreement.
 */
export function judge(c: Case, aspect: Aspect, python: PyOutcome, answerer: Answerer, py: PyVersion): Verdict {
  const port = answerer(c.robots)(aspect, c.ua, c.url);
  const relevant = CLASSES.filter((k) => k.aspects.includes(aspect));
  if ('error' in python) {
    const k = relevant.find((x) => x.error?.(python.error, c.robots));
    return { agree: false, classes: k ? [k.id] : null, modelAgrees: k !== undefined, port };
  }
  const portGives = (chosen: readonly DifferenceClass[]): boolean => {
    const e = emulate(c, chosen, py);
    return same(answerer(e.robots)(aspect, e.ua, e.url), pythonSeenThrough(aspect, python.answer, chosen));
  };
  const modelAgrees = portGives(relevant);
  if (same(port, python.answer)) return { agree: true, classes: null, modelAgrees, port };
  // Only classes that change something about this case, alone or once the
  // others have changed it, can explain it.
  const all = emulate(c, relevant, py);
  const changes = (a: Case, b: Case): boolean => a.robots !== b.robots || a.ua !== b.ua || a.url !== b.url;
  const applicable = relevant.filter(
    (k) =>
      changes(emulate(c, [k], py), c) ||
      changes(
        emulate(
          c,
          relevant.filter((x) => x !== k),
          py,
        ),
        all,
      ) ||
      !same(pythonSeenThrough(aspect, python.answer, [k]), python.answer),
  );
  // The smallest explaining set when it has one or two classes; otherwise
  // all applicable classes, less each one that is not needed.
  for (let size = 1; size <= Math.min(2, applicable.length); size++) {
    for (const chosen of subsets(applicable, size)) {
      if (portGives(chosen)) return { agree: false, classes: chosen.map((k) => k.id), modelAgrees, port };
    }
  }
  if (applicable.length > 2 && portGives(applicable)) {
    let chosen = applicable;
    for (const k of applicable) {
      const without = chosen.filter((x) => x !== k);
      if (portGives(without)) chosen = without;
    }
    return { agree: false, classes: chosen.map((k) => k.id), modelAgrees, port };
  }
  return { agree: false, classes: null, modelAgrees, port };
}
