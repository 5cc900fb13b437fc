/**
 * The contacts entities, and the write transaction that may join them with the task, group,
 * membership and user entities (db/service.ts `taskWriteEntities`). They are kept out of db/service.ts so the many handlers that write in
 * transactions without ever touching a contact do not carry them (the bundle ceiling, D35, D54).
 */
/// <reference path="../electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { TransactionCanceledError } from '../../lib/conditions.ts';
import { taskWriteEntities } from '../service.ts';
import { CompanyEntity } from './company.ts';
import { ContactEntity } from './contact.ts';
import { ContactListEntity, ContactTaskEntity } from './contact-list.ts';

export const contactEntities = {
  contact: ContactEntity,
  company: CompanyEntity,
  contactList: ContactListEntity,
  contactTask: ContactTaskEntity,
};

const all = { ...taskWriteEntities, ...contactEntities };

/** What `Service.transaction.write` takes for the table's entities and the contacts ones. */
export type ContactWriteFn = Parameters<Service<typeof all>['transaction']['write']>[0];

/** As db/transact.ts `transact`, with the contacts entities too. */
export async function transactContacts(fn: ContactWriteFn): Promise<void> {
  const result = await createWriteTransaction(all, fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
