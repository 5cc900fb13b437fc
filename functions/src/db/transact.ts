/**
 * Runs an ElectroDB write transaction and turns a cancellation into a typed error that says which
 * items' conditions failed, so callers can tell a limit from a concurrent change.
 */
import { service } from './service.ts';

export class TransactionCanceledError extends Error {
  constructor(readonly reasons: string[]) {
    super(`Transaction canceled: ${reasons.join(', ')}`);
  }
  /** Whether the condition of the item at `index` (in the order written) failed. */
  failedAt(index: number): boolean {
    return this.reasons[index] === 'ConditionalCheckFailed';
  }
  /** Whether it failed because another write got there first: a condition, or a concurrent transaction. */
  lostRace(): boolean {
    return this.reasons.some((r) => r === 'ConditionalCheckFailed' || r === 'TransactionConflict');
  }
}

type WriteFn = Parameters<typeof service.transaction.write>[0];

export async function transact(fn: WriteFn): Promise<void> {
  const result = await service.transaction.write(fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
