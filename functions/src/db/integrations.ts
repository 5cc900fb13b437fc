/**
 * Calendar integrations (decisions D70): a person's connections, the calendars they link to groups, the
 * pairs of synced task and event, and the OAuth sign-ins under way.
 *
 * - A connection and its calendar links share the person's partition (`INTEG#{userId}`): one Query
 *   lists everything the integrations screen shows.
 * - Links are also listed on gsi1 under one key (the scheduled sync pages through them: no scan), on
 *   gsi2 under their group, and on gsi3 while due (a change to a task of the group marks the group's
 *   links due; the due sync runs them within a minute).
 * - A synced pair is written twice in the link's partition: under the task and under the event, so an
 *   imported event finds its task and an exported task its event with one GetItem each.
 */
/// <reference path="./electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../lib/env.ts';
import { documentClient } from './client.ts';
import { lazyEntity } from './lazy-entity.ts';
import type { StoredItem } from './records.ts';

export const IntegrationEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'integration', version: '1', service: 'tandem' },
        attributes: {
          integrationId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          provider: { type: 'string', required: true, readOnly: true },
          account: { type: 'string', required: true },
          status: { type: 'string', required: true },
          /** The refresh token (OAuth) or app password (CalDAV), sealed (core/integrations/secret-box.ts). */
          secret: { type: 'string', required: true },
          /** CalDAV: the server address the person gave. */
          serverUrl: { type: 'string' },
          calendars: {
            type: 'list',
            items: {
              type: 'map',
              properties: {
                id: { type: 'string', required: true },
                name: { type: 'string', required: true },
              },
            },
            default: () => [],
          },
          brokenAt: { type: 'string' },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'INTEG#${userId}' },
            sk: { field: 'sk', composite: ['integrationId'], template: 'INTEG#${integrationId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const CalendarLinkEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'calendarLink', version: '1', service: 'tandem' },
        attributes: {
          linkId: { type: 'string', required: true, readOnly: true },
          integrationId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          provider: { type: 'string', required: true, readOnly: true },
          calendar: { type: 'string', required: true, readOnly: true },
          calendarName: { type: 'string', required: true },
          startDate: { type: 'string', required: true },
          groupId: { type: 'string', required: true },
          direction: { type: 'string', required: true },
          /** Google's nextSyncToken, Microsoft's deltaLink, CalDAV's sync-token (or ctag). */
          syncToken: { type: 'string' },
          lastSyncAt: { type: 'string' },
          /** Epoch ms until which one sync holds the link (a second sync at the same time stands back). */
          leaseUntil: { type: 'number' },
          /** Set while a change to a task of the group waits to be exported (sparse gsi3: the due sync). */
          dueFlag: { type: 'string' },
          /** The one key of the scheduled sync's listing (gsi1). */
          watch: { type: 'string', required: true, default: 'all' },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'INTEG#${userId}' },
            sk: {
              field: 'sk',
              composite: ['integrationId', 'linkId'],
              template: 'LINK#${integrationId}#${linkId}',
            },
          },
          byWatch: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['watch'], template: 'CALSYNC#${watch}' },
            sk: { field: 'gsi1sk', composite: ['linkId'], template: 'LINK#${linkId}' },
          },
          byGroup: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['groupId'], template: 'CALGROUP#${groupId}' },
            sk: { field: 'gsi2sk', composite: ['linkId'], template: 'LINK#${linkId}' },
          },
          byDue: {
            index: 'gsi3',
            pk: { field: 'gsi3pk', composite: ['dueFlag'], template: 'CALDUE#${dueFlag}' },
            sk: { field: 'gsi3sk', composite: ['linkId'], template: 'LINK#${linkId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/** One synced task and event: `key` is `task#{taskId}` or `event#{sha256 of the event id}`. */
export const SyncedEventEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'syncedEvent', version: '1', service: 'tandem' },
        attributes: {
          linkId: { type: 'string', required: true, readOnly: true },
          key: { type: 'string', required: true, readOnly: true },
          taskId: { type: 'string', required: true },
          eventId: { type: 'string', required: true },
          /** CalDAV: the event's resource path. */
          href: { type: 'string' },
          /** What the last sync wrote or read (the task's version stamp or the event's etag). */
          stamp: { type: 'string', required: true },
          /** The event repeats (a series): Graph names its occurrences, not it, when it is removed. */
          series: { type: 'boolean' },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['linkId'], template: 'CALMAP#${linkId}' },
            sk: { field: 'sk', composite: ['key'], template: '${key}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/** An OAuth sign-in under way: the state sent to the provider, its PKCE verifier, who started it. */
export const OAuthStateEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'oauthState', version: '1', service: 'tandem' },
        attributes: {
          state: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          provider: { type: 'string', required: true, readOnly: true },
          verifier: { type: 'string', required: true, readOnly: true },
          expiresAt: { type: 'string', required: true },
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byState: {
            pk: { field: 'pk', composite: ['state'], template: 'OSTATE#${state}' },
            sk: { field: 'sk', composite: [], template: 'OSTATE' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export type IntegrationRecord = StoredItem<typeof IntegrationEntity>;
export type CalendarLinkRecord = StoredItem<typeof CalendarLinkEntity>;
export type SyncedEventRecord = StoredItem<typeof SyncedEventEntity>;
