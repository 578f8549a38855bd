// Fixed cases for the differential suite: every robots.txt example in the
// project's seed documents (../shared/seeds/), asked the questions those
// documents ask, plus pinned cases for each difference area. `expect` is
// written by hand from reading both libraries: 'agree', or the classes that
// must explain the disagreement.
import type { Aspect } from './classify.js';
import * as SEED from '../test/helpers/seed-files.js';

/** One fixed question and its expected outcome. */
export interface FixedCase {
  readonly name: string;
  readonly robots: string;
  readonly ua: string;
  readonly url: string;
  /** Defaults to canFetch. */
  readonly aspect?: Aspect;
  readonly expect: 'agree' | readonly string[];
}

const file = (lines: readonly string[]): string => lines.join('\n') + '\n';
const CYBERWORLD = file(SEED.CYBERWORLD);
const CYBERMAPPER = file(SEED.CYBERMAPPER);
const GO_AWAY = file(SEED.GO_AWAY);
const ANCIENT_CASTLE = file(SEED.ANCIENT_CASTLE);
const GOOGLE_BING = 'User-agent: Google\nUser-agent: Bing\nDisallow: /secret\n';

export const FIXED_CASES: readonly FixedCase[] = [
  // seed 004 (WWW::RobotRules): its four example files.
  { name: '004 cyberworld: /tmp/ is disallowed', robots: CYBERWORLD, ua: 'MOMspider/1.0', url: 'http://some.place/tmp/a.html', expect: 'agree' },
  { name: '004 cyberworld: other paths are allowed', robots: CYBERWORLD, ua: 'MOMspider/1.0', url: 'http://some.place/index.html', expect: 'agree' },
  { name: '004 cybermapper may go into the map', robots: CYBERMAPPER, ua: 'cybermapper/1.0', url: '/cyberworld/map/index.html', expect: 'agree' },
  { name: '004 others may not go into the map', robots: CYBERMAPPER, ua: 'MOMspider/1.0', url: '/cyberworld/map/index.html', expect: 'agree' },
  { name: '004 go away', robots: GO_AWAY, ua: 'MOMspider/1.0', url: '/', expect: 'agree' },
  { name: '004 ancientcastle: Belle keeps out of the west wing', robots: ANCIENT_CASTLE, ua: 'Belle', url: '/west-wing/', expect: 'agree' },
  { name: '004 ancientcastle: Belle goes anywhere else', robots: ANCIENT_CASTLE, ua: 'Belle', url: '/ballroom', expect: 'agree' },
  { name: '004 ancientcastle: Beast has no rules, so * applies', robots: ANCIENT_CASTLE, ua: 'Beast', url: '/ballroom', expect: 'agree' },
  { name: '004 ancientcastle: everyone else is locked out', robots: ANCIENT_CASTLE, ua: 'Gaston/1.0', url: '/', expect: 'agree' },
  // seed 000/002/003 (Ruby robotstxt).
  { name: '000 several User-agent lines share the rules (Bing)', robots: GOOGLE_BING, ua: 'Bing', url: '/secret/plans', expect: 'agree' },
  { name: '000 several User-agent lines share the rules (Googlebot)', robots: GOOGLE_BING, ua: 'Googlebot/2.1', url: '/secret', expect: 'agree' },
  { name: '000 /h%65llo/ is /hello/', robots: 'User-agent: *\nDisallow: /h%65llo/\n', ua: 'Crawler', url: '/hello/', expect: 'agree' },
  { name: '000 /ac%2fdc is not /ac/dc', robots: 'User-agent: *\nDisallow: /ac%2fdc\n', ua: 'Crawler', url: '/ac/dc', expect: ['encoded-slash'] },
  { name: '000 /ac%2fdc matches /ac%2Fdc', robots: 'User-agent: *\nDisallow: /ac%2fdc\n', ua: 'Crawler', url: '/ac%2Fdc', expect: 'agree' },
  {
    name: '000 the first matching rule decides (Allow first)',
    robots: 'User-agent: *\nAllow: /index.html\nDisallow: /index\n',
    ua: 'Crawler',
    url: '/index.html',
    expect: 'agree',
  },
  {
    name: '000 the first matching rule decides (Disallow first)',
    robots: 'User-agent: *\nDisallow: /index\nAllow: /index.html\n',
    ua: 'Crawler',
    url: '/index.html',
    expect: 'agree',
  },
  {
    name: '000 /index.php after /index.html',
    robots: 'User-agent: *\nAllow: /index.html\nDisallow: /index\n',
    ua: 'Crawler',
    url: '/index.php',
    expect: 'agree',
  },
  { name: '000 a blank Disallow allows everything', robots: 'User-agent: *\nDisallow:\n', ua: 'Crawler', url: '/anything', expect: 'agree' },
  {
    name: '000 a urlish with query and fragment',
    robots: 'User-agent: *\nDisallow: /home?action=fire\n',
    ua: 'Crawler',
    url: 'https://compicat.ed/home?action=fire#joking',
    expect: 'agree',
  },
  {
    name: '000 the fragment counts only for Python',
    robots: 'User-agent: *\nDisallow: /home?action=fire%23joking\n',
    ua: 'Crawler',
    url: 'https://compicat.ed/home?action=fire#joking',
    expect: ['url-fragment'],
  },
  // seed 001 (robotexclusionrulesparser).
  { name: '001 Foobot/2.1 matches foobot', robots: 'User-agent: foobot\nDisallow: /\n', ua: 'Foobot/2.1', url: '/index.html', expect: 'agree' },
  {
    name: '001 a browser-style user agent naming Foobot',
    robots: 'User-agent: foobot\nDisallow: /\n',
    ua: 'Mozilla/5.0 (compatible; Foobot/2.1)',
    url: '/',
    expect: ['first-token-agent'],
  },
  { name: '001 simple example: Foobot', robots: 'User-agent: foobot\nDisallow: /\n', ua: 'Foobot', url: '/index.html', expect: 'agree' },
  { name: '001 simple example: Barbot', robots: 'User-agent: foobot\nDisallow: /\n', ua: 'Barbot', url: '/', expect: 'agree' },
  { name: '001 a BOM before User-agent', robots: '\ufeffUser-agent: *\nDisallow: /\n', ua: 'Foobot', url: '/', expect: ['bom-line'] },
  { name: '001 Disallow: * in MK1996 is the file named *', robots: 'User-agent: *\nDisallow: *\n', ua: 'Foobot', url: '/index.html', expect: 'agree' },
  { name: '001 Allow nothing (blank Allow)', robots: '# Allow nothing\nUser-agent: foobot\nAllow:\n', ua: 'foobot', url: '/', expect: ['blank-allow'] },
  { name: '001 Disallow everything', robots: '# Disallow everything\nUser-agent: foobot\nDisallow: /\n', ua: 'foobot', url: '/', expect: 'agree' },
  { name: '001 useragent is accepted by the port only', robots: 'Useragent: foobot\nDisallow: /\n', ua: 'foobot', url: '/', expect: ['useragent-spelling'] },
  {
    name: '001 crawl delay agrees for an integer',
    robots: 'User-agent: *\nDisallow: /x\nCrawl-delay: 10\n',
    ua: 'Foobot',
    url: '',
    aspect: 'crawlDelay',
    expect: 'agree',
  },
  {
    name: '001 sitemaps agree',
    robots: 'Sitemap: https://example.com/sitemap.xml\nUser-agent: *\nDisallow:\n',
    ua: '',
    url: '',
    aspect: 'siteMaps',
    expect: 'agree',
  },
  // Areas the issue names, pinned.
  { name: 'a percent-encoded letter equals the letter', robots: 'User-agent: *\nDisallow: /p%41th\n', ua: 'Foobot', url: '/pAth/x', expect: 'agree' },
  { name: 'UTF-8 escapes equal the character', robots: 'User-agent: *\nDisallow: /caf%C3%A9\n', ua: 'Foobot', url: '/café', expect: 'agree' },
  { name: 'an invalid UTF-8 escape is U+FFFD for both', robots: 'User-agent: *\nDisallow: /%E9\n', ua: 'Foobot', url: '/%EF%BF%BD', expect: 'agree' },
  { name: 'a blank Allow before a Disallow', robots: 'User-agent: *\nAllow:\nDisallow: /\n', ua: 'Foobot', url: '/a', expect: ['blank-allow'] },
  {
    name: 'records naming * are tried last by both',
    robots: 'User-agent: *\nDisallow: /\n\nUser-agent: Foobot\nDisallow:\n',
    ua: 'Foobot/1.0',
    url: '/a',
    expect: 'agree',
  },
  {
    name: 'a name after the first slash of the user agent',
    robots: 'User-agent: FooBot\nDisallow: /\n',
    ua: 'Mozilla/5.0 FooBot',
    url: '/',
    expect: ['first-token-agent'],
  },
  { name: 'a robot name containing a slash', robots: 'User-agent: FooBot/1.0\nDisallow: /\n', ua: 'FooBot/1.0', url: '/', expect: ['first-token-agent'] },
  {
    name: 'Request-rate between User-agent lines',
    robots: 'User-agent: a\nRequest-rate: 1/5\nUser-agent: b\nDisallow: /\n',
    ua: 'a',
    url: '/',
    expect: ['request-rate-line'],
  },
  {
    name: 'a crawl delay with a fraction',
    robots: 'User-agent: *\nDisallow: /x\nCrawl-delay: 2.5\n',
    ua: 'Foobot',
    url: '',
    aspect: 'crawlDelay',
    expect: ['integer-crawl-delay'],
  },
  {
    name: 'a crawl delay-only record for the agent',
    robots: 'User-agent: Foobot\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /\n',
    ua: 'Foobot',
    url: '',
    aspect: 'crawlDelay',
    expect: ['delay-only-record'],
  },
  { name: 'an empty query in the URL', robots: 'User-agent: *\nDisallow: /a?\n', ua: 'Foobot', url: '/a?', expect: 'agree' },
  { name: 'an empty Sitemap value', robots: 'Sitemap:\nSitemap: https://example.com/s.xml\n', ua: '', url: '', aspect: 'siteMaps', expect: ['empty-sitemap'] },
];
