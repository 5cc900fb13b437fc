/**
 * The live consumer's module for a curriculum's attachment items (docs/realtime.md, decisions D83), as
 * attachment-events.ts is for a task's: a file or video link of a curriculum added, renamed, reordered
 * or removed tells everyone who may see the curriculum — its author, its group's members, its learners
 * (curricula/store.ts curriculumFor) — to read its attachments again, one `attachments_changed` event
 * per curriculum and batch. The event's `task_id` is the owner as the item keeps it (`curriculum:` and
 * the id, the key the web's attachment lists are read under), and `curriculum_id` the curriculum's id.
 * Its reads for a whole batch: the curricula (one BatchGetItem), their groups (one BatchGetItem) and
 * each curriculum's learners (one Query each). A curriculum gone meanwhile says nothing: nobody sees it.
 */
import { ATTACHMENT_EVENT_TYPE } from '@tandem/shared';
import { groupsById } from '../core/access/task-access.ts';
import { type AttachmentRecord, ownerKey, ownerOfKey } from '../core/attachments/attachments.ts';
import { learnersOf } from '../core/curricula/store.ts';
import { CurriculumEntity } from '../db/entities/curricula.ts';
import { changeOf, type LiveModule, type Outgoing, writtenAt } from './records.ts';

export const curriculumAttachmentUpdates: LiveModule = async (records) => {
  // The last change of each curriculum in the batch stands for all of them.
  const last = new Map<string, { index: number; sequenceNumber: string; eventId: string; at: string }>();
  records.forEach((r, index) => {
    const c = changeOf<AttachmentRecord>(r, 'attachment');
    const key = (c?.after ?? c?.before)?.taskId;
    if (!c || !key) return;
    const owner = ownerOfKey(key);
    if (owner.kind !== 'curriculum') return;
    last.set(owner.id, { index, sequenceNumber: c.sequenceNumber, eventId: c.eventId, at: writtenAt(c) });
  });
  if (last.size === 0) return [];
  const { data, unprocessed } = await CurriculumEntity.get(
    [...last.keys()].map((curriculumId) => ({ curriculumId })),
  ).go();
  if (unprocessed.length > 0) throw new Error('DynamoDB left curriculum reads unprocessed');
  const curricula = data;
  const [groups, learners] = await Promise.all([
    groupsById(curricula.map((c) => c.groupId)),
    Promise.all(curricula.map((c) => learnersOf(c.curriculumId))),
  ]);
  return curricula.flatMap((c, i): Outgoing[] => {
    const change = last.get(c.curriculumId);
    if (!change) return [];
    const audience = new Set<string>([c.ownerId, ...(learners[i] ?? []).map((l) => l.userId)]);
    const group = groups.get(c.groupId);
    if (group && !group.deleting) {
      for (const m of Object.values(group.members)) {
        if (m.userId && m.invitationStatus === 'accepted') audience.add(m.userId);
      }
    }
    return [
      {
        index: change.index,
        sequenceNumber: change.sequenceNumber,
        message: {
          type: ATTACHMENT_EVENT_TYPE,
          id: change.eventId,
          task_id: ownerKey({ kind: 'curriculum', id: c.curriculumId }),
          curriculum_id: c.curriculumId,
          at: change.at,
        },
        audience: [...audience],
      },
    ];
  });
};
