/**
 * The header's selection (spec 001 §2, §3, §4): preferences.selectedGroups and selectedLevels narrow
 * every surface that shows tasks — Today, /tasks, the calendar and routines — and the time-block
 * banner compares against it. One rule, used by the server's task list and by the web:
 *
 * - An empty list selects everything: no groups chosen is every group, no levels chosen every level.
 * - Only groups the person can still see count: a saved id of a group archived or left since is
 *   ignored, and a selection left with none of its groups is every group again (never nothing).
 * - A task passes when its group is among the groups and its level among the levels.
 */

export interface TaskSelection {
  /** Group ids; empty: every group. */
  groups: readonly string[];
  /** Level ids 1–9; empty: every level. */
  levels: readonly number[];
}

export const EVERYTHING: TaskSelection = { groups: [], levels: [] };

/** What a task (or a calendar occurrence) is judged on. */
export interface Selectable {
  groupId: string | null | undefined;
  level: number | null | undefined;
}

export const passesGroups = (groupId: string | null | undefined, groups: readonly string[]): boolean =>
  groups.length === 0 || (groupId != null && groups.includes(groupId));

export const passesLevels = (level: number | null | undefined, levels: readonly number[]): boolean =>
  levels.length === 0 || (level != null && levels.includes(level));

export const passesSelection = (item: Selectable, selection: TaskSelection): boolean =>
  passesGroups(item.groupId, selection.groups) && passesLevels(item.level, selection.levels);

/** A task view (group and level objects) as the rule reads it. */
export const selectableTask = (task: {
  group: { id: string } | null;
  level: { id: number } | null;
}): Selectable => ({ groupId: task.group?.id, level: task.level?.id });

/** A calendar occurrence (its task's group and level) as the rule reads it. */
export const selectableOccurrence = (o: { group: { id: string }; level: number }): Selectable => ({
  groupId: o.group.id,
  level: o.level,
});

export const isNarrowed = (selection: TaskSelection): boolean =>
  selection.groups.length > 0 || selection.levels.length > 0;

/**
 * The selection in force from the saved preferences: groups kept in the order of `visibleGroupIds`
 * (the groups the person can still see, not archived), unknown ones dropped; levels in order, once.
 * `visibleGroupIds` null (groups not loaded yet) keeps the saved groups as they are.
 */
export function selectionFrom(
  preferences: { selectedGroups?: readonly string[]; selectedLevels?: readonly number[] } | undefined,
  visibleGroupIds: readonly string[] | null,
): TaskSelection {
  const saved = preferences?.selectedGroups ?? [];
  const groups = visibleGroupIds ? visibleGroupIds.filter((id) => saved.includes(id)) : [...new Set(saved)];
  const levels = [...new Set(preferences?.selectedLevels ?? [])].sort((a, b) => a - b);
  return { groups, levels };
}

/** The same ids, in any order (the same saved selection). */
export const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Header actions. Each keeps the visible groups' order and drops ids no longer visible. */
export function toggleGroup(
  selected: readonly string[],
  id: string,
  visibleGroupIds: readonly string[],
): string[] {
  const on = new Set(selected.filter((s) => visibleGroupIds.includes(s)));
  if (on.has(id)) on.delete(id);
  else on.add(id);
  return visibleGroupIds.filter((a) => on.has(a));
}

/** Select all: every visible group chosen (the same tasks as none chosen, but the chips light up). */
export const selectAllGroups = (visibleGroupIds: readonly string[]): string[] => [...visibleGroupIds];
/** Unselect all: none chosen, which is every group again. */
export const unselectAllGroups = (): string[] => [];

/** A category selects exactly its groups that are still visible. */
export const selectCategory = (
  categoryGroups: readonly string[],
  visibleGroupIds: readonly string[],
): string[] => visibleGroupIds.filter((id) => categoryGroups.includes(id));

/** The selection on the wire: comma-separated lists, left out when empty (GET /task groups, levels). */
export function selectionQuery(selection: TaskSelection): { groups?: string; levels?: string } {
  return {
    ...(selection.groups.length ? { groups: selection.groups.join(',') } : {}),
    ...(selection.levels.length ? { levels: selection.levels.join(',') } : {}),
  };
}
