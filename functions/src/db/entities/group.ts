/**
 * A group with its roster embedded: members and invitees with their roles and statuses. The group
 * form, the permission check of every group call and GET /group/member all need the whole roster,
 * and a roster is bounded by the owner's member limit (at most 100), so one item serves them with
 * one read. Roster changes are conditional on `version` (optimistic locking).
 */
/// <reference path="../electrodb-modules.d.ts" />
import type { GroupIcon, GroupStatus, InvitationStatus, RoleId } from '@tandem/shared';
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

/** One person in a group's roster (`members`, by member id): a member or an invitee. */
export interface RosterEntry {
  memberId: string;
  /** Set once the member has an account and accepted; null for invitees. */
  userId: string | null;
  email: string;
  name: string;
  /** The member's avatar id, a copy of their settings' (kept by streams/avatar-copies.ts; D48). */
  avatarId?: string;
  role: RoleId;
  invitationStatus: InvitationStatus;
  /** 2 when the member archived the group for themselves. */
  memberStatus: GroupStatus;
  keyHash?: string;
  expiresAt?: string;
  invitedBy?: string;
  createdAt: string;
}

export const GroupEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'group', version: '1', service: 'tandem' },
        attributes: {
          groupId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          metadata: { type: CustomAttributeType<{ color: string; icon: GroupIcon }>('any'), required: true },
          /** 1 active, 2 archived (for everyone). */
          status: { type: 'number', required: true, default: 1 },
          createdBy: { type: 'string', required: true, readOnly: true },
          ownerName: { type: 'string', required: true, default: '' },
          /** The owner's package, for the member limit shown with the roster. */
          ownerPackage: { type: 'string', required: true },
          isPrivate: { type: 'boolean', required: true, default: false, readOnly: true },
          /** By member id (core/access/roster.ts reads it). */
          members: { type: CustomAttributeType<Record<string, RosterEntry>>('any'), required: true },
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
