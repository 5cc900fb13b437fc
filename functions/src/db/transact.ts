/**
 * Runs an ElectroDB write transaction and turns a cancellation into a typed error that says which
 * items' conditions failed, so callers can tell a limit from a concurrent change (lib/conditions.ts).
 */
import { TransactionCanceledError } from '../lib/conditions.ts';
import { service } from './service.ts';

export { TransactionCanceledError };

/** DynamoDB's ceiling on the actions of one TransactWriteItems call. */
export const MAX_TRANSACTION_ITEMS = 100;
/** DynamoDB's ceiling on the requests of one BatchWriteItem call. */
export const MAX_BATCH_WRITE_ITEMS = 25;

type WriteFn = Parameters<typeof service.transaction.write>[0];

export async function transact(fn: WriteFn): Promise<void> {
  const result = await service.transaction.write(fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}

/** `items` in slices of at most `size`, in order. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Steps (each a few writes that must land together) packed, in order, into groups of at most
 * `size` writes; a step is never split unless it alone is too big. `extra` writes are reserved per
 * step (a counter it adds to).
 */
export function packSteps<T>(steps: readonly T[][], size = MAX_TRANSACTION_ITEMS, extra = 0): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let used = 0;
  // A step too big for one transaction (a task with a hundred assignees) goes in pieces of its own.
  const fitted = steps.flatMap((step) => (step.length + extra > size ? chunks(step, size - extra) : [step]));
  for (const step of fitted) {
    const need = step.length + extra;
    if (used + need > size) {
      out.push(current);
      current = [];
      used = 0;
    }
    current.push(...step);
    used += need;
  }
  if (current.length) out.push(current);
  return out;
}
