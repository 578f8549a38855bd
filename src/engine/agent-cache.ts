// What a parse answers per user agent, remembered: a crawler asks with one
// agent, so the last one is kept in two fields, and a map is made only once
// a second agent asks.

/** More agents than this and the map starts again: a bound on memory, whatever callers pass. */
const LIMIT = 1024;

/** Values found per user agent, the last in two fields, the others in a bounded map. */
export class AgentCache<T> {
  #agent: string | null = null;
  #value: T | undefined = undefined;
  #known: Map<string, T> | null = null;

  /**
   * The value for `agent`, found by `find(context, agent)` the first time it
   * is asked. `find` is a function made once, not a closure per call: a
   * crawler switching agents or syntaxes allocates nothing here.
   */
  get<C>(agent: string, find: (context: C, agent: string) => T, context: C): T {
    if (agent === this.#agent) return this.#value as T;
    let known = this.#known;
    if (known === null && this.#agent !== null) known = this.#known = new Map([[this.#agent, this.#value as T]]);
    let found = known?.get(agent);
    if (found === undefined) {
      found = find(context, agent);
      if (known !== null) {
        if (known.size >= LIMIT) known.clear();
        known.set(agent, found);
      }
    }
    this.#agent = agent;
    this.#value = found;
    return found;
  }

  /** Forgets every value. */
  clear(): void {
    this.#agent = null;
    this.#value = undefined;
    this.#known = null;
  }
}
