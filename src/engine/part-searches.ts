// Remembered part searches on one path, so that many wildcard rules sharing
// a word do not each scan the path for it again (hostile files: thousands of
// `/*aa<i>*q` rules against a long URL).

/**
 * `indexOf` on one path for the patterns tried on it. Once {@link MANY_TRIED}
 * patterns have been tried on the path, each part's last answer is
 * remembered: a part first found at `at` from `from` on is found there from
 * any position up to `at`, and one missing from `from` on is missing from
 * any later position. When a path holds the words of many patterns
 * (`/*ab1*zq`, `/*ab2*zq`, … on a URL holding every `ab<i>`), each then
 * costs a lookup, not a scan of the path for `zq`; a word's first position
 * is the one the key scanner found.
 */
export class PartSearches {
  #path = '';
  #tried = 0;
  #from: Map<string, number> | null = null;
  #at: Map<string, number> | null = null;

  /** Starts on `path`: nothing tried, nothing known. */
  start(path: string): void {
    this.#path = path;
    this.#tried = 0;
  }

  /**
   * Counts one more pattern tried, whose `word` first occurs at `at`: this,
   * to search the pattern's parts with, once many have been tried; else
   * null, as plain `indexOf` costs less for a few.
   */
  tried(word: string, at: number): this | null {
    if (++this.#tried < MANY_TRIED) return null;
    if (this.#tried === MANY_TRIED) {
      (this.#from ??= new Map()).clear();
      (this.#at ??= new Map()).clear();
    }
    this.#from!.set(word, 0);
    this.#at!.set(word, at);
    return this;
  }

  /**
   * Forgets the path and what was searched on it: a matcher kept per origin
   * must not hold the last URL (up to 100 KiB) and its words until the next check.
   */
  finish(): void {
    this.#path = '';
    if (this.#tried >= MANY_TRIED) {
      this.#from!.clear();
      this.#at!.clear();
    }
  }

  /** `path.indexOf(part, pos)`. */
  indexOf(part: string, pos: number): number {
    const from = this.#from!.get(part);
    if (from !== undefined && pos >= from) {
      const at = this.#at!.get(part)!;
      if (at < 0 || pos <= at) return at;
    }
    const at = this.#path.indexOf(part, pos);
    this.#from!.set(part, pos);
    this.#at!.set(part, at);
    return at;
  }
}

/** How many patterns {@link PartSearches} lets be tried on one path before it remembers their searches. */
const MANY_TRIED = 16;
