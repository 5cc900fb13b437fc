/**
 * Per person, when their next daily normalisation is due and what the last one did. The due hour
 * (UTC, 'YYYY-MM-DDTHH') is indexed (gsi1, sparse by construction: every person has exactly one
 * state item), so the hourly job reads only the people whose local morning has come — no scan.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const DayStateEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'dayState', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          /** UTC hour bucket of the next run, e.g. '2026-11-22T05'. */
          dueHour: { type: 'string', required: true },
          /** The local day (YYYY-MM-DD) last normalised, and the one whose reminder was sent. */
          normalizedOn: { type: 'string' },
          remindedOn: { type: 'string' },
          timezone: { type: 'string', required: true },
          /** When the run in progress started (ISO); absent when none runs. Older than 30 s: stuck. */
          runningSince: { type: 'string' },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'DAY#${userId}' },
            sk: { field: 'sk', composite: [], template: 'STATE' },
          },
          byDueHour: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['dueHour'], template: 'NORMDUE#${dueHour}' },
            sk: { field: 'gsi1sk', composite: ['userId'], template: 'USER#${userId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
