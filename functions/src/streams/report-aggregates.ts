/**
 * Report aggregates kept on write (issue 14 item 5; decisions D50): the live consumer hands every
 * batch here, and each task or placement change that moves a report becomes counter deltas on small
 * items (db/entities/report.ts), so a report sums a few day items instead of reading history.
 *
 * What counts (the old and new images tell whether a transition happened):
 * - trend, per person (the task's creator and assignees) and per group: `created` when a task starts
 *   to count (an insert, or a draft made active) on the local day of its creation; `completed` when it
 *   becomes done, on the local day of its completion, and taken back from that day when it is reopened.
 *   Templates, drafts and routine instances do not count (routines have their own report).
 * - routine, per routine definition: `due` when an instance is made (on its routine day), taken back
 *   when it is deleted; `done` when the instance becomes done, taken back when reopened or deleted.
 * - task_overview, per person: their placements now (not dismissed, not drafts or templates) by status,
 *   priority group and group.
 *
 * Days are the person's local days (their zone from their profile, read once per batch); a group's day
 * is its task creator's. At-least-once delivery: each record's deltas are written in one transaction
 * with a marker item named by the record's id, created only if absent — a record delivered again finds
 * its marker and changes nothing. A failure other than that is a batch item failure (the record comes
 * again). Records are applied one after another, so two of one batch never conflict on a counter.
 */
import { TASK_STATUS } from '@tandem/shared';
import { localDay } from '@tandem/shared/reports/reports';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
/// <reference path="../db/electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import type { PlacementRecord, TaskRecord } from '../core/access/task-access.ts';
import { type ReportScope, reportEntities } from '../db/entities/report.ts';
import { UserEntity } from '../db/entities/user.ts';
import { TransactionCanceledError } from '../lib/conditions.ts';
import { logger } from '../lib/logger.ts';
import { changeOf, type ItemChange } from './records.ts';

/** Markers outlive the stream's 24-hour retention by a day. */
const SEEN_SECONDS = 2 * 24 * 60 * 60;

type DayCounter = 'created' | 'completed' | 'due' | 'done';

export type Delta =
  | { kind: 'day'; scope: ReportScope; ownerId: string; day: string; counter: DayCounter; by: number }
  | { kind: 'count'; userId: string; dimension: 'status' | 'pg' | 'group'; value: string; by: number };

type Zones = (userId: string) => string;

const trendCounts = (t: TaskRecord | undefined): t is TaskRecord =>
  !!t && !t.routineTaskId && t.mode !== 'template' && t.mode !== 'draft';
const isDone = (t: TaskRecord | undefined) => trendCounts(t) && t.status === TASK_STATUS.done;
const peopleOf = (t: TaskRecord) => [...new Set([t.createdBy, ...Object.keys(t.assignees ?? {})])];

function trendDeltas(
  t: TaskRecord,
  counter: 'created' | 'completed',
  at: string,
  by: number,
  zoneOf: Zones,
): Delta[] {
  return [
    ...peopleOf(t).map(
      (userId): Delta => ({
        kind: 'day',
        scope: 'u',
        ownerId: userId,
        day: localDay(at, zoneOf(userId)),
        counter,
        by,
      }),
    ),
    { kind: 'day', scope: 'g', ownerId: t.groupId, day: localDay(at, zoneOf(t.createdBy)), counter, by },
  ];
}

/** What a change of a task item does to the day counters. Pure. */
export function taskDeltas(c: ItemChange<TaskRecord>, zoneOf: Zones): Delta[] {
  const { before, after } = c;
  const writtenAt = c.writtenAt ? new Date(c.writtenAt * 1000).toISOString() : new Date().toISOString();
  const out: Delta[] = [];
  // Routine instances: due and done on the definition's day items.
  const instance = after?.routineTaskId ? after : before?.routineTaskId ? before : undefined;
  if (instance?.routineTaskId && instance.routineDay) {
    const day = (counter: DayCounter, by: number): Delta => ({
      kind: 'day',
      scope: 'r',
      ownerId: instance.routineTaskId!,
      day: instance.routineDay!,
      counter,
      by,
    });
    const wasDone = before?.status === TASK_STATUS.done;
    const nowDone = after?.status === TASK_STATUS.done;
    if (!before && after) out.push(day('due', 1));
    if (before && !after) out.push(day('due', -1));
    if (!wasDone && nowDone) out.push(day('done', 1));
    if (wasDone && !nowDone) out.push(day('done', -1));
    return out;
  }
  // Trend: created once, when the task starts to count.
  const wasDraft = before?.mode === 'draft';
  if (!trendCounts(before) && trendCounts(after) && (c.kind === 'INSERT' || wasDraft)) {
    out.push(...trendDeltas(after, 'created', after.createdAt, 1, zoneOf));
  }
  if (!isDone(before) && isDone(after)) {
    out.push(...trendDeltas(after!, 'completed', after!.completionAt ?? writtenAt, 1, zoneOf));
  } else if (isDone(before) && after && !isDone(after) && trendCounts(after)) {
    // Reopened: the completion leaves the day it was counted on. (A deleted task keeps its history.)
    out.push(...trendDeltas(before!, 'completed', before!.completionAt ?? writtenAt, -1, zoneOf));
  }
  return out;
}

const overviewKeys = (p: PlacementRecord | undefined): Array<['status' | 'pg' | 'group', string]> =>
  p && !p.dismissed && p.mode !== 'template' && p.mode !== 'draft'
    ? [
        ['status', String(p.status)],
        ['pg', String(p.priorityGroup)],
        ['group', p.groupId],
      ]
    : [];

/** What a change of a placement does to its person's task_overview counts. Pure. */
export function placementDeltas(c: ItemChange<PlacementRecord>): Delta[] {
  const userId = (c.after ?? c.before)!.userId;
  const deltas = [
    ...overviewKeys(c.before).map(([dimension, value]) => ({ dimension, value, by: -1 })),
    ...overviewKeys(c.after).map(([dimension, value]) => ({ dimension, value, by: 1 })),
  ];
  return mergeDeltas(deltas.map((d): Delta => ({ kind: 'count', userId, ...d })));
}

const deltaKey = (d: Delta) =>
  d.kind === 'day'
    ? `d|${d.scope}|${d.ownerId}|${d.day}|${d.counter}`
    : `c|${d.userId}|${d.dimension}|${d.value}`;

/** The deltas summed by counter, those that cancel out left out. */
export function mergeDeltas(deltas: readonly Delta[]): Delta[] {
  const sums = new Map<string, Delta>();
  for (const d of deltas) {
    const k = deltaKey(d);
    const prev = sums.get(k);
    sums.set(k, prev ? { ...prev, by: prev.by + d.by } : d);
  }
  return [...sums.values()].filter((d) => d.by !== 0);
}

/**
 * The people whose zone the batch's task changes need: only those of changes that move a trend
 * counter (a title edit reads nothing). Found by deriving the deltas once with a zone lookup that only
 * notes who was asked for.
 */
function peopleNeedingZones(changes: ReadonlyArray<ItemChange<TaskRecord>>): string[] {
  const ids = new Set<string>();
  for (const c of changes)
    taskDeltas(c, (userId) => {
      ids.add(userId);
      return 'UTC';
    });
  return [...ids];
}

async function zonesOf(userIds: string[]): Promise<Zones> {
  const zones = new Map<string, string>();
  if (userIds.length > 0) {
    const { data } = await UserEntity.get(userIds.map((userId) => ({ userId }))).go({
      attributes: ['userId', 'config'],
    });
    for (const u of data) {
      const zone = (u.config as { timezone?: string } | undefined)?.timezone;
      if (zone) zones.set(u.userId, zone);
    }
  }
  return (userId) => zones.get(userId) ?? 'UTC';
}

/** A transaction holds 100 items: the marker and 99 counter items. */
const ITEMS_PER_WRITE = 99;

/** One counter item's write: a transaction may touch an item once, so a day's counters go together. */
export type ItemWrite =
  | {
      kind: 'day';
      scope: ReportScope;
      ownerId: string;
      day: string;
      adds: Partial<Record<DayCounter, number>>;
    }
  | {
      kind: 'month';
      scope: ReportScope;
      ownerId: string;
      month: string;
      adds: Partial<Record<DayCounter, number>>;
    }
  | Extract<Delta, { kind: 'count' }>;

/** The deltas (merged) as one write per item: each day's, then its month's (the rollup). */
export function itemWrites(deltas: readonly Delta[]): ItemWrite[] {
  const items = new Map<string, Extract<ItemWrite, { kind: 'day' | 'month' }>>();
  const out: ItemWrite[] = [];
  const into = (kind: 'day' | 'month', d: Extract<Delta, { kind: 'day' }>) => {
    const key = kind === 'day' ? d.day : d.day.slice(0, 7);
    const k = `${kind}|${d.scope}|${d.ownerId}|${key}`;
    let w = items.get(k);
    if (!w) {
      w =
        kind === 'day'
          ? { kind, scope: d.scope, ownerId: d.ownerId, day: key, adds: {} }
          : { kind, scope: d.scope, ownerId: d.ownerId, month: key, adds: {} };
      items.set(k, w);
      out.push(w);
    }
    w.adds[d.counter] = (w.adds[d.counter] ?? 0) + d.by;
  };
  for (const d of deltas) {
    if (d.kind === 'count') out.push(d);
    else {
      into('day', d);
      into('month', d);
    }
  }
  return out;
}

/**
 * Writes one record's items, each transaction with its marker (the record's id, and the part's number
 * when a task with 50 assignees needs more than one); a part already applied is passed over.
 */
async function applyRecord(recordId: string, deltas: readonly Delta[], now: Date): Promise<void> {
  const writes = itemWrites(deltas);
  for (let i = 0; i * ITEMS_PER_WRITE < writes.length; i++) {
    const part = writes.slice(i * ITEMS_PER_WRITE, (i + 1) * ITEMS_PER_WRITE);
    await apply(i === 0 ? recordId : `${recordId}#${i}`, part, now);
  }
}

type ReportWrites = Parameters<Service<typeof reportEntities>['transaction']['write']>[0];

/** One write transaction over the report entities (as db/transact.ts does over the others). */
async function transact(fn: ReportWrites): Promise<void> {
  const result = await createWriteTransaction(reportEntities, fn).go();
  if (result.canceled)
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
}

/** Writes items with their marker; false when they had been applied already. */
async function apply(recordId: string, writes: readonly ItemWrite[], now: Date): Promise<boolean> {
  try {
    await write([recordId], writes, now);
    return true;
  } catch (e) {
    if (e instanceof TransactionCanceledError && e.failedAt(0)) return false;
    throw e;
  }
}

/** One transaction: a marker per record (created only if absent), then the items' writes. */
async function write(recordIds: readonly string[], writes: readonly ItemWrite[], now: Date): Promise<void> {
  const ttl = Math.floor(now.getTime() / 1000) + SEEN_SECONDS;
  await transact(({ reportSeen, reportDay, reportMonth, reportCount }) => [
    ...recordIds.map((recordId) => reportSeen.create({ recordId, ttl }).commit()),
    ...writes.map((w) =>
      w.kind === 'day'
        ? reportDay.upsert({ scope: w.scope, ownerId: w.ownerId, day: w.day }).add(w.adds).commit()
        : w.kind === 'month'
          ? reportMonth.upsert({ scope: w.scope, ownerId: w.ownerId, month: w.month }).add(w.adds).commit()
          : reportCount
              .upsert({ userId: w.userId, dimension: w.dimension, value: w.value })
              .add({ count: w.by })
              .commit(),
    ),
  ]);
}

/** A record's counter changes, as the batch step hands them on. */
interface RecordDeltas {
  recordId: string;
  sequenceNumber: string;
  deltas: Delta[];
}

/**
 * Packs records into transactions of at most 100 items (a marker each, and their writes merged per
 * item — a transaction may touch an item once), so a batch of 100 changes costs a few requests, not
 * 100. A pack refused as a whole (a record delivered again finds its marker, or any other
 * cancellation) is written again record by record, each with its own marker, so nothing is counted
 * twice and a failure stays the one record's.
 */
async function applyPacked(records: readonly RecordDeltas[], now: Date): Promise<RecordDeltas[]> {
  const failed: RecordDeltas[] = [];
  const one = async (r: RecordDeltas) => {
    try {
      await applyRecord(r.recordId, r.deltas, now);
    } catch (e) {
      logger.warn('report aggregates not updated; the record is tried again', {
        error: e instanceof Error ? e.message : String(e),
      });
      failed.push(r);
    }
  };
  let pack: RecordDeltas[] = [];
  let packWrites: ItemWrite[] = [];
  const flush = async () => {
    if (pack.length === 0) return;
    const records = pack;
    const writes = packWrites;
    pack = [];
    packWrites = [];
    if (records.length === 1) return one(records[0]!);
    try {
      await write(
        records.map((r) => r.recordId),
        writes,
        now,
      );
    } catch {
      for (const r of records) await one(r);
    }
  };
  for (const r of records) {
    const own = itemWrites(r.deltas);
    // A record too large to share a transaction goes alone (in parts, applyRecord).
    if (own.length + 1 > ITEMS_PER_WRITE + 1) {
      await one(r);
      continue;
    }
    let merged = itemWrites(mergeDeltas([...pack.flatMap((x) => x.deltas), ...r.deltas]));
    if (pack.length + 1 + merged.length > ITEMS_PER_WRITE + 1) {
      await flush();
      merged = own;
    }
    pack.push(r);
    packWrites = merged;
  }
  await flush();
  return failed;
}

/** The live consumer's step for reports: the batch's task and placement changes onto the counters. */
export async function updateReportAggregates(
  records: readonly DynamoDBRecord[],
  now = new Date(),
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const tasks = records.map((r) => changeOf<TaskRecord>(r, 'task'));
  const placements = records.map((r) => changeOf<PlacementRecord>(r, 'placement'));
  if (!tasks.some(Boolean) && !placements.some(Boolean)) return [];
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  let zoneOf: Zones;
  try {
    zoneOf = await zonesOf(peopleNeedingZones(tasks.filter((c): c is ItemChange<TaskRecord> => c !== null)));
  } catch (e) {
    logger.warn('report aggregates not updated; the batch is tried again', { error: String(e) });
    return records.flatMap((r) =>
      r.dynamodb?.SequenceNumber ? [{ itemIdentifier: r.dynamodb.SequenceNumber }] : [],
    );
  }
  const changed: RecordDeltas[] = [];
  for (let i = 0; i < records.length; i++) {
    const t = tasks[i];
    const p = placements[i];
    const change = t ?? p;
    if (!change) continue;
    const deltas = mergeDeltas(t ? taskDeltas(t, zoneOf) : placementDeltas(p!));
    if (deltas.length > 0)
      changed.push({ recordId: change.eventId, sequenceNumber: change.sequenceNumber, deltas });
  }
  for (const r of await applyPacked(changed, now)) failures.push({ itemIdentifier: r.sequenceNumber });
  return failures;
}
