/**
 * A task on one person's lists: their priority group and their order in it (the sort code), whether
 * they dismissed it, and copies of the fields lists filter on. Priority groups and order are
 * personal: the same shared task can be in one person's Today and another's Later.
 * Indexes: all of a person's tasks (main key, for search and the calendar); one priority group of one
 * person in order (gsi1: a Today panel's page is one Query); a person's tasks newest first (gsi2: a
 * page of the task list and individual parents is one Query); the tasks a person gave to others,
 * newest first (gsi3, sparse: only placements with `delegatedOut` carry its keys, see
 * `delegatedOutKeys`; the Delegated tab's page is one Query, decisions D28); the tasks the daily
 * normalisation may have to move or remind of (gsi4, sparse: `dayWatchKeys`, decisions D34).
 */
import { TASK_FLAG } from '@tandem/shared/tasks/constants';
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const PlacementEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'placement', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          taskId: { type: 'string', required: true, readOnly: true },
          priorityGroup: { type: 'number', required: true },
          sortCode: { type: 'string', required: true },
          taskPosition: { type: ['top', 'bottom', 'custom'] as const, required: true, default: 'top' },
          dismissed: { type: 'boolean', default: false },
          isOwner: { type: 'boolean', required: true },
          delegatedToMe: { type: 'boolean', required: true },
          /** The task has a schedule: the calendar reads only these. */
          scheduled: { type: 'boolean', default: false },
          /** The task's delegation type, for the individual-delegation parents list. */
          delegationType: { type: 'string' },
          /** On the creator's placement: the task is assigned to, or awaits, someone else (the Delegated tab). */
          delegatedOut: { type: 'boolean', default: false },
          /** gsi3's keys, present only while `delegatedOut` is true (delegatedOutKeys). */
          delegatedOutPk: { type: 'string', field: 'gsi3pk' },
          delegatedOutSk: { type: 'string', field: 'gsi3sk' },
          /** gsi4's keys, present only while the daily normalisation may move the task (dayWatchKeys). */
          dayWatchPk: { type: 'string', field: 'gsi4pk' },
          dayWatchSk: { type: 'string', field: 'gsi4sk' },
          // Copies of the task's fields that lists filter and search on.
          groupId: { type: 'string', required: true },
          /** A sub-task shows under its parent when the parent is on the same list. */
          parentId: { type: 'string' },
          mode: { type: 'string', required: true },
          status: { type: 'number', required: true },
          titleLower: { type: 'string', required: true },
          completionAt: { type: 'string' },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['taskId'], template: 'UTASK#${taskId}' },
          },
          byPriorityGroup: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['userId', 'priorityGroup'],
              template: 'UPG#${userId}#${priorityGroup}',
            },
            // Sort codes are base-62 and case-sensitive: ElectroDB must not lowercase them.
            sk: { field: 'gsi1sk', composite: ['sortCode'], template: '${sortCode}', casing: 'none' },
          },
          byUserNewest: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['userId'], template: 'UTASKS#${userId}' },
            sk: { field: 'gsi2sk', composite: ['createdAt', 'taskId'], template: '${createdAt}#${taskId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/** The Delegated tab's partition of a person (gsi3). */
export const delegatedOutPartition = (userId: string) => `UDELEG#${userId}`;

/**
 * `delegatedOut` with the sparse index's keys: set them when it becomes true, remove them when false
 * (`delegatedOutRemoved`). Sorted by the task's creation, newest first when read backwards.
 */
export const delegatedOutKeys = (userId: string, taskCreatedAt: string, taskId: string) => ({
  delegatedOut: true,
  delegatedOutPk: delegatedOutPartition(userId),
  delegatedOutSk: `${taskCreatedAt}#${taskId}`,
});
export const delegatedOutRemoved = ['delegatedOutPk', 'delegatedOutSk'] as const;

/** The daily normalisation's partition of a person (gsi4). */
export const dayWatchPartition = (userId: string) => `UDAY#${userId}`;

/** What decides whether a task is on its people's day watch. */
export interface DayWatchFacts {
  schedule?: unknown;
  dueAt?: string | null;
  flag: number;
}

/**
 * A task the daily normalisation may have to act on: one with a schedule (a one-off start, a routine
 * or a routine's instance), a due date, or urgent. Others never change by it (decisions D34).
 */
export const isDayWatched = (t: DayWatchFacts) =>
  Boolean(t.schedule) || Boolean(t.dueAt) || t.flag === TASK_FLAG.urgent;

/**
 * gsi4's keys for a person's placement of the task when it is watched, else nothing: every write that
 * gives a task a schedule, a due date or the urgent flag spreads these on each placement it writes.
 * The normalisation removes them (`dayWatchRemoved`) once the task can no longer change by it.
 */
export const dayWatchKeys = (userId: string, taskId: string, t: DayWatchFacts) =>
  isDayWatched(t) ? { dayWatchPk: dayWatchPartition(userId), dayWatchSk: taskId } : {};
export const dayWatchRemoved = ['dayWatchPk', 'dayWatchSk'] as const;
