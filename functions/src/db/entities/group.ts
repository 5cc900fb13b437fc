/**
 * A group with its roster embedded: members and invitees with their roles and statuses. The group
 * form, the permission check of every group call and GET /group/member all need the whole roster,
 * and a roster is bounded by the owner's member limit (at most 100), so one item serves them with
 * one read. Roster changes are conditional on `version` (optimistic locking).
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const GroupEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'group', version: '1', service: 'tandem' },
        attributes: {
          groupId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          /** { color, icon } */
          metadata: { type: 'any', required: true },
          /** 1 active, 2 archived (for everyone). */
          status: { type: 'number', required: true, default: 1 },
          createdBy: { type: 'string', required: true, readOnly: true },
          ownerName: { type: 'string', required: true, default: '' },
          /** The owner's package, for the member limit shown with the roster. */
          ownerPackage: { type: 'string', required: true },
          isPrivate: { type: 'boolean', required: true, default: false, readOnly: true },
          /** Record<memberId, RosterEntry> (core/groups.ts). */
          members: { type: 'any', required: true },
          version: { type: 'number', required: true, default: 1 },
          /** Set when a delete begins: the group is gone for every read; a repeated delete resumes it. */
          deleting: { type: 'boolean' },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['groupId'], template: 'GROUP#${groupId}' },
            sk: { field: 'sk', composite: [], template: 'GROUP' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
