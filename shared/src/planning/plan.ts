/**
 * The planning session (spec 002 §2, §4, §5): a task tree edited locally as nodes, then saved as one
 * change set. The web keeps the nodes as loaded (`original`) and as edited; `planChanges` turns the
 * difference into the change set the save call takes, and `checkPlan` is the one validation both the
 * viewer (before it sends) and the server (before it writes anything) run.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../api/limit-values.ts';
import { sameInstant } from '../api/patch.ts';
import { ISSUE_LEVEL, TASK_FLAG, TASK_MODES, type TaskMode } from '../tasks/constants.ts';
import { canHaveChildren, isValidMove } from '../tasks/rules.ts';
import { ALL_DAY_MINUTES } from '../time/schedule-input.ts';
import { isValidTimezone } from '../user/timezone.ts';
import { PLANNING_MESSAGES, type PlanningMessage } from './messages.ts';

/** A plan holds at most this many nodes: loading, editing and saving stay bounded. */
export const PLAN_MAX_NODES = 1000;
/** New nodes carry ids with this prefix until saved; the server answers their real ids. */
export const TEMP_ID_PREFIX = 'new:';
/** Spec 002 §9: the viewer's node size, zoom range and centring animation. */
export const PLAN_NODE = { width: 300, height: 240 } as const;
export const PLAN_ZOOM = { min: 0.5, max: 2 } as const;
export const PLAN_ANIMATION_MS = 1000;
/** The priority select of the viewer shows only priority groups below this id (002 §9). */
export const PLAN_PRIORITY_BELOW = 4;
/** Eight level colours, one per task level 1–8 (002 §9); level 8 is the issue level. */
export const PLAN_LEVEL_COLOURS = [
  'blue',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
  'grape',
  'red',
] as const;

export * from './messages.ts';

/** The fields of a node the session edits; the rest of the task is shown, not changed here. */
export interface PlanNodeFields {
  title: string;
  dueAt: string | null;
  /** taskDetails.flag: 1 urgent, 3 normal. */
  flag: number;
  priorityGroup: number;
  mode: TaskMode;
  level: number;
  /** The task role (002 §3 taskRole.assigningRole): whose holder the role mapping assigns; '' or
   * absent for none. */
  assigningRole?: string;
  /** The task's schedule as the viewer edits it (002 §3 scheduledTask); null or absent for none. */
  scheduledTask?: PlanSchedule | null;
}
/**
 * The schedule fields a node's edit panel sets (start, all day or duration, flexible time, repeat
 * rule, zone). Saved as PATCH /task/{id} saves scheduled_task: merged onto the task's schedule
 * (its exceptions and attendees stay) and checked by the same rules (planSchedule).
 */
export interface PlanSchedule {
  startDate: string;
  allDay: boolean;
  duration: number;
  flexibleTime: 1 | 2 | 3 | 4;
  recurRule: string | null;
  timezone: string;
}
export interface PlanNode extends PlanNodeFields {
  id: string;
  parentId: string | null;
}
export const PLAN_EDIT_FIELDS = [
  'title',
  'dueAt',
  'flag',
  'priorityGroup',
  'mode',
  'level',
  'assigningRole',
  'scheduledTask',
] as const;
/** Longest task role name (the account roles' limit, shared/src/roles). */
export const PLAN_ROLE_MAX = 100;

const id = z.string().check(z.minLength(1), z.maxLength(80));
const isoDate = z.iso.datetime({ offset: true, error: 'Give a date and time in ISO 8601.' });
const level = z.int().check(z.gte(1), z.lte(ISSUE_LEVEL));
const flag = z.union([z.literal(TASK_FLAG.urgent), z.literal(TASK_FLAG.normal)]);
const priorityGroup = z.int().check(z.gte(0), z.lt(PLAN_PRIORITY_BELOW));
/** A node's task role: trimmed, '' for none. */
const assigningRole = z
  .string()
  .check(z.trim(), z.maxLength(PLAN_ROLE_MAX, `A role name has at most ${PLAN_ROLE_MAX} characters.`));
/** A title as typed: checked for emptiness by `checkPlan` (planning.title-required), not here. */
const title = z
  .string()
  .check(z.maxLength(TEXT_LIMITS.taskTitle, `A title has at most ${TEXT_LIMITS.taskTitle} characters.`));

const planSchedule = z.strictObject({
  startDate: isoDate,
  allDay: z.boolean(),
  duration: z.int().check(z.gte(1), z.lte(ALL_DAY_MINUTES)),
  flexibleTime: z.literal([1, 2, 3, 4]),
  recurRule: z.nullable(z.string().check(z.maxLength(500))),
  timezone: z.string().check(z.refine(isValidTimezone, 'Unknown time zone')),
});

const PLAN_SCHEDULE_KEYS = [
  'startDate',
  'allDay',
  'duration',
  'flexibleTime',
  'recurRule',
  'timezone',
] as const;

/** The same schedule, however its start is written (instants compare as instants). */
export const sameSchedule = (a: PlanSchedule | null | undefined, b: PlanSchedule | null | undefined) =>
  !a || !b
    ? !a === !b
    : PLAN_SCHEDULE_KEYS.every((k) => (k === 'startDate' ? sameInstant : Object.is)(a[k], b[k]));

/** A task's stored or viewed schedule as a node carries it (only the fields the viewer edits). */
export const planScheduleOf = (s: PlanSchedule | null | undefined): PlanSchedule | null =>
  s
    ? (Object.fromEntries(PLAN_SCHEDULE_KEYS.map((k) => [k, s[k] ?? null])) as unknown as PlanSchedule)
    : null;

export const planCreate = z.strictObject({
  id: id.check(z.startsWith(TEMP_ID_PREFIX)),
  /** An existing task's id or another create's temp id. */
  parentId: id,
  title,
  level,
  dueAt: z._default(z.nullable(isoDate), null),
  flag: z._default(flag, TASK_FLAG.normal),
  priorityGroup: z._default(priorityGroup, 0),
  mode: z._default(z.enum(['draft', 'active']), 'draft'),
  assigningRole: z.optional(assigningRole),
});
export const planMove = z.strictObject({ id, parentId: id, level });
export const planEdit = z.strictObject({
  id,
  title: z.optional(title),
  dueAt: z.optional(z.nullable(isoDate)),
  flag: z.optional(flag),
  priorityGroup: z.optional(priorityGroup),
  mode: z.optional(z.enum(TASK_MODES)),
  assigningRole: z.optional(assigningRole),
  /** The node's schedule set (the fields of PlanSchedule) or cleared (null). A new node's schedule
   * comes as an edit of its temp id, written once the node is created. */
  scheduledTask: z.optional(z.nullable(planSchedule)),
});
export const savePlanInput = z.strictObject({
  /** One key per save: a retry with the same key writes nothing new. */
  key: z.string().check(z.minLength(8), z.maxLength(80)),
  creates: z._default(z.array(planCreate).check(z.maxLength(PLAN_MAX_NODES)), []),
  moves: z._default(z.array(planMove).check(z.maxLength(PLAN_MAX_NODES)), []),
  edits: z._default(z.array(planEdit).check(z.maxLength(PLAN_MAX_NODES)), []),
  /** Deleted nodes (with whatever is still under them once the moves are made). */
  deletes: z._default(z.array(id).check(z.maxLength(PLAN_MAX_NODES)), []),
  /** Existing drafts made active ("mark all as active", 002 §4): one bulk mode change on the server,
   * with what activation sets (the activation time, the creator's counters), not an edit each. */
  activate: z._default(z.array(id).check(z.maxLength(PLAN_MAX_NODES)), []),
});
export type SavePlanInput = z.infer<typeof savePlanInput>;
export type PlanChanges = Omit<SavePlanInput, 'key'>;

export const isTempId = (nodeId: string) => nodeId.startsWith(TEMP_ID_PREFIX);

/** True when the change set changes nothing. */
export const isEmptyPlan = (c: PlanChanges) =>
  c.creates.length + c.moves.length + c.edits.length + c.deletes.length + c.activate.length === 0;

/** The ids of `nodeId`'s ancestors, nearest first (stops at a loop rather than running on). */
export function ancestorsOf(byId: ReadonlyMap<string, Pick<PlanNode, 'parentId'>>, nodeId: string) {
  const out: string[] = [];
  const seen = new Set([nodeId]);
  for (let a = byId.get(nodeId)?.parentId ?? null; a && !seen.has(a); a = byId.get(a)?.parentId ?? null) {
    out.push(a);
    seen.add(a);
  }
  return out;
}

/**
 * The move-validity check (002 §4): `nodeId` may go under `newParentId` unless that is itself or one
 * of its descendants, and unless the new parent is an issue (level 8 takes no sub-items).
 */
export function moveError(
  nodes: readonly PlanNode[] | ReadonlyMap<string, PlanNode>,
  nodeId: string,
  newParentId: string,
) {
  const byId = nodes instanceof Map ? nodes : new Map((nodes as PlanNode[]).map((n) => [n.id, n]));
  const parent = byId.get(newParentId);
  if (!parent || !byId.has(nodeId)) return PLANNING_MESSAGES.unknownNode;
  if (!isValidMove(nodeId, newParentId, ancestorsOf(byId, newParentId)))
    return PLANNING_MESSAGES.moveUnderDescendant;
  if (!canHaveChildren(parent.level)) return PLANNING_MESSAGES.issueNoChildren;
  return null;
}

/**
 * Every rule of a plan as it would be after saving, answered field by field (`nodes.<id>.<field>`):
 * each node has a title, one root, no cycle, every parent known, no child under an issue, and no more
 * than PLAN_MAX_NODES nodes. Empty when the plan may be saved.
 */
export function checkPlan(nodes: readonly PlanNode[], rootId: string): Record<string, PlanningMessage> {
  const errors: Record<string, PlanningMessage> = {};
  if (nodes.length > PLAN_MAX_NODES) return { nodes: PLANNING_MESSAGES.tooManyNodes };
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const n of nodes) {
    if (!n.title.trim()) errors[`nodes.${n.id}.title`] = PLANNING_MESSAGES.titleRequired;
    if (n.id === rootId) continue;
    const parent = n.parentId ? byId.get(n.parentId) : undefined;
    if (!parent) {
      errors[`nodes.${n.id}.parentId`] = PLANNING_MESSAGES.unknownNode;
      continue;
    }
    // Walking up must reach the root: a loop never does.
    const up = ancestorsOf(byId, n.id);
    if (up[up.length - 1] !== rootId)
      errors[`nodes.${n.id}.parentId`] = PLANNING_MESSAGES.moveUnderDescendant;
    else if (!canHaveChildren(parent.level))
      errors[`nodes.${n.id}.parentId`] = PLANNING_MESSAGES.issueNoChildren;
  }
  return errors;
}

/**
 * A change set applied to the tree as loaded, with nothing checked: creates (parents before
 * children), moves, edits, then deletes with whatever still hangs under them. `checkPlan` says
 * whether the result may be saved.
 */
export function applyPlan(original: readonly PlanNode[], c: PlanChanges): PlanNode[] {
  const byId = new Map(original.map((n) => [n.id, { ...n }]));
  for (const n of c.creates) {
    const { id: nodeId, parentId, title: t, level: l, dueAt, flag: f, priorityGroup: p, mode } = n;
    byId.set(nodeId, {
      id: nodeId,
      parentId,
      title: t,
      level: l,
      dueAt,
      flag: f,
      priorityGroup: p,
      mode,
      ...(n.assigningRole ? { assigningRole: n.assigningRole } : {}),
    });
  }
  for (const m of c.moves) {
    const n = byId.get(m.id);
    if (n) Object.assign(n, { parentId: m.parentId, level: m.level });
  }
  for (const { id: nodeId, ...fields } of c.edits) {
    const n = byId.get(nodeId);
    if (n) for (const [k, v] of Object.entries(fields)) if (v !== undefined) Object.assign(n, { [k]: v });
  }
  for (const nodeId of c.activate) {
    const n = byId.get(nodeId);
    if (n) n.mode = 'active';
  }
  const doomed = new Set(c.deletes);
  for (const d of c.deletes) for (const s of subtreeOf([...byId.values()], d)) doomed.add(s.id);
  return [...byId.values()].filter((n) => !doomed.has(n.id));
}

/** `nodeId`'s descendants (not itself), breadth first. */
export function subtreeOf(nodes: readonly PlanNode[], nodeId: string): PlanNode[] {
  const kids = new Map<string, PlanNode[]>();
  for (const n of nodes) if (n.parentId) kids.set(n.parentId, [...(kids.get(n.parentId) ?? []), n]);
  const out: PlanNode[] = [];
  const seen = new Set([nodeId]);
  const queue = [nodeId];
  while (queue.length) {
    for (const k of kids.get(queue.shift()!) ?? []) {
      if (seen.has(k.id)) continue;
      seen.add(k.id);
      out.push(k);
      queue.push(k.id);
    }
  }
  return out;
}

/**
 * The "changed" detection (002 §3): the change set that turns `original` into `current`, comparing
 * each node with its original values. A node gone from `current` is deleted; survivors that hung
 * under it appear as moves, so only the topmost deleted nodes are named.
 */
export function planChanges(original: readonly PlanNode[], current: readonly PlanNode[]): PlanChanges {
  const before = new Map(original.map((n) => [n.id, n]));
  const after = new Map(current.map((n) => [n.id, n]));
  const out: PlanChanges = { creates: [], moves: [], edits: [], deletes: [], activate: [] };
  // Creates parent first: a new node's new parent is created before it.
  const fresh = current.filter((n) => !before.has(n.id));
  const depth = (n: PlanNode) => ancestorsOf(after, n.id).length;
  for (const n of [...fresh].sort((a, b) => depth(a) - depth(b))) {
    out.creates.push({
      id: n.id,
      parentId: n.parentId ?? '',
      title: n.title,
      level: n.level,
      dueAt: n.dueAt,
      flag: n.flag as 1 | 3,
      priorityGroup: n.priorityGroup,
      mode: n.mode === 'active' ? 'active' : 'draft',
      ...(n.assigningRole?.trim() ? { assigningRole: n.assigningRole.trim() } : {}),
    });
  }
  for (const n of current) {
    const o = before.get(n.id);
    if (!o) continue;
    if (o.parentId !== n.parentId && n.parentId)
      out.moves.push({ id: n.id, parentId: n.parentId, level: n.level });
    const edit: PlanChanges['edits'][number] = { id: n.id };
    if (o.title !== n.title) edit.title = n.title;
    if (o.dueAt !== n.dueAt) edit.dueAt = n.dueAt;
    if (o.flag !== n.flag) edit.flag = n.flag as 1 | 3;
    if (o.priorityGroup !== n.priorityGroup) edit.priorityGroup = n.priorityGroup;
    // A draft made active is the bulk mode change; any other mode change is the node's own edit.
    if (o.mode === 'draft' && n.mode === 'active') out.activate.push(n.id);
    else if (o.mode !== n.mode) edit.mode = n.mode;
    if ((o.assigningRole ?? '').trim() !== (n.assigningRole ?? '').trim())
      edit.assigningRole = (n.assigningRole ?? '').trim();
    if (!sameSchedule(o.scheduledTask, n.scheduledTask)) edit.scheduledTask = planScheduleOf(n.scheduledTask);
    if (Object.keys(edit).length > 1) out.edits.push(edit);
  }
  // A new node's schedule is set once the node exists: an edit of its temp id after the creates.
  for (const n of fresh)
    if (n.scheduledTask) out.edits.push({ id: n.id, scheduledTask: planScheduleOf(n.scheduledTask) });
  for (const o of original) {
    if (after.has(o.id)) continue;
    const parentGone = o.parentId !== null && before.has(o.parentId) && !after.has(o.parentId);
    if (!parentGone) out.deletes.push(o.id);
  }
  return out;
}

/** True when the session has changes to save (the discard button closes without asking otherwise). */
export const planChanged = (original: readonly PlanNode[], current: readonly PlanNode[]) =>
  !isEmptyPlan(planChanges(original, current));

/**
 * Mark all as active (002 §4): drafts become active; completed tasks and the root are left alone.
 * With no drafts, the error key planning.all-tasks-already-active.
 */
export function markAllActive(
  nodes: readonly PlanNode[],
  rootId: string,
): { nodes: PlanNode[]; activated: number } | { error: typeof PLANNING_MESSAGES.allActive } {
  let activated = 0;
  const out = nodes.map((n) => {
    if (n.id === rootId || n.mode !== 'draft') return n;
    activated++;
    return { ...n, mode: 'active' as const };
  });
  return activated ? { nodes: out, activated } : { error: PLANNING_MESSAGES.allActive };
}
