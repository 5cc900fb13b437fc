/**
 * Runs an ElectroDB write transaction and turns a cancellation into a typed error that says which
 * items' conditions failed, so callers can tell a limit from a concurrent change (lib/conditions.ts).
 */
/// <reference path="./electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { TransactionCanceledError } from '../lib/conditions.ts';
import { entities, taskWriteEntities } from './service.ts';

export { chunks, MAX_BATCH_WRITE_ITEMS, MAX_TRANSACTION_ITEMS, packSteps } from '../lib/batches.ts';
export { TransactionCanceledError };

/** What `Service.transaction.write` takes: the entities by name → the transaction's items. */
type WriteFn = Parameters<Service<typeof taskWriteEntities>['transaction']['write']>[0];
type WriteAllFn = Parameters<Service<typeof entities>['transaction']['write']>[0];

/**
 * A write transaction of the task, group, membership and user entities (db/service.ts `taskWriteEntities`).
 * Only the cancellation codes are read, so the map names just what the items are built from; a
 * transaction of any other entity of the table is `transactAll`'s (docs/decisions.md D81).
 */
export async function transact(fn: WriteFn): Promise<void> {
  await run(createWriteTransaction(taskWriteEntities, fn));
}

/** As `transact`, with every entity of db/service.ts (categories, calendar feeds, attachments, surveys). */
export async function transactAll(fn: WriteAllFn): Promise<void> {
  await run(createWriteTransaction(entities, fn));
}

async function run(transaction: { go(): Promise<{ canceled: boolean; data: unknown }> }): Promise<void> {
  const result = await transaction.go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
