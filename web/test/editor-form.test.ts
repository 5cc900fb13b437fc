/**
 * The task form with a rich description (D51): the document goes to the server and the plain text is
 * made there; a change of formatting alone is a change; the check-list count is read from the
 * document; a server error on the document shows under the description; a merge takes their
 * description with its document.
 */
import { describe, expect, it } from 'vitest';
import { mergeEdits } from '../src/features/tasks/utils/task-conflict.ts';
import {
  createInput,
  descriptionChecklist,
  fieldOfErrorPath,
  hasUnsavedChanges,
  newTaskValues,
  updateInput,
  valuesFromTask,
} from '../src/features/tasks/utils/task-form.ts';
import { ALL_TASK_PERMISSIONS, taskView } from './support/task-view.ts';

const task = taskView;
const ALL = ALL_TASK_PERMISSIONS;

const el = { direction: null, format: '', indent: 0, version: 1 };
const text = (t: string) => ({
  type: 'text',
  text: t,
  detail: 0,
  format: 0,
  mode: 'normal',
  style: '',
  version: 1,
});
const checkItem = (t: string, checked: boolean) => ({
  type: 'listitem',
  checked,
  value: 1,
  children: [text(t)],
  ...el,
});
const docWith = (...items: Array<[string, boolean]>) =>
  JSON.stringify({
    root: {
      type: 'root',
      ...el,
      children: [
        {
          type: 'list',
          listType: 'check',
          start: 1,
          tag: 'ul',
          ...el,
          children: items.map(([t, c]) => checkItem(t, c)),
        },
      ],
    },
  });

describe('the task form with a rich description', () => {
  it('reads the document from the task, and sends it on create', () => {
    const doc = docWith(['Milk', true]);
    const v = valuesFromTask(
      task({ taskDetails: { description: '[x] Milk', flag: 3, descriptionDoc: doc } }),
    );
    expect(v.descriptionDoc).toBe(doc);
    expect(valuesFromTask(task()).descriptionDoc).toBeNull();
    const body = createInput({ ...newTaskValues(undefined, 'g1'), title: 'Shop', descriptionDoc: doc }, []);
    expect(body.details).toMatchObject({ descriptionDoc: doc });
    expect(createInput({ ...newTaskValues(undefined, 'g1'), title: 'Shop' }, []).details).not.toHaveProperty(
      'descriptionDoc',
    );
  });

  it('sends a changed document (the server makes the plain text), and nothing when it is unchanged', () => {
    const t = task();
    const doc = docWith(['Milk', false]);
    const changed = { ...valuesFromTask(t), description: '[ ] Milk', descriptionDoc: doc };
    expect(updateInput(t, changed, ALL)).toEqual({ details: { descriptionDoc: doc } });
    expect(updateInput(t, valuesFromTask(t), ALL)).toEqual({});
    // Without the right to edit the description, neither goes.
    expect(
      updateInput(
        t,
        changed,
        ALL.filter((p) => p !== 'task.description'),
      ),
    ).toEqual({});
  });

  it('counts a formatting change as a change', () => {
    const doc = docWith(['Milk', false]);
    const before = valuesFromTask(
      task({ taskDetails: { description: '[ ] Milk', flag: 3, descriptionDoc: doc } }),
    );
    expect(hasUnsavedChanges(before, { ...before })).toBe(false);
    expect(hasUnsavedChanges(before, { ...before, descriptionDoc: docWith(['Milk', true]) })).toBe(true);
  });

  it('counts the check list in the document (spec 000 §4), or in the plain text without one', () => {
    expect(descriptionChecklist('whatever', docWith(['a', true], ['b', false], ['c', true]))).toEqual({
      done: 2,
      total: 3,
    });
    expect(descriptionChecklist('- [x] a\n- [ ] b')).toEqual({ done: 1, total: 2 });
    expect(
      descriptionChecklist('no list', JSON.stringify({ root: { type: 'root', children: [] } })),
    ).toBeNull();
  });

  it('shows a refused document under the description', () => {
    expect(fieldOfErrorPath('details.descriptionDoc')).toBe('description');
  });

  it('takes their description with its document in a merge', () => {
    const base = valuesFromTask(task());
    const theirs = { ...base, description: '[x] Milk', descriptionDoc: docWith(['Milk', true]) };
    const mine = { ...base, title: 'Mine' };
    const { merged, conflicts } = mergeEdits(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toMatchObject({
      title: 'Mine',
      description: '[x] Milk',
      descriptionDoc: theirs.descriptionDoc,
    });
  });
});
