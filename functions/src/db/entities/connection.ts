/**
 * One item per open WebSocket connection (ARCHITECTURE §7 "Real time").
 * Access patterns (docs/data-model.md): a user's connections, to push to all of them (pk USER#id /
 * sk CONN#id, in the user's own partition so a push is one Query); one connection by its id, for
 * $disconnect when only the id is known (gsi1). Items expire by TTL: a socket API Gateway closed
 * without our $disconnect running (a deploy, a timeout) must not linger.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

/** API Gateway closes any WebSocket after 2 h; a day leaves room and still cleans up stale items. */
export const CONNECTION_TTL_SECONDS = 24 * 60 * 60;

export const ConnectionEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'connection', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          connectionId: { type: 'string', required: true, readOnly: true },
          connectedAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
          /** Epoch seconds (the table's TTL attribute). */
          ttl: {
            type: 'number',
            required: true,
            default: () => Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS,
          },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['connectionId'], template: 'CONN#${connectionId}' },
          },
          byConnection: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['connectionId'], template: 'CONN#${connectionId}' },
            sk: { field: 'gsi1sk', composite: [], template: 'CONN' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * The ids of a user's open connections in one item (pk USER#id / sk ONLINE), beside the connection
 * items: the stream consumer reads the connections of everyone who must hear of a change with one
 * BatchGetItem for up to 100 people, instead of one Query each (docs/realtime.md). Written with the
 * connection items ($connect adds, $disconnect and a 410 remove); its TTL is pushed on by every
 * connect, so the item of someone who has not connected for a day goes with their last connection.
 */
export const PresenceEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'presence', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          connectionIds: { type: 'set', items: 'string' },
          /** Epoch seconds (the table's TTL attribute). */
          ttl: { type: 'number' },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: [], template: 'ONLINE' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
