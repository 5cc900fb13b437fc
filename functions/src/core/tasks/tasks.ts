/**
 * Tasks: create (with sub-tasks, and one copy per assignee for an individual delegation), read, list,
 * update under the save rules and field permissions, delete with or without sub-tasks, dismiss.
 *
 * Requests per call are constant where the data allows: a list is one Query of the caller's
 * placements (one priority group, or all) plus BatchGetItem for the page's tasks and their groups.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  applySaveRules,
  CREATOR_ASSIGNEE_ROLE,
  type CreateTaskInput,
  camelToSnakeKey,
  can,
  canHaveChildren,
  changedFields,
  completedWithinDay,
  createTaskInput,
  DEFAULT_LEVEL,
  endSortCode,
  endSortCodes,
  errorCodes,
  followersInPanel,
  GROUP_LOCKED_MESSAGE,
  isGroupLocked,
  isPinnedToToday,
  PRIORITY_GROUP,
  passesGroups,
  passesLevels,
  ROLES,
  type RoleId,
  sumCounts,
  TASK_CHANGED_MESSAGE,
  TASK_ERROR_CODES,
  TASK_MESSAGES,
  TASK_PATCH_COMPARE,
  TASK_STATUS,
  type TaskConflictDetail,
  type TaskValidationResult,
  type TaskView,
  taskCountDelta,
  taskPatchPermissions,
  todayPlacement,
  type UpdateTaskInput,
} from '@tandem/shared';
import { PLANNING_MESSAGES, PLANNING_TEXTS } from '@tandem/shared/planning/messages';
import { generateKeyBetween } from 'fractional-indexing';
import { getItems, item } from '../../db/batch-get.ts';
import { documentClient } from '../../db/client.ts';
import { transactContacts } from '../../db/entities/contact-entities.ts';
import { GroupEntity } from '../../db/entities/group.ts';
import {
  dayWatchKeys,
  delegatedOutKeys,
  delegatedOutPartition,
  delegatedOutRemoved,
  PlacementEntity,
} from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { readTaskFamily } from '../../db/task-family.ts';
import { MAX_TRANSACTION_ITEMS, packSteps, TransactionCanceledError, transact } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { isAnyConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  ValidationError,
} from '../../lib/errors.ts';
import {
  type CursorPage,
  countOf,
  electroCursor,
  keysOfCursor,
  type RawKeys,
  readPage,
} from '../../lib/list-pages.ts';
import { assertTaskCountsFit, limitFailure, taskCounterWrite } from '../access/limits.ts';
import { avatarIdOf, displayName, type GroupRecord, memberOf } from '../access/roster.ts';
import {
  counted,
  groupsById,
  loadTask,
  type PlacementRecord,
  peopleOf,
  requireDeleteAll,
  requireTaskPermission,
  roleOn,
  type TaskAssignee,
  type TaskRecord,
  taskFor,
  taskView,
} from '../access/task-access.ts';
import { linkCount, taskLinkFailure, taskLinkWrites } from '../contacts/task-links.ts';
import { inviteAttendees, planSchedule, scheduleAsSent } from '../schedules/schedules.ts';
import { getUser, isInternalUser, type UserRecord } from '../user/user.ts';
import { descriptionDocChange, withDescriptionDoc } from './description.ts';

export const MAX_ASSIGNEES = 50;
const PINNED = 'This task is pinned to today because it is urgent or due today.';
const staleTask = () => new ConflictError('The task was changed by someone else. Reload and try again.');

/** 409 for an edit made over an older version, carrying the task as it is now (shared tasks/conflict.ts). */
function taskConflict(task: TaskRecord, ctx: Parameters<typeof taskView>[1]): HttpError {
  const detail: TaskConflictDetail = {
    message: TASK_CHANGED_MESSAGE,
    current: withDescriptionDoc(taskView(task, ctx), task),
  };
  return new HttpError(409, errorCodes.conflict, TASK_CHANGED_MESSAGE, detail);
}

type NewTask = Omit<TaskRecord, 'version' | 'createdAt' | 'updatedAt'>;
interface NewPlacement {
  userId: string;
  taskId: string;
  priorityGroup: number;
  position: 'top' | 'bottom';
  isOwner: boolean;
  delegatedToMe: boolean;
}

const zoneOf = (user: UserRecord, given?: string) => given ?? user.config.timezone ?? 'UTC';

/**
 * Sort codes for new placements, grouped per (person, priority group, position), in the given order:
 * codes at the ends of a list come from the clock (shared endSortCodes), so no list is read.
 */
function codesFor(placements: NewPlacement[]): string[] {
  const buckets = new Map<string, number[]>();
  placements.forEach((p, i) => {
    const k = `${p.userId}|${p.priorityGroup}|${p.position}`;
    buckets.set(k, [...(buckets.get(k) ?? []), i]);
  });
  const codes: string[] = new Array(placements.length);
  for (const indexes of buckets.values()) {
    const keys = endSortCodes(placements[indexes[0]!]!.position, indexes.length);
    indexes.forEach((idx, n) => {
      codes[idx] = keys[n]!;
    });
  }
  return codes;
}

function resolveAssignees(
  input: CreateTaskInput['taskAssignees'] | undefined,
  group: GroupRecord,
  creator: UserRecord,
  now: string,
): TaskAssignee[] {
  if (input === undefined) {
    return [
      {
        userId: creator.userId,
        email: creator.email ?? '',
        name: displayName(creator),
        ...avatarIdOf(creator),
        role: CREATOR_ASSIGNEE_ROLE,
        createdAt: now,
      },
    ];
  }
  if (input.length === 0)
    throw new ValidationError(
      { task_assignees: TASK_MESSAGES.assigneesRequired },
      TASK_MESSAGES.assigneesRequired,
      TASK_ERROR_CODES[TASK_MESSAGES.assigneesRequired],
    );
  if (input.length > MAX_ASSIGNEES)
    throw new ValidationError({ task_assignees: `At most ${MAX_ASSIGNEES} assignees.` });
  const members = Object.values(group.members).filter((m) => m.userId && m.invitationStatus === 'accepted');
  const seen = new Set<string>();
  return input.flatMap((a) => {
    const m = members.find((x) => (a.user && x.userId === a.user) || (a.email && x.email === a.email));
    if (!m) {
      throw new ValidationError({
        task_assignees: `Only members of this group can be assigned: ${a.email ?? a.user}.`,
      });
    }
    if (seen.has(m.userId!)) return [];
    seen.add(m.userId!);
    return [
      {
        userId: m.userId!,
        email: m.email,
        name: m.name,
        ...(m.avatarId ? { avatarId: m.avatarId } : {}),
        role: a.role as RoleId,
        createdAt: now,
      },
    ];
  });
}

const ISSUES_INTERNAL_ONLY =
  'Issues are kept by the internal accounts only. Choose Today, Next, Later or Future.';

export { counted } from '../access/task-access.ts';

import { doneCheckItems, requireCustomValuesForDone } from '../custom-fields/done-check.ts';

/**
 * Every check of a create, with nothing written: the caller's rights in the group and on the parent,
 * the issue rule, who may use Issues, the assignees and the subscription limits. Returns what the
 * write needs. GET /task/validation runs exactly this.
 */
async function prepareCreate(actor: Actor, input: CreateTaskInput, now: Date) {
  // One round trip for the caller, the group and the parent (its group too, when another one).
  const [stored, group, parentRead] = await getItems([
    item<UserRecord>(UserEntity, { userId: actor.userId }),
    item<GroupRecord>(GroupEntity, { groupId: input.group }),
    ...(input.parent ? [item<TaskRecord>(TaskEntity, { taskId: input.parent })] : []),
  ] as const);
  const user = stored?.provisionedAt ? stored : await getUser(actor);
  const me = memberOf(group?.deleting ? null : group, actor);
  requireTaskPermission(me.role, 'task.title', 'group');
  let parent: TaskRecord | null = null;
  if (input.parent) {
    if (!parentRead) throw new NotFoundError();
    const parentGroup =
      parentRead.groupId === input.group
        ? group
        : (await getItems([item<GroupRecord>(GroupEntity, { groupId: parentRead.groupId })]))[0];
    const parentRole = roleOn(parentRead, parentGroup, actor);
    if (parentRole === null) throw new NotFoundError();
    requireTaskPermission(parentRole, 'task.addChildren', 'parent');
    if (!canHaveChildren(parentRead.level))
      throw new ValidationError({ parent: TASK_MESSAGES.issueNoChildren });
    parent = parentRead;
  }
  const asked = [input.priorityGroup, ...input.children.map((c) => c.priorityGroup)];
  if (asked.includes(PRIORITY_GROUP.issue) && !isInternalUser(user)) {
    throw new ValidationError({ priority_group: ISSUES_INTERNAL_ONLY }, ISSUES_INTERNAL_ONLY);
  }
  const iso = now.toISOString();
  const assignees = resolveAssignees(input.taskAssignees, group!, user, iso);
  const zone = zoneOf(user, input.userTimezone);
  // The schedule sent with the task (spec 000 §3), under the rules of PATCH /task/schedule/{id}.
  const schedulePlan = input.scheduledTask
    ? planSchedule(undefined, input.scheduledTask, zone, now, ['scheduledTask'])
    : null;

  const base = (
    fields: typeof input | (typeof input.children)[number],
    taskId: string,
    parentTask: { id: string; rootId: string } | null,
  ): NewTask => {
    const state = applySaveRules(
      null,
      {
        status: fields.status,
        mode: fields.mode,
        flag: fields.details.flag,
        priorityGroup: fields.priorityGroup ?? input.priorityGroup,
        dueAt: fields.dueAt,
        completionAt: null,
        activatedAt: null,
        taskPosition: fields.taskPosition,
      },
      now,
    );
    return {
      taskId,
      title: fields.title,
      description: fields.details.description,
      ...(fields.details.descriptionDoc ? { descriptionDoc: fields.details.descriptionDoc } : {}),
      flag: fields.details.flag,
      status: state.status,
      mode: state.mode,
      level: fields.level ?? DEFAULT_LEVEL,
      groupId: input.group,
      ...(parentTask ? { parentId: parentTask.id } : {}),
      rootId: parentTask?.rootId ?? taskId,
      createdBy: actor.userId,
      creatorName: displayName(user),
      ...(user.config.avatar ? { creatorAvatarId: user.config.avatar.id } : {}),
      delegationType: input.delegationType,
      assignees: {},
      childCount: 0, // counted below, once every new task is known
      ...(fields.dueAt ? { dueAt: fields.dueAt } : {}),
      ...(state.activatedAt ? { activatedAt: state.activatedAt } : {}),
    };
  };

  const mainId = randomUUID();
  const main: NewTask = {
    ...base(input, mainId, parent ? { id: parent.taskId, rootId: parent.rootId } : null),
    ...(schedulePlan ? { schedule: schedulePlan.schedule } : {}),
    ...(input.inputType ? { inputType: input.inputType } : {}),
  };
  // Each new task with the input it came from (for its priority group and position).
  type Fields = typeof input | (typeof input.children)[number];
  const tasks: Array<{ t: NewTask; fields: Fields }> = [];
  if (input.delegationType === 'IP' && assignees.length > 0) {
    // The copies hang under the individual parent: an issue cannot be delegated individually.
    if (!canHaveChildren(main.level)) {
      throw new ValidationError(
        { delegation_type: TASK_MESSAGES.issueNoChildren },
        TASK_MESSAGES.issueNoChildren,
      );
    }
    // Individual delegation: the delegator keeps the parent; each assignee gets a copy of their own.
    tasks.push({ t: { ...main, assignees: {}, managerId: actor.userId }, fields: input });
    for (const a of assignees) {
      const copy = base(input, randomUUID(), { id: mainId, rootId: main.rootId }); // the schedule stays on the parent
      tasks.push({ t: { ...copy, delegationType: 'IC', assignees: { [a.userId]: a } }, fields: input });
    }
  } else {
    tasks.push({
      t: { ...main, assignees: Object.fromEntries(assignees.map((a) => [a.userId, a])) },
      fields: input,
    });
  }
  if (input.children.length && !canHaveChildren(main.level)) {
    throw new ValidationError({ children: TASK_MESSAGES.issueNoChildren });
  }
  for (const child of input.children) {
    const c = base(child, randomUUID(), { id: mainId, rootId: main.rootId });
    tasks.push({ t: { ...c, assignees: tasks[0]!.t.assignees, delegationType: 'SI' }, fields: child });
  }

  // Sub-task counts of the new tasks; a new task under an existing parent adds one to that parent's.
  for (const { t } of tasks) t.childCount = tasks.filter((x) => x.t.parentId === t.taskId).length;

  // The creator's counters: refused here, before anything is written, when they would pass a limit.
  const delta = sumCounts(tasks.map(({ t }) => taskCountDelta(null, counted(t))));
  assertTaskCountsFit(user, delta);

  // Each task is on its creator's lists and on each assignee's; the Today rule may place it in Today.
  const placements: Array<NewPlacement & { task: NewTask }> = [];
  for (const { t, fields } of tasks) {
    const people = new Set([actor.userId, ...Object.keys(t.assignees)]);
    const asked = fields.priorityGroup ?? input.priorityGroup;
    const today = todayPlacement(
      null,
      { status: t.status, flag: t.flag, dueAt: t.dueAt ?? null },
      asked,
      zone,
      now,
    );
    for (const userId of people) {
      placements.push({
        task: t,
        userId,
        taskId: t.taskId,
        priorityGroup: (t.schedule ? schedulePlan?.priorityGroup : null) ?? today?.priorityGroup ?? asked,
        position: today?.position ?? fields.taskPosition,
        isOwner: userId === actor.userId,
        delegatedToMe: userId !== actor.userId,
      });
    }
  }
  return { user, group, parent, zone, mainId, tasks, placements, delta, schedulePlan };
}

/**
 * GET /task/validation: a task payload checked as POST /task checks it (the schema, then every
 * domain rule through prepareCreate), with nothing written. Answers the form's errors by field.
 */
export async function validateTask(
  actor: Actor,
  payload: unknown,
  now = new Date(),
): Promise<TaskValidationResult> {
  const out: TaskValidationResult = { valid: false, errors: {}, codes: {} };
  const add = (field: string, message: string, code?: string) => {
    if (field in out.errors) return;
    out.errors[field] = message;
    const c = code ?? TASK_ERROR_CODES[message];
    if (c) out.codes[field] = c;
  };
  const parsed = createTaskInput.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      add(
        issue.path.map((p) => (typeof p === 'string' ? camelToSnakeKey(p) : String(p))).join('.') || 'task',
        issue.message,
      );
    }
    return out;
  }
  try {
    await prepareCreate(actor, parsed.data, now);
  } catch (e) {
    if (!(e instanceof HttpError) || e.status >= 500) throw e;
    // A group the caller cannot see reads as a field error of the form, as a 404 would on save.
    const fields = Object.keys(e.errors).length
      ? e.errors
      : { [e.status === 404 ? 'group' : 'task']: e.message };
    const code = e.status === 400 && e.code !== errorCodes.validation ? e.code : undefined;
    for (const [field, message] of Object.entries(fields)) add(field, message, code);
    return out;
  }
  return { valid: true, errors: {}, codes: {} };
}

export async function createTask(actor: Actor, input: CreateTaskInput, now = new Date()) {
  const { user, group, parent, zone, mainId, tasks, placements, delta, schedulePlan } = await prepareCreate(
    actor,
    input,
    now,
  );
  const codes = codesFor(placements);
  // Tasks made together keep the order they were given in: each is a millisecond after the one before.
  const createdAt = (id: string) =>
    new Date(now.getTime() + tasks.findIndex(({ t }) => t.taskId === id)).toISOString();
  // The counters come first, so a refusal at the limit stops the first transaction and writes nothing.
  const writes = [
    { kind: 'counters' as const },
    ...(parent ? [{ kind: 'parent' as const, id: parent.taskId }] : []),
    ...tasks.map(({ t }) => ({ kind: 'task' as const, t })),
    // Each new sub-task's link in its parent's partition (GET reads the children through them).
    ...tasks.flatMap(({ t }) =>
      t.parentId ? [{ kind: 'link' as const, parentId: t.parentId, childId: t.taskId }] : [],
    ),
    ...placements.map((p, i) => ({ kind: 'placement' as const, p, code: codes[i]! })),
  ];
  // The first transaction also carries the contact's and company's links (at most 4 items).
  const room = (i: number) => (i === 0 ? 100 - linkCount(input) : 100);
  for (let i = 0; i < writes.length; i += room(i)) {
    const chunk = writes.slice(i, i + room(i));
    // The contact's and company's task links (spec 001 §7) lead the first transaction, with the task.
    await transactContacts(({ task, taskChild, placement, user: u, contact, company, contactTask }) => [
      ...(i === 0
        ? taskLinkWrites(
            { contact, company, contactTask },
            input,
            mainId,
            tasks[0]!.t.groupId,
            now.toISOString(),
          )
        : []),
      ...chunk.flatMap((w) =>
        w.kind === 'counters'
          ? (taskCounterWrite(u, actor.userId, delta, user) ?? [])
          : w.kind === 'link'
            ? taskChild.put({ parentId: w.parentId, childId: w.childId }).commit()
            : w.kind === 'parent'
              ? task.patch({ taskId: w.id }).add({ childCount: 1 }).commit()
              : w.kind === 'task'
                ? task.create({ ...w.t, createdAt: createdAt(w.t.taskId), version: 1 }).commit()
                : placement
                    .create({
                      userId: w.p.userId,
                      taskId: w.p.taskId,
                      priorityGroup: w.p.priorityGroup,
                      sortCode: w.code,
                      taskPosition: w.p.position,
                      isOwner: w.p.isOwner,
                      delegatedToMe: w.p.delegatedToMe,
                      scheduled: Boolean(w.p.task.schedule),
                      ...dayWatchKeys(w.p.userId, w.p.taskId, w.p.task),
                      ...(w.p.isOwner && Object.keys(w.p.task.assignees).some((id) => id !== w.p.userId)
                        ? delegatedOutKeys(w.p.userId, createdAt(w.p.taskId), w.p.taskId)
                        : { delegatedOut: false }),
                      groupId: w.p.task.groupId,
                      delegationType: w.p.task.delegationType,
                      ...(w.p.task.parentId ? { parentId: w.p.task.parentId } : {}),
                      mode: w.p.task.mode,
                      status: w.p.task.status,
                      titleLower: w.p.task.title.toLowerCase(),
                      // The task's own creation time: the newest-first index orders by it (the grid, D63).
                      createdAt: createdAt(w.p.taskId),
                    })
                    .commit(),
      ),
    ]).catch((e) => {
      if (i > 0) return Promise.reject(e);
      taskLinkFailure(e, input, 0);
      return limitFailure(e, linkCount(input), actor.userId, delta);
    });
  }
  // The tasks as just created (with the entity's defaults), without reading them back.
  const updatedAt = new Date().toISOString();
  const byId = new Map(
    tasks.map(({ t }): [string, TaskRecord] => [
      t.taskId,
      {
        roles: {},
        pending: {},
        ...t,
        createdAt: createdAt(t.taskId),
        updatedAt,
        version: 1,
      },
    ]),
  );
  const view = (t: TaskRecord) => {
    const i = placements.findIndex((p) => p.userId === actor.userId && p.taskId === t.taskId);
    const placement = i >= 0 ? placementRecord(placements[i]!, codes[i]!, t) : null;
    const v = withDescriptionDoc(taskView(t, { role: ROLES.creator, placement, group, zone, now }), t);
    const parentTitle = t.parentId ? (byId.get(t.parentId)?.title ?? parent?.title ?? '') : '';
    return t.parentId ? { ...v, parent: { id: t.parentId, title: parentTitle } } : v;
  };
  const top = byId.get(mainId)!;
  if (schedulePlan) await inviteAttendees(top, user, schedulePlan, now);
  const children = tasks.slice(1).map(({ t }) => view(byId.get(t.taskId)!));
  return { results: [{ ...view(top), childCount: children.length, children }] };
}

const placementRecord = (p: NewPlacement, code: string, t: TaskRecord): PlacementRecord => ({
  userId: p.userId,
  taskId: p.taskId,
  priorityGroup: p.priorityGroup,
  sortCode: code,
  taskPosition: p.position,
  isOwner: p.isOwner,
  delegatedToMe: p.delegatedToMe,
  groupId: t.groupId,
  mode: t.mode,
  status: t.status,
  titleLower: t.title.toLowerCase(),
  createdAt: t.createdAt,
});

async function treeOf(rootId: string): Promise<TaskRecord[]> {
  return (await TaskEntity.query.byTree({ rootId }).go({ pages: 'all' })).data;
}

const childrenIn = (tree: TaskRecord[], id: string) => tree.filter((t) => t.parentId === id);
/** Every task under `id` in the tree, depth first. */
export const subtreeIn = (tree: TaskRecord[], id: string): TaskRecord[] =>
  childrenIn(tree, id).flatMap((c) => [c, ...subtreeIn(tree, c.taskId)]);

export { peopleOf };

export async function getTask(
  actor: Actor,
  taskId: string,
  zoneGiven?: string,
  now = new Date(),
): Promise<TaskView> {
  // Two requests (decisions D36): one Query of the task's partition gives the task and its children's
  // ids (their links live beside it); one BatchGetItem the caller's placement, the caller, the group,
  // the parent and the children. Only a tree whose links are not all there yet (written before
  // them) is queried instead, as before.
  const family = await readTaskFamily(taskId);
  const task: TaskRecord | null = family.task;
  if (!task) throw new NotFoundError();
  const linked = family.childIds.length === (task.childCount ?? 0);
  const [placement, stored, group, ...rest] = await getItems([
    item<PlacementRecord>(PlacementEntity, { userId: actor.userId, taskId }),
    item<UserRecord>(UserEntity, { userId: actor.userId }),
    item<GroupRecord>(GroupEntity, { groupId: task.groupId }),
    ...(task.parentId ? [item<TaskRecord>(TaskEntity, { taskId: task.parentId })] : []),
    ...(linked ? family.childIds.map((id) => item<TaskRecord>(TaskEntity, { taskId: id })) : []),
  ] as const);
  const parent = task.parentId ? (rest[0] ?? null) : null;
  const [tree, user] = await Promise.all([
    linked ? rest.slice(task.parentId ? 1 : 0).flatMap((k) => (k ? [k] : [])) : treeOf(task.rootId),
    stored?.provisionedAt ? stored : getUser(actor),
  ]);
  const role = roleOn(task, group, actor);
  if (role === null) throw new NotFoundError();
  const zone = zoneOf(user, zoneGiven);
  const kids = childrenIn(tree, taskId).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    ...withDescriptionDoc(taskView(task, { role, placement, group, zone, now }), task),
    parent: parent
      ? { id: parent.taskId, title: parent.title }
      : task.parentId
        ? { id: task.parentId, title: '' }
        : null,
    childCount: kids.length,
    children: kids.map((k) => ({
      ...taskView(k, { role: roleOn(k, group, actor) ?? role, placement: null, group, zone, now }),
      parent: { id: task.taskId, title: task.title },
    })),
  };
}

export interface ListQuery {
  group?: string;
  mode?: string;
  type?: 'delegated_to_me';
  priorityGroup?: number;
  isOwner?: '0' | '1';
  /** The Delegated tab: tasks the caller gave to others. */
  delegatedOut?: boolean;
  /** Only tasks of this delegation type (individual-delegation parents). */
  delegationType?: string;
  /** The header's selection (shared/src/tasks/selection.ts); empty or absent: everything. */
  groups?: readonly string[];
  levels?: readonly number[];
  /** The previous answer's `next` cursor; without it, `page` (1-based) from the start. */
  cursor?: string | undefined;
  page: number;
  size: number;
}

/** Done tasks stay on a person's lists for a day after completion (spec 000 §4), then leave them. */
const stillListed = (p: PlacementRecord, now: Date) =>
  p.status !== TASK_STATUS.done || completedWithinDay(p.completionAt, now);

/** Keys of the items each list reads (the ExclusiveStartKey of a cursor). */
const GSI1_KEYS = ['pk', 'sk', 'gsi1pk', 'gsi1sk'] as const;
const GSI2_KEYS = ['pk', 'sk', 'gsi2pk', 'gsi2sk'] as const;
const GSI3_KEYS = ['pk', 'sk', 'gsi3pk', 'gsi3sk'] as const;

/** `{ count, next, previous, results }` of a page read by readPage (count: list-pages.ts countOf). */
function answerOf<T>(p: CursorPage<unknown>, q: ListQuery, results: T[]) {
  const page = q.cursor ? null : q.page;
  return {
    count: countOf(p),
    next: p.next ? `?cursor=${p.next}&size=${q.size}` : null,
    previous: page && page > 1 ? `?page=${page - 1}&size=${q.size}` : null,
    results,
  };
}

/**
 * A person's lists, one page each (decisions D28): a Today panel reads its priority-group index
 * (gsi1, in sort-code order), every other list the person's tasks newest first (gsi2); a group's
 * list is the group's index (listGroupTasks). Filters no key serves drop items as the page fills.
 */
export async function listTasks(actor: Actor, q: ListQuery, zoneGiven?: string, now = new Date()) {
  const user = await getUser(actor);
  const zone = zoneOf(user, zoneGiven);
  if (q.group && q.priorityGroup === undefined) return listGroupTasks(actor, user, q, zone, now);
  const pg = q.priorityGroup;
  const listed = (p: PlacementRecord) =>
    !p.dismissed &&
    (q.mode ? p.mode === q.mode : p.mode !== 'template') &&
    (!q.group || p.groupId === q.group) &&
    (q.isOwner === undefined || p.isOwner === (q.isOwner === '1')) &&
    (q.type !== 'delegated_to_me' || p.delegatedToMe) &&
    (!q.delegatedOut || p.delegatedOut === true) &&
    (!q.delegationType || p.delegationType === q.delegationType) &&
    passesGroups(p.groupId, q.groups ?? []) &&
    (pg === undefined || stillListed(p, now));
  const keep = async (batch: PlacementRecord[]) => {
    const first = batch.filter(listed);
    const shown = pg === undefined ? first : await notUnderParentIn(actor.userId, pg, batch, first);
    return withLevels(shown, q.levels ?? []);
  };
  const page = await readPage<PlacementRecord>(
    q.delegatedOut && pg === undefined
      ? {
          partition: delegatedOutPartition(actor.userId),
          keyFields: GSI3_KEYS,
          query: (limit, cursor) => delegatedOutQuery(actor.userId, limit, cursor),
          keep,
        }
      : pg !== undefined
        ? {
            partition: `UPG#${actor.userId}#${pg}`,
            keyFields: GSI1_KEYS,
            query: (limit, cursor) =>
              PlacementEntity.query
                .byPriorityGroup({ userId: actor.userId, priorityGroup: pg })
                .go({ limit, cursor, data: 'includeKeys' }) as Promise<RawQuery>,
            keep,
          }
        : {
            partition: `UTASKS#${actor.userId}`,
            keyFields: GSI2_KEYS,
            query: (limit, cursor) =>
              PlacementEntity.query
                .byUserNewest({ userId: actor.userId })
                .go({ limit, cursor, order: 'desc', data: 'includeKeys' }) as Promise<RawQuery>,
            keep,
          },
    q,
  );
  // On a Today panel today's Done tasks show below the open ones (the Today rule gives a task
  // becoming Done a code at the bottom, so across pages the sort code keeps them low as well).
  const items =
    pg === undefined
      ? page.items
      : [
          ...page.items.filter((p) => p.status !== TASK_STATUS.done),
          ...page.items
            .filter((p) => p.status === TASK_STATUS.done)
            .sort((a, b) => cmp(a.completionAt ?? '', b.completionAt ?? '')),
        ];
  return answerOf(page, q, await viewsFor(actor, items, zone, now));
}

type RawQuery = { data: PlacementRecord[]; cursor: string | null };

/**
 * One Query of the sparse Delegated index (gsi3), newest first. Its keys are plain attributes of the
 * placement (delegatedOutKeys), so it is queried directly and the items parsed by the entity.
 */
async function delegatedOutQuery(userId: string, limit: number, cursor: string | null): Promise<RawQuery> {
  const r = await documentClient.send(
    new QueryCommand({
      TableName: env.tableName,
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': delegatedOutPartition(userId) },
      ScanIndexForward: false,
      Limit: limit,
      ...(cursor ? { ExclusiveStartKey: keysOfCursor(cursor) } : {}),
    }),
  );
  const items = r.Items ?? [];
  const parsed: PlacementRecord[] = PlacementEntity.parse({ Items: items }).data;
  return {
    data: parsed.map((p, i) => ({ ...p, ...pickKeys(items[i]!, GSI3_KEYS) })),
    cursor: r.LastEvaluatedKey ? electroCursor(r.LastEvaluatedKey as RawKeys) : null,
  };
}

const pickKeys = (item: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((k) => [k, item[k]]));

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * On a Today panel, a sub-task whose parent is in the same panel shows under it, not beside it: the
 * parents not in the batch are read with one BatchGetItem.
 */
async function notUnderParentIn(
  userId: string,
  pg: number,
  batch: PlacementRecord[],
  candidates: PlacementRecord[],
): Promise<PlacementRecord[]> {
  const inBatch = new Set(batch.map((p) => p.taskId));
  const others = [
    ...new Set(candidates.flatMap((p) => (p.parentId && !inBatch.has(p.parentId) ? [p.parentId] : []))),
  ];
  const parents = others.length
    ? (await PlacementEntity.get(others.map((taskId) => ({ userId, taskId }))).go()).data
    : [];
  const inPanel = new Set([
    ...inBatch,
    ...parents.filter((p) => p.priorityGroup === pg).map((p) => p.taskId),
  ]);
  return candidates.filter((p) => !(p.parentId && inPanel.has(p.parentId)));
}

/** Placements whose task has one of the levels (placements do not copy the level: the tasks are read). */
async function withLevels(placements: PlacementRecord[], levels: readonly number[]) {
  if (levels.length === 0 || placements.length === 0) return placements;
  const tasks = (await TaskEntity.get(placements.map((p) => ({ taskId: p.taskId }))).go({ concurrency: 4 }))
    .data;
  const keep = new Set(tasks.filter((t) => passesLevels(t.level, levels)).map((t) => t.taskId));
  return placements.filter((p) => keep.has(p.taskId));
}

/** Titles of the tasks' parents: those on the page already, the others with one BatchGetItem. */
async function parentTitles(tasks: TaskRecord[]): Promise<Map<string, string>> {
  const titles = new Map(tasks.map((t) => [t.taskId, t.title]));
  const missing = [
    ...new Set(tasks.flatMap((t) => (t.parentId && !titles.has(t.parentId) ? [t.parentId] : []))),
  ];
  if (missing.length) {
    const parents: TaskRecord[] = (await TaskEntity.get(missing.map((taskId) => ({ taskId }))).go()).data;
    for (const p of parents) titles.set(p.taskId, p.title);
  }
  return titles;
}

/** The page's tasks and their groups (and parents' titles), read with BatchGetItem requests. */
async function viewsFor(
  actor: Actor,
  placements: PlacementRecord[],
  zone: string,
  now: Date,
): Promise<TaskView[]> {
  if (placements.length === 0) return [];
  const tasks: TaskRecord[] = (await TaskEntity.get(placements.map((p) => ({ taskId: p.taskId }))).go()).data;
  const groupIds = [...new Set(tasks.map((t) => t.groupId))];
  const groups = (await GroupEntity.get(groupIds.map((groupId) => ({ groupId }))).go()).data;
  const taskById = new Map(tasks.map((t) => [t.taskId, t]));
  const groupById = new Map(groups.map((g) => [g.groupId, g]));
  const titles = await parentTitles(tasks);
  return placements.flatMap((p) => {
    const t = taskById.get(p.taskId);
    if (!t) return [];
    const group = groupById.get(t.groupId) ?? null;
    const role = roleOn(t, group, actor);
    if (role === null) return [];
    const view = taskView(t, { role, placement: p, group, zone, now });
    return [t.parentId ? { ...view, parent: { id: t.parentId, title: titles.get(t.parentId) ?? '' } } : view];
  });
}

/** A group's tasks, for its members, newest first: pages of the group's index (gsi1). */
async function listGroupTasks(actor: Actor, user: UserRecord, q: ListQuery, zone: string, now: Date) {
  const group = (await GroupEntity.get({ groupId: q.group! }).go()).data;
  memberOf(group, actor);
  const listed = (t: TaskRecord) =>
    (q.mode ? t.mode === q.mode : t.mode !== 'template') &&
    (q.isOwner === undefined || (t.createdBy === actor.userId) === (q.isOwner === '1')) &&
    (!q.delegationType || t.delegationType === q.delegationType) &&
    passesGroups(t.groupId, q.groups ?? []) &&
    passesLevels(t.level, q.levels ?? []) &&
    (q.type !== 'delegated_to_me' ||
      (t.assignees[actor.userId] !== undefined && t.createdBy !== actor.userId));
  const page = await readPage<TaskRecord>(
    {
      partition: `GTASKS#${q.group}`,
      keyFields: GSI1_KEYS,
      query: (limit, cursor) =>
        TaskEntity.query
          .byGroup({ groupId: q.group! })
          .go({ limit, cursor, order: 'desc', data: 'includeKeys' }) as Promise<{
          data: TaskRecord[];
          cursor: string | null;
        }>,
      keep: (batch) => batch.filter(listed),
    },
    q,
  );
  const mine = page.items.length
    ? (await PlacementEntity.get(page.items.map((t) => ({ userId: user.userId, taskId: t.taskId }))).go())
        .data
    : [];
  const placementOf = new Map(mine.map((p) => [p.taskId, p]));
  return answerOf(
    page,
    q,
    page.items.map((t) =>
      taskView(t, {
        role: roleOn(t, group, actor)!,
        placement: placementOf.get(t.taskId) ?? null,
        group,
        zone,
        now,
      }),
    ),
  );
}

/** The caller's role in a group from its roster, or null when they are not an accepted member. */
const roleInGroup = (g: GroupRecord | null, actor: Actor) =>
  Object.values(g?.members ?? {}).find((m) => m.userId === actor.userId && m.invitationStatus === 'accepted')
    ?.role ?? null;

/** DynamoDB's limit on the items of one transaction. */
const TRANSACTION_ITEMS = 100;
const followerMove = (f: PlacementRecord, priorityGroup: number) => ({ priorityGroup, sortCode: f.sortCode });

/** Up to this many sub-tasks, PATCH reads the caller's placements of them with the task (D45). */
const CHILDREN_READ_WITH_TASK = 40;
/** The caller's placement and the task of each child, in turn, as PATCH read them. */
type ChildReads = readonly (PlacementRecord | TaskRecord | null)[];

/**
 * The sub-tasks that go with a task moved out of its panel, from its children as read with it: the
 * children the caller has in the same panel, shown under it (followersInPanel's rule). Null when
 * that does not settle it — the children were not read, or one going along has sub-tasks of its own
 * (they may follow too): the panel is read then.
 */
function directFollowers(
  reads: ChildReads,
  childIds: readonly string[] | null,
  taskId: string,
  fromGroup: number,
): PlacementRecord[] | null {
  if (childIds === null) return null;
  const out: PlacementRecord[] = [];
  for (let i = 0; i < childIds.length; i++) {
    const p = reads[2 * i] as PlacementRecord | null;
    const child = reads[2 * i + 1] as TaskRecord | null;
    if (!p || p.priorityGroup !== fromGroup || p.parentId !== taskId) continue;
    if ((child?.childCount ?? 0) > 0) return null;
    out.push(p);
  }
  return out;
}

/** What every person's placement repeats of its task (their lists filter on it): written with each
 * change of the task's group, mode, status or title (updateTask; the planning save's bulk activation). */
export const placementFacts = (
  groupId: string,
  t: { mode: TaskRecord['mode']; status: number },
  title: string,
) => ({ groupId, mode: t.mode, status: t.status, titleLower: title.toLowerCase() });

const TEMPLATE_RENAME = 'Rename a template on the Templates screen.';

/**
 * PATCH /task/{id}: only the fields sent change (details merge field by field; null clears where
 * allowed), and each field that really changes needs its permission (shared/src/tasks/patch.ts).
 */
export async function updateTask(
  actor: Actor,
  taskId: string,
  { version: expected, ...input }: UpdateTaskInput,
  now = new Date(),
): Promise<TaskView> {
  // Two requests to read, then one transaction to write (decisions D22, D36, D45): one Query of the
  // task's partition gives the task and its children's ids (their links live beside it); one
  // BatchGetItem the caller's placement, the caller, the task's group, the group it may move to, its
  // creator when the change may touch the creator's counters or assignees, and — for a task with a
  // few sub-tasks — the caller's placements of its children with their tasks, so a move to another
  // panel knows which sub-tasks go with it without reading the panel. Sort codes come from the clock,
  // so no list is read (only a move of a deeper tree, or of one with many children, reads its old
  // panel once).
  const family = await readTaskFamily(taskId);
  const task: TaskRecord | null = family.task;
  if (!task) throw new NotFoundError();
  const needCreator =
    task.createdBy !== actor.userId &&
    (input.taskAssignees !== undefined ||
      input.mode !== undefined ||
      input.status !== undefined ||
      input.completionAt !== undefined);
  const askedOther = input.group !== undefined && input.group !== task.groupId ? input.group : null;
  const childIds =
    family.childIds.length === (task.childCount ?? 0) && family.childIds.length <= CHILDREN_READ_WITH_TASK
      ? family.childIds
      : null;
  // Asked for Done: the custom fields' Done check reads its items in the same request (done-check.ts).
  const doneItems = input.status === TASK_STATUS.done ? doneCheckItems(actor, taskId) : [];
  const [placement, stored, group, askedRead, creatorRead, ...rest] = await getItems([
    item<PlacementRecord>(PlacementEntity, { userId: actor.userId, taskId }),
    item<UserRecord>(UserEntity, { userId: actor.userId }),
    item<GroupRecord>(GroupEntity, { groupId: task.groupId }),
    item<GroupRecord>(GroupEntity, { groupId: askedOther ?? task.groupId }),
    item<UserRecord>(UserEntity, { userId: needCreator ? task.createdBy : actor.userId }),
    ...(childIds ?? []).flatMap((id) => [
      item<PlacementRecord>(PlacementEntity, { userId: actor.userId, taskId: id }),
      item<TaskRecord>(TaskEntity, { taskId: id }),
    ]),
    ...doneItems,
  ] as const);
  const childReads = rest.slice(0, rest.length - doneItems.length);
  const doneRead = rest.slice(rest.length - doneItems.length) as Parameters<
    typeof requireCustomValuesForDone
  >[1];
  const asked = input.group === undefined ? null : askedOther ? askedRead : group;
  const user = stored?.provisionedAt ? stored : await getUser(actor);
  /** The task's creator: the caller, as read with the group, or (not yet provisioned) read now. */
  const creatorOf = async () =>
    task.createdBy === actor.userId
      ? user
      : needCreator && creatorRead?.provisionedAt
        ? creatorRead
        : await getUser({ userId: task.createdBy, username: task.createdBy });
  const role = roleOn(task, group, actor);
  if (role === null) throw new NotFoundError();
  // The edit was made over an older version (D41): the task as it is now, from what was just read.
  if (expected !== undefined && expected !== task.version) {
    throw taskConflict(task, { role, placement, group, zone: zoneOf(user, input.userTimezone), now });
  }
  const current = {
    title: task.title,
    details: { description: task.description, descriptionDoc: task.descriptionDoc ?? null, flag: task.flag },
    mode: task.mode,
    status: task.status,
    level: task.level,
    priorityGroup: placement?.priorityGroup ?? 0,
    dueAt: task.dueAt ?? null,
    group: task.groupId,
    completionAt: task.completionAt ?? null,
    manager: task.managerId ?? null,
    taskAssignees: Object.values(task.assignees).map((a) => ({ user: a.userId, role: a.role })),
    scheduledTask: scheduleAsSent(task.schedule),
  };
  const changed = changedFields(current, input, TASK_PATCH_COMPARE);
  for (const { permission, field } of taskPatchPermissions(changed)) {
    requireTaskPermission(role, permission, field);
  }
  if (input.status === TASK_STATUS.done && task.status !== TASK_STATUS.done && task.mode === 'template') {
    throw new ValidationError({ status: 'A template cannot be marked Done.' });
  }
  // Custom fields with required values (spec 000 §5), read with the task when Done was asked for.
  if (input.status === TASK_STATUS.done && task.status !== TASK_STATUS.done) {
    requireCustomValuesForDone(task, doneRead);
  }
  const zone = zoneOf(user, input.userTimezone);
  if (input.group !== undefined && input.group !== task.groupId && isGroupLocked(task.delegationType)) {
    throw new ValidationError({ group: GROUP_LOCKED_MESSAGE }, GROUP_LOCKED_MESSAGE);
  }
  if (input.level !== undefined && !canHaveChildren(input.level) && (task.childCount ?? 0) > 0) {
    throw new ValidationError({ level: TASK_MESSAGES.issueNoChildren }, TASK_MESSAGES.issueNoChildren);
  }
  if (
    input.priorityGroup === PRIORITY_GROUP.issue &&
    placement?.priorityGroup !== PRIORITY_GROUP.issue &&
    !isInternalUser(user)
  ) {
    throw new ValidationError({ priority_group: ISSUES_INTERNAL_ONLY }, ISSUES_INTERNAL_ONLY);
  }
  let targetGroup = group;
  if (changed.includes('group') && input.group !== undefined) {
    // A move takes the task out of one group and into another: the caller needs the right in both.
    const fromRole = roleInGroup(group, actor);
    if (fromRole === null || !can(fromRole, 'task.group')) throw new ForbiddenError('group');
    targetGroup = asked?.deleting ? null : (asked ?? null);
    requireTaskPermission(memberOf(targetGroup, actor).role, 'task.group', 'group');
  }
  // A template's tasks are on no list, so they have nothing a schedule could place (D73, D74).
  if (task.mode === 'template' && input.scheduledTask && changed.some((p) => p.startsWith('scheduledTask'))) {
    const text = PLANNING_TEXTS[PLANNING_MESSAGES.templateSchedule];
    throw new ValidationError({ scheduled_task: text }, text, PLANNING_MESSAGES.templateSchedule);
  }
  // A template's title is its own item's, kept unique in its folder (D57): renamed on its own route.
  if (task.mode === 'template' && !task.parentId && changed.includes('title')) {
    throw new ValidationError({ title: TEMPLATE_RENAME }, TEMPLATE_RENAME);
  }
  // The schedule sent with the task: the same rules and writes as PATCH /task/schedule/{id}.
  const schedulePlan =
    input.scheduledTask && changed.some((p) => p === 'scheduledTask' || p.startsWith('scheduledTask.'))
      ? planSchedule(task.schedule, input.scheduledTask, zone, now, ['scheduledTask'])
      : null;
  const clearSchedule = input.scheduledTask === null && task.schedule !== undefined;

  const prev = {
    status: task.status,
    mode: task.mode,
    flag: task.flag,
    priorityGroup: placement?.priorityGroup ?? 0,
    dueAt: task.dueAt ?? null,
    completionAt: task.completionAt ?? null,
    activatedAt: task.activatedAt ?? null,
    taskPosition: placement?.taskPosition ?? ('top' as const),
  };
  if (changed.includes('priorityGroup') && isPinnedToToday(prev, zone, now))
    throw new ValidationError({ priority_group: PINNED }, PINNED);
  const next = applySaveRules(
    prev,
    {
      ...prev,
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.mode !== undefined ? { mode: input.mode } : {}),
      ...(input.details?.flag !== undefined ? { flag: input.details.flag } : {}),
      ...(input.priorityGroup !== undefined ? { priorityGroup: input.priorityGroup } : {}),
      ...(input.dueAt !== undefined ? { dueAt: input.dueAt } : {}),
      ...(input.completionAt !== undefined ? { completionAt: input.completionAt } : {}),
      ...(input.placeBetween
        ? { taskPosition: 'custom' as const }
        : input.taskPosition
          ? { taskPosition: input.taskPosition }
          : {}),
    },
    now,
  );
  // The Today rule (spec 000 §4): becoming Done sends the task to the bottom of the caller's Today,
  // becoming urgent or due today to its top. A drop on a chosen place is the caller's own choice.
  const oneOff = task.schedule && !task.schedule.recurRule ? task.schedule.startDate : null;
  const today = input.placeBetween
    ? null
    : todayPlacement(
        { ...prev, scheduledStart: oneOff },
        { ...next, scheduledStart: oneOff },
        next.priorityGroup,
        zone,
        now,
      );
  if (today) {
    next.priorityGroup = today.priorityGroup;
    next.taskPosition = today.position;
  }
  // A schedule moves the task on every list, as PATCH /task/schedule/{id} does; clearing it, to Now.
  const schedulePg = schedulePlan
    ? schedulePlan.priorityGroup
    : clearSchedule
      ? (input.priorityGroup ?? 0)
      : null;
  const myPg = schedulePg ?? next.priorityGroup;
  const movingGroup = myPg !== prev.priorityGroup;

  // The caller's own place: between the neighbours they dropped it on, or top/bottom as the rules say.
  let sortCode = placement?.sortCode;
  if (placement) {
    if (input.placeBetween) {
      const { before, after } = input.placeBetween;
      if (before !== null && after !== null && before >= after) {
        throw new ValidationError({ place_between: 'The task must go between two neighbours in order.' });
      }
      sortCode = generateKeyBetween(before, after);
    } else if (
      movingGroup ||
      next.taskPosition !== prev.taskPosition ||
      next.status !== prev.status ||
      next.flag !== prev.flag // a newly urgent task goes to the top even if it was placed at the top once
    ) {
      // Above (or below) everything in the target group, from the clock: no read of the list.
      if (next.taskPosition === 'top' || next.taskPosition === 'bottom')
        sortCode = endSortCode(next.taskPosition);
    }
  }

  // The sub-tasks shown under it in the old panel go with it (issue 11 item 4), keeping their codes:
  // in the new panel they show under it again, wherever their codes sort.
  const followers =
    placement && movingGroup && (task.childCount ?? 0) > 0
      ? (directFollowers(childReads as ChildReads, childIds, taskId, prev.priorityGroup) ??
        followersInPanel(
          (
            await PlacementEntity.query
              .byPriorityGroup({ userId: actor.userId, priorityGroup: prev.priorityGroup })
              .go({ pages: 'all' })
          ).data,
          taskId,
        ))
      : [];

  // A new list of assignees: newcomers get the task at the top of their Today, leavers lose it.
  let assignees = task.assignees;
  let topOfToday = new Map<string, string>();
  if (input.taskAssignees !== undefined) {
    if (task.delegationType === 'IP' || task.delegationType === 'IC') {
      throw new ValidationError({
        task_assignees: 'The people of an individual delegation are fixed when it is made.',
      });
    }
    const creator = await creatorOf();
    const resolved = resolveAssignees(input.taskAssignees, targetGroup!, creator, now.toISOString());
    assignees = Object.fromEntries(
      resolved.map((a) => [
        a.userId,
        task.assignees[a.userId] ? { ...task.assignees[a.userId]!, role: a.role } : a,
      ]),
    );
    const newcomers = Object.keys(assignees).filter((id) => !task.assignees[id] && id !== task.createdBy);
    topOfToday = new Map(newcomers.map((id) => [id, endSortCode('top')]));
  }
  const managerPool = input.taskAssignees !== undefined ? assignees : task.assignees;
  if (input.manager && input.manager !== task.createdBy && !managerPool[input.manager]) {
    throw new ValidationError({ manager: TASK_MESSAGES.managerChoice });
  }
  const title = input.title ?? task.title;
  const doc = descriptionDocChange(task, input.details);
  const set = {
    ...(input.title !== undefined ? { title } : {}),
    ...(input.details?.description !== undefined ? { description: input.details.description } : {}),
    ...(doc ? { descriptionDoc: doc } : {}),
    flag: next.flag,
    status: next.status,
    mode: next.mode,
    ...(input.level !== undefined ? { level: input.level } : {}),
    ...(input.group !== undefined ? { groupId: input.group } : {}),
    ...(input.taskAssignees !== undefined ? { assignees } : {}),
    version: task.version + 1,
  };
  // The creator's counters follow the task's mode and whether someone else holds it.
  const countDelta = taskCountDelta(counted(task), counted({ ...task, mode: next.mode, assignees }));
  const grows = Object.values(countDelta).some((d) => d > 0);
  const owner = grows ? await creatorOf() : null;
  if (owner) assertTaskCountsFit(owner, countDelta);
  // A template's tasks have no placements (D57): its edits write the task item alone.
  const people = task.mode === 'template' ? [] : peopleOf({ createdBy: task.createdBy, assignees });
  const leavers = Object.keys(task.assignees).filter((id) => !assignees[id] && id !== task.createdBy);
  const shared = placementFacts(input.group ?? task.groupId, next, title);
  // The daily normalisation's watch (D34): set while the task has a schedule, a due date or is urgent.
  const watch = {
    schedule: schedulePlan ? true : !clearSchedule && task.schedule,
    dueAt: next.dueAt,
    flag: next.flag,
  };
  // The creator's Delegated tab follows who else holds the task (null: unchanged).
  const delegatedOutNow =
    input.taskAssignees === undefined
      ? null
      : Object.keys(assignees).some((id) => id !== task.createdBy) ||
        Object.values(task.pending ?? {}).some((x) => x.status === 'pending');
  // Sub-tasks move with their parent in its transaction while there is room; the rest right after.
  const otherWrites = 2 + leavers.length + people.length + topOfToday.size;
  const followersInTx = Math.max(0, TRANSACTION_ITEMS - otherWrites);
  try {
    await transact(({ task: tE, placement: pE, user: uE }) => [
      (() => {
        let p = tE.patch({ taskId }).set(set);
        const remove: Array<
          'dueAt' | 'completionAt' | 'activatedAt' | 'managerId' | 'schedule' | 'descriptionDoc'
        > = [];
        if (doc === null && task.descriptionDoc) remove.push('descriptionDoc');
        for (const k of ['dueAt', 'completionAt', 'activatedAt'] as const) {
          if (next[k]) p = p.set({ [k]: next[k] });
          else if (task[k]) remove.push(k);
        }
        if (input.manager) p = p.set({ managerId: input.manager });
        else if (input.manager === null && task.managerId) remove.push('managerId');
        if (schedulePlan) p = p.set({ schedule: schedulePlan.schedule });
        else if (clearSchedule) remove.push('schedule');
        if (remove.length) p = p.remove(remove);
        return p.where(({ version }, { eq }) => eq(version, task.version)).commit();
      })(),
      // Second, so a refused limit is told apart from a stale version.
      ...[taskCounterWrite(uE, task.createdBy, countDelta, owner)].filter((w) => w !== null),
      ...leavers.map((userId) => pE.delete({ userId, taskId }).commit()),
      ...[...topOfToday].map(([userId, code]) =>
        pE
          .create({
            userId,
            taskId,
            priorityGroup: 0,
            sortCode: code,
            taskPosition: 'top',
            isOwner: false,
            delegatedToMe: true,
            scheduled: schedulePlan ? true : clearSchedule ? false : Boolean(task.schedule),
            ...dayWatchKeys(userId, taskId, watch),
            groupId: shared.groupId,
            delegationType: task.delegationType,
            ...(task.parentId ? { parentId: task.parentId } : {}),
            mode: shared.mode,
            status: shared.status,
            titleLower: shared.titleLower,
            ...(next.completionAt ? { completionAt: next.completionAt } : {}),
          })
          .commit(),
      ),
      ...people
        .filter((userId) => !topOfToday.has(userId))
        .map((userId) => {
          const mine = userId === actor.userId;
          let p = pE.patch({ userId, taskId }).set({
            ...shared,
            ...dayWatchKeys(userId, taskId, watch),
            ...(schedulePlan || clearSchedule ? { scheduled: Boolean(schedulePlan) } : {}),
            ...(schedulePg !== null ? { priorityGroup: schedulePg } : {}),
            ...(mine ? { priorityGroup: myPg, sortCode: sortCode!, taskPosition: next.taskPosition } : {}),
            // The creator's Delegated tab follows who else holds the task.
            ...(delegatedOutNow === true && userId === task.createdBy
              ? delegatedOutKeys(userId, task.createdAt, taskId)
              : {}),
          });
          if (delegatedOutNow === false && userId === task.createdBy) {
            p = p.set({ delegatedOut: false }).remove([...delegatedOutRemoved]);
          }
          p = next.completionAt ? p.set({ completionAt: next.completionAt }) : p.remove(['completionAt']);
          return p.commit();
        }),
      ...followers
        .slice(0, followersInTx)
        .map((f) => pE.patch({ userId: actor.userId, taskId: f.taskId }).set(followerMove(f, myPg)).commit()),
    ]);
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.failedAt(0)) {
      // Changed between the read and the write: a caller who named a version is shown the task now.
      const now2 = expected === undefined ? null : (await TaskEntity.get({ taskId }).go()).data;
      if (!now2) throw staleTask();
      throw taskConflict(now2 as TaskRecord, { role, placement, group, zone, now });
    }
    await limitFailure(e, 1, task.createdBy, countDelta);
  }
  await Promise.all(
    followers
      .slice(followersInTx)
      .map((f) =>
        PlacementEntity.patch({ userId: actor.userId, taskId: f.taskId }).set(followerMove(f, myPg)).go(),
      ),
  );
  // The task as just written (the write was conditional on the version read), without reading it back.
  const fresh: TaskRecord = { ...task, ...set, updatedAt: new Date().toISOString() };
  for (const k of ['dueAt', 'completionAt', 'activatedAt'] as const) {
    if (next[k]) fresh[k] = next[k];
    else delete fresh[k];
  }
  if (input.manager) fresh.managerId = input.manager;
  else if (input.manager === null) delete fresh.managerId;
  if (doc === null) delete fresh.descriptionDoc;
  if (schedulePlan) fresh.schedule = schedulePlan.schedule;
  else if (clearSchedule) delete fresh.schedule;
  if (schedulePlan) await inviteAttendees(fresh, user, schedulePlan, now);
  const freshPlacement = placement
    ? {
        ...placement,
        ...shared,
        priorityGroup: myPg,
        sortCode: sortCode!,
        taskPosition: next.taskPosition,
        completionAt: next.completionAt ?? undefined,
      }
    : null;
  return withDescriptionDoc(
    taskView(fresh, { role, placement: freshPlacement, group: targetGroup, zone, now }),
    fresh,
  );
}

export async function dismissTask(actor: Actor, taskId: string): Promise<void> {
  await taskFor(actor, taskId);
  const p = await PlacementEntity.get({ userId: actor.userId, taskId }).go();
  if (!p.data) throw new NotFoundError('This task is not on your lists.');
  await PlacementEntity.patch({ userId: actor.userId, taskId })
    .set({ dismissed: true })
    .go({ response: 'none' });
}

/**
 * Deletes tasks. With children, the whole subtree goes; without, the direct children move up to the
 * deleted task's parent (and become roots of their own trees when it had none).
 *
 * Reads are batched (the named tasks in one BatchGetItem, each tree one Query). Writes go in
 * transactions of at most 100 writes, each a whole number of steps that hold together: a task's
 * delete with its placements and its creator's counters; a child's move up with its placements and
 * its new parent's child count. Descendants go before their ancestors and the named task last, so a
 * call cut short leaves a smaller, consistent tree, and sending it again finishes the job (a task
 * already gone fails its transaction's condition rather than being counted twice).
 */
export async function deleteTasks(
  actor: Actor,
  ids: string[],
  withChildren: boolean,
): Promise<{ deleted: number }> {
  // Checked before anything is written: every task the call would delete needs delete permission.
  const named = await getItems(ids.map((taskId) => item<TaskRecord>(TaskEntity, { taskId })));
  const groups = await groupsById(named.flatMap((t) => (t ? [t.groupId] : [])));
  const doomed = new Map<string, TaskRecord>();
  for (const task of named) {
    if (!task) throw new NotFoundError();
    const role = roleOn(task, groups.get(task.groupId) ?? null, actor);
    if (role === null) throw new NotFoundError();
    requireTaskPermission(role, 'task.deleteTask');
    doomed.set(task.taskId, task);
  }
  const roots = [...new Set(named.map((t) => t!.rootId))];
  const read = await Promise.all(roots.map(treeOf));
  const trees = new Map(roots.map((r, i) => [r, read[i]!]));
  if (withChildren)
    for (const t of named)
      for (const d of subtreeIn(trees.get(t!.rootId)!, t!.taskId)) doomed.set(d.taskId, d);
  await requireDeleteAll(actor, [...doomed.values()]);

  type Op =
    | { kind: 'counters'; ownerId: string; delta: ReturnType<typeof taskCountDelta> }
    | { kind: 'delete'; t: TaskRecord }
    | { kind: 'unplace'; userId: string; taskId: string }
    | { kind: 'count'; taskId: string; by: number }
    | { kind: 'replace'; userId: string; taskId: string; parentId?: string }
    | { kind: 'move'; t: TaskRecord; parentId?: string; rootId: string }
    /** A child link (entities/task-child.ts) written (`on`) or removed. */
    | { kind: 'link'; parentId: string; childId: string; on: boolean };
  const removal = (t: TaskRecord): Op[] => [
    { kind: 'counters', ownerId: t.createdBy, delta: taskCountDelta(counted(t), null) },
    { kind: 'delete', t },
    ...(t.parentId ? [{ kind: 'link' as const, parentId: t.parentId, childId: t.taskId, on: false }] : []),
    ...peopleOf(t).map((userId) => ({ kind: 'unplace' as const, userId, taskId: t.taskId })),
  ];
  let deleted = 0;
  const deletedEarlier = new Set<string>();
  for (const [n, id] of ids.entries()) {
    if (deletedEarlier.has(id)) continue; // gone with an ancestor deleted earlier in this call
    // The first task as read above; a later one again, as an earlier delete may have moved it.
    const task = n === 0 ? named[0]! : await loadTask(id);
    if (!task) throw new NotFoundError();
    const tree = n === 0 ? trees.get(task.rootId)! : await treeOf(task.rootId);
    const kids = childrenIn(tree, id);
    const gone = withChildren ? [task, ...subtreeIn(tree, id)] : [task];
    const parentCounts = task.parentId !== undefined && !deletedEarlier.has(task.parentId);
    const steps: Op[][] = [];
    if (withChildren) {
      // Deepest first: the reverse of the depth-first order puts every task after its descendants.
      for (const t of gone.slice(1).reverse()) steps.push(removal(t));
    } else {
      for (const child of kids) {
        const rootId = task.parentId ? task.rootId : child.taskId;
        // A child that becomes a root takes its descendants along first (one write each).
        if (!task.parentId)
          for (const d of subtreeIn(tree, child.taskId))
            steps.push([{ kind: 'move', t: d, ...(d.parentId ? { parentId: d.parentId } : {}), rootId }]);
        steps.push([
          { kind: 'move', t: child, ...(task.parentId ? { parentId: task.parentId } : {}), rootId },
          { kind: 'link', parentId: id, childId: child.taskId, on: false },
          ...(task.parentId
            ? [{ kind: 'link' as const, parentId: task.parentId, childId: child.taskId, on: true }]
            : []),
          // The child now hangs under the deleted task's parent, on every list too.
          ...peopleOf(child).map((userId) => ({
            kind: 'replace' as const,
            userId,
            taskId: child.taskId,
            ...(task.parentId ? { parentId: task.parentId } : {}),
          })),
          ...(parentCounts ? [{ kind: 'count' as const, taskId: task.parentId!, by: 1 }] : []),
        ]);
      }
    }
    // The named task last, its parent losing the child in the same transaction.
    steps.push([
      ...removal(task),
      ...(parentCounts ? [{ kind: 'count' as const, taskId: task.parentId!, by: -1 }] : []),
    ]);
    // Within one transaction an item is written once: a creator's counters and a parent's child
    // count are each one write, summed over the steps in it.
    const mergeKey = (op: Op) =>
      op.kind === 'counters' ? `user:${op.ownerId}` : op.kind === 'count' ? `task:${op.taskId}` : undefined;
    for (const chunk of packSteps(steps, MAX_TRANSACTION_ITEMS, mergeKey)) {
      const lost = new Map<string, ReturnType<typeof taskCountDelta>[]>();
      const counts = new Map<string, number>();
      const writes: Op[] = [];
      for (const op of chunk) {
        if (op.kind === 'count') counts.set(op.taskId, (counts.get(op.taskId) ?? 0) + op.by);
        else if (op.kind === 'counters') lost.set(op.ownerId, [...(lost.get(op.ownerId) ?? []), op.delta]);
        else writes.push(op);
      }
      try {
        await transact(({ task: tE, taskChild: cE, placement: pE, user: uE }) => [
          ...[...lost].flatMap(
            ([ownerId, deltas]) => taskCounterWrite(uE, ownerId, sumCounts(deltas), null) ?? [],
          ),
          ...[...counts]
            .filter(([, by]) => by !== 0)
            .map(([taskId, by]) => tE.patch({ taskId }).add({ childCount: by }).commit()),
          ...writes.map((op) => {
            // remove, not delete: a task already gone fails the condition instead of counting twice.
            if (op.kind === 'delete') return tE.remove({ taskId: op.t.taskId }).commit();
            if (op.kind === 'unplace') return pE.delete({ userId: op.userId, taskId: op.taskId }).commit();
            if (op.kind === 'link') {
              const key = { parentId: op.parentId, childId: op.childId };
              return op.on ? cE.put(key).commit() : cE.delete(key).commit();
            }
            if (op.kind === 'replace') {
              const pp = pE.patch({ userId: op.userId, taskId: op.taskId });
              return (op.parentId ? pp.set({ parentId: op.parentId }) : pp.remove(['parentId'])).commit();
            }
            if (op.kind === 'count' || op.kind === 'counters') throw new Error('summed above');
            const p = tE.patch({ taskId: op.t.taskId }).set({ rootId: op.rootId, version: op.t.version + 1 });
            return (op.parentId ? p.set({ parentId: op.parentId }) : p.remove(['parentId'])).commit();
          }),
        ]);
      } catch (e) {
        if (isAnyConditionFailed(e)) throw staleTask();
        throw e;
      }
    }
    deleted += gone.length;
    for (const t of gone) deletedEarlier.add(t.taskId);
  }
  return { deleted };
}

export { childrenIn, treeOf };
