/**
 * The header's group selection (spec 001 §2, §3): preferences.selectedGroups holds the chosen group
 * ids; an empty list means no filter, every group. Only groups the user can still see count: ids of
 * groups archived or left since are dropped whenever the selection is written.
 */
export type Selection = readonly string[];

export const isFiltered = (selected: Selection, activeIds: readonly string[]): boolean =>
  selected.some((id) => activeIds.includes(id));

/** Turns one chip on or off; the result keeps the chips' order. */
export function toggleGroup(selected: Selection, id: string, activeIds: readonly string[]): string[] {
  const on = new Set(selected.filter((s) => activeIds.includes(s)));
  if (on.has(id)) on.delete(id);
  else on.add(id);
  return activeIds.filter((a) => on.has(a));
}

export const selectAll = (activeIds: readonly string[]): string[] => [...activeIds];
export const unselectAll = (): string[] => [];

/** A category selects exactly its groups that are still active. */
export const selectCategory = (categoryGroups: readonly string[], activeIds: readonly string[]): string[] =>
  activeIds.filter((id) => categoryGroups.includes(id));

export const sameSelection = (a: Selection, b: Selection): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));
