// Connecting only where the address policy allows (behaviour.md §9.42). Each
// fetch gets its own agents, whose lookup drops the addresses the policy
// refuses before any connection is made; a URL whose host is an IP address
// is checked before its request.
import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction as NetLookup } from 'node:net';
import { isPublicAddress, literalAddress, type AddressFilter } from './address.js';

/**
 * Resolves host names for `fetch` (the `lookup` option): `dns.lookup` itself
 * fits, or a caching resolver with its signature. It is always called with
 * `all: true` and must call back with every address, which the address
 * policy then filters.
 */
export type LookupFunction = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/** A connection the policy refused: the host asked for, and the addresses it resolved to. */
export interface Refusal {
  readonly host: string;
  readonly addresses: readonly string[];
  /** True when the default policy refused it (a redirect to another host), false for `allowAddress`. */
  readonly byDefault: boolean;
  /** What `allowAddress` threw, if it did. */
  readonly cause?: unknown;
}

/** The error a refused lookup hands to the socket; the fetch reports the {@link Refusal} instead. */
const REFUSED = 'ERR_ROBOTS_ADDRESS_REFUSED';

/**
 * The address policy of one fetch, redirects included. With `allowAddress`,
 * it decides every connection. Without it, the host the caller asked for may
 * be anywhere, but a redirect to another host name may not reach an address
 * {@link isPublicAddress} refuses.
 */
export class AddressGuard {
  readonly #firstHost: string;
  readonly #filter: AddressFilter | null;
  readonly #resolve: LookupFunction;
  #refusal: Refusal | null = null;
  #http: http.Agent | null = null;
  #https: https.Agent | null = null;

  constructor(firstHost: string, filter: AddressFilter | null, lookup: LookupFunction | null) {
    this.#firstHost = firstHost;
    this.#filter = filter;
    this.#resolve = lookup ?? dns.lookup;
  }

  /** The first connection refused, if one was. */
  get refusal(): Refusal | null {
    return this.#refusal;
  }

  /** The addresses of `addresses` the policy allows for `host`; records a refusal when none is. */
  #allowed<T extends { readonly address: string }>(host: string, addresses: readonly T[]): T[] {
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
    return address === null || this.#allowed(url.hostname, [{ address }]).length > 0;
  }

  /** The lookup the agents connect through: every address resolved, those refused dropped. */
  readonly #lookup: NetLookup = (hostname, options, callback) => {
    const done = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]): void => {
      const allowed = error === null ? this.#allowed(hostname, addresses) : [];
      if (error !== null) callback(error, '');
      else if (allowed.length === 0) callback(Object.assign(new Error(`connection to ${hostname} refused by the address policy`), { code: REFUSED }), '');
      else if (options.all === true) callback(null, allowed);
      else callback(null, allowed[0]!.address, allowed[0]!.family);
    };
    try {
      this.#resolve(hostname, { ...options, all: true }, done);
    } catch (error) {
      done(error as NodeJS.ErrnoException, []);
    }
  };

  /** The agent for a request to `url`, made on first use (node-fetch's `agent` option). */
  readonly agent = (url: URL): http.Agent => {
    if (url.protocol === 'https:') return (this.#https ??= new https.Agent({ lookup: this.#lookup }));
    return (this.#http ??= new http.Agent({ lookup: this.#lookup }));
  };

  /** Closes the agents' sockets. */
  destroy(): void {
    this.#http?.destroy();
    this.#https?.destroy();
  }
}

/** How a fetch error message describes a refusal. */
export function describeRefusal(r: Refusal): string {
  const where = `${r.host}${r.addresses.length === 1 && r.addresses[0] === literalAddress(r.host) ? '' : ` (${r.addresses.join(', ')})`}`;
  if (r.byDefault) return `the redirect to ${where} leads to an address that is not public; pass allowAddress to allow it`;
  return `allowAddress refused ${where}${r.cause === undefined ? '' : ': it threw'}`;
}
