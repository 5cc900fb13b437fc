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

export const PlanSaveEntity = /* @__PURE__ */ lazyEntity(
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
          /** The change set accepted (D74), as JSON: what a retry by key alone, or the plan's next save,
           * finishes. Absent on markers written before D74. */
          changes: { type: 'string' },
          /** The saver's sign-in name (with userId, the actor the steps are written as). */
          username: { type: 'string' },
          /** Given up after failing to finish (D74): the plan keeps what was written, nothing more. */
          abandoned: { type: 'boolean' },
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

/**
 * A plan's save in progress (D74): one item per plan root, created in the same transaction as the
 * save's marker (the commit point: a save is accepted whole or not at all) and deleted with the
 * marker's `finished` once every step is written. While it exists the plan is being saved: the next
 * save of the plan — by anyone — finishes it first, and GET /task/plan/{rootId} says so. `attempts`
 * counts the tries that failed to finish it.
 */
export const PlanSaveLockEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'planSaveLock', version: '1', service: 'tandem' },
        attributes: {
          rootId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true },
          key: { type: 'string', required: true },
          startedAt: { type: 'string', required: true },
          attempts: { type: 'number', default: 0 },
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byRoot: {
            pk: { field: 'pk', composite: ['rootId'], template: 'PLANLOCK#${rootId}' },
            sk: { field: 'sk', composite: [], template: 'LOCK' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
