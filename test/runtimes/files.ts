// What the local server of the runtime tests serves: the robots.txt files of
// conformance.ts's FETCH_CASES, and a page loading a bundle.
import iconv from 'iconv-lite';
import { redirect, respond, type Handler } from '../helpers/server.js';

const CP1252 = 'User-agent: *\nDisallow: /café/\nDisallow: /€uro\nDisallow: /quote’s\nSitemap: https://example.com/€.xml\n';
const LATIN1 = 'User-agent: *\nDisallow: /na\u00efve\nDisallow: /\u0085x\nSitemap: https://example.com/\u00e9.xml\n';

/** The routes of conformance.ts's FETCH_CASES. */
export const ROBOTS_ROUTES: Readonly<Record<string, Handler>> = {
  '/cp1252/robots.txt': respond(200, iconv.encode(CP1252, 'windows-1252'), { 'content-type': 'text/plain; charset=windows-1252' }),
  '/latin1/robots.txt': respond(200, Buffer.from(LATIN1, 'latin1'), { 'content-type': 'text/plain' }),
  '/utf8-bom/robots.txt': respond(200, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('User-agent: *\nDisallow: /日本語\n')]), {
    'content-type': 'text/plain',
  }),
  '/moved/robots.txt': redirect(302, '/plain/robots.txt'),
  '/plain/robots.txt': respond(200, 'User-agent: *\nDisallow: /private/\n', { 'content-type': 'text/plain' }),
  '/missing/robots.txt': respond(404, 'not found'),
  '/forbidden/robots.txt': respond(403, 'forbidden'),
  '/unknown-charset/robots.txt': respond(200, 'User-agent: *\nDisallow: /\n', { 'content-type': 'text/plain; charset=x-no-such-charset' }),
};

/** An HTML page running `script` as a module, and the script: the routes `/` and `/page.js`. */
export function pageRoutes(script: string): Record<string, Handler> {
  return {
    '/': respond(200, '<!doctype html><meta charset="utf-8"><title>robotexclusionrulesparser</title><script type="module" src="/page.js"></script>', {
      'content-type': 'text/html; charset=utf-8',
    }),
    '/page.js': respond(200, script, { 'content-type': 'text/javascript; charset=utf-8' }),
  };
}
