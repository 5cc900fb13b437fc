import { describe, expect, it } from 'vitest';
import { listTasksQuery } from '../src/tasks/request-schemas.ts';
import {
  EVERYTHING,
  isNarrowed,
  passesSelection,
  sameIds,
  selectAllGroups,
  selectableOccurrence,
  selectableTask,
  selectCategory,
  selectionFrom,
  selectionQuery,
  toggleGroup,
  unselectAllGroups,
} from '../src/tasks/selection.ts';

const work = 'g-work';
const home = 'g-home';
const club = 'g-club';
const visible = [work, home, club];

describe('which tasks pass a selection', () => {
  it('an empty selection lets every task through, whatever its group or level', () => {
    expect(isNarrowed(EVERYTHING)).toBe(false);
    for (const groupId of [work, home, 'unknown', null]) {
      for (const level of [1, 5, 8, 9, null]) {
        expect(passesSelection({ groupId, level }, EVERYTHING)).toBe(true);
      }
    }
  });

  it('chosen groups keep only their tasks', () => {
    const sel = { groups: [work, club], levels: [] };
    expect(isNarrowed(sel)).toBe(true);
    expect(passesSelection({ groupId: work, level: 3 }, sel)).toBe(true);
    expect(passesSelection({ groupId: club, level: 3 }, sel)).toBe(true);
    expect(passesSelection({ groupId: home, level: 3 }, sel)).toBe(false);
    expect(passesSelection({ groupId: null, level: 3 }, sel)).toBe(false);
  });

  it('chosen levels keep only their tasks', () => {
    const sel = { groups: [], levels: [2, 8] };
    expect(passesSelection({ groupId: home, level: 2 }, sel)).toBe(true);
    expect(passesSelection({ groupId: home, level: 8 }, sel)).toBe(true);
    expect(passesSelection({ groupId: home, level: 7 }, sel)).toBe(false);
    expect(passesSelection({ groupId: home, level: undefined }, sel)).toBe(false);
  });

  it('groups and levels together: a task needs both', () => {
    const sel = { groups: [work], levels: [2] };
    expect(passesSelection({ groupId: work, level: 2 }, sel)).toBe(true);
    expect(passesSelection({ groupId: work, level: 3 }, sel)).toBe(false);
    expect(passesSelection({ groupId: home, level: 2 }, sel)).toBe(false);
  });

  it('reads a task view by its group and level objects', () => {
    expect(selectableTask({ group: { id: work }, level: { id: 4 } })).toEqual({ groupId: work, level: 4 });
    expect(selectableTask({ group: null, level: { id: 4 } })).toEqual({ groupId: undefined, level: 4 });
    expect(selectableOccurrence({ group: { id: home }, level: 8 })).toEqual({ groupId: home, level: 8 });
  });
});

describe('the selection in force', () => {
  it('drops saved groups the person can no longer see and keeps the visible order', () => {
    const sel = selectionFrom(
      { selectedGroups: [club, 'g-archived', work], selectedLevels: [8, 2, 2] },
      visible,
    );
    expect(sel).toEqual({ groups: [work, club], levels: [2, 8] });
  });

  it('a selection left with none of its groups is every group, never nothing', () => {
    const sel = selectionFrom({ selectedGroups: ['g-archived'], selectedLevels: [] }, visible);
    expect(sel.groups).toEqual([]);
    expect(passesSelection({ groupId: home, level: 1 }, sel)).toBe(true);
  });

  it('keeps the saved groups while the group list is not loaded', () => {
    expect(selectionFrom({ selectedGroups: [home, home], selectedLevels: [] }, null).groups).toEqual([home]);
    expect(selectionFrom(undefined, visible)).toEqual(EVERYTHING);
  });
});

describe('the header actions', () => {
  it('toggling a chip adds or removes that group only', () => {
    expect(toggleGroup([], home, visible)).toEqual([home]);
    expect(toggleGroup([club, home], work, visible)).toEqual([work, home, club]);
    expect(toggleGroup([work, home], work, visible)).toEqual([home]);
    expect(toggleGroup([home, 'g-archived'], club, visible)).toEqual([home, club]);
  });

  it('select all chooses every visible group; unselect all chooses none, which shows everything', () => {
    expect(selectAllGroups(visible)).toEqual(visible);
    expect(unselectAllGroups()).toEqual([]);
  });

  it('a category selects exactly its visible groups', () => {
    expect(selectCategory([club, work, 'g-archived'], visible)).toEqual([work, club]);
    expect(selectCategory([], visible)).toEqual([]);
  });

  it('compares saved selections as chosen, in any order (for the time-block banner)', () => {
    expect(sameIds([home, work], [work, home])).toBe(true);
    expect(sameIds([home], [work])).toBe(false);
    // None chosen shows every group, but it is not the same choice as one group.
    expect(sameIds([], [home])).toBe(false);
  });
});

describe('the selection on the wire', () => {
  it('sends comma lists and leaves out what is empty', () => {
    expect(selectionQuery(EVERYTHING)).toEqual({});
    expect(selectionQuery({ groups: [work, home], levels: [2, 8] })).toEqual({
      groups: `${work},${home}`,
      levels: '2,8',
    });
  });

  it('the task list query reads them back', () => {
    const id1 = '6f1b2c3d-1111-4a2b-8c3d-000000000001';
    const id2 = '6f1b2c3d-1111-4a2b-8c3d-000000000002';
    const q = listTasksQuery.parse(selectionQuery({ groups: [id1, id2], levels: [2, 8] }));
    expect(q.groups).toEqual([id1, id2]);
    expect(q.levels).toEqual([2, 8]);
    expect(listTasksQuery.parse({}).groups).toBeUndefined();
    expect(listTasksQuery.safeParse({ levels: '2,12' }).success).toBe(false);
    expect(listTasksQuery.safeParse({ groups: `ok,${'x'.repeat(500)}` }).success).toBe(false);
  });
});
