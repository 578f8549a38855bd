// Arrays of indexes (ranks, slots, offsets, trie nodes) at two bytes an
// entry where every value fits, four where one does not, as node-lru-cache
// sizes its own. The index of a hostile file of thousands of short wildcard
// rules is little but such arrays, so their width is most of its heap; a
// site that meets both kinds checks which it has, at no cost in checks
// (docs/performance.md, "What each trick pays").

/**
 * An array of indexes, each from 0 up to the largest value it was made for:
 * two bytes an entry when that fits, else four.
 */
export type Indexes = Uint16Array | Int32Array;

/** The largest value a two-byte entry holds. */
export const TWO_BYTES = 0xffff;

/** `length` entries, zero, for values from 0 up to `largest`. */
export function indexes(length: number, largest: number): Indexes {
  return largest <= TWO_BYTES ? new Uint16Array(length) : new Int32Array(length);
}

/** `values` (none negative) in an array of indexes. */
export function indexesOf(values: ArrayLike<number>): Indexes {
  let largest = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > largest) largest = values[i]!;
  const out = indexes(values.length, largest);
  out.set(values);
  return out;
}
