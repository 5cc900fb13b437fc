/**
 * Contacts and their list, search and task-link items (spec 001 §3, §4; docs/data-model.md
 * "Contacts and companies"). A contact is one item: its e-mails, phones, addresses and group links
 * are bounded lists inside it (shared/src/contacts/rules.ts), so a read is one GetItem.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const ContactEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'contact', version: '1', service: 'tandem' },
        attributes: {
          contactId: { type: 'string', required: true, readOnly: true },
          firstName: { type: 'string', required: true, default: '' },
          lastName: { type: 'string', required: true, default: '' },
          notes: { type: 'string', required: true, default: '' },
          /** The notes as a rich-text document (Lexical JSON, D62); `notes` is then its plain text. */
          notesDoc: { type: 'string' },
          /** ContactEmailView[] */
          emails: { type: 'any', required: true },
          /** ContactPhoneView[] */
          phones: { type: 'any', required: true },
          /** ContactAddressView[] */
          addresses: { type: 'any', required: true },
          /** { companyId, associationId, name, jobTitle, department } or null. */
          company: { type: 'any' },
          /** StoredLink[]: { id, groupId, isPrimary } (core/contacts/store.ts). */
          groups: { type: 'any', required: true },
          /** The linked groups' ids (a copy of `groups`): a task made from it checks its group is one. */
          groupIds: { type: 'list', items: { type: 'string' }, required: true },
          taskCount: { type: 'number', required: true, default: 0 },
          /** Sub-item ids are `<contactId>~<seq>`: the next sequence number. */
          seq: { type: 'number', required: true, default: 0 },
          createdBy: { type: 'string', required: true, readOnly: true },
          createdAt: { type: 'string', required: true, readOnly: true },
          modifiedAt: { type: 'string', required: true },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['contactId'], template: 'CONTACT#${contactId}' },
            sk: { field: 'sk', composite: [], template: 'CONTACT' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
