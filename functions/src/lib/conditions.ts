/**
 * The one place that tells a failed write condition from any other error, by the error's type and
 * DynamoDB's CancellationReasons — never by its message text:
 * - a single conditional write (PutItem, UpdateItem, DeleteItem) rejected by its condition: the SDK's
 *   ConditionalCheckFailedException, which ElectroDB wraps as the `cause` of an ElectroError;
 * - a transaction cancelled (TransactWriteItems): `TransactionCanceledError` below, built from
 *   ElectroDB's per-item cancellation codes, or the SDK's TransactionCanceledException with its
 *   CancellationReasons when the client is used directly.
 * The cause chain is walked, as engineFailure (failures.ts) does.
 */

/** The code DynamoDB gives an item whose condition failed, in CancellationReasons. */
export const CONDITION_FAILED = 'ConditionalCheckFailed';
/** The code of an item another transaction was writing at the same time. */
export const TRANSACTION_CONFLICT = 'TransactionConflict';

/** A write transaction that DynamoDB cancelled: one code per item, in the order written ('None' for fine). */
export class TransactionCanceledError extends Error {
  override readonly name = 'TransactionCanceledError';
  constructor(readonly reasons: string[]) {
    super(`Transaction canceled: ${reasons.join(', ')}`);
  }
  /** Whether the condition of the item at `index` (in the order written) failed. */
  failedAt(index: number): boolean {
    return this.reasons[index] === CONDITION_FAILED;
  }
  /** The indexes (in the order written) of the items whose condition failed. */
  failedIndexes(): number[] {
    return this.reasons.flatMap((r, i) => (r === CONDITION_FAILED ? [i] : []));
  }
  /** Whether it failed because another write got there first: a condition, or a concurrent transaction. */
  lostRace(): boolean {
    return this.reasons.some((r) => r === CONDITION_FAILED || r === TRANSACTION_CONFLICT);
  }
}

export type WriteFailure =
  /** A single write's condition failed. */
  | { kind: 'condition' }
  /** A transaction was cancelled; `reasons` as in TransactionCanceledError. */
  | { kind: 'transaction'; reasons: string[] };

interface ErrorLike {
  name?: unknown;
  cause?: unknown;
  CancellationReasons?: unknown;
}
const asError = (e: unknown): ErrorLike | null =>
  typeof e === 'object' && e !== null ? (e as ErrorLike) : null;

/** What kind of failed write `err` is, or null when it is something else (an outage, a bug). */
export function writeFailure(err: unknown): WriteFailure | null {
  for (let e = asError(err), depth = 0; e && depth < 10; e = asError(e.cause), depth++) {
    if (e instanceof TransactionCanceledError) return { kind: 'transaction', reasons: e.reasons };
    if (e.name === 'ConditionalCheckFailedException') return { kind: 'condition' };
    if (e.name === 'TransactionCanceledException') {
      const reasons = Array.isArray(e.CancellationReasons)
        ? e.CancellationReasons.map((r) => String((asError(r) as { Code?: unknown } | null)?.Code ?? 'None'))
        : [];
      return { kind: 'transaction', reasons };
    }
  }
  return null;
}

/** Whether `err` is a single write whose condition failed (the item changed or is gone). */
export const isConditionFailed = (err: unknown): boolean => writeFailure(err)?.kind === 'condition';

/**
 * Whether `err` is any write that failed a condition: a single write's, or an item's in a
 * transaction (the transaction then did nothing).
 */
export function isAnyConditionFailed(err: unknown): boolean {
  const f = writeFailure(err);
  return f !== null && (f.kind === 'condition' || f.reasons.includes(CONDITION_FAILED));
}
