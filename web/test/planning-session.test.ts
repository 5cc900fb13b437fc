import { planChanges } from '@tandem/shared/planning/plan';
import type { TaskView } from '@tandem/shared/tasks/views';
import { describe, expect, it } from 'vitest';
import { layoutPlan, levelBands, visibleNodes } from '../src/features/planning/utils/layout.ts';
import {
  isChanged,
  reduce,
  refusal,
  type Session,
  sessionChanges,
  startSession,
} from '../src/features/planning/utils/session.ts';

const view = (id: string, parent: string | null, level = 3, mode = 'active'): TaskView =>
  ({
    id,
    title: `T ${id}`,
    parent: parent ? { id: parent, title: '' } : null,
    dueAt: null,
    taskDetails: { description: '', flag: 3 },
    priorityGroup: { id: 0 },
    mode,
    level: { id: level },
  }) as unknown as TaskView;

// r ─ a ─ a1
//   └ b
const start = () =>
  startSession('r', [
    view('r', null),
    view('a', 'r', 4, 'draft'),
    view('a1', 'a', 5, 'draft'),
    view('b', 'r', 4),
  ]);
const parentOf = (s: Session, id: string) => s.nodes.find((n) => n.id === id)?.parentId;

describe('the planning session', () => {
  it('adds a draft child one level below its parent, with a temp id', () => {
    const s = reduce(start(), { type: 'addChild', parentId: 'a', title: 'New task' });
    const child = s.nodes.at(-1)!;
    expect(child).toMatchObject({ id: 'new:1', parentId: 'a', level: 5, mode: 'draft', title: 'New task' });
    expect(isChanged(s)).toBe(true);
  });

  it('refuses a move under a descendant and leaves the session as it was', () => {
    const s0 = start();
    expect(refusal(s0, { type: 'move', id: 'a', parentId: 'a1' })).toBe('planning.move-under-descendant');
    expect(reduce(s0, { type: 'move', id: 'a', parentId: 'a1' })).toBe(s0);
    const s1 = reduce(s0, { type: 'move', id: 'a1', parentId: 'b' });
    expect(parentOf(s1, 'a1')).toBe('b');
  });

  it('deletes with children, or only the middle node (its children move up)', () => {
    const withKids = reduce(start(), { type: 'delete', id: 'a', withChildren: true });
    expect(withKids.nodes.map((n) => n.id)).toEqual(['r', 'b']);
    const middle = reduce(start(), { type: 'delete', id: 'a', withChildren: false });
    expect(parentOf(middle, 'a1')).toBe('r');
    expect(planChanges(middle.original, middle.nodes)).toMatchObject({
      moves: [{ id: 'a1', parentId: 'r' }],
      deletes: ['a'],
    });
  });

  it('undoes and redoes edits; an edit back to the original value leaves nothing to save', () => {
    let s = reduce(start(), { type: 'edit', id: 'b', fields: { title: 'Renamed' } });
    s = reduce(s, { type: 'undo' });
    expect(s.nodes.find((n) => n.id === 'b')!.title).toBe('T b');
    expect(isChanged(s)).toBe(false);
    s = reduce(s, { type: 'redo' });
    expect(s.nodes.find((n) => n.id === 'b')!.title).toBe('Renamed');
    s = reduce(s, { type: 'edit', id: 'b', fields: { title: 'T b' } });
    expect(isChanged(s)).toBe(false);
  });

  it('marks drafts active (not the root), and says so when none is left', () => {
    const s = reduce(start(), { type: 'activateAll' });
    expect(s.nodes.map((n) => n.mode)).toEqual(['active', 'active', 'active', 'active']);
    expect(refusal(s, { type: 'activateAll' })).toBe('planning.all-tasks-already-active');
    // Saved as one bulk activation of the drafts, not an edit each (D74).
    expect(sessionChanges(s)).toMatchObject({ activate: ['a', 'a1'], edits: [] }); // b was active
  });
});

describe('bringing existing tasks in', () => {
  const outside = [
    {
      id: 'x',
      parentId: null,
      title: 'X',
      dueAt: null,
      flag: 3,
      priorityGroup: 0,
      mode: 'active' as const,
      level: 4,
    },
    {
      id: 'x1',
      parentId: 'x',
      title: 'X1',
      dueAt: null,
      flag: 3,
      priorityGroup: 0,
      mode: 'active' as const,
      level: 5,
    },
  ];
  it('sends one move for the task brought in; its descendants come along unchanged', () => {
    const s = reduce(start(), { type: 'adopt', nodes: outside, parentId: 'b' });
    expect(s.nodes.find((n) => n.id === 'x')!.parentId).toBe('b');
    expect(sessionChanges(s)).toEqual({
      creates: [],
      moves: [{ id: 'x', parentId: 'b', level: 4 }],
      edits: [],
      deletes: [],
      activate: [],
    });
  });
  it('undone, leaves nothing to save (no delete of what was brought in)', () => {
    const s = reduce(reduce(start(), { type: 'adopt', nodes: outside, parentId: 'b' }), { type: 'undo' });
    expect(isChanged(s)).toBe(false);
  });
  it('refuses a task already in the plan', () => {
    expect(refusal(start(), { type: 'adopt', nodes: [{ ...outside[0]!, id: 'a' }], parentId: 'b' })).toBe(
      'planning.move-under-descendant',
    );
  });
});

describe('the layout', () => {
  it('places nodes without overlap in both directions, and hides what is under a collapsed node', () => {
    const s = start();
    for (const dir of ['TB', 'LR'] as const) {
      const placed = layoutPlan(s.nodes, dir);
      for (const p of placed)
        for (const q of placed)
          if (p.id !== q.id) expect(Math.abs(p.x - q.x) >= 300 || Math.abs(p.y - q.y) >= 240).toBe(true);
      const r = placed.find((p) => p.id === 'r')!;
      const a = placed.find((p) => p.id === 'a')!;
      expect(dir === 'TB' ? a.y > r.y : a.x > r.x).toBe(true);
    }
    expect(visibleNodes(s.nodes, new Set(['a'])).map((n) => n.id)).toEqual(['r', 'a', 'b']);
    expect(levelBands(s.nodes, layoutPlan(s.nodes, 'TB')).map((b) => [b.level, b.colour])).toEqual([
      [3, 'green'],
      [4, 'lime'],
      [5, 'yellow'],
    ]);
  });
});

describe('a node’s schedule in the session', () => {
  const at = {
    startDate: '2031-03-04T08:30:00.000Z',
    allDay: false,
    duration: 30,
    flexibleTime: 4 as const,
    recurRule: null,
    timezone: 'Europe/Berlin',
  };
  it('loads from the task view, edits locally, undoes, and saves as a scheduled_task edit', () => {
    const scheduled = {
      ...view('b', 'r', 4),
      scheduledTask: {
        ...at,
        id: 'b',
        initialDate: null,
        endDate: null,
        exDate: [],
        rDate: [],
        scheduledAttendees: [],
      },
    } as TaskView;
    const s0 = startSession('r', [view('r', null), view('a', 'r', 4), scheduled]);
    expect(s0.nodes.find((n) => n.id === 'b')?.scheduledTask).toEqual(at);
    expect(s0.nodes.find((n) => n.id === 'a')?.scheduledTask).toBeNull();
    const s1 = reduce(s0, { type: 'edit', id: 'a', fields: { scheduledTask: at } });
    const s2 = reduce(s1, { type: 'edit', id: 'b', fields: { scheduledTask: null } });
    expect(sessionChanges(s2).edits).toEqual([
      { id: 'a', scheduledTask: at },
      { id: 'b', scheduledTask: null },
    ]);
    expect(isChanged(reduce(reduce(s2, { type: 'undo' }), { type: 'undo' }))).toBe(false);
  });
});
