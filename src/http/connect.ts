// Connecting only where the address policy allows (behaviour.md §9.43). Each
// fetch gets its own agents, whose lookup drops the addresses the policy
// refuses before any connection is made; a URL whose host is an IP address
// is checked before its request. node:dns, node:http and node:https are
// loaded by the first fetch, not by importing the library (docs/performance.md, "Startup").
import { createRequire } from 'node:module';
import type { LookupAddress, LookupAllOptions } from 'node:dns';
import type * as Dns from 'node:dns';
import type * as Http from 'node:http';
import type * as Https from 'node:https';
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

const load = createRequire(import.meta.url);

/** The error a refused lookup hands to the socket; the fetch reports the {@link Refusal} instead. */
const REFUSED = 'ERR_ROBOTS_ADDRESS_REFUSED';

/**
 * The address policy of one fetch on Node ({@link AddressPolicy}), enforced
 * where sockets connect: agents whose lookup drops the addresses the policy
 * refuses.
 */
export class AddressGuard extends AddressPolicy {
  readonly #resolve: LookupFunction;
  #http: Http.Agent | null = null;
  #https: Https.Agent | null = null;

  constructor(firstHost: string, filter: AddressFilter | null, lookup: LookupFunction | null) {
    super(firstHost, filter);
    this.#resolve = lookup ?? (load('node:dns') as typeof Dns).lookup;
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
  readonly agent = (url: URL): Http.Agent => {
    if (url.protocol === 'https:') return (this.#https ??= new (load('node:https') as typeof Https).Agent({ lookup: this.#lookup }));
    return (this.#http ??= new (load('node:http') as typeof Http).Agent({ lookup: this.#lookup }));
  };

  /** Closes the agents' sockets. */
  override destroy(): void {
    this.#http?.destroy();
    this.#https?.destroy();
  }
}
