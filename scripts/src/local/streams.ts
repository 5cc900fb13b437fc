/**
 * The local stand-in for Lambda's DynamoDB event source mapping (docs/realtime.md): reads the table's
 * stream on DynamoDB Local with the DynamoDB Streams API (DescribeStream, GetShardIterator,
 * GetRecords), and calls the stream consumer, functions/src/streams/live.ts, with the event Lambda
 * would send: `{ Records: [...] }` in the DynamoDBStreamEvent shape, filtered as infra filters them.
 *
 * Like the mapping: records reach the handler in shard order; a batch item failure re-sends the batch
 * from the lowest failed record, up to MAX_RETRIES times, after which the records are dropped (AWS
 * sends them to the dead-letter queue; here a line on stderr says so). Shards are followed through
 * splits: a shard that ends is read to its end, then its children from their start.
 *
 * Quiet and robust: an engine that stops answering (restarted, being stopped) is reported once, and
 * reading starts again from the stream's latest position when it answers.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { NOTIFICATION_SORT_PREFIX, TASK_SORT_KEY } from '@tandem/functions/db/table';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { invoke } from './gateway/lambda.ts';

/** The consumer in functions/src/streams/ and the filter infra gives its mapping (RealtimeStack). */
const CONSUMER = 'live';
const accepts = (r: StreamRecord) =>
  r.dynamodb?.Keys?.sk?.S === TASK_SORT_KEY ||
  (r.dynamodb?.Keys?.sk?.S?.startsWith(NOTIFICATION_SORT_PREFIX) ?? false);

/**
 * How often an idle shard is read. 50 ms keeps a change on the other screen within the 100 ms the
 * issue asks of the local stack (at 100 ms the poll alone made p95 107 ms); one GetRecords per shard
 * each time costs DynamoDB Local little. Lambda's own polling in AWS is its own (about 4 a second).
 */
export const POLL_MS = 50;
/** How often the shard list is read again, to find the children of a split. */
const DESCRIBE_EVERY_MS = 1000;
/** As RealtimeStack's mapping: 100 records a batch, 5 retries. */
const BATCH_SIZE = 100;
const MAX_RETRIES = 5;

export interface StreamRunnerOptions {
  endpoint: string;
  tableName: string;
  region: string;
  quiet?: boolean;
  /** Replaces the Lambda call (tests of the runner itself). */
  deliver?: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;
}

export interface StreamRunner {
  stop(): Promise<void>;
  /** Resolves once every record written so far has been handed to the consumer (tests, bench). */
  drained(): Promise<void>;
}

interface ShardState {
  iterator?: string;
  /** Read to its end (a closed shard's iterator ran out). */
  done: boolean;
}

/** Lambda's view of a record: epoch seconds, and the stream's ARN on each record. */
export function lambdaRecord(r: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const d = r.dynamodb ?? {};
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion ?? '1.1',
    eventSource: r.eventSource ?? 'aws:dynamodb',
    awsRegion: r.awsRegion ?? region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(d.ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(d.ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
      Keys: d.Keys as never,
      ...(d.NewImage ? { NewImage: d.NewImage as never } : {}),
      ...(d.OldImage ? { OldImage: d.OldImage as never } : {}),
      SequenceNumber: d.SequenceNumber,
      SizeBytes: d.SizeBytes,
      StreamViewType: d.StreamViewType as never,
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startStreamRunner(opts: StreamRunnerOptions): StreamRunner {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const common = { endpoint: opts.endpoint, region: opts.region, credentials, maxAttempts: 1 };
  const dynamo = new DynamoDBClient(common);
  const streams = new DynamoDBStreamsClient(common);
  const deliver =
    opts.deliver ??
    ((event: DynamoDBStreamEvent) => invoke('streams', CONSUMER, event) as Promise<DynamoDBBatchResponse>);

  let stopped = false;
  let streamArn: string | undefined;
  let shards = new Map<string, ShardState>();
  let lastDescribe = 0;
  let outage = false;
  /** After the first describe, history is no longer skipped with LATEST (see `handedUpTo`). */
  let started = false;
  /**
   * The last sequence number handed over, per shard. After an outage the runner reads every shard
   * from its start (an engine that restarted may have taken writes before the runner was back; LATEST
   * would miss them) and skips what it had handed over already. A shard it never handed anything
   * from is read whole (delivery is at least once; clients drop repeated event ids).
   */
  const handedUpTo = new Map<string, bigint>();
  const seqOf = (r: StreamRecord) => {
    const n = r.dynamodb?.SequenceNumber ?? '';
    return /^\d+$/.test(n) ? BigInt(n) : 0n;
  };
  const isNew = (shardId: string, r: StreamRecord) => {
    const last = handedUpTo.get(shardId);
    return last === undefined || seqOf(r) > last;
  };
  /** Waiters of drained(): resolved after a full pass in which every shard was read empty. */
  let waiters: Array<() => void> = [];
  let wakeUp: (() => void) | undefined;

  /** Finds the stream and its shards; `fresh`: at the first start skip history (LATEST). */
  async function describe(fresh: boolean): Promise<void> {
    if (!streamArn) {
      const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: opts.tableName }));
      streamArn = Table?.LatestStreamArn;
      if (!streamArn) throw new Error(`Table ${opts.tableName} has no stream`);
    }
    const known = new Map(shards);
    let start: string | undefined;
    const found: Array<{ id: string; parent?: string; closed: boolean }> = [];
    do {
      const { StreamDescription: s } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: start }),
      );
      for (const sh of s?.Shards ?? []) {
        found.push({
          id: sh.ShardId!,
          parent: sh.ParentShardId,
          closed: !!sh.SequenceNumberRange?.EndingSequenceNumber,
        });
      }
      start = s?.LastEvaluatedShardId;
    } while (start);
    for (const sh of found) {
      if (known.has(sh.id)) continue;
      // At start, history is skipped: closed shards are done, open ones read from their latest record.
      // A shard found later (a split's child) is read from its start, so nothing written is missed.
      if (fresh && sh.closed) {
        known.set(sh.id, { done: true });
        continue;
      }
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: streamArn,
          ShardId: sh.id,
          ShardIteratorType: fresh ? 'LATEST' : 'TRIM_HORIZON',
        }),
      );
      known.set(sh.id, { iterator: ShardIterator, done: !ShardIterator });
    }
    // Shards the stream no longer lists have been trimmed away.
    const listed = new Set(found.map((s) => s.id));
    for (const id of known.keys()) if (!listed.has(id)) known.delete(id);
    shards = known;
    lastDescribe = Date.now();
  }

  /** Hands records to the consumer as the mapping does: retries from the lowest failure, then drops. */
  async function handOver(records: StreamRecord[]): Promise<void> {
    let pending = records.filter(accepts).map((r) => lambdaRecord(r, streamArn!, opts.region));
    for (let attempt = 0; pending.length > 0 && !stopped; attempt++) {
      let failed: string[];
      try {
        const result = await deliver({ Records: pending });
        failed = (result?.batchItemFailures ?? []).map((f) => f.itemIdentifier);
      } catch (e) {
        if (!opts.quiet) console.error('Stream consumer failed:', e);
        failed = [pending[0]!.dynamodb!.SequenceNumber!];
      }
      if (failed.length === 0) return;
      if (attempt >= MAX_RETRIES) {
        console.error(`Stream consumer: ${pending.length} record(s) dropped after ${MAX_RETRIES} retries.`);
        return;
      }
      const from = pending.findIndex((r) => failed.includes(r.dynamodb!.SequenceNumber!));
      pending = pending.slice(Math.max(0, from));
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  }

  /** One read of every open shard; true when any had records. */
  async function pass(): Promise<boolean> {
    if (!streamArn || Date.now() - lastDescribe >= DESCRIBE_EVERY_MS) {
      await describe(!started);
      started = true;
    }
    let any = false;
    for (const [shardId, state] of shards) {
      if (state.done || !state.iterator || stopped) continue;
      const out = await streams.send(
        new GetRecordsCommand({ ShardIterator: state.iterator, Limit: BATCH_SIZE }),
      );
      state.iterator = out.NextShardIterator;
      if (!out.NextShardIterator) {
        state.done = true;
        // Its children are due now.
        lastDescribe = 0;
      }
      const records = (out.Records ?? []).filter((r) => isNew(shardId, r));
      if (records.length) {
        any = true;
        await handOver(records);
        handedUpTo.set(shardId, seqOf(records.at(-1)!));
      }
      if (stopped) break;
    }
    return any;
  }

  const loop = (async () => {
    while (!stopped) {
      let busy = false;
      try {
        busy = await pass();
        if (outage) {
          outage = false;
          if (!opts.quiet) console.log('Live updates: reading the table stream again.');
        }
        if (!busy) {
          for (const w of waiters) w();
          waiters = [];
        }
      } catch (e) {
        if (stopped) break;
        // The engine restarted or is going: once it answers, every shard is read from its start and
        // what was handed over already is skipped (handedUpTo).
        if (!outage && !opts.quiet) {
          console.warn(`Live updates paused: the table stream is unreadable (${(e as Error).name}).`);
        }
        outage = true;
        streamArn = undefined;
        shards = new Map();
      }
      if (busy || stopped) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, outage ? 1000 : POLL_MS);
        wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      for (const w of waiters) w();
      dynamo.destroy();
      streams.destroy();
    },
    drained() {
      if (stopped) return Promise.resolve();
      // A pass that starts after this call and finds nothing proves everything before it was handed over.
      return new Promise<void>((resolve) => {
        let passes = 0;
        const waiter = () => {
          if (++passes >= 2) resolve();
          else waiters.push(waiter);
        };
        waiters.push(waiter);
      });
    },
  };
}
