import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPlan,
  checkPlan,
  markAllActive,
  moveError,
  PLAN_MAX_NODES,
  PLANNING_MESSAGES,
  type PlanNode,
  planChanged,
  planChanges,
  savePlanInput,
} from '../src/planning/plan.ts';

const node = (id: string, parentId: string | null, extra: Partial<PlanNode> = {}): PlanNode => ({
  id,
  parentId,
  title: `Task ${id}`,
  dueAt: null,
  flag: 3,
  priorityGroup: 0,
  mode: 'draft',
  level: 2,
  ...extra,
});
// root ─ a ─ a1 ─ a11
//      └ b
const tree = [
  node('root', null, { mode: 'active' }),
  node('a', 'root'),
  node('a1', 'a'),
  node('a11', 'a1'),
  node('b', 'root'),
];

describe('the move-validity check', () => {
  it('refuses a move under the node itself or any of its descendants', () => {
    expect(moveError(tree, 'a', 'a')).toBe(PLANNING_MESSAGES.moveUnderDescendant);
    expect(moveError(tree, 'a', 'a1')).toBe(PLANNING_MESSAGES.moveUnderDescendant);
    expect(moveError(tree, 'a', 'a11')).toBe(PLANNING_MESSAGES.moveUnderDescendant);
    expect(moveError(tree, 'a1', 'b')).toBeNull();
    expect(moveError(tree, 'a11', 'root')).toBeNull();
  });
  it('refuses a move under an issue (level 8 takes no sub-items)', () => {
    const withIssue = [...tree, node('issue', 'root', { level: 8 })];
    expect(moveError(withIssue, 'b', 'issue')).toBe(PLANNING_MESSAGES.issueNoChildren);
  });
  it('refuses unknown nodes', () => {
    expect(moveError(tree, 'a', 'nope')).toBe(PLANNING_MESSAGES.unknownNode);
  });
});

describe('checkPlan', () => {
  it('accepts the tree as loaded', () => expect(checkPlan(tree, 'root')).toEqual({}));
  it('asks for a title on every node (blank after trimming counts as none)', () => {
    const edited = tree.map((n) => (n.id === 'a1' ? { ...n, title: '   ' } : n));
    expect(checkPlan(edited, 'root')).toEqual({ 'nodes.a1.title': PLANNING_MESSAGES.titleRequired });
  });
  it('refuses a cycle', () => {
    const edited = tree.map((n) => (n.id === 'a' ? { ...n, parentId: 'a11' } : n));
    const errors = checkPlan(edited, 'root');
    expect(errors['nodes.a.parentId']).toBe(PLANNING_MESSAGES.moveUnderDescendant);
  });
  it('refuses children under a level-8 node', () => {
    const edited = tree.map((n) => (n.id === 'a1' ? { ...n, level: 8 } : n));
    expect(checkPlan(edited, 'root')).toEqual({ 'nodes.a11.parentId': PLANNING_MESSAGES.issueNoChildren });
  });
  it('is bounded at 1,000 nodes', () => {
    const big = [
      node('root', null),
      ...Array.from({ length: PLAN_MAX_NODES }, (_, i) => node(`n${i}`, 'root')),
    ];
    expect(checkPlan(big, 'root')).toEqual({ nodes: PLANNING_MESSAGES.tooManyNodes });
    expect(checkPlan(big.slice(0, PLAN_MAX_NODES), 'root')).toEqual({});
  });
});

describe('planChanges (the changed detection)', () => {
  it('finds nothing when nothing changed, or a field was set back to its original', () => {
    expect(planChanged(tree, tree)).toBe(false);
    const back = tree.map((n) => ({ ...n, title: n.title }));
    expect(planChanged(tree, back)).toBe(false);
  });
  it('names creates parent first, moves, edits of changed fields only, and the topmost deletes', () => {
    const current = [
      ...tree.filter((n) => n.id !== 'a' && n.id !== 'a1'),
      node('new:2', 'new:1'),
      node('new:1', 'b'),
    ].map((n) => (n.id === 'a11' ? { ...n, parentId: 'b' } : n.id === 'b' ? { ...n, title: 'Renamed' } : n));
    const c = planChanges(tree, current);
    expect(c.creates.map((x) => x.id)).toEqual(['new:1', 'new:2']);
    expect(c.moves).toEqual([{ id: 'a11', parentId: 'b', level: 2 }]);
    expect(c.edits).toEqual([{ id: 'b', title: 'Renamed' }]);
    expect(c.deletes).toEqual(['a']);
    // The change set applied to the original gives the current tree back.
    const byId = (ns: PlanNode[]) => Object.fromEntries(ns.map((n) => [n.id, n]));
    expect(byId(applyPlan(tree, c))).toEqual(byId(current));
  });
});

describe('mark all as active', () => {
  it('activates drafts, leaving the root and completed tasks alone', () => {
    const nodes = [node('root', null), node('a', 'root'), node('b', 'root', { mode: 'completed' })];
    const r = markAllActive(nodes, 'root');
    expect('nodes' in r && r.nodes.map((n) => n.mode)).toEqual(['draft', 'active', 'completed']);
    expect('nodes' in r && r.activated).toBe(1);
  });
  it('says all are already active when no draft is left', () => {
    const nodes = [
      node('root', null),
      node('a', 'root', { mode: 'active' }),
      node('b', 'root', { mode: 'completed' }),
    ];
    expect(markAllActive(nodes, 'root')).toEqual({ error: PLANNING_MESSAGES.allActive });
  });
  it('is sent as one bulk activation, not an edit per draft; other mode changes stay edits', () => {
    const nodes = [...tree, node('done', 'root', { mode: 'completed' })];
    const r = markAllActive(nodes, 'root');
    if (!('nodes' in r)) throw new Error('expected drafts to activate');
    const renamed = r.nodes.map((n) => (n.id === 'b' ? { ...n, title: 'Renamed' } : n));
    const c = planChanges(nodes, renamed);
    expect(c.activate).toEqual(['a', 'a1', 'a11', 'b']);
    expect(c.edits).toEqual([{ id: 'b', title: 'Renamed' }]);
    expect(byIdOf(applyPlan(nodes, c))).toEqual(byIdOf(renamed));
    // Taken back to draft: an edit of its mode (not an activation).
    const back = planChanges(
      [node('root', null), node('x', 'root', { mode: 'active' })],
      [node('root', null), node('x', 'root', { mode: 'draft' })],
    );
    expect([back.activate, back.edits]).toEqual([[], [{ id: 'x', mode: 'draft' }]]);
    expect(planChanged(nodes, r.nodes)).toBe(true);
  });
});

const byIdOf = (ns: PlanNode[]) => Object.fromEntries(ns.map((n) => [n.id, n]));

describe('the save body', () => {
  it('takes temp ids for creates only, and priority groups below 4', () => {
    const ok = savePlanInput.safeParse({
      key: 'k-12345678',
      creates: [{ id: 'new:1', parentId: 'r', title: 'x', level: 2 }],
    });
    expect(ok.success).toBe(true);
    expect(
      savePlanInput.safeParse({
        key: 'k-12345678',
        creates: [{ id: 'real', parentId: 'r', title: 'x', level: 2 }],
      }).success,
    ).toBe(false);
    expect(
      savePlanInput.safeParse({ key: 'k-12345678', edits: [{ id: 'a', priorityGroup: 4 }] }).success,
    ).toBe(false);
    expect(
      savePlanInput.safeParse({ key: 'k-12345678', edits: [{ id: 'a', priorityGroup: 3 }] }).success,
    ).toBe(true);
  });
});

describe('no sequence of allowed moves ever makes a cycle', () => {
  it('holds for random trees and random moves (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 60 }),
        (parents, moves) => {
          // Node i's parent is one of the nodes before it: a tree rooted at n0.
          let nodes = [node('n0', null), ...parents.map((p, i) => node(`n${i + 1}`, `n${p % (i + 1)}`))];
          for (const [from, to] of moves) {
            const id = `n${(from % (nodes.length - 1)) + 1}`;
            const target = `n${to % nodes.length}`;
            if (moveError(nodes, id, target) !== null) continue;
            nodes = nodes.map((n) => (n.id === id ? { ...n, parentId: target } : n));
            expect(checkPlan(nodes, 'n0')).toEqual({});
          }
          // A move the check refuses would indeed have made a cycle (or gone under an issue).
          for (const [from, to] of moves) {
            const id = `n${(from % (nodes.length - 1)) + 1}`;
            const target = `n${to % nodes.length}`;
            const moved = nodes.map((n) => (n.id === id ? { ...n, parentId: target } : n));
            expect(moveError(nodes, id, target) === null).toBe(
              Object.keys(checkPlan(moved, 'n0')).length === 0,
            );
          }
        },
      ),
    );
  });
});

describe("a node's task role in the change set (D64)", () => {
  it('is an edit when changed (trimmed), none when set back, and carried by a create', () => {
    const before = [node('root', null), node('a', 'root', { assigningRole: 'Writer' })];
    expect(planChanges(before, [before[0]!, { ...before[1]!, assigningRole: ' Writer ' }]).edits).toEqual([]);
    expect(planChanges(before, [before[0]!, { ...before[1]!, assigningRole: 'Editor' }]).edits).toEqual([
      { id: 'a', assigningRole: 'Editor' },
    ]);
    expect(planChanges(before, [before[0]!, { ...before[1]!, assigningRole: '' }]).edits).toEqual([
      { id: 'a', assigningRole: '' },
    ]);
    const made = planChanges(before, [...before, node('new:1', 'a', { assigningRole: 'QA' })]);
    expect(made.creates[0]).toMatchObject({ id: 'new:1', assigningRole: 'QA' });
    expect(applyPlan(before, made).find((n) => n.id === 'new:1')?.assigningRole).toBe('QA');
    // The schema trims it and bounds it.
    const parsed = savePlanInput.parse({ key: 'k-12345678', edits: [{ id: 'a', assigningRole: ' QA ' }] });
    expect(parsed.edits[0]!.assigningRole).toBe('QA');
    expect(
      savePlanInput.safeParse({ key: 'k-12345678', edits: [{ id: 'a', assigningRole: 'x'.repeat(101) }] })
        .success,
    ).toBe(false);
  });
});

describe('a node’s schedule edit (002 §3 scheduledTask)', () => {
  const at9 = {
    startDate: '2030-05-01T09:00:00.000Z',
    allDay: false,
    duration: 60,
    flexibleTime: 4 as const,
    recurRule: null,
    timezone: 'Europe/Berlin',
  };
  it('is an edit when set, changed or cleared; the same instant written otherwise is no change', () => {
    const set = planChanges(
      tree,
      tree.map((n) => (n.id === 'a' ? { ...n, scheduledTask: at9 } : n)),
    );
    expect(set.edits).toEqual([{ id: 'a', scheduledTask: at9 }]);
    const scheduled = tree.map((n) => (n.id === 'a' ? { ...n, scheduledTask: at9 } : n));
    const weekly = { ...at9, recurRule: 'FREQ=WEEKLY;BYDAY=MO' };
    expect(
      planChanges(
        scheduled,
        scheduled.map((n) => (n.id === 'a' ? { ...n, scheduledTask: weekly } : n)),
      ).edits,
    ).toEqual([{ id: 'a', scheduledTask: weekly }]);
    expect(
      planChanges(
        scheduled,
        scheduled.map((n) => (n.id === 'a' ? { ...n, scheduledTask: null } : n)),
      ).edits,
    ).toEqual([{ id: 'a', scheduledTask: null }]);
    const sameTime = { ...at9, startDate: '2030-05-01T11:00:00+02:00' };
    expect(
      planChanged(
        scheduled,
        scheduled.map((n) => (n.id === 'a' ? { ...n, scheduledTask: sameTime } : n)),
      ),
    ).toBe(false);
    // Absent and null are both "no schedule".
    expect(
      planChanged(
        tree,
        tree.map((n) => ({ ...n, scheduledTask: null })),
      ),
    ).toBe(false);
  });
  it('of a new node comes after its create, as an edit of its temp id; applyPlan carries it', () => {
    const withNew = [...tree, node('new:1', 'b', { scheduledTask: at9 })];
    const c = planChanges(tree, withNew);
    expect(c.creates.map((n) => n.id)).toEqual(['new:1']);
    expect(c.edits).toEqual([{ id: 'new:1', scheduledTask: at9 }]);
    expect(applyPlan(tree, c).find((n) => n.id === 'new:1')?.scheduledTask).toEqual(at9);
    expect(savePlanInput.safeParse({ key: 'k'.repeat(8), ...c }).success).toBe(true);
  });
  it('is refused in the body when its fields are out of range', () => {
    const bad = (s: object) =>
      savePlanInput.safeParse({ key: 'k'.repeat(8), edits: [{ id: 'a', scheduledTask: { ...at9, ...s } }] })
        .success;
    expect(bad({})).toBe(true);
    expect(bad({ duration: 0 })).toBe(false);
    expect(bad({ timezone: 'Mars/Olympus' })).toBe(false);
    expect(bad({ startDate: 'tomorrow' })).toBe(false);
    expect(bad({ flexibleTime: 5 })).toBe(false);
  });
});
