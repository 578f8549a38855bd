// Which IP addresses are public: the ready address policy for fetching from
// untrusted hosts (behaviour.md §9.43). Pure string work, no node: imports.

/**
 * Decides whether `fetch` may connect to an address (the `allowAddress`
 * option): called with each address a host name resolves to, before any
 * connection to it is made, and with the address of a URL whose host is an
 * IP address, for the first request and every redirect alike.
 * @param address The IP address, as the resolver gives it (`93.184.215.14`,
 *   `2606:2800:21f:cb07:6820:80da:af6b:8b2c`).
 * @param host The host name of the URL being requested, as the URL spells
 *   it (`example.com`, `127.0.0.1`, `[::1]`).
 * @returns true to allow the connection. When no address of a host is
 *   allowed, the fetch fails with reason `'address'`.
 */
export type AddressFilter = (address: string, host: string) => boolean;

/** An IPv4 address as a 32-bit unsigned number, or null when `text` is not dotted-decimal. */
function parseIPv4(text: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (m === null) return null;
  let n = 0;
  for (let k = 1; k <= 4; k++) {
    const byte = Number(m[k]);
    if (byte > 255) return null;
    n = n * 256 + byte;
  }
  return n;
}

/**
 * An IPv6 address as its eight 16-bit groups, or null when `text` is not
 * one. Brackets (`[::1]`) and a zone (`fe80::1%eth0`) are allowed; the last
 * 32 bits may be written as an IPv4 address (`::ffff:127.0.0.1`).
 */
function parseIPv6(text: string): number[] | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const parts = half.split(':');
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k]!;
      if (k === parts.length - 1 && part.includes('.')) {
        const v4 = parseIPv4(part);
        if (v4 === null) return null;
        out.push(v4 >>> 16, v4 & 0xffff);
      } else if (/^[0-9a-f]{1,4}$/i.test(part)) {
        out.push(parseInt(part, 16));
      } else {
        return null;
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

/** `[first address, prefix length]` of the IPv4 ranges that are not public. */
const V4_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 and its kin reach the local host
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier NAT; some clouds' metadata)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

const V4_RANGES = V4_NOT_PUBLIC.map(([first, bits]) => ({ first: parseIPv4(first)!, size: 2 ** (32 - bits) }));

function isPublicV4(n: number): boolean {
  return V4_RANGES.every(({ first, size }) => n < first || n >= first + size);
}

function isPublicV6(g: readonly number[]): boolean {
  const [a, b, c, d, e, f] = g as [number, number, number, number, number, number];
  const v4 = (g[6]! << 16) + g[7]!;
  // ::/96 (:: unspecified, ::1 loopback, ::a.b.c.d compatible) and ::ffff:0:0/96 (IPv4-mapped): the IPv4 address decides.
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0 || f === 0xffff)) return f === 0xffff ? isPublicV4(v4 >>> 0) : false;
  // 64:ff9b::/96, NAT64: the IPv4 address behind it decides; 64:ff9b:1::/48 is for local use.
  if (a === 0x64 && b === 0xff9b) return c === 0 && d === 0 && e === 0 && f === 0 ? isPublicV4(v4 >>> 0) : false;
  // 2002::/16, 6to4: the IPv4 address in the next 32 bits decides.
  if (a === 0x2002) return isPublicV4(((b << 16) + c) >>> 0);
  if (a === 0x100 && b === 0 && c === 0 && d === 0) return false; // 100::/64, discard-only
  if (a === 0x2001 && b === 0xdb8) return false; // documentation
  if ((a & 0xfe00) === 0xfc00) return false; // fc00::/7, unique local
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return false; // fe80::/10 link-local, fec0::/10 site-local
  return (a & 0xff00) !== 0xff00; // ff00::/8, multicast
}

/**
 * Whether `address` is a public IP address: an {@link AddressFilter} for
 * the `allowAddress` fetch option, refusing every address a robots.txt
 * fetched from an untrusted host should never reach. Refused in IPv4:
 * loopback (127/8), private (10/8, 172.16/12, 192.168/16), link-local
 * (169.254/16, where clouds serve instance metadata), shared (100.64/10),
 * "this network" (0/8, 0.0.0.0 included), 192.0.0/24, 198.18/15, multicast
 * and reserved (224/3, 255.255.255.255 included). In IPv6: unspecified
 * (`::`), loopback (`::1`), link-local (fe80::/10), site-local (fec0::/10),
 * unique-local (fc00::/7), multicast (ff00::/8), 100::/64 and 2001:db8::/32;
 * and the IPv4-mapped (`::ffff:127.0.0.1`), IPv4-compatible, NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16) forms of a refused IPv4 address.
 * Anything that is not an IP address is refused too.
 *
 * @example
 * ```ts
 * import { isPublicAddress } from 'robotexclusionrulesparser';
 * isPublicAddress('93.184.215.14');        // => true
 * isPublicAddress('169.254.169.254');      // => false
 * isPublicAddress('::ffff:10.0.0.1');      // => false
 * ```
 */
export function isPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4 !== null) return isPublicV4(v4);
  const v6 = parseIPv6(address);
  return v6 !== null && isPublicV6(v6);
}

/** The address of a URL host that is an IP literal (`127.0.0.1`, `[::1]`, brackets removed), or null for a name. */
export function literalAddress(host: string): string | null {
  if (parseIPv4(host) !== null) return host;
  return host.startsWith('[') && parseIPv6(host) !== null ? host.slice(1, -1) : null;
}

/** A connection the policy refused: the host asked for, and the addresses it resolved to. */
export interface Refusal {
  readonly host: string;
  readonly addresses: readonly string[];
  /** True when the default policy refused it (a redirect to another host), false for `allowAddress`. */
  readonly byDefault: boolean;
  /** What `allowAddress` threw, if it did. */
  readonly cause?: unknown;
}

/**
 * The address policy of one fetch, redirects included. With `allowAddress`,
 * it decides every connection. Without it, the host the caller asked for may
 * be anywhere, but a redirect to another host name may not reach an address
 * {@link isPublicAddress} refuses. Where the runtime resolves names itself (a
 * browser), only URLs whose host is an IP address can be checked; on Node,
 * connect.ts checks every address a name resolves to.
 */
export class AddressPolicy {
  readonly #firstHost: string;
  readonly #filter: AddressFilter | null;
  #refusal: Refusal | null = null;

  constructor(firstHost: string, filter: AddressFilter | null) {
    this.#firstHost = firstHost;
    this.#filter = filter;
  }

  /** The first connection refused, if one was. */
  get refusal(): Refusal | null {
    return this.#refusal;
  }

  /** The addresses of `addresses` the policy allows for `host`; records a refusal when none is. */
  allowed<T extends { readonly address: string }>(host: string, addresses: readonly T[]): T[] {
    let cause: unknown;
    const allowed = addresses.filter(({ address }) => {
      if (this.#filter === null) return host === this.#firstHost || isPublicAddress(address);
      try {
        return this.#filter(address, host);
      } catch (error) {
        cause ??= error;
        return false;
      }
    });
    if (allowed.length === 0) {
      this.#refusal ??= { host, addresses: addresses.map((a) => a.address), byDefault: this.#filter === null, ...(cause === undefined ? {} : { cause }) };
    }
    return allowed;
  }

  /**
   * Checks a URL whose host is an IP address, which sockets connect to
   * without a lookup: false (and the refusal recorded) when refused.
   */
  allowsLiteral(url: URL): boolean {
    const address = literalAddress(url.hostname);
    return address === null || this.allowed(url.hostname, [{ address }]).length > 0;
  }

  /** Releases what the policy holds to connect with (nothing here). */
  destroy(): void {}
}

/** How a fetch error message describes a refusal. */
export function describeRefusal(r: Refusal): string {
  const where = `${r.host}${r.addresses.length === 1 && r.addresses[0] === literalAddress(r.host) ? '' : ` (${r.addresses.join(', ')})`}`;
  if (r.byDefault) return `the redirect to ${where} leads to an address that is not public; pass allowAddress to allow it`;
  return `allowAddress refused ${where}${r.cause === undefined ? '' : ': it threw'}`;
}
