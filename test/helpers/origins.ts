// Many origins on one real node:http server: `http://oN.test:PORT`, names an
// injected lookup resolves to 127.0.0.1 (the address policy allows it
// explicitly, see docs/untrusted-hosts.md), each with robots.txt rules of its
// own, fetches counted per origin.
import type { LookupFunction } from '../../src/index.js';
import type { FetchOptions } from '../../src/http/fetch.js';
import { RobotExclusionRulesParser } from '../../src/parser.js';
import { startServer, type Handler, type TestServer } from './server.js';

/** Resolves `*.test` names to 127.0.0.1 and refuses every other name: no real DNS. */
export const testLookup: LookupFunction = (hostname, _options, callback) => {
  if (hostname.endsWith('.test')) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

/** Fetch options that reach the test names and nothing but 127.0.0.1. */
export function originFetchOptions(timeout = 10_000): FetchOptions {
  return { timeout, lookup: testLookup, allowAddress: (address) => address === '127.0.0.1' };
}

/** The robots.txt of host `host`: rules that differ per host. */
export function robotsFor(host: string): string {
  const name = host.split('.')[0]!;
  return `User-agent: *\nDisallow: /${name}/private/\nAllow: /${name}/private/open\n\nUser-agent: OtherBot\nDisallow: /\n`;
}

/** The URLs each origin is asked about. */
export function pathsFor(host: string): string[] {
  const name = host.split('.')[0]!;
  return [`/${name}/private/x`, `/${name}/private/open`, '/elsewhere'];
}

/** The origin `n` on a server at `port`; `letter` starts its host name (`o7.test`). */
export const originUrl = (n: number, port: number, letter = 'o'): string => `http://${letter}${n}.test:${port}`;

/** What a lone parser holding `host`'s robots.txt answers for its paths. */
export function loneAnswers(host: string, userAgent: string): boolean[] {
  const parser = new RobotExclusionRulesParser();
  parser.parse(robotsFor(host));
  return pathsFor(host).map((path) => parser.isAllowed(userAgent, `http://${host}${path}`));
}

export interface OriginServer extends TestServer {
  readonly port: number;
  /** robots.txt fetches per host name (port left out). */
  fetches(host: string): number;
  /** Every host fetched, with its count. */
  readonly counts: ReadonlyMap<string, number>;
}

/**
 * Starts the server: every host's `/robots.txt` is {@link robotsFor} it, with
 * `headers` (or the headers it gives for the host); `special` may answer some
 * hosts otherwise (return true when it did).
 */
export async function startOrigins(
  headers: Record<string, string> | ((host: string) => Record<string, string>) = {},
  special?: (host: string, ...args: Parameters<Handler>) => boolean,
): Promise<OriginServer> {
  const counts = new Map<string, number>();
  const server = await startServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    if (req.url !== '/robots.txt') {
      res.writeHead(404);
      res.end();
      return;
    }
    counts.set(host, (counts.get(host) ?? 0) + 1);
    if (special?.(host, req, res) === true) return;
    res.writeHead(200, { 'content-type': 'text/plain', ...(typeof headers === 'function' ? headers(host) : headers) });
    res.end(robotsFor(host));
  });
  return Object.assign(server, { port: Number(new URL(server.origin).port), fetches: (host: string) => counts.get(host) ?? 0, counts });
}
