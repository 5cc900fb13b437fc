/**
 * The live consumer's module for attachment items (docs/realtime.md, decisions D62): a file or video
 * link added, renamed, reordered or removed tells everyone who may see its task to read the task's
 * attachments again — one event per task and batch. Its reads for a whole batch: the tasks (one
 * BatchGetItem) and their groups (one BatchGetItem). A task gone meanwhile says nothing: its own
 * task_deleted event covers it.
 */
import { ATTACHMENT_EVENT_TYPE, type AttachmentEvent } from '@tandem/shared';
import { groupsById } from '../core/access/task-access.ts';
import { type AttachmentRecord, ownerOfKey } from '../core/attachments/attachments.ts';
import { TaskEntity } from '../db/entities/task.ts';
import { changeOf, type LiveModule, type Outgoing, writtenAt } from './records.ts';
import { audienceOf } from './task-events.ts';

export const attachmentUpdates: LiveModule = async (records) => {
  // The last change of each task in the batch stands for all of them.
  const lastByTask = new Map<string, { index: number; sequenceNumber: string; event: AttachmentEvent }>();
  records.forEach((r, index) => {
    const c = changeOf<AttachmentRecord>(r, 'attachment');
    const taskId = (c?.after ?? c?.before)?.taskId;
    // A curriculum's attachment: curriculum-attachment-events.ts tells its audience.
    if (!c || !taskId || ownerOfKey(taskId).kind !== 'task') return;
    lastByTask.set(taskId, {
      index,
      sequenceNumber: c.sequenceNumber,
      event: { type: ATTACHMENT_EVENT_TYPE, id: c.eventId, task_id: taskId, at: writtenAt(c) },
    });
  });
  if (lastByTask.size === 0) return [];
  const tasks = (await TaskEntity.get([...lastByTask.keys()].map((taskId) => ({ taskId }))).go()).data;
  const groups = await groupsById(tasks.map((t) => t.groupId));
  return tasks.flatMap((task): Outgoing[] => {
    const last = lastByTask.get(task.taskId);
    if (!last) return [];
    const audience = audienceOf(
      { eventId: last.event.id, sequenceNumber: last.sequenceNumber, kind: 'MODIFY', newTask: task },
      groups,
      new Map(),
    );
    return [{ index: last.index, sequenceNumber: last.sequenceNumber, message: { ...last.event }, audience }];
  });
};
