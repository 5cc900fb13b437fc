/**
 * Sort codes for ordering tasks in a list: fractional keys (strings that sort between any two
 * others), so a drag between two tasks writes only the moved task and never renumbers the rest.
 */
import { generateKeyBetween } from 'fractional-indexing';

/** A code between `before` and `after` (either may be null for the ends of the list). */
export const sortCodeBetween = (before: string | null, after: string | null): string =>
  generateKeyBetween(before, after);

/** Where a task goes for its position: top of the list, bottom, or a place the user dragged it to. */
export function sortCodeFor(position: 'top' | 'bottom', codes: readonly string[]): string {
  const sorted = [...codes].sort();
  return position === 'top'
    ? sortCodeBetween(null, sorted[0] ?? null)
    : sortCodeBetween(sorted.at(-1) ?? null, null);
}
