/**
 * The table's stream consumer (ARCHITECTURE §7, docs/realtime.md): turns item changes into events and
 * posts them to the sockets of everyone who must hear. The write path does not know who listens; this
 * does. In AWS a Lambda event source mapping calls it with batches of stream records (filtered by
 * streams/filter.ts); locally scripts/src/local/streams.ts reads DynamoDB Local's stream and calls it
 * with the same event shape.
 *
 * Each kind of item has its module (MODULES below: one line each); a module says what the batch's
 * records of its kind mean and who hears each message. Then one BatchGetItem reads the presence items
 * (open connections) of everyone who must hear anything in the batch, and the messages go out in stream
 * order. Delivery is at least once: a record whose posts fail (other than a closed socket) is reported
 * as a batch item failure and comes again, and clients drop an event whose id they have seen.
 *
 * Chat messages take their own path (chat-delivery.ts, decisions D38): they also move the viewers'
 * chat entries before their events go out.
 *
 * A deleted task's attachments are removed (attachment-cleanup.ts: one Query, then per file one
 * transaction and one S3 delete), its custom fields and values (custom-field-cleanup.ts) and its chat
 * (chat-cleanup.ts). Meeting invitations queued by requests are told (tell-outbox.ts); report counters
 * are kept (report-aggregates.ts).
 */

import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { connectionsOf, sendToUsers } from '../core/ws/connections.ts';
import { logger } from '../lib/logger.ts';
import { removeAgendasOfDeletedTasks } from './agenda-cleanup.ts';
import { removeFilesOfDeletedTasks } from './attachment-cleanup.ts';
import { attachmentUpdates } from './attachment-events.ts';
import { copyChangedAvatars } from './avatar-copies.ts';
import { markCalendarsOfChangedTasks } from './calendar-sync.ts';
import { removeChatsOfDeletedTasks } from './chat-cleanup.ts';
import { handleMessageRecords } from './chat-delivery.ts';
import { removeContactLinksOfDeletedTasks } from './contact-links.ts';
import { removeFilesOfDeletedCurricula } from './curriculum-attachment-cleanup.ts';
import { curriculumAttachmentUpdates } from './curriculum-attachment-events.ts';
import { removeCustomFieldsOfDeletedTasks } from './custom-field-cleanup.ts';
import { acceptsLiveKeys } from './filter.ts';
import { groupUpdates } from './group-events.ts';
import { syncLessonStatuses } from './lesson-status.ts';
import { membershipUpdates } from './membership-events.ts';
import { deliverNotifications } from './notification-events.ts';
import { placementUpdates } from './placement-events.ts';
import { sendQueuedPushes } from './push-outbox.ts';
import type { LiveModule } from './records.ts';
import { updateReportAggregates } from './report-aggregates.ts';
import { removeRoleMappingsOfDeletedTasks } from './role-mapping-cleanup.ts';
import type { TaskChange } from './task-events.ts';
import { taskChangeOf, taskUpdates } from './task-updates.ts';
import { sendQueuedTellings } from './tell-outbox.ts';

/** What the consumer does with each kind of item. A new kind: its module, one line here, its key in filter.ts. */
const MODULES: readonly LiveModule[] = [
  taskUpdates, // task items (task-updates.ts): task_created / task_changed / task_moved / task_deleted
  groupUpdates, // group items (with their roster): group_changed / roster_changed
  placementUpdates, // a person's own placement: placement_changed, to their own sockets
  membershipUpdates, // a person's own group order and archive: membership_changed, to their own sockets
  attachmentUpdates, // a task's files and video links (attachment-events.ts): attachments_changed
  curriculumAttachmentUpdates, // a curriculum's (curriculum-attachment-events.ts, D83): attachments_changed
];

/** The consumer: records of the kinds in MODULES to their modules, message records to the chat path. */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const records = event.Records.filter((r) => acceptsLiveKeys(r.dynamodb?.Keys));
  const changes = records.map(taskChangeOf).filter((c): c is TaskChange => c !== null);
  // A scheduled task changed: its group's exporting calendar links are marked due (calendar-sync.ts, D70).
  const calendarsMarked = markCalendarsOfChangedTasks(changes);
  // A deleted task's contact and company links and their counts (contact-links.ts, D63); never rejects.
  const contactLinks = removeContactLinksOfDeletedTasks(changes);
  const [
    modules,
    chats,
    notified,
    ,
    files,
    fields,
    reports,
    queued,
    chatsGone,
    avatars,
    lessons,
    agendasGone,
    mappings,
    curriculumFiles,
  ] = await Promise.all([
    handleModuleRecords(records),
    handleMessageRecords(records),
    // Notifications (notification-events.ts): new ones to their sockets, new assignees told.
    deliverNotifications(records, changes),
    // Pushes tell() queued (push-outbox.ts): to the person's devices; never tried again.
    sendQueuedPushes(records),
    // A deleted task's files (attachment-cleanup.ts).
    removeFilesOfDeletedTasks(changes),
    // A deleted task's custom fields and values (custom-field-cleanup.ts).
    removeCustomFieldsOfDeletedTasks(changes),
    updateReportAggregates(records), // report counters (report-aggregates.ts, decisions D50)
    // Tellings requests queued (tell-outbox.ts): meeting invitations, template calendar (D46).
    sendQueuedTellings(records),
    // A deleted task's chat: messages, entries, read marks, digests (chat-cleanup.ts, D46).
    removeChatsOfDeletedTasks(changes),
    // A changed avatar into the rosters and tasks that keep a copy (avatar-copies.ts, D48).
    copyChangedAvatars(records),
    syncLessonStatuses(changes), // a lesson task's status into its curriculum (lesson-status.ts, D66)
    removeAgendasOfDeletedTasks(changes), // a deleted task's agenda (agenda-cleanup.ts, D67)
    // A deleted task's role mappings (role-mapping-cleanup.ts, D64).
    removeRoleMappingsOfDeletedTasks(changes),
    removeFilesOfDeletedCurricula(records), // a deleted curriculum's files (curriculum-attachment-cleanup.ts, D72)
  ]);
  return {
    batchItemFailures: [
      ...notified,
      ...modules,
      ...chats.batchItemFailures,
      ...files,
      ...fields,
      ...reports,
      ...queued,
      ...chatsGone,
      ...avatars,
      ...(await contactLinks),
      ...lessons,
      ...agendasGone,
      ...(await calendarsMarked),
      ...mappings,
      ...curriculumFiles,
    ],
  };
};

async function handleModuleRecords(
  records: DynamoDBStreamEvent['Records'],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  // The modules' reads for the whole batch at once; a failure here fails every record (all come again).
  const outgoing = (await Promise.all(MODULES.map((m) => m(records))))
    .flat()
    .sort((a, b) => a.index - b.index);
  if (outgoing.length === 0) return [];
  const connections = await connectionsOf(outgoing.flatMap((o) => o.audience));

  const failed = new Set<string>();
  // In stream order, so a socket hears an item's changes in the order they were written.
  for (const { sequenceNumber, message, audience } of outgoing) {
    const listeners = audience.filter((u) => connections.has(u));
    if (listeners.length === 0 || failed.has(sequenceNumber)) continue;
    try {
      const { failures } = await sendToUsers(listeners, message, connections);
      if (failures.length > 0) throw new AggregateError(failures, 'posts to connections failed');
    } catch (e) {
      logger.warn('live update not delivered; the record is tried again', {
        event: message.type,
        error: e instanceof Error ? e.message : String(e),
      });
      failed.add(sequenceNumber);
    }
  }
  return [...failed].map((itemIdentifier) => ({ itemIdentifier }));
}
