/** A person's saved task-grid view (spec 001 §3 "Grid view"): a title and its gridData (decisions D56). */
/// <reference path="../electrodb-modules.d.ts" />
import type { GridData } from '@tandem/shared/grid/schemas';
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const GridViewEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'gridView', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          viewId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          /** GridData (shared/src/grid/schemas.ts), checked by its schema before every write. */
          gridData: { type: CustomAttributeType<GridData>('any'), required: true },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['viewId'], template: 'GRIDVIEW#${viewId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
