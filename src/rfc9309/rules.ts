// The RFC 9309 syntax: its own reading of the parsed text (bytes, Google's
// line rules, groups that blank lines do not end) and the answers it gives.
// MK1996 and GYM2008 never see it. Nothing is kept per group: the text is
// read again for each new product token, and only the groups that token
// selects are kept, as positions in the text and a matcher.
import { AgentCache } from '../engine/agent-cache.js';
import { longestScanned, settled } from '../engine/direct-scan.js';
import { Key } from '../text/keys.js';
import { lineAt } from '../text/lines.js';
import { compactTable, endOf, isAllow, type ValueEnd } from '../text/spans.js';
import { overBound, type Verdict } from '../verdict.js';
import { OVER_BOUND } from '../engine/work-bound.js';
import { directoryAt, PendingSelection } from './direct.js';
import { readFor, productToken, type Group } from './groups.js';
import { firstLine, LineReader } from './lines.js';
import { hasDirectoryRule } from './patterns.js';
import { fromUtf8Bytes, utf8Bytes, wellFormed } from '../text/bytes.js';
import { NO_GROUPS, type Selection } from './selection.js';
import type { SourceText } from '../text/source.js';

/**
 * A parsed file's RFC 9309 answers. The text is read on the first query for
 * each user agent; only the groups that apply are kept. The view is its own
 * cache of selections by user agent (a subclass, not a field: one object
 * less for each parsed file, which a crawler keeps per host).
 */
export class Rfc9309Rules extends AgentCache<Selection | PendingSelection> {
  /** The parsed text this reads (bytes are decoded as ISO-8859-1 first, one character a byte). */
  readonly parsed: SourceText;
  /**
   * The text as bytes, one character each: the source itself when it came
   * from bytes, its UTF-8 bytes when a line reaches the byte limit; null
   * while the source's characters can be read in place.
   */
  #bytes: string | null;
  /** What a token that no group names gets: the `*` groups. */
  #global: Selection | PendingSelection | null = null;
  #sitemaps: readonly string[] | null = null;

  constructor(source: SourceText) {
    super();
    this.parsed = source;
    this.#bytes = source.fromBytes ? source.source : null;
  }

  /**
   * What the crawler with this user agent gets: the groups that apply, and
   * their rules; for the first checks, a {@link PendingSelection}, until it
   * has handed over.
   */
  selection(userAgent: string): Selection | PendingSelection {
    const found = this.get(typeof userAgent === 'string' ? userAgent : String(userAgent), Rfc9309Rules.#selectFor, this);
    return settled(found);
  }

  /** What `view` selects for a user agent: its product token's groups. */
  static #selectFor(view: Rfc9309Rules, userAgent: string): Selection | PendingSelection {
    return view.#select(productToken(userAgent));
  }

  /** The verdict with the deciding rule and the group it sits in. */
  explain(userAgent: string, url: string | URL): Verdict {
    const found = this.selection(userAgent);
    const sel = found instanceof PendingSelection ? found.finish() : found;
    if (sel.groups === 0) return { allowed: true, record: null, rule: null };
    const at = sel.decide(typeof url === 'string' ? url : String(url));
    if (at === OVER_BOUND) return overBound(this.#record(sel.groupOffset(0), sel.groupLine(0)));
    if (at < 0) return { allowed: true, record: this.#record(sel.groupOffset(0), sel.groupLine(0)), rule: null };
    const start = sel.ruleStart(at);
    const end = sel.ruleEnd(at);
    const g = sel.groupOf(start);
    const allow = isAllow(end);
    return {
      allowed: allow,
      record: this.#record(sel.groupOffset(g), sel.groupLine(g)),
      rule: {
        kind: allow ? 'allow' : 'disallow',
        path: this.#decode(start, endOf(end)),
        line: lineAt(this.#text, sel.groupOffset(g), start, sel.groupLine(g)),
      },
    };
  }

  /**
   * The `sitemap` values as the reference parser reports them (behaviour.md
   * §9.6): every line whose key begins with `sitemap` or `site-map`, in file
   * order, as written; empty values skipped.
   */
  sitemaps(): readonly string[] {
    if (this.#sitemaps !== null) return this.#sitemaps;
    let found = this.#readSitemaps();
    if (found === null) {
      // A line reaches the byte limit inside its UTF-8 form: read the bytes,
      // as #select does (whichever reads first switches, before any selection).
      this.#bytes = utf8Bytes(this.parsed.source);
      found = this.#readSitemaps()!;
    }
    return (this.#sitemaps = Object.freeze(found));
  }

  /** The sitemap values of {@link #text}, or null when the text must be read as bytes. */
  #readSitemaps(): string[] | null {
    const text = this.#text;
    const bytewise = this.#bytes !== null;
    const line = new LineReader(text, bytewise);
    const found: string[] = [];
    for (let pos = firstLine(text, bytewise); ; pos = line.next) {
      if (!line.read(pos)) return null;
      if (line.key === Key.Sitemap && line.end > line.value) found.push(this.#decode(line.value, line.end));
      if (line.next > text.length) break;
    }
    return found;
  }

  /** The last valid crawl delay given to the user-agent lines that apply (behaviour.md §9.16), or null. */
  crawlDelay(userAgent: string): number | null {
    return this.selection(userAgent).crawlDelay;
  }

  /** The text as read: bytes when {@link #bytes} is set, else the source's characters. */
  get #text(): string {
    return this.#bytes ?? this.parsed.source;
  }

  /** Reads the text for a token and builds what it selects (the `*` groups when no group names it). */
  #select(token: string): Selection | PendingSelection {
    let read = readFor(this.#text, this.#bytes !== null, token);
    if (read === null) {
      // A line reaches the byte limit inside its UTF-8 form: read the bytes.
      // Every token reads the whole text, so this happens before any selection is made.
      this.#bytes = utf8Bytes(this.parsed.source);
      read = readFor(this.#bytes, true, token);
    }
    const { groups, spans } = read!;
    const named = groups.filter((g) => g.named);
    if (named.length > 0) return this.#build(named, spans, true);
    return (this.#global ??= this.#build(
      groups.filter((g) => g.global),
      spans,
      false,
    ));
  }

  /**
   * The rules of `groups`, pooled, for their first checks (rfc9309/direct.ts).
   * @param named whether `groups` name the token (else they are the `*` groups), for their crawl delays.
   */
  #build(groups: readonly Group[], spans: readonly number[], named: boolean): Selection | PendingSelection {
    if (groups.length === 0) return NO_GROUPS;
    const text = this.#text;
    const bytewise = this.#bytes !== null;
    // Filled in order from empty, so that it stays a packed array until compacted.
    const table: number[] = [];
    table[0] = groups.length;
    groups.forEach((g, k) => {
      table[1 + 2 * k] = g.offset;
      table[2 + 2 * k] = g.line;
    });
    let crawlDelay: number | null = null;
    // Rules whose value has a `*` (an allow's directory rule counted with it), found by one search remembered
    // while rules come in file order, and their characters: a bound for direct scans (engine/direct-scan.ts).
    let wild = 0;
    let wildChars = 0;
    let star = -1;
    for (const group of groups) {
      const delay = named ? group.namedDelay : group.globalDelay;
      if (delay !== null) crawlDelay = delay;
      for (let r = group.first; r < group.end; r++) {
        const at = spans[2 * r]!;
        const to = spans[2 * r + 1]! as ValueEnd;
        table.push(at, to);
        if (star < at) star = text.indexOf('*', at) >>> 0;
        // Google's index.html rule: an allow whose last segment starts with `index.htm` adds a directory rule after it.
        const directory = isAllow(to) && hasDirectoryRule(text, at, endOf(to));
        if (directory) table.push(directoryAt(at), to);
        if (star < endOf(to)) {
          const copies = directory ? 2 : 1;
          wild += copies;
          wildChars += copies * (endOf(to) - at);
        }
      }
    }
    const pending = new PendingSelection(compactTable(table), crawlDelay, text, bytewise, longestScanned(wild, wildChars));
    return table.length === 1 + 2 * groups.length ? pending.finish() : pending;
  }

  /** A value as written, from the text: characters as bytes decode as the source did. */
  #decode(s: number, e: number): string {
    const bytes = this.#bytes;
    if (bytes === null) return wellFormed(this.parsed.source.slice(s, e));
    return this.parsed.fromBytes ? bytes.slice(s, e) : fromUtf8Bytes(bytes.slice(s, e));
  }

  /** A group for a verdict: its user-agent values (read again from its first line) and line number. */
  #record(offset: number, line: number): { names: string[]; line: number } {
    const reader = new LineReader(this.#text, this.#bytes !== null);
    const names: string[] = [];
    // The group's user-agent lines are those before its first rule.
    for (let pos = offset; pos <= reader.text.length; pos = reader.next) {
      reader.read(pos);
      if (reader.key === Key.Allow || reader.key === Key.Disallow) break;
      if (reader.key === Key.UserAgent && reader.end > reader.value) names.push(this.#decode(reader.value, reader.end));
    }
    return { names, line };
  }
}
