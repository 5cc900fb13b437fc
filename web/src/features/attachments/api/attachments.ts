/**
 * The attachment calls (spec 000 §7 "Attachments"; docs/api/attachments.md): the task's files and
 * video links, the two-step upload (ask for a presigned POST, send the file straight to storage with
 * progress, confirm), links, rename, delete and order.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { AttachmentView, UploadTicket } from '@tandem/shared/attachments/rules';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export type AttachmentKind = 'file' | 'video';
export const attachmentsKey = (taskId: string, q: AttachmentKind) => ['attachments', taskId, q] as const;

export const listAttachments = (taskId: string, q: AttachmentKind) =>
  api<{ results: AttachmentView[] }>(routes.listAttachments, { params: { id: taskId }, query: { q } }).then(
    (r) => r.results,
  );
export const useAttachments = (taskId: string | null, q: AttachmentKind) =>
  useSWR(taskId ? attachmentsKey(taskId, q) : null, () => listAttachments(taskId!, q));

export const requestUploads = (taskId: string, files: File[]) =>
  api<{ results: UploadTicket[] }>(routes.createAttachmentUploads, {
    body: {
      task: taskId,
      files: files.map((f) => ({
        filename: f.name,
        size: f.size,
        contentType: f.type || 'application/octet-stream',
      })),
    },
  }).then((r) => r.results);

export const confirmUpload = (uploadId: string) =>
  api<AttachmentView>(routes.confirmAttachmentUpload, { params: { id: uploadId } });

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

export const createLink = (taskId: string, title: string, documentUrl: string) =>
  api<AttachmentView>(routes.createAttachment, {
    body: { task: taskId, title, documentUrl, fileType: 'video' },
  });

export const updateAttachment = (id: string, body: { title?: string; documentUrl?: string }) =>
  api<AttachmentView>(routes.updateAttachment, { params: { id }, body });

export const deleteAttachment = (id: string) => api<void>(routes.deleteAttachment, { params: { id } });

export const orderAttachments = (items: Array<{ id: string; order: number }>) =>
  api<unknown>(routes.orderAttachments, { body: { attachments: items } });
