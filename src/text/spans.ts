// Rule values kept as positions in the parsed text, not as strings: a
// crawler asks about one group of a file that may have hundreds, so both
// readers keep spans and make strings only for the rules that are used.

/** Where a rule value ends in the text, and whether the rule is an Allow, packed as end * 2 + allow. */
export type ValueEnd = number & { readonly __brand: 'ValueEnd' };

/** Packs a value's end (exclusive) and its rule's kind. */
export function packEnd(end: number, allow: boolean): ValueEnd {
  return (end * 2 + (allow ? 1 : 0)) as ValueEnd;
}

/** The end of a packed value. */
export function endOf(packed: ValueEnd): number {
  return packed >>> 1;
}

/** True when a packed value is an Allow rule's. */
export function isAllow(packed: ValueEnd): boolean {
  return (packed & 1) === 1;
}

/** Tables shorter than this stay plain arrays: a typed array has a large fixed cost of its own (docs/performance.md, "What each trick pays"). */
const TYPED_FROM = 48;

/** A table of numbers copied at its exact size, as compactly as its length allows: integers, or any numbers when `fractions`. */
export function compactTable(table: readonly number[], fractions = false): ArrayLike<number> {
  if (table.length < TYPED_FROM) return table.slice();
  return fractions ? Float64Array.from(table) : Int32Array.from(table);
}
