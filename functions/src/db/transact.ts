/**
 * Runs an ElectroDB write transaction and turns a cancellation into a typed error that says which
 * items' conditions failed, so callers can tell a limit from a concurrent change (lib/conditions.ts).
 */
import { TransactionCanceledError } from '../lib/conditions.ts';
import { service } from './service.ts';

export { chunks, MAX_BATCH_WRITE_ITEMS, MAX_TRANSACTION_ITEMS, packSteps } from '../lib/batches.ts';
export { TransactionCanceledError };

type WriteFn = Parameters<typeof service.transaction.write>[0];

export async function transact(fn: WriteFn): Promise<void> {
  const result = await service.transaction.write(fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
