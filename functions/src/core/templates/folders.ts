/**
 * Template folders (spec 002 §3 Folder, §5, §6, §7 "Folders"; decisions D57). A folder with templates
 * or sub-folders inside is not deleted (409): nothing is moved or lost behind the owner's back.
 */

import { randomUUID } from 'node:crypto';
import {
  type CreateFolderInput,
  type FolderView,
  folderMoveMakesCycle,
  TEMPLATE_MESSAGES,
  type UpdateFolderInput,
} from '@tandem/shared';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { listMemberships } from '../access/roster.ts';
import { groupAccess, ownerAccess } from './access.ts';
import {
  FolderEntity,
  type FolderRecord,
  folderOf,
  folderRef,
  folderView,
  loadFolder,
  TemplateEntity,
  TOP,
  titleLock,
  titleTaken,
} from './store.ts';
import { transact } from './transact.ts';

const stale = () => new ConflictError('The folder was changed by someone else. Reload and try again.');

async function groupFolders(groupId: string): Promise<FolderRecord[]> {
  return (await FolderEntity.query.byGroup({ groupId }).go({ pages: 'all' })).data;
}

/** POST /task/folder: owners only; the parent must be a folder of the same group. */
export async function createFolder(actor: Actor, input: CreateFolderInput): Promise<FolderView> {
  await ownerAccess(actor, input.group);
  const parentId = folderOf(input.parent);
  if (input.parent) {
    const p = await loadFolder(input.parent).catch(() => null);
    if (!p || p.groupId !== input.group)
      throw new ValidationError({ parent: TEMPLATE_MESSAGES.folderElsewhere });
  }
  const record = {
    folderId: randomUUID(),
    title: input.title,
    groupId: input.group,
    parentId,
    createdBy: actor.userId,
    version: 1,
    createdAt: new Date().toISOString(),
  };
  await transact((tx) => [
    tx.templateTitle
      .create({ ...titleLock('folder', input.group, parentId, input.title), ownerId: record.folderId })
      .commit(),
    tx.folder.create(record).commit(),
  ]).catch(titleTaken('folder'));
  return folderView(record as FolderRecord, true);
}

/** GET /task/folder/{id}: any member of its group. */
export async function getFolder(actor: Actor, folderId: string): Promise<FolderView> {
  const f = await loadFolder(folderId);
  const { isOwner } = await groupAccess(actor, f.groupId);
  return folderView(f, isOwner);
}

/** GET /task/folder (?group=): the folders of one group, or of every group of the caller. */
export async function listFolders(actor: Actor, groupId?: string): Promise<FolderView[]> {
  const ids = groupId ? [groupId] : (await listMemberships(actor.userId)).map((m) => m.groupId);
  const out: FolderView[] = [];
  for (const id of ids) {
    const a = await groupAccess(actor, id).catch((e) => {
      if (groupId) throw e;
      return null;
    });
    if (!a) continue;
    for (const f of await groupFolders(id)) out.push(folderView(f, a.isOwner));
  }
  return out;
}

/** PATCH /task/folder/{id}: a rename, or a move under another folder of its group; owners only. */
export async function updateFolder(
  actor: Actor,
  folderId: string,
  input: UpdateFolderInput,
): Promise<FolderView> {
  const f = await loadFolder(folderId);
  await ownerAccess(actor, f.groupId);
  const parentId = input.parent === undefined ? f.parentId : folderOf(input.parent);
  if (parentId !== f.parentId && parentId !== TOP) {
    const all = await groupFolders(f.groupId);
    const target = all.find((x) => x.folderId === parentId);
    if (!target) throw new ValidationError({ parent: TEMPLATE_MESSAGES.folderElsewhere });
    const parents = new Map(all.map((x) => [x.folderId, folderRef(x.parentId)]));
    if (folderMoveMakesCycle(folderId, parentId, parents)) {
      throw new ValidationError({ parent: TEMPLATE_MESSAGES.folderCycle });
    }
  }
  const title = input.title ?? f.title;
  const oldLock = titleLock('folder', f.groupId, f.parentId, f.title);
  const newLock = titleLock('folder', f.groupId, parentId, title);
  const lockMoves = JSON.stringify(oldLock) !== JSON.stringify(newLock);
  await transact((tx) => [
    ...(lockMoves
      ? [
          tx.templateTitle.create({ ...newLock, ownerId: folderId }).commit(),
          tx.templateTitle.delete(oldLock).commit(),
        ]
      : []),
    tx.folder
      .patch({ folderId })
      .set({ title, parentId })
      .add({ version: 1 })
      .where((a, op) => op.eq(a.version, f.version))
      .commit(),
  ]).catch((e) => {
    if (lockMoves) titleTaken('folder')(e);
    throw stale();
  });
  return folderView({ ...f, title, parentId, version: f.version + 1 }, true);
}

/**
 * DELETE /task/folder/{id}: owners only; refused (409) while templates or folders are inside (one
 * Query of the group's partition). A template moved in between that check and the delete names a
 * folder that is gone; the tree shows such a template at its group's top (D57).
 */
export async function deleteFolder(actor: Actor, folderId: string): Promise<void> {
  const f = await loadFolder(folderId);
  await ownerAccess(actor, f.groupId);
  const [folders, templates] = await Promise.all([
    groupFolders(f.groupId),
    TemplateEntity.query.byGroup({ groupId: f.groupId }).go({ pages: 'all' }),
  ]);
  const inside =
    folders.some((x) => x.parentId === folderId) || templates.data.some((t) => t.folderId === folderId);
  if (inside) throw new ConflictError(TEMPLATE_MESSAGES.folderNotEmpty);
  await transact((tx) => [
    tx.folder
      .delete({ folderId })
      .where((a, op) => op.eq(a.version, f.version))
      .commit(),
    tx.templateTitle.delete(titleLock('folder', f.groupId, f.parentId, f.title)).commit(),
  ]).catch(() => {
    throw stale();
  });
}
