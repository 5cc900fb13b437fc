/** Companies (spec 001 §3): one item each; ids are numbers (spec 001 §5), kept as their digits. */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const CompanyEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'company', version: '1', service: 'tandem' },
        attributes: {
          companyId: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true },
          phone: { type: 'string', required: true, default: '' },
          cell: { type: 'string', required: true, default: '' },
          address1: { type: 'string', required: true, default: '' },
          address2: { type: 'string', required: true, default: '' },
          city: { type: 'string', required: true, default: '' },
          state: { type: 'string', required: true, default: '' },
          zip: { type: 'string', required: true, default: '' },
          country: { type: 'string', required: true, default: '' },
          groups: { type: 'any', required: true },
          /** The linked groups' ids (a copy of `groups`): a task made from it checks its group is one. */
          groupIds: { type: 'list', items: { type: 'string' }, required: true },
          taskCount: { type: 'number', required: true, default: 0 },
          contactCount: { type: 'number', required: true, default: 0 },
          createdBy: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          modifiedAt: { type: 'string', required: true },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['companyId'], template: 'COMPANY#${companyId}' },
            sk: { field: 'sk', composite: [], template: 'COMPANY' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
