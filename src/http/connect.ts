// Connecting only where the address policy allows (behaviour.md §9.43). Each
// fetch gets its own agents, whose lookup drops the addresses the policy
// refuses before any connection is made; a URL whose host is an IP address
// is checked before its request.
import dns, { type LookupAddress, type LookupAllOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction as NetLookup } from 'node:net';
import { AddressPolicy, type AddressFilter } from './address.js';

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

/** The error a refused lookup hands to the socket; the fetch reports the {@link Refusal} instead. */
const REFUSED = 'ERR_ROBOTS_ADDRESS_REFUSED';

/**
 * The address policy of one fetch on Node ({@link AddressPolicy}), enforced
 * where sockets connect: agents whose lookup drops the addresses the policy
 * refuses.
 */
export class AddressGuard extends AddressPolicy {
  readonly #resolve: LookupFunction;
  #http: http.Agent | null = null;
  #https: https.Agent | null = null;

  constructor(firstHost: string, filter: AddressFilter | null, lookup: LookupFunction | null) {
    super(firstHost, filter);
    this.#resolve = lookup ?? dns.lookup;
  }

  /** The lookup the agents connect through: every address resolved, those refused dropped. */
  readonly #lookup: NetLookup = (hostname, options, callback) => {
    const done = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]): void => {
      const allowed = error === null ? this.allowed(hostname, addresses) : [];
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
  override destroy(): void {
    this.#http?.destroy();
    this.#https?.destroy();
  }
}
