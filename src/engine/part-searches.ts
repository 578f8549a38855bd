// Remembered part searches on one path, so that many wildcard rules sharing
// a word do not each scan the path for it again (hostile files: thousands of
// `/*aa<i>*q` rules against a long URL), and counted against the check's
// work bound (engine/work-bound.ts).
import type { WorkBound } from './work-bound.js';

/**
 * `indexOf` on one path for the patterns tried on it. Once {@link MANY_TRIED}
 * patterns have been tried on the path, each part's last answer is
 * remembered: a part first found at `at` from `from` on is found there from
 * any position up to `at`, and one missing from `from` on is missing from
 * any later position. When a path holds the words of many patterns
 * (`/*ab1*zq`, `/*ab2*zq`, … on a URL holding every `ab<i>`), each then
 * costs a lookup, not a scan of the path for `zq`.
 */
export class PartSearches {
  /** What the check may still do: each search is charged to it. */
  readonly #work: WorkBound;
  #path = '';
  #tried = 0;
  #from: Map<string, number> | null = null;
  #at: Map<string, number> | null = null;

  /** @param work what the check may still do: searches and tries are charged to it. */
  constructor(work: WorkBound) {
    this.#work = work;
  }

  /** Starts on `path`: nothing tried, nothing known. */
  start(path: string): void {
    this.#path = path;
    this.#tried = 0;
  }

  /**
   * Counts one more pattern tried, and charges the `cost` of reading it
   * besides its searches (charged as they run): searches are remembered
   * once many have been tried (a map costs more than plain `indexOf` for a
   * few).
   */
  tried(cost: number): void {
    this.#work.left -= cost;
    if (++this.#tried === MANY_TRIED) {
      (this.#from ??= new Map()).clear();
      (this.#at ??= new Map()).clear();
    }
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

  /** `path.indexOf(part, pos)`, charged to the check's work bound. */
  indexOf(part: string, pos: number): number {
    const remember = this.#tried >= MANY_TRIED;
    if (remember) {
      const from = this.#from!.get(part);
      if (from !== undefined && pos >= from) {
        const at = this.#at!.get(part)!;
        if (at < 0 || pos <= at) {
          this.#work.left--;
          return at;
        }
      }
    }
    const at = this.#work.indexOf(this.#path, part, pos);
    if (remember) {
      this.#from!.set(part, pos);
      this.#at!.set(part, at);
    }
    return at;
  }
}

/** How many patterns {@link PartSearches} lets be tried on one path before it remembers their searches. */
const MANY_TRIED = 16;
