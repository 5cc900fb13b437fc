/**
 * A user's membership of a group, in the user's partition: one Query lists all of a user's groups
 * (GET /group/member), in the user's own order (`orderKey`, a fractional index, so a move writes one
 * item) and with the user's own archive status.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const MembershipEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'membership', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          groupId: { type: 'string', required: true, readOnly: true },
          memberId: { type: 'string', required: true },
          role: { type: 'number', required: true },
          /** 1 active, 2 archived for this user only. */
          status: { type: 'number', required: true, default: 1 },
          orderKey: { type: 'string', required: true },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['groupId'], template: 'GROUPM#${groupId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
