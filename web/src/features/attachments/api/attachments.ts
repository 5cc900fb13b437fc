/**
 * The attachment calls (spec 000 §7 "Attachments"; docs/api/attachments.md): the task's files and
 * video links, the two-step upload (ask for a presigned POST, send the file straight to storage with
 * progress, confirm), links, rename, delete and order. An owner is a task (its id) or a curriculum
 * (`{ curriculum: id }`: spec 002 §7, docs/api/curricula.md, decisions D72): the same calls on the
 * curriculum's routes.
 */
import * as curriculumRoutes from '@tandem/shared/api/areas/curricula';
import * as routes from '@tandem/shared/api/route-defs';
import type { AttachmentView, UploadTicket } from '@tandem/shared/attachments/rules';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export type AttachmentKind = 'file' | 'video';
/** A task's id, or a curriculum. */
export type AttachmentOwner = string | { curriculum: string };

const TASK_ROUTES = {
  list: routes.listAttachments,
  create: routes.createAttachment,
  uploads: routes.createAttachmentUploads,
  confirm: routes.confirmAttachmentUpload,
  update: routes.updateAttachment,
  remove: routes.deleteAttachment,
  order: routes.orderAttachments,
};
const CURRICULUM_ROUTES = {
  list: curriculumRoutes.listCurriculumAttachments,
  create: curriculumRoutes.createCurriculumAttachment,
  uploads: curriculumRoutes.createCurriculumAttachmentUploads,
  confirm: curriculumRoutes.confirmCurriculumAttachmentUpload,
  update: curriculumRoutes.updateCurriculumAttachment,
  remove: curriculumRoutes.deleteCurriculumAttachment,
  order: curriculumRoutes.orderCurriculumAttachments,
};
const routesOf = (o: AttachmentOwner = '') => (typeof o === 'string' ? TASK_ROUTES : CURRICULUM_ROUTES);
const idOf = (o: AttachmentOwner) => (typeof o === 'string' ? o : o.curriculum);
/** The owner named in a body: `task` or `curriculum`. */
const ownerField = (o: AttachmentOwner) =>
  typeof o === 'string' ? { task: o } : { curriculum: o.curriculum };

export const attachmentsKey = (owner: AttachmentOwner, q: AttachmentKind) =>
  ['attachments', typeof owner === 'string' ? owner : `curriculum:${owner.curriculum}`, q] as const;

export const listAttachments = (owner: AttachmentOwner, q: AttachmentKind) =>
  api<{ results: AttachmentView[] }>(routesOf(owner).list, {
    params: { id: idOf(owner) },
    query: { q },
  }).then((r) => r.results);
export const useAttachments = (owner: AttachmentOwner | null, q: AttachmentKind) =>
  useSWR(owner ? attachmentsKey(owner, q) : null, () => listAttachments(owner!, q));

export const requestUploads = (owner: AttachmentOwner, files: File[]) =>
  api<{ results: UploadTicket[] }>(routesOf(owner).uploads, {
    body: {
      ...ownerField(owner),
      files: files.map((f) => ({
        filename: f.name,
        size: f.size,
        contentType: f.type || 'application/octet-stream',
      })),
    },
  }).then((r) => r.results);

export const confirmUpload = (uploadId: string, owner?: AttachmentOwner) =>
  api<AttachmentView>(routesOf(owner).confirm, { params: { id: uploadId } });

export class UploadCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/**
 * Sends the file to storage with its presigned form (XHR, for upload progress). `onProgress` gets
 * 0..1; `signal` cancels.
 */
export function sendToStorage(
  ticket: UploadTicket,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of ticket.fields) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', ticket.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => (xhr.status < 300 ? resolve() : reject(new Error(`Storage answered ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.onabort = () => reject(new UploadCancelled());
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const createLink = (owner: AttachmentOwner, title: string, documentUrl: string) =>
  api<AttachmentView>(routesOf(owner).create, {
    body: { ...ownerField(owner), title, documentUrl, fileType: 'video' },
  });

export const updateAttachment = (
  id: string,
  body: { title?: string; documentUrl?: string },
  owner?: AttachmentOwner,
) => api<AttachmentView>(routesOf(owner).update, { params: { id }, body });

export const deleteAttachment = (id: string, owner?: AttachmentOwner) =>
  api<void>(routesOf(owner).remove, { params: { id } });

export const orderAttachments = (items: Array<{ id: string; order: number }>, owner?: AttachmentOwner) =>
  api<unknown>(routesOf(owner).order, { body: { attachments: items } });
