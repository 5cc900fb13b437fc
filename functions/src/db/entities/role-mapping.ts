/**
 * A role mapping row of one task or template (spec 002 §3): assigning role → e-mail or role title,
 * and the managing role. All rows of one target share a partition (one Query reads them, bounded by
 * MAX_ROLE_MAPPINGS); a row's id carries its target (core/roles/role-mappings.ts), so GET by id is a
 * GetItem.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const ROLE_MAPPING_TARGETS = ['task', 'template'] as const;

export const RoleMappingEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'roleMapping', version: '1', service: 'tandem' },
        attributes: {
          targetKind: { type: ROLE_MAPPING_TARGETS, required: true, readOnly: true },
          targetId: { type: 'string', required: true, readOnly: true },
          mappingId: { type: 'string', required: true, readOnly: true },
          assigningRole: { type: 'string', required: true },
          /** An e-mail or the title of one of the creator's account roles. */
          email: { type: 'string', required: true, default: '' },
          managingRole: { type: 'string', required: true, default: '' },
          /** Who made the row: a role title target resolves through this person's account roles. */
          createdBy: { type: 'string', required: true, readOnly: true },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byTarget: {
            pk: {
              field: 'pk',
              composite: ['targetKind', 'targetId'],
              template: 'RMAPS#${targetKind}#${targetId}',
            },
            sk: { field: 'sk', composite: ['mappingId'], template: 'RMAP#${mappingId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
