/**
 * Task import markers (issue 14 item 7; decisions D60): one item per transaction of an import, named
 * by the caller, the import's key and the part's number, created only if absent in that transaction.
 * A retry with the same key finds each part written before and passes it over, so it writes nothing
 * new; the first part also keeps a hash of the rows, so a key sent again with other rows is refused.
 * Removed by TTL after 7 days.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const ImportMarkEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'importMark', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          importKey: { type: 'string', required: true, readOnly: true },
          part: { type: 'number', required: true, readOnly: true },
          /** The rows' hash (first part only). */
          rowsHash: { type: 'string' },
          /** Tasks the whole import creates (first part only). */
          tasks: { type: 'number' },
          groupId: { type: 'string' },
          /** Epoch seconds: DynamoDB removes the item after (the table's TTL attribute). */
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byImport: {
            pk: {
              field: 'pk',
              composite: ['userId', 'importKey'],
              template: 'IMPORT#${userId}#${importKey}',
              casing: 'none',
            },
            sk: { field: 'sk', composite: ['part'], template: 'PART#${part}', casing: 'none' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
