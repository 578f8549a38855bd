// Key scans for tests of what they find, not of their bound.
import { keyScanner, WorkBound } from '../../src/internal.js';

/** A {@link WorkBound} that never runs out. */
export function ample(): WorkBound {
  const work = new WorkBound();
  work.left = Infinity;
  return work;
}

/** Where a key scan of `path` visits each of `keys` (ranked in order, none skipped): slot to place. */
export function firstPlaces(keys: readonly string[], path: string): Map<number, number> {
  const seen = new Map<number, number>();
  keyScanner(
    keys,
    Int32Array.from(keys, (_, k) => k),
  )(
    path,
    0x7fffffff,
    (slot, at) => {
      seen.set(slot, at);
      return 0x7fffffff;
    },
    ample(),
  );
  return seen;
}
