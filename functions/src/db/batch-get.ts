/**
 * Items of different entities read in one BatchGetItem (they share the one table): the reads a call
 * needs together cost one round trip instead of one each. Keys and parsing are ElectroDB's own, so
 * an item reads exactly as `Entity.get(key).go()` would read it; a missing item reads as null.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env.ts';
import { documentClient } from './client.ts';

/** DynamoDB's ceiling on the keys of one BatchGetItem call. */
export const MAX_BATCH_GET_KEYS = 100;

interface GettableEntity {
  get(key: never): { params(): unknown };
  parse(response: { Item: Record<string, unknown> }): { data: unknown };
}

/** One item to read: its entity and key, and the record type the caller reads it as. */
export interface ItemRequest<T> {
  entity: GettableEntity;
  key: Record<string, unknown>;
  /** Phantom: the type of the record read. */
  readonly _t?: T;
}

export const item = <T>(entity: GettableEntity, key: Record<string, unknown>): ItemRequest<T> => ({
  entity,
  key,
});

type Results<R extends readonly ItemRequest<unknown>[]> = {
  [K in keyof R]: R[K] extends ItemRequest<infer T> ? T | null : never;
};

const keyId = (k: Record<string, unknown>) => `${String(k.pk)}\u0000${String(k.sk)}`;

/** Reads the items, in one request when they fit (keys repeated or not), answering in request order. */
export async function getItems<const R extends readonly ItemRequest<unknown>[]>(
  requests: R,
): Promise<Results<R>> {
  const table = env.tableName;
  const keys = requests.map(
    (r) => (r.entity.get(r.key as never).params() as { Key: Record<string, unknown> }).Key,
  );
  const unique = [...new Map(keys.map((k) => [keyId(k), k])).values()];
  const found = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < unique.length; i += MAX_BATCH_GET_KEYS) {
    let pending: Record<string, unknown>[] = unique.slice(i, i + MAX_BATCH_GET_KEYS);
    // Keys DynamoDB did not get to (throttling, size) come back as UnprocessedKeys: asked again.
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const out = await documentClient.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }),
      );
      for (const it of out.Responses?.[table] ?? []) found.set(keyId(it), it);
      pending = (out.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined) ?? [];
      if (attempt > 8 && pending.length) throw new Error('DynamoDB left keys unprocessed after retries');
    }
  }
  return requests.map((r, i) => {
    const raw = found.get(keyId(keys[i]!));
    return raw ? ((r.entity.parse({ Item: raw }).data as unknown) ?? null) : null;
  }) as Results<R>;
}
