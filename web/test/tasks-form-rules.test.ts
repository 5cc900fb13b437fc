import type { Permission } from '@tandem/shared/groups/roles';
import { describe, expect, it } from 'vitest';
import {
  becameDone,
  canAddSubtasks,
  canEditField,
  canMakeSubtasks,
  canSubmitTaskForm,
  createInput,
  descriptionChecklist,
  dueShortcut,
  fieldOfErrorPath,
  formTitle,
  hasUnsavedChanges,
  isoToLocalInput,
  localInputToIso,
  newTaskValues,
  pickDefaultGroup,
  priorityGroupOptions,
  saveOptions,
  statusOptions,
  undoneStatus,
  updateInput,
  valuesFromTask,
} from '../src/features/tasks/utils/task-form.ts';
import { ALL_TASK_PERMISSIONS, taskView } from './support/task-view.ts';

const task = taskView;
const ALL = ALL_TASK_PERMISSIONS;

describe('task form title (spec 000 §2)', () => {
  it('reads Create task or Edit task', () => {
    expect(formTitle(false, 'active')).toEqual({ key: 'createTitle', draft: false });
    expect(formTitle(true, 'active')).toEqual({ key: 'editTitle', draft: false });
  });

  it('adds the draft suffix only for drafts', () => {
    expect(formTitle(false, 'draft')).toEqual({ key: 'createTitle', draft: true });
    expect(formTitle(true, 'draft')).toEqual({ key: 'editTitle', draft: true });
    expect(formTitle(true, 'completed').draft).toBe(false);
  });
});

describe('save options (spec 000 §4 form flow)', () => {
  it('offers save, save and new, and save and close in a modal', () => {
    expect(saveOptions({ docked: false, mode: 'active' })).toEqual(['save', 'saveAndNew', 'saveAndClose']);
  });

  it('drops save and new in a docked editor and for templates', () => {
    expect(saveOptions({ docked: true, mode: 'active' })).toEqual(['save', 'saveAndClose']);
    expect(saveOptions({ docked: false, mode: 'template' })).toEqual(['save', 'saveAndClose']);
  });
});

describe('field permissions (spec 000 §6)', () => {
  it('lets anyone fill a new task', () => {
    expect(canEditField(null, 'group')).toBe(true);
    expect(canSubmitTaskForm(null)).toBe(true);
  });

  it('makes a field read-only without its permission', () => {
    const standard: Permission[] = ['task.description', 'task.status', 'task.readTask'];
    expect(canEditField(standard, 'status')).toBe(true);
    expect(canEditField(standard, 'title')).toBe(false);
    expect(canEditField(standard, 'mode')).toBe(false);
    expect(canSubmitTaskForm(standard)).toBe(true);
    expect(canSubmitTaskForm(['task.readTask', 'task.enableChat'])).toBe(false);
  });

  it('adds sub-tasks only with addChildren and never under an issue', () => {
    expect(canAddSubtasks(['task.addChildren'], 7)).toBe(true);
    expect(canAddSubtasks(['task.title'], 7)).toBe(false);
    expect(canAddSubtasks(null, 8)).toBe(false);
  });
});

describe('what the form offers', () => {
  it('does not offer Done when creating (spec 000 §4)', () => {
    expect(statusOptions(true).map((s) => s.id)).toEqual([1, 2, 3]);
    expect(statusOptions(false).map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });

  it('offers Today, Next, Later and Future, and shows a current higher group disabled', () => {
    expect(priorityGroupOptions(0).map((g) => g.title)).toEqual(['Today', 'Next', 'Later', 'Future']);
    const scheduled = priorityGroupOptions(4);
    expect(scheduled.map((g) => g.id)).toEqual([0, 1, 2, 3, 4]);
    expect(scheduled.find((g) => g.id === 4)?.disabled).toBe(true);
  });

  it('starts a new task in the default group, then the settings group, then the first active one', () => {
    const g = (id: string, isDefault = false, status = 1, memberStatus = 1) => ({
      id,
      isDefault,
      status,
      memberStatus,
    });
    expect(pickDefaultGroup([g('a'), g('b', true)], 'a')).toBe('b');
    expect(pickDefaultGroup([g('a'), g('b')], 'b')).toBe('b');
    expect(pickDefaultGroup([g('a', false, 2), g('b')], null)).toBe('b');
    expect(pickDefaultGroup(undefined, 'x')).toBeNull();
  });

  it('takes a preset priority group only when it is choosable', () => {
    expect(newTaskValues({ priorityGroup: 2 }, 'g').priorityGroup).toBe(2);
    expect(newTaskValues({ priorityGroup: 5 }, 'g').priorityGroup).toBe(0);
    expect(newTaskValues({ group: 'x' }, 'g').group).toBe('x');
  });
});

describe('due date quick options', () => {
  it('sets the end of today, tomorrow and a week from today in the browser zone', () => {
    const now = new Date(2027, 11, 30, 9, 30);
    expect(dueShortcut('today', now)).toBe('2027-12-30T23:59');
    expect(dueShortcut('tomorrow', now)).toBe('2027-12-31T23:59');
    expect(dueShortcut('nextWeek', now)).toBe('2028-01-06T23:59');
  });

  it('turns the picker text into an instant and back', () => {
    const iso = localInputToIso('2027-03-10T17:45');
    expect(iso).toBe(new Date(2027, 2, 10, 17, 45).toISOString());
    expect(isoToLocalInput(iso)).toBe('2027-03-10T17:45');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('nonsense')).toBeNull();
  });
});

describe('payloads', () => {
  it('creates with the sub-tasks as children and never as Done', () => {
    const v = { ...newTaskValues(undefined, 'g1'), title: '  Plan trip ', status: 4, urgent: true };
    const body = createInput(v, ['Book flights', 'Pack'], 'p1');
    expect(body).toMatchObject({
      title: 'Plan trip',
      group: 'g1',
      status: 1,
      parent: 'p1',
      details: { description: '', flag: 1 },
      children: [{ title: 'Book flights' }, { title: 'Pack' }],
    });
  });

  it('sends only what changed, and only what the caller may change', () => {
    const t = task({ permissions: ALL });
    const v = { ...valuesFromTask(t), title: 'Write the report', urgent: true, status: 4 };
    expect(updateInput(t, v, ALL)).toEqual({ title: 'Write the report', details: { flag: 1 }, status: 4 });
    expect(updateInput(t, v, ['task.status'])).toEqual({ status: 4 });
    expect(updateInput(t, valuesFromTask(t), ALL)).toEqual({});
  });

  it('clears a due date with null', () => {
    const t = task({ dueAt: '2027-03-10T10:00:00.000Z' });
    expect(updateInput(t, { ...valuesFromTask(t), due: '' }, ALL)).toEqual({ dueAt: null });
  });
});

describe('marking Done', () => {
  it('plays the confetti only on the step into Done', () => {
    expect(becameDone(2, 4)).toBe(true);
    expect(becameDone(4, 4)).toBe(false);
    expect(becameDone(4, 2)).toBe(false);
  });

  it('undoes Done to Active when the task was ever active, else Not Started', () => {
    expect(undoneStatus({ activatedAt: '2027-01-01T00:00:00Z' })).toBe(2);
    expect(undoneStatus({ activatedAt: null })).toBe(1);
  });
});

describe('description helpers', () => {
  it('counts checklist lines done over total, or nothing without a checklist', () => {
    expect(descriptionChecklist('- [x] milk\n- [ ] bread\n[X] eggs')).toEqual({ done: 2, total: 3 });
    expect(descriptionChecklist('just words')).toBeNull();
  });

  it('offers Make sub-tasks for several lines or a long text, not a short one', () => {
    expect(canMakeSubtasks('milk\nbread')).toBe(true);
    expect(canMakeSubtasks('a'.repeat(81))).toBe(true);
    expect(canMakeSubtasks('buy milk')).toBe(false);
  });
});

describe('server errors by field', () => {
  it('puts each error under its field', () => {
    expect(fieldOfErrorPath('title')).toBe('title');
    expect(fieldOfErrorPath('details.description')).toBe('description');
    expect(fieldOfErrorPath('details.flag')).toBe('flag');
    expect(fieldOfErrorPath('children.0.title')).toBe('subtasks');
    expect(fieldOfErrorPath('priorityGroup')).toBe('priorityGroup');
    expect(fieldOfErrorPath('userTimezone')).toBeNull();
  });
});

describe('closing with changes (001 §5: with no changes, close without asking)', () => {
  const blank = newTaskValues({ priorityGroup: 1 }, null);

  it('a new form nobody typed in has no changes, even once it takes the default group', () => {
    expect(hasUnsavedChanges(blank, blank)).toBe(false);
    expect(hasUnsavedChanges(blank, { ...blank, group: 'g1' })).toBe(false);
  });

  it('a typed title, description, due date or urgent flag is a change', () => {
    expect(hasUnsavedChanges(blank, { ...blank, title: 'Call Anna' })).toBe(true);
    expect(hasUnsavedChanges(blank, { ...blank, description: 'x' })).toBe(true);
    expect(hasUnsavedChanges(blank, { ...blank, due: '2030-01-01T09:00' })).toBe(true);
    expect(hasUnsavedChanges(blank, { ...blank, urgent: true })).toBe(true);
  });

  it('only spaces typed is no change', () => {
    expect(hasUnsavedChanges(blank, { ...blank, title: '   ' })).toBe(false);
  });

  it('an edited task compares with what it holds, group included', () => {
    const saved = valuesFromTask(task());
    expect(hasUnsavedChanges(saved, saved)).toBe(false);
    expect(hasUnsavedChanges(saved, { ...saved, title: 'Write the report' })).toBe(true);
    expect(hasUnsavedChanges(saved, { ...saved, group: 'other' })).toBe(true);
  });
});
