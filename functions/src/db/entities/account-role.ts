/**
 * A person's account role (spec 002 §3 "User template role"): a role name and the e-mail of the
 * person who plays it, kept in the owner's partition (one Query reads them all, bounded by
 * MAX_ACCOUNT_ROLES).
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const AccountRoleEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'accountRole', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          roleId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          /** Empty, or a valid e-mail (lower case). */
          email: { type: 'string', required: true, default: '' },
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
            sk: { field: 'sk', composite: ['roleId'], template: 'ACCROLE#${roleId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * The lock of one account-role name (D64): `ACCROLENAME#<name as compared>` in the owner's
 * partition, created in the same transaction as the role (or its rename), so two creates racing with
 * one name cannot both succeed. Roles made before the lock existed have none; the read check still
 * refuses a name they hold.
 */
export const AccountRoleNameEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'accountRoleName', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          nameKey: { type: 'string', required: true, readOnly: true },
          roleId: { type: 'string', required: true },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['nameKey'], template: 'ACCROLENAME#${nameKey}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
