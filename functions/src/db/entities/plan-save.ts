/**
 * A planning save's marker (PATCH /task/plan/{rootId}, decisions D59): per person and idempotency key,
 * the steps of the save already written and the ids its new nodes were given. A retry with the same
 * key skips the steps done and, once the save finished, answers what it answered then, writing
 * nothing. Kept a week (the table's `ttl`).
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const PlanSaveEntity = lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'planSave', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          key: { type: 'string', required: true, readOnly: true },
          rootId: { type: 'string', required: true, readOnly: true },
          /** Step ids written: `create:<tempId>`, `moves`, `edits`, `deletes`. */
          done: { type: 'set', items: 'string' },
          /** Temp id → the task id it was created as, as JSON. */
          ids: { type: 'string' },
          finished: { type: 'boolean', default: false },
          /** The answer of the finished save, as JSON. */
          result: { type: 'string' },
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['userId'], template: 'PLANSAVE#${userId}' },
            sk: { field: 'sk', composite: ['key'], template: 'KEY#${key}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
