/**
 * Runs an ElectroDB write transaction and turns a cancellation into a typed error that says which
 * items' conditions failed, so callers can tell a limit from a concurrent change (lib/conditions.ts).
 */
/// <reference path="./electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { TransactionCanceledError } from '../lib/conditions.ts';
import { entities } from './service.ts';

export { chunks, MAX_BATCH_WRITE_ITEMS, MAX_TRANSACTION_ITEMS, packSteps } from '../lib/batches.ts';
export { TransactionCanceledError };

/** What `Service.transaction.write` takes: the entities by name → the transaction's items. */
type WriteFn = Parameters<Service<typeof entities>['transaction']['write']>[0];

export async function transact(fn: WriteFn): Promise<void> {
  const result = await createWriteTransaction(entities, fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
