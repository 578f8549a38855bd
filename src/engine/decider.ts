// The one interface between the public parser and the rules of any syntax.

/** What the rules that apply to one crawler, in one syntax, answer for URLs. */
export interface Decider {
  /** Whether the URL (or path) may be fetched. Never throws on a string. */
  allows(url: string): boolean;
  /**
   * True for a first tier that hands over to an index after a few checks
   * (engine/direct-scan.ts): callers ask for the decider again on each call
   * rather than keep it.
   */
  readonly interim?: boolean;
}
