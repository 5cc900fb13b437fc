/**
 * Issue 19 items 2 and 7: every asynchronous function gets a dead-letter queue, retries and the
 * configured reserved concurrency from AsyncWork. A stream consumer made through AsyncWork gets the
 * same by default, pinned here on a stand-in table with a stream; the real one (streams/live, in
 * RealtimeStack) is pinned in realtime.test.ts and its grants in needs.test.ts.
 */
import { App, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { describe, expect, test } from 'vitest';
import { AsyncWork, STREAM_RETRIES } from '../src/constructs/async-work.ts';
import { buildTandem, firstRef, ofType, resourcesOf } from './support.ts';

describe('the jobs', () => {
  test('reserve no concurrency by default, which a new account (quota 10) could not give', () => {
    const jobs = ofType(resourcesOf(buildTandem().jobs), 'AWS::Lambda::Function');
    expect(jobs.length).toBeGreaterThan(0);
    for (const [, fn] of jobs) expect(fn.Properties?.ReservedConcurrentExecutions).toBeUndefined();
  });

  test('reserve what the config says, each', () => {
    const tandem = buildTandem({ settings: { asyncReservedConcurrency: '2' } });
    const jobs = ofType(resourcesOf(tandem.jobs), 'AWS::Lambda::Function');
    for (const [, fn] of jobs) expect(fn.Properties?.ReservedConcurrentExecutions).toBe(2);
    // The stream consumer too (RealtimeStack), so a flood of changes cannot starve the API.
    const live = ofType(resourcesOf(tandem.realtime), 'AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties?.Description).endsWith('(streams/live)'),
    );
    expect(live).toHaveLength(1);
    expect(live[0]![1].Properties?.ReservedConcurrentExecutions).toBe(2);
    expect(() => buildTandem({ settings: { asyncReservedConcurrency: 'many' } })).toThrow(
      /asyncReservedConcurrency/,
    );
  });
});

describe('a stream consumer added through AsyncWork', () => {
  const app = new App();
  const stack = new Stack(app, 'StreamTest');
  const table = new dynamodb.TableV2(stack, 'Table', {
    partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    dynamoStream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
  });
  const work = new AsyncWork(stack, 'Async', { reservedConcurrency: 3 });
  const fn = new lambda.Function(stack, 'Consumer', {
    runtime: lambda.Runtime.NODEJS_24_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => {}'),
  });
  work.streamConsumer(fn, table);
  const resources = resourcesOf(stack);

  test('sends records that keep failing to the dead-letter queue, after retries, splitting the batch', () => {
    const [queueId] = ofType(resources, 'AWS::SQS::Queue')[0]!;
    const [, mapping] = ofType(resources, 'AWS::Lambda::EventSourceMapping')[0]!;
    expect(mapping.Properties).toMatchObject({
      MaximumRetryAttempts: STREAM_RETRIES,
      BisectBatchOnFunctionError: true,
      MaximumRecordAgeInSeconds: 86_400,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const onFailure = (mapping.Properties!.DestinationConfig as { OnFailure: { Destination: unknown } })
      .OnFailure;
    expect(firstRef(onFailure.Destination)).toBe(queueId);
  });

  test('gets the reserved concurrency, like the jobs', () => {
    const [, consumer] = ofType(resources, 'AWS::Lambda::Function')[0]!;
    expect(consumer.Properties?.ReservedConcurrentExecutions).toBe(3);
    expect(work.functions).toEqual([fn]);
  });
});
