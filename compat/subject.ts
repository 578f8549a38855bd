// The port's side of the comparison, answering in Python's JSON shapes.
import { RobotFileParserLookalike, MK1996 } from '../src/index.js';
import type { Answerer, Aspect } from './classify.js';

/** The aspects the port is compared on. */
export const ASPECTS: readonly Aspect[] = ['canFetch', 'crawlDelay', 'requestRate', 'siteMaps'];

/**
 * Answers with `RobotFileParserLookalike` (canFetch in the MK1996 syntax,
 * crawlDelay, requestRate, siteMaps), as a port of Python code calls it. Each
 * text is parsed once (a small cache, since classification asks about
 * rewrites of it).
 */
export function portAnswerer(): Answerer {
  const cache = new Map<string, RobotFileParserLookalike>();
  return (robots) => {
    let p = cache.get(robots);
    if (p === undefined) {
      p = new RobotFileParserLookalike();
      p.parse(robots);
      if (cache.size >= 512) cache.clear();
      cache.set(robots, p);
    }
    const parser = p;
    return (aspect, ua, url) => {
      switch (aspect) {
        case 'canFetch':
          return parser.canFetch(ua, url, MK1996);
        case 'crawlDelay':
          return parser.crawlDelay(ua);
        case 'requestRate': {
          const r = parser.requestRate(ua);
          return r === null ? null : [r.requests, r.seconds];
        }
        case 'siteMaps':
          return parser.siteMaps();
      }
    };
  };
}
