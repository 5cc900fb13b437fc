/**
 * One item per notification of a person (spec 001 §3; decisions D39). Access patterns
 * (docs/data-model.md): a person's notifications newest first (pk NOTIFS#user / sk NOTIF#id: the id
 * sorts by time, so one Query reads them in order, and a GetItem by (caller, id) finds only the
 * caller's own); the person's unread ones (gsi3, sparse: only unread items carry its keys, see
 * `unreadKeys`; the unread count is one bounded COUNT Query). Items expire by TTL.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export { NOTIFICATION_SORT_PREFIX } from '../table.ts';

export const NotificationEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'notification', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          /** Time-sortable: base-36 milliseconds (9 digits) and a random tail. */
          notificationId: { type: 'string', required: true, readOnly: true },
          templateName: { type: 'string', required: true, readOnly: true },
          /** What it is about, for links and for the task's notifications. */
          subjectType: { type: 'string', required: true, readOnly: true },
          subjectId: { type: 'string', required: true, readOnly: true },
          variables: {
            type: CustomAttributeType<Record<string, string | number>>('any'),
            required: true,
            readOnly: true,
          },
          createdAt: { type: 'string', required: true, readOnly: true },
          receivedAt: { type: 'string' },
          readAt: { type: 'string' },
          /** gsi3's keys, present only while unread (unreadKeys). */
          unreadPk: { type: 'string', field: 'gsi3pk' },
          unreadSk: { type: 'string', field: 'gsi3sk' },
          /** Epoch seconds (the table's TTL attribute). */
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'NOTIFS#${userId}' },
            sk: { field: 'sk', composite: ['notificationId'], template: 'NOTIF#${notificationId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/** The unread partition of a person (gsi3). */
export const unreadPartition = (userId: string) => `UNREAD#${userId}`;
export const unreadKeys = (userId: string, notificationId: string) => ({
  unreadPk: unreadPartition(userId),
  unreadSk: notificationId,
});
