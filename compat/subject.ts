// The port's side of the comparison, answering in Python's JSON shapes.
import { RobotExclusionRulesParser, MK1996 } from '../src/index.js';
import type { Answerer, Aspect } from './classify.js';

/** The aspects the port is compared on. */
export const ASPECTS: readonly Aspect[] = ['canFetch', 'crawlDelay', 'siteMaps'];

/**
 * Answers with `RobotExclusionRulesParser` in MK1996 syntax, the decision
 * `RobotFileParserLookalike.canFetch(ua, url, MK1996)` makes. Each text is
 * parsed once (a small cache, since classification asks about rewrites).
 */
export function portAnswerer(): Answerer {
  const cache = new Map<string, RobotExclusionRulesParser>();
  return (robots) => {
    let p = cache.get(robots);
    if (p === undefined) {
      p = new RobotExclusionRulesParser();
      p.parse(robots);
      if (cache.size >= 512) cache.clear();
      cache.set(robots, p);
    }
    const parser = p;
    return (aspect, ua, url) => {
      switch (aspect) {
        case 'canFetch':
          return parser.isAllowed(ua, url, MK1996);
        case 'crawlDelay':
          return parser.getCrawlDelay(ua);
        case 'siteMaps':
          return parser.sitemaps.length > 0 ? [...parser.sitemaps] : null;
        default:
          return undefined;
      }
    };
  };
}
