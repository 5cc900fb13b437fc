/**
 * Task templates (spec 002 §3, §4, §6, §7 "Templates"; decisions D57): create, read, rename and move,
 * delete, clone, the tree data of the templates screen, the template of a task, and a task's tree
 * converted to a template. Conversion of a template to a draft is in apply.ts.
 */
import {
  type CloneTemplateInput,
  type ConvertFromTaskInput,
  type CreateTemplateInput,
  canConvertToTemplate,
  DEFAULT_LEVEL,
  MAX_TEMPLATE_ITEMS_PER_GROUP,
  TEMPLATE_MESSAGES,
  type TemplateGroupView,
  type TemplateTreeView,
  type TemplateView,
  type UpdateTemplateInput,
} from '@tandem/shared';
import type { TemplateNodeInput } from '@tandem/shared/templates/schemas';
import { TaskEntity } from '../../db/entities/task.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type GroupRecord, listMemberships } from '../access/roster.ts';
import { groupsById, type TaskRecord, taskFor } from '../access/task-access.ts';
import { readUser, type UserRecord } from '../access/users.ts';
import { listFieldTemplates, saveFieldTemplate } from '../custom-fields/templates.ts';
import { deleteTasks } from '../tasks/tasks.ts';
import { getUser } from '../user/user.ts';
import { groupAccess, isTemplateOwner, ownerAccess } from './access.ts';
import {
  FolderEntity,
  folderOf,
  folderView,
  loadTemplate,
  TemplateEntity,
  type TemplateRecord,
  TemplateTitleEntity,
  templateView,
  titleLock,
  titleTaken,
} from './store.ts';
import { transact } from './transact.ts';
import { freshIds, planCopy, subtree, treeOf, writeCopy } from './tree-copy.ts';

async function creatorOf(actor: Actor): Promise<UserRecord> {
  const stored = await readUser(actor.userId);
  return stored?.provisionedAt ? stored : getUser(actor);
}

/** The folder a template goes in must be a folder of the same group (null: the top). */
async function folderIn(groupId: string, folderId: string | null | undefined): Promise<string> {
  if (!folderId) return folderOf(null);
  const f = (await FolderEntity.get({ folderId }).go()).data;
  if (!f || f.groupId !== groupId) throw new ValidationError({ folder: TEMPLATE_MESSAGES.folderElsewhere });
  return f.folderId;
}

/** The template item and its title lock, as the last transaction's first two writes. */
function templateItems(t: {
  templateId: string;
  title: string;
  type: 'task' | 'custom_field';
  groupId: string;
  folderId: string;
  taskId: string;
  createdBy: string;
  createdAt: string;
  fieldTemplateId?: string;
}) {
  return [
    (tx: Parameters<Parameters<typeof transact>[0]>[0]) =>
      tx.templateTitle
        .create({ ...titleLock('template', t.groupId, t.folderId, t.title), ownerId: t.templateId })
        .commit(),
    (tx: Parameters<Parameters<typeof transact>[0]>[0]) => tx.template.create({ ...t, version: 1 }).commit(),
  ];
}

/** POST /task/template: an empty task template (a root task in mode 'template'), owners only. */
/**
 * A new template's tree below its root (D64): each node a template task under its parent, levels
 * counted down from the root so the deepest node is at most level 7 (level 8, issues, takes no
 * sub-items). Refused (400) when a parent is not an earlier node.
 */
function proposedNodes(root: TaskRecord, nodes: readonly TemplateNodeInput[]): TaskRecord[] {
  if (nodes.length === 0) return [];
  const ids = freshIds();
  const depth = new Map<string, number>();
  for (const n of nodes) {
    const d = n.parent === null ? 1 : depth.get(n.parent);
    if (d === undefined || depth.has(n.ref))
      throw new ValidationError({ nodes: 'Each node names an earlier node as its parent.' });
    depth.set(n.ref, n.parent === null ? 1 : d + 1);
  }
  const deepest = Math.max(...depth.values());
  root.level = Math.max(1, Math.min(DEFAULT_LEVEL, 7 - deepest));
  return nodes.map(
    (n) =>
      ({
        ...root,
        taskId: ids(n.ref),
        title: n.title,
        level: root.level + depth.get(n.ref)!,
        parentId: n.parent === null ? root.taskId : ids(n.parent),
      }) as TaskRecord,
  );
}

export async function createTemplate(actor: Actor, input: CreateTemplateInput, now = new Date()) {
  await ownerAccess(actor, input.group);
  const folderId = await folderIn(input.group, input.folder);
  const creator = await creatorOf(actor);
  const rootId = freshIds()('root');
  const root = {
    taskId: rootId,
    title: input.title,
    description: '',
    flag: 3,
    status: 1,
    level: DEFAULT_LEVEL,
    mode: 'template',
    groupId: input.group,
    rootId,
    parentId: undefined,
    createdBy: actor.userId,
  } as unknown as TaskRecord;
  const plan = planCopy([root, ...proposedNodes(root, input.nodes ?? [])], {
    mode: 'template',
    groupId: input.group,
    creator,
    newId: (id) => id,
    now,
  });
  const record = {
    templateId: rootId,
    title: input.title,
    type: 'task' as const,
    groupId: input.group,
    folderId,
    taskId: rootId,
    createdBy: actor.userId,
    createdAt: now.toISOString(),
  };
  await writeCopy(plan, creator, templateItems(record), titleTaken('template'));
  return templateView({ ...record, version: 1 } as TemplateRecord, true);
}

/** GET /task/template/{id}: any member of its group; 404 for anyone else. */
export async function getTemplate(actor: Actor, templateId: string): Promise<TemplateView> {
  const t = await loadTemplate(templateId);
  const { isOwner } = await groupAccess(actor, t.groupId);
  return templateView(t, isOwner);
}

/** GET /task/template/search/{taskId}: the template whose tree holds this template task. */
export async function templateOfTask(actor: Actor, taskId: string): Promise<TemplateView> {
  const task = (await TaskEntity.get({ taskId }).go()).data;
  if (task?.mode !== 'template') throw new NotFoundError();
  return getTemplate(actor, task.rootId);
}

/**
 * PATCH /task/template/{id}: a new title, folder or group (a move), owners only — of the group it
 * leaves and of the group it goes to. The title lock moves in the same transaction, conditional on
 * the template's version.
 */
export async function updateTemplate(actor: Actor, templateId: string, input: UpdateTemplateInput) {
  const t = await loadTemplate(templateId);
  await ownerAccess(actor, t.groupId);
  const groupId = input.group ?? t.groupId;
  if (groupId !== t.groupId) await ownerAccess(actor, groupId);
  const folderId =
    input.folder !== undefined || groupId !== t.groupId ? await folderIn(groupId, input.folder) : t.folderId;
  const title = input.title ?? t.title;
  const oldLock = titleLock('template', t.groupId, t.folderId, t.title);
  const newLock = titleLock('template', groupId, folderId, title);
  const lockMoves = JSON.stringify(oldLock) !== JSON.stringify(newLock);
  const groupMoves = groupId !== t.groupId;
  if (!lockMoves && title === t.title) return templateView(t, true);
  await transact((tx) => [
    ...(lockMoves
      ? [
          tx.templateTitle.create({ ...newLock, ownerId: t.templateId }).commit(),
          tx.templateTitle.delete(oldLock).commit(),
        ]
      : []),
    tx.template
      .patch({ templateId })
      .set({ title, groupId, folderId })
      .add({ version: 1 })
      .where((a, op) => op.eq(a.version, t.version))
      .commit(),
  ]).catch(lockMoves ? titleTaken('template') : (e) => Promise.reject(e));
  // The root task carries the template's title; a move to another group takes the whole tree along.
  if (t.type === 'task') await retitleAndRegroup(t.taskId, title, groupMoves ? groupId : null);
  return templateView({ ...t, title, groupId, folderId, version: t.version + 1 }, true);
}

async function retitleAndRegroup(rootId: string, title: string, groupId: string | null) {
  await TaskEntity.patch({ taskId: rootId }).set({ title }).go();
  if (!groupId) return;
  const tree = await treeOf(rootId);
  for (let i = 0; i < tree.length; i += 25) {
    await Promise.all(
      tree
        .slice(i, i + 25)
        .map((t) =>
          TaskEntity.patch({ taskId: t.taskId }).set({ groupId }).composite({ createdAt: t.createdAt }).go(),
        ),
    );
  }
}

/** DELETE /task/template/{id}: the template, its title, then its task tree; owners only. */
export async function deleteTemplate(actor: Actor, templateId: string): Promise<void> {
  const t = await loadTemplate(templateId);
  await ownerAccess(actor, t.groupId);
  await transact((tx) => [
    tx.template
      .delete({ templateId })
      .where((a, op) => op.eq(a.version, t.version))
      .commit(),
    tx.templateTitle.delete(titleLock('template', t.groupId, t.folderId, t.title)).commit(),
  ]).catch(() => {
    throw new ConflictError('The template was changed by someone else. Reload and try again.');
  });
  if (t.type === 'task' && (await TaskEntity.get({ taskId: t.taskId }).go()).data) {
    await deleteTasks(actor, [t.taskId], true);
  }
}

/** A title free in the folder: "<title> (copy)", then "(copy 2)" … */
async function freeCopyTitle(groupId: string, folderId: string, title: string): Promise<string> {
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? `${title} (copy)` : `${title} (copy ${n})`;
    const lock = (await TemplateTitleEntity.get(titleLock('template', groupId, folderId, candidate)).go())
      .data;
    if (!lock) return candidate;
  }
  throw new ConflictError(TEMPLATE_MESSAGES.templateTitleTaken);
}

/** Copies a template tree under a new template item; the copy's title lock is taken with it. */
async function copyAsTemplate(
  actor: Actor,
  source: TaskRecord[],
  target: { groupId: string; folderId: string; title: string },
  now: Date,
): Promise<TemplateView> {
  const creator = await creatorOf(actor);
  const newId = freshIds();
  const plan = planCopy(source, {
    mode: 'template',
    groupId: target.groupId,
    creator,
    newId,
    now,
    titleOfRoot: target.title,
  });
  const record = {
    templateId: plan.rootId,
    title: target.title,
    type: 'task' as const,
    groupId: target.groupId,
    folderId: target.folderId,
    taskId: plan.rootId,
    createdBy: actor.userId,
    createdAt: now.toISOString(),
  };
  await writeCopy(plan, creator, templateItems(record), titleTaken('template'));
  return templateView({ ...record, version: 1 } as TemplateRecord, true);
}

/** POST /task/template/clone/{id}: a copy of the template's tree as a new template; owners only. */
export async function cloneTemplate(
  actor: Actor,
  templateId: string,
  input: CloneTemplateInput,
  now = new Date(),
) {
  const t = await loadTemplate(templateId);
  await ownerAccess(actor, t.groupId);
  if (t.type !== 'task') throw new ValidationError({ id: TEMPLATE_MESSAGES.notATemplate });
  const groupId = input.group ?? t.groupId;
  if (groupId !== t.groupId) await ownerAccess(actor, groupId);
  const folderId =
    input.folder !== undefined || groupId !== t.groupId ? await folderIn(groupId, input.folder) : t.folderId;
  const title = input.title ?? (await freeCopyTitle(groupId, folderId, t.title));
  const source = subtree(await treeOf(t.taskId), t.taskId);
  return copyAsTemplate(actor, source, { groupId, folderId, title }, now);
}

/**
 * POST /task/template/convert-from-task/{id}: the task's tree (the task and its descendants) kept as
 * a task template in the task's group, or its custom fields as a custom-field template (D49's code).
 * Needs the Teams licence or the active 14-day trial (403 otherwise) and ownership of the group.
 */
export async function convertFromTask(
  actor: Actor,
  taskId: string,
  input: ConvertFromTaskInput,
  now = new Date(),
) {
  const { task, group } = await taskFor(actor, taskId);
  const creator = await creatorOf(actor);
  if (!canConvertToTemplate(creator.subscription)) {
    throw new ForbiddenError(undefined, TEMPLATE_MESSAGES.licence);
  }
  if (task.mode === 'template') throw new ValidationError({ id: 'This task is already a template.' });
  await ownerAccess(actor, task.groupId, group);
  const folderId = await folderIn(task.groupId, input.folder);
  const title = input.title ?? task.title;
  if (input.type === 'custom-field') {
    const fields = await saveFieldTemplate(actor, { task: taskId, title });
    const record = {
      templateId: fields.id,
      title,
      type: 'custom_field' as const,
      groupId: task.groupId,
      folderId,
      taskId,
      fieldTemplateId: fields.id,
      createdBy: actor.userId,
      createdAt: now.toISOString(),
    };
    await transact((tx) => templateItems(record).map((w) => w(tx))).catch(titleTaken('template'));
    return templateView({ ...record, version: 1 } as TemplateRecord, true);
  }
  const source = subtree(await treeOf(task.rootId), task.taskId);
  return copyAsTemplate(actor, source, { groupId: task.groupId, folderId, title }, now);
}

/**
 * GET /task/template: the templates tree of the caller's groups — each group with its folders and
 * its templates newest first (one Query of the group's partition, at most
 * MAX_TEMPLATE_ITEMS_PER_GROUP items) — and the caller's custom-field templates (D49).
 */
export async function listTemplates(actor: Actor): Promise<TemplateTreeView> {
  const memberships = await listMemberships(actor.userId);
  const groups = await groupsById(memberships.map((m) => m.groupId));
  const perGroup = await Promise.all(
    memberships.map(async (m) => {
      const g = groups.get(m.groupId);
      if (!g || g.deleting) return null;
      return groupTree(actor, g, m.status === 2);
    }),
  );
  return {
    groups: perGroup.filter((g): g is TemplateGroupView => g !== null),
    customFieldTemplates: await listFieldTemplates(actor),
  };
}

async function groupTree(
  actor: Actor,
  g: GroupRecord,
  archivedForMe: boolean,
): Promise<TemplateGroupView | null> {
  const me = Object.values(g.members).find(
    (x) => x.userId === actor.userId && x.invitationStatus === 'accepted',
  );
  if (!me) return null;
  const isOwner = isTemplateOwner(me);
  const [templates, folders] = await Promise.all([
    TemplateEntity.query
      .byGroup({ groupId: g.groupId })
      .go({ order: 'desc', limit: MAX_TEMPLATE_ITEMS_PER_GROUP, pages: 1 }),
    FolderEntity.query.byGroup({ groupId: g.groupId }).go({ limit: MAX_TEMPLATE_ITEMS_PER_GROUP, pages: 1 }),
  ]);
  return {
    id: g.groupId,
    title: g.title,
    metadata: g.metadata,
    archived: archivedForMe || g.status === 2,
    isOwner,
    folders: folders.data.map((f) => folderView(f, isOwner)).sort((a, b) => a.title.localeCompare(b.title)),
    templates: templates.data.map((t) => templateView(t, isOwner)),
    truncated: Boolean(templates.cursor || folders.cursor),
  };
}
