/**
 * DynamoDB requests counted per API call: the DynamoDB client's middleware (db/client.ts) adds one
 * to the call it runs in, found through AsyncLocalStorage, so calls served at the same time by one
 * process (the local gateway) are counted apart. On the local stack the HTTP handler reports the
 * count in a response header, which the integration tests read to pin each route's round trips.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The response header with the number of DynamoDB requests the call made (local stack only). */
export const DYNAMODB_REQUESTS_HEADER = 'x-tandem-dynamodb-requests';

interface Tally {
  count: number;
  byCommand: Record<string, number>;
}
const scope = new AsyncLocalStorage<Tally>();

/** Runs `fn`, counting the DynamoDB requests it makes (nested scopes count in the innermost). */
export async function countRequests<T>(fn: () => Promise<T>): Promise<{ result: T; tally: Tally }> {
  const tally: Tally = { count: 0, byCommand: {} };
  const result = await scope.run(tally, fn);
  return { result, tally };
}

/** Called by the DynamoDB client for each command it sends. */
export function countRequest(commandName: string): void {
  const tally = scope.getStore();
  if (!tally) return;
  tally.count += 1;
  tally.byCommand[commandName] = (tally.byCommand[commandName] ?? 0) + 1;
}
