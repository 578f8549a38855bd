// A least-recently-used map bounded by its number of entries and by their
// total weight (bytes, as estimated): what RobotsCache and RobotRules keep
// their origins in. Every hit goes through it, so each operation costs the
// same whatever the number of entries held (docs/performance.md "Many
// origins"): the order is a doubly linked list of slots in typed arrays, as
// in node-lru-cache, and the Map only finds a key's slot. A Map used as the
// order itself (deleted from and set again on each hit) keeps the deleted
// slots at its front until it rehashes, and each iteration walks past them.

/** Slots allocated first; the arrays double as entries come (see #grow). */
const INITIAL_SLOTS = 16;

/**
 * Entries by key, least recently used first, each with a weight. {@link set}
 * makes an entry the most recently used and drops the least recently used
 * ones while more than `maxEntries` are held or their weights add up to more
 * than `maxWeight`; the entry just set is kept whatever its weight, so that
 * the origin in use is never refetched at once.
 */
export class Lru<K, V> {
  /** Each key's slot. */
  readonly #slots = new Map<K, number>();
  // Slot 0 is the list's sentinel: next[0] is the least recently used slot,
  // prev[0] the most recently used. Free slots are chained through next[].
  #next!: Uint32Array;
  #prev!: Uint32Array;
  #weights!: Float64Array;
  #keys!: (K | undefined)[];
  #values!: (V | undefined)[];
  /** The first free slot, 0 when none: slots past #used are free too. */
  #free = 0;
  /** Slots handed out so far, the sentinel included. */
  #used = 1;
  #weight = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxWeight: number,
  ) {
    this.#allocate(INITIAL_SLOTS);
  }

  /** How many entries are held. */
  get size(): number {
    return this.#slots.size;
  }

  /** The total weight of the entries held. */
  get weight(): number {
    return this.#weight;
  }

  /** The value held for `key`, leaving the order as it is. */
  peek(key: K): V | undefined {
    const slot = this.#slots.get(key);
    return slot === undefined ? undefined : this.#values[slot];
  }

  /** Stores `value` for `key` as the most recently used entry, then drops what is over the bounds. */
  set(key: K, value: V, weight: number): void {
    let slot = this.#slots.get(key);
    if (slot === undefined) {
      slot = this.#take();
      this.#slots.set(key, slot);
      this.#keys[slot] = key;
    } else {
      this.#weight -= this.#weights[slot]!;
      this.#unlink(slot);
    }
    this.#values[slot] = value;
    this.#weights[slot] = weight;
    this.#weight += weight;
    this.#append(slot);
    this.#trim(slot);
  }

  /** Changes the weight of the entry held for `key`, leaving its place; heavier, it drops the least recently used others past the bounds. */
  reweigh(key: K, weight: number): void {
    const slot = this.#slots.get(key);
    if (slot === undefined) return;
    this.#weight += weight - this.#weights[slot]!;
    this.#weights[slot] = weight;
    this.#trim(slot);
  }

  /** Forgets `key`; true when it was held. */
  delete(key: K): boolean {
    const slot = this.#slots.get(key);
    if (slot === undefined) return false;
    this.#drop(slot);
    return true;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#slots.clear();
    this.#weight = 0;
    this.#allocate(INITIAL_SLOTS);
  }

  /** Every entry, least recently used first: a copy, so that the caller may change the map meanwhile. */
  entries(): [K, V][] {
    const out: [K, V][] = [];
    for (let slot = this.#next[0]!; slot !== 0; slot = this.#next[slot]!) {
      out.push([this.#keys[slot] as K, this.#values[slot] as V]);
    }
    return out;
  }

  /** Drops the least recently used entries but the one in `keep` while the bounds are passed. */
  #trim(keep: number): void {
    while (this.#slots.size > this.maxEntries || this.#weight > this.maxWeight) {
      let oldest = this.#next[0]!;
      if (oldest === keep) oldest = this.#next[oldest]!;
      if (oldest === 0) return;
      this.#drop(oldest);
    }
  }

  /** Unlinks `slot`, forgets its key and value, and frees it. */
  #drop(slot: number): void {
    this.#slots.delete(this.#keys[slot] as K);
    this.#weight -= this.#weights[slot]!;
    this.#unlink(slot);
    this.#keys[slot] = undefined;
    this.#values[slot] = undefined;
    this.#next[slot] = this.#free;
    this.#free = slot;
  }

  #unlink(slot: number): void {
    const prev = this.#prev[slot]!;
    const next = this.#next[slot]!;
    this.#next[prev] = next;
    this.#prev[next] = prev;
  }

  /** Links `slot` as the most recently used. */
  #append(slot: number): void {
    const last = this.#prev[0]!;
    this.#next[last] = slot;
    this.#prev[slot] = last;
    this.#next[slot] = 0;
    this.#prev[0] = slot;
  }

  /** A free slot, growing the arrays when every slot is in use. */
  #take(): number {
    const free = this.#free;
    if (free !== 0) {
      this.#free = this.#next[free]!;
      return free;
    }
    if (this.#used === this.#next.length) this.#grow();
    return this.#used++;
  }

  #grow(): void {
    const next = this.#next;
    const prev = this.#prev;
    const weights = this.#weights;
    // At most maxEntries + 1 entries are held at once (the one just set, before the trim), plus the sentinel.
    const bound = this.maxEntries + 2;
    const slots = bound > next.length && bound < next.length * 2 ? bound : next.length * 2;
    this.#next = new Uint32Array(slots);
    this.#prev = new Uint32Array(slots);
    this.#weights = new Float64Array(slots);
    this.#next.set(next);
    this.#prev.set(prev);
    this.#weights.set(weights);
  }

  #allocate(slots: number): void {
    this.#next = new Uint32Array(slots);
    this.#prev = new Uint32Array(slots);
    this.#weights = new Float64Array(slots);
    this.#keys = [];
    this.#values = [];
    this.#free = 0;
    this.#used = 1;
  }
}
