/**
 * The planning session (spec 002 §4): the plan's nodes as loaded and as edited, with undo and redo.
 * Every edit stays here until saved; the save sends `planChanges(original, nodes)`. Pure, so the rules
 * are tested without a browser (the shared rules decide; this only applies them).
 */
import {
  isEmptyPlan,
  markAllActive,
  moveError,
  type PlanChanges,
  type PlanNode,
  type PlanNodeFields,
  type PlanningMessage,
  planChanges,
  planScheduleOf,
  TEMP_ID_PREFIX,
} from '@tandem/shared/planning/plan';
import { ISSUE_LEVEL } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';

export interface Session {
  rootId: string;
  original: PlanNode[];
  nodes: PlanNode[];
  past: PlanNode[][];
  future: PlanNode[][];
  /** Temp ids handed out so far (new:1, new:2…). */
  made: number;
  /** Existing tasks brought in from elsewhere (the left panel), with their descendants. */
  adopted: ReadonlySet<string>;
}

export const nodeOfView = (v: TaskView, rootId: string): PlanNode => ({
  id: v.id,
  parentId: v.id === rootId ? null : (v.parent?.id ?? null),
  title: v.title,
  dueAt: v.dueAt,
  flag: v.taskDetails.flag,
  priorityGroup: v.priorityGroup.id,
  mode: v.mode as PlanNode['mode'],
  level: v.level.id,
  assigningRole: v.taskRole?.assigningRole ?? '',
  scheduledTask: planScheduleOf(v.scheduledTask),
});

export function startSession(rootId: string, views: readonly TaskView[]): Session {
  const nodes = views.map((v) => nodeOfView(v, rootId));
  return { rootId, original: nodes, nodes, past: [], future: [], made: 0, adopted: new Set() };
}

export type SessionAction =
  | { type: 'edit'; id: string; fields: Partial<PlanNodeFields> }
  | { type: 'addChild'; parentId: string; title: string }
  | { type: 'move'; id: string; parentId: string }
  | { type: 'delete'; id: string; withChildren: boolean }
  | { type: 'activateAll' }
  /** An existing task and its descendants (as loaded, the task first) brought under `parentId`. */
  | { type: 'adopt'; nodes: PlanNode[]; parentId: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'reset'; session: Session };

/** What an action was refused for (a key of the planning messages), or null when it was applied. */
export function refusal(s: Session, a: SessionAction): PlanningMessage | null {
  if (a.type === 'move') return moveError(s.nodes, a.id, a.parentId);
  if (a.type === 'adopt') {
    const parent = s.nodes.find((n) => n.id === a.parentId);
    if (a.nodes.some((n) => s.nodes.some((x) => x.id === n.id))) return 'planning.move-under-descendant';
    return parent && parent.level >= ISSUE_LEVEL ? 'planning.issue-no-children' : null;
  }
  if (a.type === 'addChild') {
    const parent = s.nodes.find((n) => n.id === a.parentId);
    return parent && parent.level >= ISSUE_LEVEL ? 'planning.issue-no-children' : null;
  }
  if (a.type === 'activateAll') {
    const r = markAllActive(s.nodes, s.rootId);
    return 'error' in r ? r.error : null;
  }
  return null;
}

const withNodes = (s: Session, nodes: PlanNode[], extra: Partial<Session> = {}): Session => ({
  ...s,
  ...extra,
  nodes,
  past: [...s.past, s.nodes].slice(-100),
  future: [],
});

export function reduce(s: Session, a: SessionAction): Session {
  switch (a.type) {
    case 'reset':
      return a.session;
    case 'undo': {
      const prev = s.past.at(-1);
      return prev ? { ...s, nodes: prev, past: s.past.slice(0, -1), future: [s.nodes, ...s.future] } : s;
    }
    case 'redo': {
      const next = s.future[0];
      return next ? { ...s, nodes: next, past: [...s.past, s.nodes], future: s.future.slice(1) } : s;
    }
    case 'edit': {
      const n = s.nodes.find((x) => x.id === a.id);
      if (!n || Object.entries(a.fields).every(([k, v]) => n[k as keyof PlanNode] === v)) return s;
      return withNodes(
        s,
        s.nodes.map((x) => (x.id === a.id ? { ...x, ...a.fields } : x)),
      );
    }
    case 'addChild': {
      if (refusal(s, a)) return s;
      const parent = s.nodes.find((n) => n.id === a.parentId)!;
      const made = s.made + 1;
      // A draft one level down from its parent (002 §2), in the parent's priority group.
      const child: PlanNode = {
        id: `${TEMP_ID_PREFIX}${made}`,
        parentId: parent.id,
        title: a.title,
        dueAt: null,
        flag: 3,
        priorityGroup: parent.priorityGroup < 4 ? parent.priorityGroup : 0,
        mode: 'draft',
        level: Math.min(parent.level + 1, ISSUE_LEVEL),
      };
      return withNodes(s, [...s.nodes, child], { made });
    }
    case 'move': {
      if (refusal(s, a)) return s;
      return withNodes(
        s,
        s.nodes.map((n) => (n.id === a.id ? { ...n, parentId: a.parentId } : n)),
      );
    }
    case 'delete': {
      const n = s.nodes.find((x) => x.id === a.id);
      if (!n || a.id === s.rootId) return s;
      if (a.withChildren) {
        const gone = new Set([a.id]);
        for (let grew = true; grew; ) {
          grew = false;
          for (const x of s.nodes)
            if (x.parentId && gone.has(x.parentId) && !gone.has(x.id)) {
              gone.add(x.id);
              grew = true;
            }
        }
        return withNodes(
          s,
          s.nodes.filter((x) => !gone.has(x.id)),
        );
      }
      // Only the middle node: its children move up to its parent.
      return withNodes(
        s,
        s.nodes
          .filter((x) => x.id !== a.id)
          .map((x) => (x.parentId === a.id ? { ...x, parentId: n.parentId } : x)),
      );
    }
    case 'adopt': {
      if (refusal(s, a) || a.nodes.length === 0) return s;
      const [top, ...rest] = a.nodes;
      // As loaded they join the original (so only the move shows as a change), moved in the nodes.
      const known = new Set(s.original.map((n) => n.id));
      return withNodes(s, [...s.nodes, { ...top!, parentId: a.parentId }, ...rest], {
        original: [...s.original, ...a.nodes.filter((n) => !known.has(n.id))],
        adopted: new Set([...s.adopted, ...a.nodes.map((n) => n.id)]),
      });
    }
    case 'activateAll': {
      const r = markAllActive(s.nodes, s.rootId);
      return 'error' in r ? s : withNodes(s, r.nodes);
    }
  }
}

/**
 * What the save sends: the changes from the original, less deletes of brought-in tasks (taking one
 * out again, or undoing it, only leaves it where it was).
 */
export function sessionChanges(s: Session): PlanChanges {
  const c = planChanges(s.original, s.nodes);
  return { ...c, deletes: c.deletes.filter((id) => !s.adopted.has(id)) };
}

export const isChanged = (s: Session) => !isEmptyPlan(sessionChanges(s));
