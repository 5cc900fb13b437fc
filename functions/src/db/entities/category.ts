/** A user's group category (spec 001 §3): a named selection of groups, in the user's partition. */
/// <reference path="../electrodb-modules.d.ts" />
import type { CategoryView } from '@tandem/shared';
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const CategoryEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'category', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          categoryId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          metadata: { type: CustomAttributeType<CategoryView['metadata']>('any'), required: true },
          groups: { type: 'list', items: { type: 'string' }, required: true, default: [] },
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
            sk: { field: 'sk', composite: ['categoryId'], template: 'CATEGORY#${categoryId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
