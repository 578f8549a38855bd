// Directive values both syntax families read the same way.

/** The port's crawl-delay grammar (docs/behaviour.md §7): digits with an optional fraction. */
const CRAWL_DELAY = /^(?:\d+\.?\d*|\.\d+)$/;

/** A crawl-delay value in seconds, or null when it is not in the port's grammar. */
export function parseCrawlDelay(value: string): number | null {
  return CRAWL_DELAY.test(value) ? Number(value) : null;
}
