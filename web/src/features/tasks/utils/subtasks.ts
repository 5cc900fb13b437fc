/**
 * New sub-task rows in the form. A row is typed, then kept with Enter (or its tick): only kept rows
 * are saved. A row with text that was not kept is "still being typed" and blocks saving with
 * task-form.unsaved-subtask-warning (spec 000 §5), like the unfinished member e-mail of the group form;
 * an empty row is simply left out.
 */
let nextKey = 1;

export interface SubtaskRow {
  key: number;
  title: string;
  kept: boolean;
}

export const newRow = (title = '', kept = false): SubtaskRow => ({ key: nextKey++, title, kept });

export const rowsFromTitles = (titles: readonly string[]): SubtaskRow[] => titles.map((t) => newRow(t, true));

/** Rows with text that were not kept: saving stops and asks. */
export const unfinishedRows = (rows: readonly SubtaskRow[]): SubtaskRow[] =>
  rows.filter((r) => !r.kept && r.title.trim() !== '');

/** The titles that will be created. */
export const titlesToSave = (rows: readonly SubtaskRow[]): string[] =>
  rows.filter((r) => r.kept && r.title.trim() !== '').map((r) => r.title.trim());

/** The answer to the warning: keep what was typed, or drop it. */
export const resolveUnfinished = (rows: readonly SubtaskRow[], keep: boolean): SubtaskRow[] =>
  keep
    ? rows.map((r) => (r.title.trim() ? { ...r, kept: true } : r))
    : rows.filter((r) => r.kept && r.title.trim() !== '');
