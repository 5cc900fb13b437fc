/** Template and folder records, their views, and the title locks (decisions D57). */
import { type FolderView, TEMPLATE_MESSAGES, type TemplateView, titleKey } from '@tandem/shared';
import { FolderEntity } from '../../db/entities/folder.ts';
import { TemplateEntity, TemplateTitleEntity } from '../../db/entities/template.ts';
import type { StoredItem } from '../../db/records.ts';
import { TransactionCanceledError } from '../../db/transact.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';

export type TemplateRecord = StoredItem<typeof TemplateEntity>;
export type FolderRecord = StoredItem<typeof FolderEntity>;

/** The folder key part of a group's top. */
export const TOP = '-';
export const folderOf = (id: string | null | undefined) => (id ? id : TOP);
export const folderRef = (stored: string) => (stored === TOP ? null : stored);

export const templateView = (t: TemplateRecord, isOwner: boolean): TemplateView => ({
  id: t.templateId,
  title: t.title,
  type: t.type,
  task: { id: t.taskId, group: t.groupId },
  folder: folderRef(t.folderId) ? { id: t.folderId } : null,
  createdAt: t.createdAt,
  isOwner,
});

export const folderView = (f: FolderRecord, isOwner: boolean): FolderView => ({
  id: f.folderId,
  title: f.title,
  parent: folderRef(f.parentId) ? { id: f.parentId } : null,
  group: f.groupId,
  createdAt: f.createdAt,
  isOwner,
});

export async function loadTemplate(templateId: string): Promise<TemplateRecord> {
  const t = (await TemplateEntity.get({ templateId }).go()).data;
  if (!t) throw new NotFoundError();
  return t;
}

export async function loadFolder(folderId: string): Promise<FolderRecord> {
  const f = (await FolderEntity.get({ folderId }).go()).data;
  if (!f) throw new NotFoundError();
  return f;
}

/** The key of a title lock (TemplateTitleEntity). */
export const titleLock = (kind: 'template' | 'folder', groupId: string, folderId: string, title: string) => ({
  groupId,
  folderId,
  kind,
  titleKey: titleKey(title),
});

/**
 * A transaction whose first action takes a title lock: when that action's condition failed, the title
 * is taken (409 with the rule's message); anything else is rethrown.
 */
export function titleTaken(kind: 'template' | 'folder', index = 0) {
  return (e: unknown): never => {
    if (e instanceof TransactionCanceledError && e.failedAt(index)) {
      throw new ConflictError(
        kind === 'folder' ? TEMPLATE_MESSAGES.folderTitleTaken : TEMPLATE_MESSAGES.templateTitleTaken,
      );
    }
    throw e;
  };
}

export { FolderEntity, TemplateEntity, TemplateTitleEntity };
