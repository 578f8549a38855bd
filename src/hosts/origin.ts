// Origin keys: which robots.txt governs a URL (RFC 9309 section 2.3: one per
// scheme, host and port).
import { invalidUrl } from '../options.js';

/**
 * The origin of an http(s) URL in canonical form, `scheme://host[:port]`:
 * scheme and host lower-cased, international host names in punycode, a default
 * port (80 for http, 443 for https) dropped, user info, path, query and
 * fragment ignored. `HTTP://Example.COM:80/a?b` and `http://example.com/`
 * share the key `http://example.com`.
 *
 * Returns null, never throws, for anything that is not an absolute http or
 * https URL with a host: robots.txt is fetched over HTTP, so no other URL has
 * one.
 */
export function originOf(url: string | URL): string | null {
  let parsed: URL;
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- JavaScript callers may pass a non-string
    parsed = url instanceof URL ? url : new URL(String(url));
  } catch {
    return null;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return null;
  return parsed.origin;
}

/**
 * The robots.txt URL for the origin of `url`: only scheme, host and port are
 * used, the path is always `/robots.txt` (as the Ruby gem's `Robotstxt.get`
 * does). Null when `url` has no http(s) origin (see {@link originOf}).
 */
export function robotsTxtUrl(url: string | URL): string | null {
  const origin = originOf(url);
  return origin === null ? null : `${origin}/robots.txt`;
}

/**
 * {@link originOf}, throwing instead of returning null.
 * @param argument How the error names `url`: `url`, `robotsTxtUrl`.
 * @throws InvalidUrlError when `url` has no http(s) origin.
 */
export function requireOrigin(url: string | URL, argument = 'url'): string {
  const origin = originOf(url);
  if (origin === null) throw invalidUrl(url, argument);
  return origin;
}
