/**
 * Work that no caller waits for: scheduled jobs now, the table's stream consumer (issue 12) later.
 * Everything asynchronous goes through here, so none can be added without a dead-letter queue,
 * retries, and the reserved concurrency the deployment allows:
 *   - `job(fn)`: Lambda retries a failed asynchronous run twice (with its own backoff), then sends
 *     the event and the error to the dead-letter queue;
 *   - `streamConsumer(fn, table)`: a DynamoDB stream source that retries a failing batch with
 *     exponential backoff, halving it to find the bad record, and sends what still fails to the same
 *     queue instead of blocking the shard.
 * The queue has the DeadLetters alarm (MonitoringStack).
 */
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { acknowledge } from '../nag.ts';

export interface AsyncWorkProps {
  /**
   * Concurrency reserved for each asynchronous function, so a flood of API calls cannot starve the
   * jobs and a runaway job cannot starve the API. Unset: none reserved (the default, because a new
   * account's quota is 10 and Lambda refuses any reservation that leaves fewer than 10 unreserved).
   */
  readonly reservedConcurrency?: number;
}

/** Retries of a failed asynchronous run before it is sent to the dead-letter queue. */
export const ASYNC_RETRIES = 2;
/** Retries of a failing stream batch (each after a longer wait) before it is sent there. */
export const STREAM_RETRIES = 5;

export class AsyncWork extends Construct {
  /** Failed runs and records: what Scheduler could not deliver and what failed after the retries. */
  readonly deadLetters: sqs.Queue;
  readonly functions: lambda.Function[] = [];
  private readonly reservedConcurrency?: number;

  constructor(scope: Construct, id: string, props: AsyncWorkProps = {}) {
    super(scope, id);
    this.reservedConcurrency = props.reservedConcurrency;
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    acknowledge(
      this.deadLetters,
      'AwsSolutions-SQS3',
      'This queue is the dead-letter queue; what lands here is looked at by a person (docs/operations.md).',
    );
  }

  /** A function invoked asynchronously (Scheduler, events): retries, then the dead-letter queue. */
  job<F extends lambda.Function>(fn: F): F {
    fn.configureAsyncInvoke({
      retryAttempts: ASYNC_RETRIES,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetters),
    });
    return this.add(fn);
  }

  /**
   * A function fed by the table's stream (issue 12): batches retried with backoff and split on error,
   * records older than a day or failing every retry sent to the dead-letter queue.
   */
  streamConsumer<F extends lambda.Function>(
    fn: F,
    table: dynamodb.ITableV2,
    opts: {
      batchSize?: number;
      /** Where a new consumer starts; TRIM_HORIZON (every record kept) unless its records age fast. */
      startingPosition?: lambda.StartingPosition;
      /** Records older than this are of no use to the consumer and go to the dead letters. */
      maxRecordAge?: Duration;
      maxBatchingWindow?: Duration;
      filters?: Array<{ [key: string]: unknown }>;
    } = {},
  ): F {
    fn.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: opts.startingPosition ?? lambda.StartingPosition.TRIM_HORIZON,
        batchSize: opts.batchSize ?? 100,
        retryAttempts: STREAM_RETRIES,
        bisectBatchOnError: true,
        maxRecordAge: opts.maxRecordAge ?? Duration.days(1),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetters),
        ...(opts.maxBatchingWindow ? { maxBatchingWindow: opts.maxBatchingWindow } : {}),
        ...(opts.filters ? { filters: opts.filters } : {}),
      }),
    );
    return this.add(fn);
  }

  /**
   * A function that is part of the background work but called synchronously (a state machine's
   * steps): no retries or dead letters of its own (its caller retries), but the same reserved
   * concurrency, so it cannot starve the API nor be starved by it.
   */
  isolate<F extends lambda.Function>(fn: F): F {
    return this.add(fn);
  }

  private add<F extends lambda.Function>(fn: F): F {
    if (this.reservedConcurrency !== undefined) {
      (fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = this.reservedConcurrency;
    }
    this.functions.push(fn);
    return fn;
  }
}
