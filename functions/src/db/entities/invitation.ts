/**
 * An invitation to join a group, found by the SHA-256 of its key: the key itself (in the e-mailed
 * link) is never stored, so the table cannot leak working links. An invitation accepted by someone
 * with no account yet is listed under their e-mail (sparse gsi1) until they sign up.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const InvitationEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'invitation', version: '1', service: 'tandem' },
        attributes: {
          keyHash: { type: 'string', required: true, readOnly: true },
          /** 'group' (join a group) or 'task' (become an assignee of a task). */
          kind: { type: 'string', required: true, default: 'group' },
          taskId: { type: 'string' },
          /** Set while a task invitation waits for its answer: lists it under the invitee's e-mail. */
          openForEmail: { type: 'string' },
          groupId: { type: 'string', required: true },
          memberId: { type: 'string', required: true },
          email: { type: 'string', required: true },
          role: { type: 'number', required: true },
          invitedBy: { type: 'string', required: true },
          inviterName: { type: 'string', default: '' },
          inviterEmail: { type: 'string', default: '' },
          status: { type: 'string', required: true },
          expiresAt: { type: 'string', required: true },
          answeredAt: { type: 'string' },
          /** Set while an accepted invitation waits for its invitee to sign up. */
          pendingAccountEmail: { type: 'string' },
          /** Removed by DynamoDB 30 days after the link expires. */
          ttl: { type: 'number' },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['keyHash'], template: 'INVITE#${keyHash}' },
            sk: { field: 'sk', composite: [], template: 'INVITE' },
          },
          /** Task invitations waiting for an answer, by the invitee's e-mail (sparse: the Pending tab). */
          byOpenForEmail: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['openForEmail'], template: 'TINV#${openForEmail}' },
            sk: { field: 'gsi2sk', composite: ['keyHash'], template: 'INVITE#${keyHash}' },
          },
          byPendingAccount: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['pendingAccountEmail'],
              template: 'INVITEMAIL#${pendingAccountEmail}',
            },
            sk: { field: 'gsi1sk', composite: ['groupId'], template: 'GROUP#${groupId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
