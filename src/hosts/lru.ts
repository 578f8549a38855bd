// A least-recently-used map bounded by its number of entries and by their
// total weight (bytes, as estimated): what RobotsCache and RobotRules keep
// their origins in.

/**
 * Entries by key, least recently used first (a Map keeps insertion order),
 * each with a weight. {@link set} makes an entry the most recently used and
 * drops the least recently used ones while more than `maxEntries` are held or
 * their weights add up to more than `maxWeight`; the entry just set is kept
 * whatever its weight, so that the origin in use is never refetched at once.
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  #weight = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxWeight: number,
  ) {}

  /** How many entries are held. */
  get size(): number {
    return this.#entries.size;
  }

  /** The total weight of the entries held. */
  get weight(): number {
    return this.#weight;
  }

  /** The value held for `key`, leaving the order as it is. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Stores `value` for `key` as the most recently used entry, then drops what is over the bounds. */
  set(key: K, value: V, weight: number): void {
    this.delete(key);
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    this.#trim(key);
  }

  /** Changes the weight of the entry held for `key`, leaving its place; heavier, it drops the least recently used others past the bounds. */
  reweigh(key: K, weight: number): void {
    const held = this.#entries.get(key);
    if (held === undefined) return;
    this.#weight += weight - held.weight;
    held.weight = weight;
    this.#trim(key);
  }

  /** Drops the least recently used entries but `keep` while the bounds are passed. */
  #trim(keep: K): void {
    for (const [k, held] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#weight <= this.maxWeight) return;
      if (k === keep) continue;
      this.#entries.delete(k);
      this.#weight -= held.weight;
    }
  }

  /** Forgets `key`; true when it was held. */
  delete(key: K): boolean {
    const held = this.#entries.get(key);
    if (held === undefined) return false;
    this.#entries.delete(key);
    this.#weight -= held.weight;
    return true;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }

  /** Every entry, least recently used first: a copy, so that the caller may change the map meanwhile. */
  entries(): [K, V][] {
    return Array.from(this.#entries, ([k, held]): [K, V] => [k, held.value]);
  }
}
