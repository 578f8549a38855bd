// The directives robots.txt readers recognise. Each syntax family's reader
// decides which lines are which (docs/behaviour.md §1.5, RFC 9309 §2.2).

/** A line's directive. @internal */
export const enum Key {
  None,
  UserAgent,
  Allow,
  Disallow,
  Sitemap,
  CrawlDelay,
  RequestRate,
  Host,
}
