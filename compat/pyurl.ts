// Python's URL handling in robotparser, step by step, so that a difference
// class can ask the port to do one step the Python way. Rule paths and URLs go
// through quote(urlunparse(urlparse(unquote(x)))) in Python; the port
// percent-decodes them (keeping %2F) and compares as written. pyForm rewrites
// a rule value or URL into raw text that the port decodes to what Python
// compares, with only the chosen steps done the Python way.

const utf8 = new TextDecoder('utf-8');

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  return l >= 0x61 && l <= 0x66 ? l - 0x61 + 10 : -1;
}

/** `urllib.parse.unquote(s)`: %XX escapes decoded, byte runs read as UTF-8 with U+FFFD for errors. */
export function pyUnquote(s: string): string {
  return units(s, true)
    .map((u) => u.ch)
    .join('');
}

/** One character of a decoded string, remembering where it came from. */
interface Unit {
  readonly ch: string;
  /** A `%2F` the port keeps encoded (never a path separator). */
  readonly encodedSlash?: boolean;
}

/** Decodes `s` into units; `%2F` stays one opaque unit unless `slash`. */
function units(s: string, slash: boolean): Unit[] {
  const out: Unit[] = [];
  let bytes: number[] = [];
  const flush = (): void => {
    if (bytes.length > 0) {
      for (const ch of utf8.decode(Uint8Array.from(bytes))) out.push({ ch });
      bytes = [];
    }
  };
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 0x25 && i + 2 < n) {
      const hi = hexValue(s.charCodeAt(i + 1));
      const lo = hexValue(s.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        const b = hi * 16 + lo;
        if (b === 0x2f && !slash) {
          flush();
          out.push({ ch: '%2F', encodedSlash: true });
        } else if (b < 0x80) {
          flush();
          out.push({ ch: String.fromCharCode(b) });
        } else {
          bytes.push(b);
        }
        i += 3;
        continue;
      }
    }
    flush();
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    out.push({ ch });
    i += ch.length;
  }
  flush();
  return out;
}

/** Which steps of Python's handling to do the Python way (the rest as the port does). */
export interface PyFormSteps {
  /** `%2F` decoded to `/` like every other escape. */
  readonly slash?: boolean;
  /** An empty `;params`, `?query` or `#fragment` dropped by `urlunparse`. */
  readonly emptyDelimiters?: boolean;
  /** A URL's `#fragment` kept and compared. */
  readonly fragment?: boolean;
  /** `urlsplit` removing tab, CR and LF, and (`leadingControls`) leading C0 controls and spaces. */
  readonly whitespace?: boolean;
  /** Whether this Python's `urlsplit` strips leading C0 controls and spaces (3.11.4, 3.12 and later). */
  readonly leadingControls?: boolean;
}

function isControlOrSpace(ch: string): boolean {
  return ch.length === 1 && ch.charCodeAt(0) <= 0x20;
}

/** Drops the delimiters of empty components the way urlparse + urlunparse do. */
function dropEmptyDelimiters(u: Unit[]): Unit[] {
  const idx = (from: number, to: number, ch: string): number => {
    for (let i = from; i < to; i++) if (!u[i]!.encodedSlash && u[i]!.ch === ch) return i;
    return -1;
  };
  const hash = idx(0, u.length, '#');
  const end = hash < 0 ? u.length : hash;
  const q = idx(0, end, '?');
  const pathEnd = q < 0 ? end : q;
  let lastSlash = -1;
  for (let i = 0; i < pathEnd; i++) if (!u[i]!.encodedSlash && u[i]!.ch === '/') lastSlash = i;
  const semi = idx(lastSlash < 0 ? 0 : lastSlash, pathEnd, ';');
  const drop = new Set<number>();
  if (hash >= 0 && hash === u.length - 1) drop.add(hash);
  if (q >= 0 && q === end - 1) drop.add(q);
  if (semi >= 0 && semi === pathEnd - 1) drop.add(semi);
  return drop.size === 0 ? u : u.filter((_, i) => !drop.has(i));
}

/**
 * Python parses after decoding, so a decoded `//` at the start is an
 * authority: a URL loses it; a rule keeps it unless it is empty (`///a` is `/a`).
 */
function dropAuthority(u: Unit[], kind: 'rule' | 'url'): Unit[] {
  if (u.length < 2 || u[0]!.ch !== '/' || u[1]!.ch !== '/') return u;
  let i = 2;
  while (i < u.length && !'/?#'.includes(u[i]!.ch)) i++;
  if (kind === 'url') return u.slice(i);
  return i === 2 ? u.slice(2) : u;
}

/** Raw text that the port decodes back to exactly these units. */
function encode(u: readonly Unit[]): string {
  let out = '';
  for (const { ch, encodedSlash } of u) {
    if (encodedSlash) out += '%2F';
    // eslint-disable-next-line no-control-regex -- the C0 controls the port strips from a path
    else if (ch === '%' || ch === '#' || /^[\s\u0000-\u001f\u007f\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/.test(ch)) {
      out += Array.from(new TextEncoder().encode(ch), (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
    } else out += ch;
  }
  return out;
}

/**
 * Rewrites a rule value (`kind` 'rule') or a URL (`kind` 'url') into text that
 * the port decodes to the string Python compares, for the steps chosen; with
 * no step chosen the port's answer is unchanged.
 */
export function pyForm(raw: string, kind: 'rule' | 'url', steps: PyFormSteps): string {
  let rest = raw;
  let pathOnly = true;
  if (kind === 'url') {
    if (!steps.fragment) {
      const hash = rest.indexOf('#');
      if (hash >= 0) rest = rest.slice(0, hash);
    }
    const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(rest);
    if (scheme) {
      rest = rest.slice(scheme[0].length);
      pathOnly = false;
    }
    if (rest.startsWith('//')) {
      let i = 2;
      while (i < rest.length && !'/?#'.includes(rest[i]!)) i++;
      rest = rest.slice(i);
      pathOnly = false;
    }
  }
  let u = units(rest, steps.slash === true);
  if (steps.whitespace) {
    u = u.filter((x) => x.ch !== '\t' && x.ch !== '\r' && x.ch !== '\n');
    if (steps.leadingControls && pathOnly) {
      let i = 0;
      while (i < u.length && isControlOrSpace(u[i]!.ch)) i++;
      u = u.slice(i);
    }
  }
  if (steps.slash && pathOnly) u = dropAuthority(u, kind);
  if (steps.emptyDelimiters) u = dropEmptyDelimiters(u);
  const out = encode(u);
  // Python compares a rule that normalised to '' as a prefix of every URL
  // without inverting it; '' means "invert" to the port, '/' does not.
  if (kind === 'rule' && out === '' && raw !== '') return '/';
  // A path starting `//` would be read as an authority again: give it one.
  if (kind === 'url' && out.startsWith('//')) return `x://host${out}`;
  return out;
}
