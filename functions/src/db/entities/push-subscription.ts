/**
 * One item per device a person receives Web Push on (docs/realtime.md "Web Push"): pk USER#id,
 * sk PUSH#<hash of the endpoint>, in the person's own partition, so sending to every device is one
 * Query and registering or forgetting one is a write by key. The endpoint is the device's identity:
 * registering it again replaces its keys.
 */
import { Entity } from 'electrodb';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';

export const PushSubscriptionEntity = new Entity(
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
);
