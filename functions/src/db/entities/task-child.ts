/**
 * A link from a task to one of its direct sub-tasks, kept in the parent task's own partition
 * (`TASK#<parentId>`, beside the task item). One Query of that partition returns the task and the ids
 * of its children, so GET /task/{id} reads the children with the rest in one BatchGetItem instead of
 * querying the tree (decisions D36). Written and removed in the same transactions that keep the
 * parent's `childCount`: a create under a parent, a move, a delete.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const TaskChildEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'taskChild', version: '1', service: 'tandem' },
        attributes: {
          parentId: { type: 'string', required: true, readOnly: true },
          childId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byParent: {
            // The same partition key as the parent's task item (task.ts byId).
            pk: { field: 'pk', composite: ['parentId'], template: 'TASK#${parentId}' },
            sk: { field: 'sk', composite: ['childId'], template: 'CHILD#${childId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
