/**
 * Rules of a task row (spec 000 §2 "Task list item", §9) and of the Today panels that hold them.
 * Pure and free of heavy imports, so the Today route can load them.
 */

/** Spec 000 §9: assignee avatars, at most 2 shown, then '+N'. */
export const ASSIGNEE_AVATARS_SHOWN = 2;

/** The avatars a row shows and how many more there are ('+N'); `max` of at least 1. */
export function avatarStack<T>(people: readonly T[], max: number = ASSIGNEE_AVATARS_SHOWN) {
  const room = Math.max(1, max);
  if (people.length <= room) return { shown: [...people], more: 0 };
  return { shown: people.slice(0, room), more: people.length - room };
}

/** How long the Undo of a Done tick, a delete or a drag to another group is offered. */
export const UNDO_MS = 5_000;

export interface PanelPlacement {
  taskId: string;
  parentId?: string | null | undefined;
}

/**
 * The sub-tasks that follow a task moved to another priority group: its descendants whose own
 * placement is in the same group, through a chain of such placements. On a Today panel these show
 * under the task (a sub-task whose parent is in the same panel is not listed beside it), so leaving
 * them would strand them in the old panel. A sub-task the person placed in another group stays there.
 */
export function followersInPanel<T extends PanelPlacement>(placements: readonly T[], rootId: string): T[] {
  const byParent = new Map<string, T[]>();
  for (const p of placements) {
    if (!p.parentId) continue;
    byParent.set(p.parentId, [...(byParent.get(p.parentId) ?? []), p]);
  }
  const out: T[] = [];
  const seen = new Set<string>([rootId]);
  const queue = [rootId];
  while (queue.length) {
    const id = queue.shift()!;
    for (const child of byParent.get(id) ?? []) {
      if (seen.has(child.taskId)) continue;
      seen.add(child.taskId);
      out.push(child);
      queue.push(child.taskId);
    }
  }
  return out;
}

/**
 * Where an undo puts a task back in a list it left: between the codes that now sort either side of
 * the code it had (sort codes compare as plain strings). So it returns to its place among the tasks
 * still there, whatever moved meanwhile. `codes` are the list's codes without the task's current one.
 */
export function placeBackBetween(
  codes: readonly string[],
  original: string,
): { before: string | null; after: string | null } {
  let before: string | null = null;
  let after: string | null = null;
  for (const c of codes) {
    if (c < original && (before === null || c > before)) before = c;
    if (c > original && (after === null || c < after)) after = c;
  }
  return { before, after };
}
