/**
 * One item per device a person receives Web Push on (docs/realtime.md "Web Push"): pk USER#id,
 * sk PUSH#<hash of the endpoint>, in the person's own partition, so sending to every device is one
 * Query and registering or forgetting one is a write by key. The endpoint is the device's identity:
 * registering it again replaces its keys.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const PushSubscriptionEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'pushSubscription', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          /** base64url SHA-256 of the endpoint. */
          endpointHash: { type: 'string', required: true, readOnly: true },
          deviceType: { type: ['web'] as const, required: true },
          endpoint: { type: 'string', required: true },
          p256dh: { type: 'string', required: true },
          auth: { type: 'string', required: true },
          createdAt: { type: 'string', required: true },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['endpointHash'], template: 'PUSH#${endpointHash}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * A push waiting to go out (docs/realtime.md "Web Push"): tell() writes it, the stream consumer sends it
 * (streams/push-outbox.ts), so the push sender rides only in the consumer's bundle. pk USER#id,
 * sk PUSHOUT#<id>; it expires by TTL a day later whether sent or not.
 */
export const PushOutboxEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'pushOutbox', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          pushId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          body: { type: 'string', required: true },
          url: { type: 'string', required: true },
          tag: { type: 'string' },
          /** Epoch seconds (the table's TTL attribute). */
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['pushId'], template: 'PUSHOUT#${pushId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
