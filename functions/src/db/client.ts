/**
 * DynamoDB clients, built once per Lambda container. Every command sent is counted so that tests and
 * `npm run bench` can report how many requests a call made (the brief: keep them constant): in all,
 * and per API call (lib/request-count.ts).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env.ts';
import { ENGINE_HTTP_OPTIONS, tagEngine } from '../lib/failures.ts';
import { countRequest } from '../lib/request-count.ts';

export const requestCounter = { count: 0, byCommand: {} as Record<string, number> };

export function resetRequestCounter(): void {
  requestCounter.count = 0;
  requestCounter.byCommand = {};
}

const endpoint = env.dynamoEndpoint;
export const dynamo = tagEngine(
  new DynamoDBClient({
    region: env.region,
    requestHandler: ENGINE_HTTP_OPTIONS,
    ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  }),
  'DynamoDB',
);
dynamo.middlewareStack.add(
  (next, context) => async (args) => {
    requestCounter.count += 1;
    const name = context.commandName ?? 'unknown';
    requestCounter.byCommand[name] = (requestCounter.byCommand[name] ?? 0) + 1;
    countRequest(name);
    return next(args);
  },
  { step: 'initialize', name: 'tandemRequestCounter' },
);

export const documentClient = DynamoDBDocumentClient.from(dynamo, {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
});
