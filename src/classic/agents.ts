// Choosing the record for a user agent (docs/behaviour.md §3).
import type { RobotRecord } from './model.js';

/**
 * The record that applies to `userAgent`: the first, in matching order
 * (`*` records last, §2.6), that names `*` or a name that is a
 * case-insensitive substring of the user agent; null when none does.
 */
export function recordFor(records: readonly RobotRecord[], userAgent: string): RobotRecord | null {
  const lower = userAgent.toLowerCase();
  for (const record of records) {
    if (record.isDefault) return record;
    for (const name of record.lowerNames) if (lower.includes(name)) return record;
  }
  return null;
}
