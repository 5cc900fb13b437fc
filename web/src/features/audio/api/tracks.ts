/**
 * An audio task's tracks (spec 000 §2 audio task dialog, §3 Audio file; decisions D47): its audio
 * files, listed with `?q=audio` and uploaded by the attachments' presigned path (request, send to
 * storage, confirm), so they count against the storage quota like any file.
 */
import * as routes from '@tandem/shared/api/route-defs';
import { ATTACHMENT_MESSAGES, type AttachmentView } from '@tandem/shared/attachments/rules';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import {
  attachmentsKey,
  confirmUpload,
  requestUploads,
  sendToStorage,
} from '../../attachments/api/attachments.ts';
import { isLimitsKey } from '../../subscription/api/subscription-limits.ts';

export const tracksKey = (taskId: string) => ['attachments', taskId, 'audio'] as const;

export const listTracks = (taskId: string) =>
  api<{ results: AttachmentView[] }>(routes.listAttachments, {
    params: { id: taskId },
    query: { q: 'audio' },
  }).then((r) => r.results);

export const useTracks = (taskId: string | null) =>
  useSWR(taskId ? tracksKey(taskId) : null, () => listTracks(taskId!));

/** Every list that shows the task's files, and the storage left, read again. */
export const refreshTracks = (taskId: string) =>
  Promise.all([mutate(tracksKey(taskId)), mutate(attachmentsKey(taskId, 'file')), mutate(isLimitsKey)]);

/**
 * Uploads tracks to a task, one request for all of them, each file straight to storage and
 * confirmed; `onProgress` hears each file's fraction. Answers how many were kept; a refused one is
 * reported with the server's reason.
 */
export async function uploadTracks(
  taskId: string,
  files: File[],
  onProgress?: (index: number, fraction: number) => void,
): Promise<number> {
  if (files.length === 0) return 0;
  let kept = 0;
  try {
    const tickets = await requestUploads(taskId, files);
    await Promise.all(
      tickets.map(async (ticket, i) => {
        try {
          await sendToStorage(ticket, files[i]!, (f) => onProgress?.(i, f), new AbortController().signal);
          await confirmUpload(ticket.uploadId);
          kept++;
        } catch (err) {
          notifyError(ATTACHMENT_MESSAGES.uploadFailed, errorText(err, ATTACHMENT_MESSAGES.uploadFailed));
        }
      }),
    );
  } catch (err) {
    notifyError(ATTACHMENT_MESSAGES.uploadFailed, errorText(err, ATTACHMENT_MESSAGES.uploadFailed));
  }
  await refreshTracks(taskId);
  return kept;
}
