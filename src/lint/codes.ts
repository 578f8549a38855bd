// The lint codes: one stable name per kind of finding, its severity, and a
// one-line summary. docs/lint.md holds the same table for users; a test
// keeps the two equal.

/**
 * How much a {@link LintDiagnostic} matters:
 * - `'error'`: the line cannot mean what it says in any syntax (it is
 *   dropped, or the file is not a robots.txt at all);
 * - `'warning'`: the answer depends on the syntax, or the line is likely a
 *   mistake;
 * - `'info'`: harmless, worth knowing.
 */
export type LintSeverity = 'error' | 'warning' | 'info';

/** A syntax as diagnostics name it (the constants `MK1996`, `GYM2008`, `RFC9309`). */
export type LintSyntax = 'MK1996' | 'GYM2008' | 'RFC9309';

/** The stable code of a {@link LintDiagnostic}; docs/lint.md describes each. */
export type LintCode =
  // The file as a whole.
  | 'html-document'
  | 'not-utf8'
  | 'byte-order-mark'
  | 'line-too-long'
  | 'size-over-fetch-cap'
  | 'size-over-500kib'
  | 'nul-byte'
  | 'control-character'
  // Directives.
  | 'misspelled-directive'
  | 'unknown-directive'
  | 'nonstandard-directive'
  | 'directive-differs'
  | 'not-a-directive'
  // Groups and user agents.
  | 'rule-before-user-agent'
  | 'rule-after-blank-line'
  | 'user-agent-without-rules'
  | 'user-agent-split'
  | 'empty-user-agent'
  | 'user-agent-token'
  | 'duplicate-group'
  // Rules.
  | 'rule-not-rooted'
  | 'empty-allow'
  | 'wildcard-literal'
  | 'dollar-not-at-end'
  | 'percent-escape'
  | 'lowercase-escape'
  | 'precedence-differs'
  | 'shadowed-rule'
  | 'shadowed-across-groups'
  | 'redundant-rule'
  | 'duplicate-rule'
  // Other values.
  | 'crawl-delay-invalid'
  | 'sitemap-not-absolute';

/** What a code means: its fixed severity and a summary. */
export interface LintCodeInfo {
  readonly severity: LintSeverity;
  readonly summary: string;
}

/** The code table, in the order of docs/lint.md, which shows it. */
export const LINT_CODES: { readonly [C in LintCode]: LintCodeInfo } = {
  'html-document': { severity: 'error', summary: 'the file is an HTML (or XML) page, not a robots.txt' },
  'not-utf8': { severity: 'warning', summary: 'bytes that are not UTF-8: the syntaxes read them differently' },
  'byte-order-mark': { severity: 'info', summary: 'a byte-order mark opens the file' },
  'line-too-long': { severity: 'warning', summary: "a line past Google's 16,663-byte cut" },
  'size-over-fetch-cap': { severity: 'warning', summary: "the file is past fetch's default 100 KiB cap" },
  'size-over-500kib': { severity: 'warning', summary: 'the file is past the 500 KiB RFC 9309 crawlers must read' },
  'nul-byte': { severity: 'warning', summary: 'a NUL byte: RFC9309 ends the line there, MK1996 and GYM2008 delete it from a value' },
  'control-character': {
    severity: 'warning',
    summary: 'another control character (a tab only inside a value): the syntaxes read the line differently, and URLs never hold it raw',
  },
  'misspelled-directive': { severity: 'error', summary: 'a misspelled directive no syntax reads' },
  'unknown-directive': { severity: 'warning', summary: 'a directive no syntax reads' },
  'nonstandard-directive': { severity: 'info', summary: 'a known extension (`Host`, `Clean-param`, `Noindex`, ...) no syntax reads' },
  'directive-differs': { severity: 'warning', summary: 'a line some syntaxes read as a directive and others skip' },
  'not-a-directive': { severity: 'warning', summary: 'a line that is neither a directive, a comment nor blank' },
  'rule-before-user-agent': { severity: 'error', summary: 'a rule or crawl delay before any User-agent line' },
  'rule-after-blank-line': { severity: 'warning', summary: 'a rule a blank line cuts off from its record under MK1996 and GYM2008' },
  'user-agent-without-rules': { severity: 'warning', summary: 'User-agent lines followed by no rule' },
  'user-agent-split': { severity: 'warning', summary: 'User-agent lines MK1996 and GYM2008 part from the rules RFC9309 gives them' },
  'empty-user-agent': { severity: 'warning', summary: 'a User-agent line without a value' },
  'user-agent-token': { severity: 'warning', summary: 'a user agent the product-token rule reads differently' },
  'duplicate-group': { severity: 'warning', summary: 'a second group for one agent: merged under RFC9309, ignored under the others' },
  'rule-not-rooted': { severity: 'error', summary: 'a rule path that starts with neither `/` nor `*`: it matches nothing' },
  'empty-allow': { severity: 'warning', summary: 'a blank `Allow:` disallows everything under MK1996 and GYM2008' },
  'wildcard-literal': { severity: 'info', summary: '`*` or a final `$` in paths, ordinary characters under MK1996: once a file, at the first' },
  'dollar-not-at-end': { severity: 'warning', summary: 'a `$` before the end of a path: an ordinary character' },
  'percent-escape': { severity: 'warning', summary: 'an escape MK1996 and GYM2008 decode and RFC9309 compares as written' },
  'lowercase-escape': { severity: 'warning', summary: 'an escape in lower-case hex: RFC9309 matches only URLs that write it in upper case' },
  'precedence-differs': {
    severity: 'warning',
    summary: 'a rule an opposite rule keeps from deciding in some syntaxes only: first match against longest match',
  },
  'shadowed-rule': { severity: 'warning', summary: 'a rule that never decides: an opposite rule always wins' },
  'shadowed-across-groups': {
    severity: 'warning',
    summary: 'a rule an opposite rule in another group for the same agent keeps from deciding under RFC9309, which merges the groups',
  },
  'redundant-rule': { severity: 'info', summary: 'a rule that never decides, in the syntaxes named: a rule of the same kind covers it' },
  'duplicate-rule': { severity: 'info', summary: 'the same rule twice in a group' },
  'crawl-delay-invalid': { severity: 'error', summary: 'a crawl delay that is not a number of seconds' },
  'sitemap-not-absolute': { severity: 'warning', summary: 'a sitemap that is not an absolute URL' },
};

/** Every code, in the table's order. */
export const LINT_CODE_LIST = Object.keys(LINT_CODES) as readonly LintCode[];

/** The position of each code in the table: ties in sorting follow it. */
export const CODE_ORDER: ReadonlyMap<LintCode, number> = new Map(LINT_CODE_LIST.map((code, k) => [code, k]));

/**
 * One finding of {@link lint}. Printed as a compiler prints: `robots.txt:12:
 * warning: message [code]`.
 */
export interface LintDiagnostic {
  /** 1-based line, counting LF, CR and CR LF each as one line end. */
  readonly line: number;
  /** 1-based column (in UTF-16 characters of the line) when one place on the line is meant. */
  readonly column?: number;
  /** The code's fixed severity. */
  readonly severity: LintSeverity;
  /** The stable code; see docs/lint.md. */
  readonly code: LintCode;
  /** What was found and why it matters, in one sentence or two. */
  readonly message: string;
  /**
   * The syntaxes the finding concerns (where the line is skipped, read
   * otherwise, or never decides); absent when it concerns all three.
   */
  readonly syntaxes?: readonly LintSyntax[];
}
