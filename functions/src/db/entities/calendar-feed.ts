/** A person's private calendar feed, found by the SHA-256 of its secret token (never the token itself). */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const CalendarFeedEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'calendarFeed', version: '1', service: 'tandem' },
        attributes: {
          tokenHash: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
        },
        indexes: {
          byToken: {
            pk: { field: 'pk', composite: ['tokenHash'], template: 'FEED#${tokenHash}' },
            sk: { field: 'sk', composite: [], template: 'FEED' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
