/**
 * The header's selection Today's lists were last asked with, kept on this device, so the next start
 * can ask for the lists beside the settings and groups instead of after them (app/preload.ts). Only a
 * guess: the lists are asked for again with the selection the settings and groups give when it
 * differs, and a panel takes only the answer to its own query. Cleared with everything else the app
 * stores at sign-out (`tandem.` keys).
 */
import type { TaskSelection } from '@tandem/shared/tasks/selection';

const KEY = 'tandem.today.selection';

const isIds = (x: unknown, item: 'string' | 'number'): boolean =>
  Array.isArray(x) && x.every((v) => typeof v === item);

/** The remembered selection, or null (none, or not readable). */
export function rememberedSelection(storage: Pick<Storage, 'getItem'> = localStorage): TaskSelection | null {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<TaskSelection> | null;
    if (!parsed || !isIds(parsed.groups, 'string') || !isIds(parsed.levels, 'number')) return null;
    return { groups: parsed.groups as string[], levels: parsed.levels as number[] };
  } catch {
    return null;
  }
}

/** Keeps `selection` for the next start (a full or blocked storage only loses the guess). */
export function rememberSelection(
  selection: TaskSelection,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(KEY, JSON.stringify({ groups: selection.groups, levels: selection.levels }));
  } catch {
    // Nothing to do: the next start asks after the settings, as without a guess.
  }
}
