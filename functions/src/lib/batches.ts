/**
 * DynamoDB's ceilings on one call, and the slicing of many writes to fit them (db/transact.ts uses
 * these; pure, so they are tested without an engine).
 */

/** DynamoDB's ceiling on the actions of one TransactWriteItems call. */
export const MAX_TRANSACTION_ITEMS = 100;
/** DynamoDB's ceiling on the requests of one BatchWriteItem call. */
export const MAX_BATCH_WRITE_ITEMS = 25;

/** `items` in slices of at most `size`, in order. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Steps (each a few writes that must land together) packed, in order, into groups of at most `size`
 * writes; a step is never split unless it alone is too big. Writes with the same `mergeKey` (a
 * counter several steps add to) are one write in a transaction, and are counted once.
 */
export function packSteps<T>(
  steps: readonly T[][],
  size = MAX_TRANSACTION_ITEMS,
  mergeKey: (write: T) => string | undefined = () => undefined,
): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let keys = new Set<string>();
  let used = 0;
  // A step too big for one transaction (a task with a hundred assignees) goes in pieces of its own.
  const fitted = steps.flatMap((step) => (step.length > size ? chunks(step, size) : [step]));
  for (const step of fitted) {
    const fresh = new Set<string>();
    let need = 0;
    for (const w of step) {
      const k = mergeKey(w);
      if (k === undefined) need++;
      else if (!keys.has(k) && !fresh.has(k)) {
        fresh.add(k);
        need++;
      }
    }
    if (used + need > size && current.length) {
      out.push(current);
      current = [];
      keys = new Set();
      used = 0;
      need = new Set(step.map(mergeKey).filter((k) => k !== undefined)).size;
      need += step.filter((w) => mergeKey(w) === undefined).length;
    }
    current.push(...step);
    for (const w of step) {
      const k = mergeKey(w);
      if (k !== undefined) keys.add(k);
    }
    used += need;
  }
  if (current.length) out.push(current);
  return out;
}
