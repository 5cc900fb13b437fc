/**
 * Edits made over a task that changed meanwhile (issue 12 item 2, D41): a three-way merge of what the
 * form loaded (base), what the person has typed (mine) and the task as it is now (theirs). A field
 * only they changed takes their value, a field only I changed keeps mine, and a field both changed to
 * different values is a conflict the person decides. Nothing of theirs is lost without being shown.
 */
import { hasUnsavedChanges, type TaskFormValues } from './task-form.ts';

/** The rich description (descriptionDoc) goes with the description: taken from theirs with it. */
export type ConflictField = Exclude<keyof TaskFormValues, 'descriptionDoc'>;
export type Choice = 'theirs' | 'mine';

/** The fields in the order the form shows them. */
export const CONFLICT_FIELDS: readonly ConflictField[] = [
  'title',
  'description',
  'due',
  'level',
  'status',
  'group',
  'priorityGroup',
  'urgent',
  'mode',
];

/** Their value of a field; their description comes with its document. */
const theirsOf = (f: ConflictField, theirs: TaskFormValues): Partial<TaskFormValues> =>
  f === 'description'
    ? { description: theirs.description, descriptionDoc: theirs.descriptionDoc }
    : { [f]: theirs[f] };

/** Text compares without its surrounding spaces (as the form saves it); the rest as it is. */
const same = (f: ConflictField, a: TaskFormValues, b: TaskFormValues) =>
  f === 'title' || f === 'description' ? a[f].trim() === b[f].trim() : a[f] === b[f];

export interface Merge {
  /** Their changes taken in, mine kept; a conflicting field holds mine until the person chooses. */
  merged: TaskFormValues;
  /** Fields both changed, to different values. */
  conflicts: ConflictField[];
}

export function mergeEdits(base: TaskFormValues, mine: TaskFormValues, theirs: TaskFormValues): Merge {
  const merged = { ...mine };
  const conflicts: ConflictField[] = [];
  for (const f of CONFLICT_FIELDS) {
    const mineChanged = !same(f, base, mine);
    const theirsChanged = !same(f, base, theirs);
    if (theirsChanged && !mineChanged) Object.assign(merged, theirsOf(f, theirs));
    else if (theirsChanged && mineChanged && !same(f, mine, theirs)) conflicts.push(f);
  }
  return { merged, conflicts };
}

/** The merge with each conflicting field as chosen (a field not chosen keeps mine). */
export function resolveMerge(
  { merged, conflicts }: Merge,
  theirs: TaskFormValues,
  choices: Partial<Record<ConflictField, Choice>>,
): TaskFormValues {
  const out = { ...merged };
  for (const f of conflicts) if (choices[f] === 'theirs') Object.assign(out, theirsOf(f, theirs));
  return out;
}

/**
 * When the open task changes underneath the form: 'adopt' takes the new task quietly (nothing typed,
 * or what was typed is what it now holds: one's own save coming back), 'ask' shows the notice.
 */
export function onTaskChanged(
  base: TaskFormValues,
  mine: TaskFormValues,
  theirs: TaskFormValues,
): 'adopt' | 'ask' {
  return !hasUnsavedChanges(base, mine) || !hasUnsavedChanges(theirs, mine) ? 'adopt' : 'ask';
}
