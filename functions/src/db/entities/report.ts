/**
 * Report aggregates (issue 14 item 5; decisions D50), kept on write by the stream consumer
 * (streams/report-aggregates.ts) so a report reads a few small items and never someone's history.
 *
 * - reportDay: counters of one local day of one owner — a person (`u`: tasks created and completed on
 *   their lists), a group (`g`: the same for the group's tasks) or a routine definition (`r`:
 *   instances due and done). A range of days is one Query on the owner's partition.
 * - reportCount: a person's tasks now, counted by status, priority group and group (the task_overview
 *   report): one item per value, all read by one Query.
 * - reportSeen: the stream records already applied (by record id), so a record delivered twice is
 *   counted once. Kept a day past the stream's 24-hour retention, then removed by TTL.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const REPORT_SCOPES = ['u', 'g', 'r'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

export const ReportDayEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'reportDay', version: '1', service: 'tandem' },
        attributes: {
          scope: { type: REPORT_SCOPES, required: true, readOnly: true },
          ownerId: { type: 'string', required: true, readOnly: true },
          /** The local day, YYYY-MM-DD. */
          day: { type: 'string', required: true, readOnly: true },
          created: { type: 'number' },
          completed: { type: 'number' },
          due: { type: 'number' },
          done: { type: 'number' },
        },
        indexes: {
          byOwner: {
            pk: {
              field: 'pk',
              composite: ['scope', 'ownerId'],
              template: 'RPT#${scope}#${ownerId}',
              casing: 'none',
            },
            sk: { field: 'sk', composite: ['day'], template: 'RDAY#${day}', casing: 'none' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/** The task_overview dimensions: status id, priority group id, group id. */
export const OVERVIEW_DIMENSIONS = ['status', 'pg', 'group'] as const;
export type OverviewDimension = (typeof OVERVIEW_DIMENSIONS)[number];

export const ReportCountEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'reportCount', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          dimension: { type: OVERVIEW_DIMENSIONS, required: true, readOnly: true },
          value: { type: 'string', required: true, readOnly: true },
          count: { type: 'number' },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'RPT#u#${userId}', casing: 'none' },
            sk: {
              field: 'sk',
              composite: ['dimension', 'value'],
              template: 'RCOUNT#${dimension}#${value}',
              casing: 'none',
            },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const ReportSeenEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'reportSeen', version: '1', service: 'tandem' },
        attributes: {
          recordId: { type: 'string', required: true, readOnly: true },
          /** Epoch seconds: DynamoDB removes the item after (the table's TTL attribute). */
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byRecord: {
            pk: { field: 'pk', composite: ['recordId'], template: 'RPTSEEN#${recordId}', casing: 'none' },
            sk: { field: 'sk', composite: [], template: 'SEEN' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * The same counters summed by calendar month (`YYYY-MM`), kept beside the day items in the same
 * transaction: a report by month, quarter or year reads the whole months of its range here and only
 * the days of the partial months at its ends (decisions D50: ten years by year read 3,650 day items).
 */
export const ReportMonthEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'reportMonth', version: '1', service: 'tandem' },
        attributes: {
          scope: { type: REPORT_SCOPES, required: true, readOnly: true },
          ownerId: { type: 'string', required: true, readOnly: true },
          /** The month, YYYY-MM. */
          month: { type: 'string', required: true, readOnly: true },
          created: { type: 'number' },
          completed: { type: 'number' },
          due: { type: 'number' },
          done: { type: 'number' },
        },
        indexes: {
          byOwner: {
            pk: {
              field: 'pk',
              composite: ['scope', 'ownerId'],
              template: 'RPT#${scope}#${ownerId}',
              casing: 'none',
            },
            sk: { field: 'sk', composite: ['month'], template: 'RMON#${month}', casing: 'none' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * The report entities by name, for the consumer's transactions (streams/report-aggregates.ts). They
 * are not in db/service.ts: every Lambda that writes a transaction carries each entity listed there,
 * and these four would push update-task past its 415 KB budget (decisions D50). The Service check
 * (functions/test/unit/entities-service.test.ts) joins them with the others.
 */
export const reportEntities = {
  reportDay: ReportDayEntity,
  reportMonth: ReportMonthEntity,
  reportCount: ReportCountEntity,
  reportSeen: ReportSeenEntity,
};
