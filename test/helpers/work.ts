// A work bound for tests of what a key scan finds, not of its bound.
import { WorkBound } from '../../src/internal.js';

/** A {@link WorkBound} that never runs out. */
export function ample(): WorkBound {
  const work = new WorkBound();
  work.left = Infinity;
  return work;
}
