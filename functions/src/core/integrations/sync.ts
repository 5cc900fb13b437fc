/**
 * Two-way sync of one calendar link (decisions D70), run by the schedule (jobs/sync-calendars.ts), on a
 * change to a task of the link's group (streams/calendar-sync.ts) and on demand:
 *
 * - import (direction import or both): the changes since the link's token become scheduled tasks in
 *   the group (made, changed, or removed with their event); an event is skipped when its etag is the
 *   one we last read or wrote, so our own writes do not come back and a re-run changes nothing;
 * - export (export or both): each scheduled task of the group is written as an event when its words or
 *   schedule changed since it was last written (a stamp of them); a task gone from the group's
 *   schedule has its event removed.
 *
 * Reads are bounded (SYNC_PAGE_SIZE × SYNC_MAX_PAGES per run); a token is saved only when the changes
 * were read to the end. A refused credential marks the connection broken and tells its owner once.
 */
import { createHash } from 'node:crypto';
import { createTaskInput, updateTaskInput } from '@tandem/shared';
import { type IntegrationProvider, PROVIDER_NAMES } from '@tandem/shared/integrations/integrations';
import { TaskEntity } from '../../db/entities/task.ts';
import {
  CalendarLinkEntity,
  type CalendarLinkRecord,
  IntegrationEntity,
  type IntegrationRecord,
  SyncedEventEntity,
  type SyncedEventRecord,
} from '../../db/integrations.ts';
import type { Actor } from '../../lib/actor.ts';
import { chunks, MAX_BATCH_WRITE_ITEMS } from '../../lib/batches.ts';
import { env } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import type { StoredSchedule } from '../access/task-access.ts';
import { tell } from '../notifications/tell.ts';
import { scheduledTasksFor } from '../schedules/schedules.ts';
import { createTask, deleteTasks, updateTask } from '../tasks/tasks.ts';
import { type ExportableTask, outgoingEvent, taskStamp } from './events.ts';
import { clientOf, integrationOf } from './integrations.ts';
import { type CalendarClient, CredentialsRefusedError, type RemoteEvent } from './provider.ts';

const eventKey = (eventId: string) => `event#${createHash('sha256').update(eventId).digest('base64url')}`;
const taskKey = (taskId: string) => `task#${taskId}`;

export interface SyncResult {
  imported: number;
  updated: number;
  removed: number;
  exported: number;
  unexported: number;
  broken?: boolean;
  /** Another sync of the link was running: this one did nothing (the other writes the changes). */
  busy?: boolean;
}

const LEASE_MS = 5 * 60_000;

async function pair(
  linkId: string,
  taskId: string,
  eventId: string,
  href: string | undefined,
  etag: string,
  stamp: string,
  series: boolean,
) {
  const common = { linkId, taskId, eventId, ...(href ? { href } : {}), ...(series ? { series } : {}) };
  const items = [
    { ...common, key: eventKey(eventId), stamp: etag },
    { ...common, key: taskKey(taskId), stamp },
  ];
  for (const batch of chunks(items, MAX_BATCH_WRITE_ITEMS)) await SyncedEventEntity.put(batch).go();
}

async function unpair(p: SyncedEventRecord) {
  const keys = [
    { linkId: p.linkId, key: eventKey(p.eventId) },
    { linkId: p.linkId, key: taskKey(p.taskId) },
  ];
  for (const batch of chunks(keys, MAX_BATCH_WRITE_ITEMS)) await SyncedEventEntity.delete(batch).go();
}

const exportable = (t: {
  taskId: string;
  title: string;
  description: string;
  schedule: StoredSchedule;
}): ExportableTask => ({
  taskId: t.taskId,
  title: t.title,
  description: t.description,
  schedule: t.schedule,
});

async function taskOf(taskId: string) {
  const t = (await TaskEntity.get({ taskId }).go()).data;
  return t?.schedule ? { ...t, schedule: t.schedule } : null;
}

function scheduleOf(e: RemoteEvent, fallbackZone: string) {
  return {
    startDate: e.start,
    duration: e.allDay ? 1440 : e.durationMinutes,
    allDay: e.allDay,
    timezone: e.timezone ?? fallbackZone,
    recurRule: e.recurRule,
  };
}

async function importChanges(actor: Actor, link: CalendarLinkRecord, client: CalendarClient, r: SyncResult) {
  const changes = await client.changes(link.calendar, link.syncToken, link.startDate);
  const from = Date.parse(`${link.startDate}T00:00:00Z`);
  for (const e of changes.events) {
    try {
      // Before the start date (a one-off): not this link's business.
      if (!e.recurRule && Date.parse(e.start) < from) continue;
      const known = (await SyncedEventEntity.get({ linkId: link.linkId, key: eventKey(e.id) }).go()).data;
      if (known && known.stamp === e.etag) continue;
      const existing = known ? await taskOf(known.taskId) : null;
      let taskId: string;
      if (existing) {
        await updateTask(
          actor,
          existing.taskId,
          updateTaskInput.parse({
            title: e.title,
            details: { description: e.description },
            scheduledTask: scheduleOf(e, existing.schedule.timezone),
          }),
        );
        taskId = existing.taskId;
        r.updated++;
      } else {
        const made = await createTask(
          actor,
          createTaskInput.parse({
            title: e.title,
            group: link.groupId,
            details: { description: e.description },
            scheduledTask: scheduleOf(e, 'UTC'),
          }),
        );
        taskId = made.results[0]!.id;
        r.imported++;
      }
      const t = await taskOf(taskId);
      if (t) await pair(link.linkId, taskId, e.id, e.href, e.etag, taskStamp(exportable(t)), !!e.recurRule);
    } catch (err) {
      if (err instanceof CredentialsRefusedError) throw err;
      // One event we cannot take (a rule we do not read, a title too long…) does not stop the others.
      logger.warn('calendar event not imported', { linkId: link.linkId, error: String(err) });
    }
  }
  let unplaced = false;
  for (const id of changes.deleted) {
    const known = (await SyncedEventEntity.get({ linkId: link.linkId, key: eventKey(id) }).go()).data;
    if (known) await removeWithEvent(actor, known, r);
    else unplaced = true;
  }
  // Graph names a removed series by its occurrences: the link's series are asked after.
  if (unplaced && client.goneSeries) {
    const series = (
      await SyncedEventEntity.query
        .byKey({ linkId: link.linkId })
        .begins({ key: 'event#' })
        .go({ pages: 'all' })
    ).data.filter((p) => p.series);
    const gone = new Set(series.length ? await client.goneSeries(series.map((p) => p.eventId)) : []);
    for (const p of series) if (gone.has(p.eventId)) await removeWithEvent(actor, p, r);
  }
  return changes.token;
}

/** The task of an event removed from the calendar goes with it, and the pair is forgotten. */
async function removeWithEvent(actor: Actor, known: SyncedEventRecord, r: SyncResult) {
  try {
    await deleteTasks(actor, [known.taskId], false);
    r.removed++;
  } catch (err) {
    logger.warn('imported task not removed', { linkId: known.linkId, error: String(err) });
  }
  await unpair(known);
}

async function exportTasks(
  actor: Actor,
  link: CalendarLinkRecord,
  client: CalendarClient,
  r: SyncResult,
  now: Date,
) {
  const scheduled = await scheduledTasksFor(actor, { group: link.groupId });
  const from = Date.parse(`${link.startDate}T00:00:00Z`);
  const present = new Set(scheduled.map(({ task }) => task.taskId));
  for (const { task } of scheduled) {
    const s = task.schedule;
    if (!s.recurRule && Date.parse(s.startDate) < from) continue;
    const t = exportable(task);
    const stamp = taskStamp(t);
    const known = (await SyncedEventEntity.get({ linkId: link.linkId, key: taskKey(task.taskId) }).go()).data;
    if (known && known.stamp === stamp) continue;
    const written = await client.put(
      link.calendar,
      known ? { eventId: known.eventId, ...(known.href ? { href: known.href } : {}) } : null,
      outgoingEvent(t, now),
    );
    if (known && known.eventId !== written.eventId) await unpair(known);
    await pair(
      link.linkId,
      task.taskId,
      written.eventId,
      written.href,
      written.etag,
      stamp,
      !!task.schedule.recurRule,
    );
    r.exported++;
  }
  // Tasks no longer scheduled in the group (deleted, moved, unscheduled): their events go.
  let cursor: string | null = null;
  do {
    const page: { data: SyncedEventRecord[]; cursor: string | null } = await SyncedEventEntity.query
      .byKey({ linkId: link.linkId })
      .begins({ key: 'task#' })
      .go({ cursor, limit: 100 });
    for (const p of page.data) {
      if (present.has(p.taskId)) continue;
      await client.remove(link.calendar, { eventId: p.eventId, ...(p.href ? { href: p.href } : {}) });
      await unpair(p);
      r.unexported++;
    }
    cursor = page.cursor;
  } while (cursor);
}

/** The connection stopped working: marked broken (once) and its owner told, in the app and by e-mail. */
export async function markBroken(i: IntegrationRecord, now = new Date()): Promise<boolean> {
  const changed = await IntegrationEntity.patch({ userId: i.userId, integrationId: i.integrationId })
    .set({ status: 'broken', brokenAt: now.toISOString() })
    .where((a, op) => op.eq(a.status, 'active'))
    .go({ response: 'none' })
    .then(
      () => true,
      () => false,
    );
  if (!changed) return false;
  const name = PROVIDER_NAMES[i.provider as IntegrationProvider] ?? i.provider;
  const link = `${env.appUrl}/integrations`;
  await tell({
    template: 'calendar',
    subject: { type: 'day', id: i.integrationId },
    variables: { change: 'integration_broken', provider: i.provider, taskTitle: name, account: i.account },
    to: [{ userId: i.userId }],
    key: `integration-broken-${i.integrationId}-${now.getTime()}`,
    mail: (email) => ({
      to: email,
      subject: `Your ${name} connection stopped working`,
      text: `Tandem can no longer reach your calendar ${i.account} at ${name}: the sign-in expired or was withdrawn. Nothing is synced until you reconnect it: ${link}`,
      html: `<p>Tandem can no longer reach your calendar <strong>${i.account.replace(/[&<>"']/g, '')}</strong> at ${name}: the sign-in expired or was withdrawn.</p><p>Nothing is synced until you <a href="${link}">reconnect it</a>.</p>`,
    }),
    push: { title: `${name} stopped syncing`, body: 'Reconnect it on the integrations page.' },
    now,
  });
  return true;
}

/** One link, both ways as its direction says. */
export async function syncLink(
  link: CalendarLinkRecord,
  now = new Date(),
  known?: IntegrationRecord,
): Promise<SyncResult> {
  const r: SyncResult = { imported: 0, updated: 0, removed: 0, exported: 0, unexported: 0 };
  const i =
    known ??
    (await IntegrationEntity.get({ userId: link.userId, integrationId: link.integrationId }).go()).data;
  if (i?.status !== 'active') return r;
  const actor: Actor = { userId: link.userId, username: link.userId };
  const keys = { userId: link.userId, integrationId: link.integrationId, linkId: link.linkId };
  // One sync of a link at a time (the schedule, a change and the person may start one together): two
  // would both see a new event as unknown and make two tasks of it.
  const leased = await CalendarLinkEntity.patch(keys)
    .set({ leaseUntil: now.getTime() + LEASE_MS })
    .where((a, op) => `${op.notExists(a.leaseUntil)} OR ${op.lt(a.leaseUntil, Date.now())}`)
    .go({ response: 'none' })
    .then(
      () => true,
      () => false,
    );
  if (!leased) return { ...r, busy: true };
  try {
    const client = await clientOf(i);
    let token: string | null | undefined = link.syncToken;
    if (link.direction !== 'export') token = await importChanges(actor, link, client, r);
    if (link.direction !== 'import') await exportTasks(actor, link, client, r, now);
    await CalendarLinkEntity.patch({
      userId: link.userId,
      integrationId: link.integrationId,
      linkId: link.linkId,
    })
      .set({ lastSyncAt: now.toISOString(), ...(token ? { syncToken: token } : {}) })
      .go({ response: 'none' });
  } catch (e) {
    if (!(e instanceof CredentialsRefusedError)) throw e;
    await markBroken(i, now);
    r.broken = true;
  } finally {
    await CalendarLinkEntity.patch(keys)
      .remove(['leaseUntil'])
      .go({ response: 'none' })
      .catch(() => undefined);
  }
  return r;
}

/** Every link of one connection of the caller (the "sync now" of the screen). */
export async function syncIntegration(actor: Actor, id: string, now = new Date()): Promise<SyncResult> {
  const i = await integrationOf(actor, null, id);
  const links = await CalendarLinkEntity.query
    .byUser({ userId: actor.userId, integrationId: i.integrationId })
    .go({ pages: 'all' });
  const total: SyncResult = { imported: 0, updated: 0, removed: 0, exported: 0, unexported: 0 };
  for (const l of links.data) {
    const r = await syncLink(l, now, i);
    for (const k of ['imported', 'updated', 'removed', 'exported', 'unexported'] as const) total[k] += r[k];
    if (r.busy) total.busy = true;
    if (r.broken) return { ...total, broken: true };
  }
  return total;
}

/**
 * Links synced a few at a time within one invocation (decisions D75): a link's time is mostly waiting
 * on the provider and the table, so `SYNC_CONCURRENCY` of them share the function's wait. Each link
 * still has its own lease, so two runs never sync the same link at once.
 */
export const SYNC_CONCURRENCY = 6;

async function syncEach(
  links: readonly CalendarLinkRecord[],
  now: Date,
  concurrency: number,
  before?: (l: CalendarLinkRecord) => Promise<void>,
): Promise<number> {
  let failed = 0;
  let next = 0;
  const lane = async () => {
    while (next < links.length) {
      const l = links[next++]!;
      try {
        await before?.(l);
        await syncLink(l, now);
      } catch (e) {
        failed++;
        logger.warn('calendar link not synced', { linkId: l.linkId, error: String(e) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, links.length) }, lane));
  return failed;
}

/** The due links (sparse gsi3): each synced, then unmarked; a change during its sync marks it again. */
export async function syncDue(
  now = new Date(),
  concurrency = SYNC_CONCURRENCY,
): Promise<{ links: number; failed: number }> {
  const due = (await CalendarLinkEntity.query.byDue({ dueFlag: 'due' }).go({ limit: 100 })).data;
  // Unmarked first: a task changed while this sync runs marks the link again for the next run.
  const failed = await syncEach(due, now, concurrency, async (l) => {
    await CalendarLinkEntity.patch({ userId: l.userId, integrationId: l.integrationId, linkId: l.linkId })
      .remove(['dueFlag'])
      .go({ response: 'none' })
      .catch(() => undefined);
  });
  return { links: due.length, failed };
}

/** The scheduled run: every link, a page at a time; one link failing does not stop the others. */
export async function syncAll(
  now = new Date(),
  concurrency = SYNC_CONCURRENCY,
): Promise<{ links: number; failed: number }> {
  let cursor: string | null = null;
  let links = 0;
  let failed = 0;
  do {
    const page: { data: CalendarLinkRecord[]; cursor: string | null } = await CalendarLinkEntity.query
      .byWatch({ watch: 'all' })
      .go({ cursor, limit: 100 });
    links += page.data.length;
    failed += await syncEach(page.data, now, concurrency);
    cursor = page.cursor;
  } while (cursor);
  return { links, failed };
}
