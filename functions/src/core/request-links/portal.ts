/**
 * The request portal (spec 002 §2; decisions D68): the owner's tasks that came from requests, newest
 * first (one Query of the owner's partition of gsi1), and one of them (one GetItem for the request,
 * one for the task). Somebody else's request is not found (404).
 */
import {
  type PortalTaskDetail,
  type PortalTaskView,
  REQUEST_LINK_LIMITS,
  type Urgency,
} from '@tandem/shared/request-links/constants';
import type { StoredItem } from '../../db/records.ts';
import { RequestRecordEntity } from '../../db/request-links.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { loadTask } from '../access/task-access.ts';
import { inlineUrl } from '../attachments/objects.ts';

type RequestRecord = StoredItem<typeof RequestRecordEntity>;

const view = (r: RequestRecord): PortalTaskView => ({
  id: r.taskId,
  title: r.title,
  requestLink: r.linkId,
  companyName: r.companyName,
  requesterName: r.requesterName,
  requesterEmail: r.requesterEmail,
  requestType: r.requestType,
  urgency: (r.urgency as Urgency | undefined) ?? null,
  dueDate: r.dueDate ?? null,
  scheduledTime: r.scheduledTime ?? null,
  duration: r.duration ?? null,
  createdAt: r.createdAt,
});

export async function listPortalTasks(actor: Actor): Promise<{ results: PortalTaskView[] }> {
  const r = await RequestRecordEntity.query
    .byOwner({ ownerId: actor.userId })
    .go({ order: 'desc', limit: REQUEST_LINK_LIMITS.portalTasks });
  return { results: r.data.map(view) };
}

export async function getPortalTask(actor: Actor, taskId: string): Promise<PortalTaskDetail> {
  const rec = (await RequestRecordEntity.get({ taskId }).go()).data;
  if (!rec || rec.ownerId !== actor.userId) throw new NotFoundError();
  const task = await loadTask(taskId);
  return {
    ...view(rec),
    description: rec.description,
    voiceNote: rec.voiceKey ? await inlineUrl(rec.voiceKey, rec.voiceType ?? 'audio/webm') : null,
    status: task?.status ?? null,
    assignees: task ? Object.values(task.assignees).map((a) => a.email) : [],
  };
}
