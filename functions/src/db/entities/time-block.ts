/** A person's time block (spec 001 §3 Time block): a window, maybe repeating, tied to a group or category. */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const TimeBlockEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'timeBlock', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          blockId: { type: 'string', required: true, readOnly: true },
          startDate: { type: 'string', required: true },
          endDate: { type: 'string' },
          exDate: { type: 'list', items: { type: 'string' }, required: true, default: [] },
          rDate: { type: 'list', items: { type: 'string' }, required: true, default: [] },
          recurRule: { type: 'string' },
          duration: { type: 'number', required: true },
          timezone: { type: 'string', required: true },
          group: { type: 'string' },
          groupCategory: { type: 'string' },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['blockId'], template: 'TBLOCK#${blockId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
