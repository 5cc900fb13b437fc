/**
 * One item per (contact or company, group it is linked to): the group's lists read from it, one
 * Query each, in the order asked — by creation on the table's key, by first name (or company name)
 * on gsi1, by last name on gsi2 (the sort keys hold the normalised names). Search tokens are items
 * of their own (ContactSearchEntity), and so are task links (ContactTaskEntity).
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const ContactListEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'contactList', version: '1', service: 'tandem' },
        attributes: {
          groupId: { type: 'string', required: true, readOnly: true },
          /** 'contact' | 'company' */
          kind: { type: 'string', required: true, readOnly: true },
          itemId: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          name1: { type: 'string', required: true },
          name2: { type: 'string', required: true },
        },
        indexes: {
          byCreated: {
            pk: { field: 'pk', composite: ['groupId', 'kind'], template: 'CLIST#${groupId}#${kind}' },
            sk: { field: 'sk', composite: ['createdAt', 'itemId'], template: 'CA#${createdAt}#${itemId}' },
          },
          byName1: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['groupId', 'kind'], template: 'CLIST#${groupId}#${kind}' },
            sk: { field: 'gsi1sk', composite: ['name1', 'itemId'], template: 'N1#${name1}#${itemId}' },
          },
          byName2: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['groupId', 'kind'], template: 'CLIST#${groupId}#${kind}' },
            sk: { field: 'gsi2sk', composite: ['name2', 'itemId'], template: 'N2#${name2}#${itemId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * A search token of a contact in one of its groups: its normalised first and last name, each
 * e-mail, each phone's digits. `begins_with` on the token finds contacts by a prefix without a scan.
 * Tokens are hints: every hit is checked against the contact itself before it is answered.
 */
export const ContactSearchEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'contactSearch', version: '1', service: 'tandem' },
        attributes: {
          groupId: { type: 'string', required: true, readOnly: true },
          token: { type: 'string', required: true, readOnly: true },
          itemId: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byToken: {
            pk: { field: 'pk', composite: ['groupId'], template: 'CSEARCH#${groupId}' },
            sk: { field: 'sk', composite: ['token', 'itemId'], template: '${token}#${itemId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * A task linked to a contact or a company: GET /contact/task/{id} reads these (byItem); a deleted
 * task's links are found by the task (byTask, gsi1) and dropped by the stream consumer
 * (streams/contact-links.ts, decisions D63).
 */
export const ContactTaskEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'contactTask', version: '1', service: 'tandem' },
        attributes: {
          kind: { type: 'string', required: true, readOnly: true },
          itemId: { type: 'string', required: true, readOnly: true },
          taskId: { type: 'string', required: true, readOnly: true },
          linkedAt: { type: 'string', required: true, readOnly: true },
        },
        indexes: {
          byItem: {
            pk: { field: 'pk', composite: ['kind', 'itemId'], template: 'CTASK#${kind}#${itemId}' },
            sk: { field: 'sk', composite: ['taskId'], template: 'TASK#${taskId}' },
          },
          byTask: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['taskId'], template: 'CTASKOF#${taskId}' },
            sk: { field: 'gsi1sk', composite: ['kind', 'itemId'], template: '${kind}#${itemId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
