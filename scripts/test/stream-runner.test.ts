/**
 * The local stream runner (scripts/src/local/streams.ts) against a DynamoDB Local of its own, kept on
 * disk so it can be restarted: task records reach the consumer in Lambda's shape and nothing else
 * does, a batch item failure re-sends from that record, and an engine restart is survived without
 * replaying history. The shared test stack is not touched.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DynamoDbEngine, startDynamoDb } from '../src/local/engines/dynamodb.ts';
import { type StreamRunner, startStreamRunner } from '../src/local/streams.ts';

const TABLE = 'tandem-streams';
let dataDir: string;
let engine: DynamoDbEngine;
let runner: StreamRunner;
const batches: DynamoDBRecord[][] = [];
/** Task ids whose first delivery the consumer reports as failed. */
const failOnce = new Set<string>();

const idOf = (r: DynamoDBRecord) => r.dynamodb?.NewImage?.taskId?.S;
const delivered = () => batches.flat().map(idOf);

async function consumer(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  batches.push(event.Records);
  const failed = event.Records.find((r) => failOnce.delete(idOf(r) ?? ''));
  return { batchItemFailures: failed ? [{ itemIdentifier: failed.dynamodb!.SequenceNumber! }] : [] };
}

async function put(sk: string, taskId: string): Promise<void> {
  const db = new DynamoDBClient({
    endpoint: engine.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await db.send(
    new PutItemCommand({
      TableName: TABLE,
      Item: { pk: { S: `${sk}#${taskId}` }, sk: { S: sk }, taskId: { S: taskId } },
    }),
  );
  db.destroy();
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tandem-streams-'));
  engine = await startDynamoDb({ dataDir, tableName: TABLE });
  runner = startStreamRunner({
    endpoint: engine.endpoint,
    tableName: TABLE,
    region: 'us-east-1',
    quiet: true,
    deliver: consumer,
  });
});

afterAll(async () => {
  await runner?.stop();
  await engine?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the local stream runner', () => {
  it('hands task and chat message records to the consumer in the shape Lambda gives, and nothing else', async () => {
    await runner.drained();
    await put('category#c1', 'not-a-task'); // a sort key the filter does not let through
    await put('task', 't1');
    await expect.poll(delivered).toEqual(['t1']);
    const [record] = batches.at(-1)!;
    // A chat message's sort key begins msg# (functions/src/streams/filter.ts); a chat entry's does not.
    await put('chatidx#x', 'not-a-message');
    await put('msg#0001', 'm1');
    await expect.poll(delivered).toEqual(['t1', 'm1']);
    expect(record).toMatchObject({
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      eventSourceARN: expect.stringContaining(`table/${TABLE}/stream/`),
      dynamodb: {
        Keys: { pk: { S: 'task#t1' }, sk: { S: 'task' } },
        NewImage: { taskId: { S: 't1' } },
        StreamViewType: 'NEW_AND_OLD_IMAGES',
        SequenceNumber: expect.any(String),
      },
    });
    expect(typeof record!.dynamodb!.ApproximateCreationDateTime).toBe('number');
    expect(record!.eventID).toEqual(expect.any(String));
  });

  it('sends a batch again from its failed record', async () => {
    failOnce.add('t3');
    const before = batches.length;
    await put('task', 't2');
    await put('task', 't3');
    await put('task', 't4');
    await expect.poll(() => delivered().filter((id) => id === 't3').length).toBe(2);
    await runner.drained();
    const since = batches.slice(before).flat().map(idOf);
    // t2 once; t3 and what follows it again, in order.
    expect(since.filter((id) => id === 't2')).toEqual(['t2']);
    expect(since.filter((id) => id === 't4').length).toBeGreaterThanOrEqual(1);
    expect(since.lastIndexOf('t3')).toBeLessThan(since.lastIndexOf('t4'));
  });

  it('keeps reading after DynamoDB Local restarts, without replaying what it had handed over', async () => {
    await runner.drained();
    const before = delivered().length;
    const port = engine.port;
    await engine.stop();
    engine = await startDynamoDb({ dataDir, tableName: TABLE, preferredPort: port });
    expect(engine.port).toBe(port);
    await put('task', 't5');
    await expect.poll(delivered, { timeout: 60_000 }).toContain('t5');
    expect(delivered().slice(before)).toEqual(['t5']);
  });
});
