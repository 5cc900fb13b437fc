/**
 * Failed write conditions are told apart by the error's type and DynamoDB's CancellationReasons, on
 * the errors the real SDK and ElectroDB throw — never by message text (lib/conditions.ts).
 */
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  InternalServerError,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import {
  isAnyConditionFailed,
  isConditionFailed,
  TransactionCanceledError,
  writeFailure,
} from '../../src/lib/conditions.ts';

const $metadata = { httpStatusCode: 400 };

/** A client whose every command is answered by `error`, as the service would answer it. */
function answering(error: Error) {
  const client = new DynamoDBClient({
    endpoint: 'http://127.0.0.1:9',
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });
  client.middlewareStack.add(
    () => async () => {
      throw error;
    },
    { step: 'initialize', name: 'answer' },
  );
  return DynamoDBDocumentClient.from(client);
}
const thing = (error: Error) =>
  new Entity(
    {
      model: { entity: 'thing', version: '1', service: 'test' },
      attributes: { id: { type: 'string', required: true }, version: { type: 'number' } },
      indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
    },
    { table: 'test', client: answering(error) },
  );

describe('writeFailure', () => {
  it('finds a failed condition behind the ElectroError that wraps it', async () => {
    const err = await thing(new ConditionalCheckFailedException({ message: 'whatever', $metadata }))
      .patch({ id: 'a' })
      .set({ version: 2 })
      .where(({ version }, { eq }) => eq(version, 1))
      .go()
      .catch((e: unknown) => e);
    expect(writeFailure(err)).toEqual({ kind: 'condition' });
    expect(isConditionFailed(err)).toBe(true);
  });

  it('reads the per-item reasons of a cancelled transaction, from the SDK and from transact()', () => {
    const sdk = new TransactionCanceledException({
      message: 'cancelled',
      $metadata,
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(writeFailure(sdk)).toEqual({ kind: 'transaction', reasons: ['None', 'ConditionalCheckFailed'] });
    expect(isAnyConditionFailed(sdk)).toBe(true);
    expect(isConditionFailed(sdk)).toBe(false);

    const ours = new TransactionCanceledError(['TransactionConflict', 'None']);
    expect(writeFailure(ours)).toEqual({ kind: 'transaction', reasons: ['TransactionConflict', 'None'] });
    expect(isAnyConditionFailed(ours)).toBe(false);
    expect(ours.lostRace()).toBe(true);
    expect(new TransactionCanceledError(['None', 'ConditionalCheckFailed']).failedIndexes()).toEqual([1]);
  });

  it('ignores message text and other errors', async () => {
    expect(writeFailure(new Error('The conditional request failed'))).toBeNull();
    expect(writeFailure(new Error('Transaction canceled: ConditionalCheckFailed'))).toBeNull();
    const invalid = await thing(new InternalServerError({ message: 'conditional request failed', $metadata }))
      .get({ id: 'a' })
      .go()
      .catch((e: unknown) => e);
    expect(writeFailure(invalid)).toBeNull();
    expect(writeFailure(undefined)).toBeNull();
  });
});
