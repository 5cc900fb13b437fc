/**
 * JobsStack: one EventBridge Scheduler schedule per manifest job, in UTC, invoking its own Lambda; a
 * fanned-out job (the daily normalisation, D34) starts a state machine whose distributed map runs
 * the worker on batches of each page.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { expect, test } from 'vitest';
import { realManifest } from '../src/manifest.ts';
import { buildTandem, firstRef, ofType, resourcesOf } from './support.ts';

const tandem = buildTandem();
const resources = resourcesOf(tandem.jobs);
const schedules = ofType(resources, 'AWS::Scheduler::Schedule');

test('there is exactly one schedule per job', () => {
  Template.fromStack(tandem.jobs).resourceCountIs(
    'AWS::Scheduler::Schedule',
    Object.keys(realManifest.jobs).length,
  );
});

const direct = Object.entries(realManifest.jobs).filter(([, j]) => !j.fanOut);
const fannedOut = Object.entries(realManifest.jobs).filter(([, j]) => j.fanOut);

test.each(direct)('%s runs on its cron in UTC and invokes its handler', (_id, job) => {
  const found = schedules.find(([, s]) => s.Properties?.Description === job.description);
  expect(found, `schedule for ${job.handler}`).toBeDefined();
  const schedule = found![1];
  expect(schedule.Properties).toMatchObject({
    ScheduleExpression: `cron(${job.cron})`,
    ScheduleExpressionTimezone: 'Etc/UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    State: 'ENABLED',
  });
  const target = schedule.Properties?.Target as { Arn: unknown; RoleArn: unknown };
  const fn = resources[firstRef(target.Arn)!]!;
  expect(fn.Properties).toMatchObject({
    Runtime: 'nodejs24.x',
    Architectures: ['arm64'],
    Description: `${job.description} (jobs/${job.handler})`,
    Environment: { Variables: expect.objectContaining({ TABLE_NAME: expect.anything() }) },
  });
  // The scheduler's role may invoke exactly that function.
  const roleId = firstRef(target.RoleArn)!;
  const policy = ofType(resources, 'AWS::IAM::Policy').find(([, p]) =>
    JSON.stringify(p.Properties?.Roles).includes(roleId),
  );
  expect(JSON.stringify(policy?.[1].Properties?.PolicyDocument)).toContain('lambda:InvokeFunction');
});

test('a job run that fails for good lands in the dead-letter queue, from Scheduler and from Lambda', () => {
  const [queueId] = ofType(resources, 'AWS::SQS::Queue')[0]!;
  for (const [, schedule] of schedules) {
    const target = schedule.Properties?.Target as {
      DeadLetterConfig: { Arn: unknown };
      RetryPolicy: unknown;
    };
    expect(firstRef(target.DeadLetterConfig.Arn)).toBe(queueId);
    expect(target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
  }
  const configs = ofType(resources, 'AWS::Lambda::EventInvokeConfig');
  expect(configs).toHaveLength(direct.length);
  for (const [, config] of configs) {
    expect(config.Properties).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
    const onFailure = (config.Properties!.DestinationConfig as { OnFailure: { Destination: unknown } })
      .OnFailure;
    expect(firstRef(onFailure.Destination)).toBe(queueId);
  }
});

test('the daily normalisation fans out: a state machine lists a page, maps the worker over it in batches, loops', () => {
  expect(fannedOut.map(([id]) => id)).toEqual(['normalizeDays']);
  const [, job] = fannedOut[0]!;
  const fanOut = job.fanOut!;
  const machines = ofType(resources, 'AWS::StepFunctions::StateMachine');
  expect(machines).toHaveLength(1);
  const [machineId, machine] = machines[0]!;
  // Scheduler starts it on the job's cron, with the scheduled time as the run's moment.
  const schedule = schedules.find(([, s]) => s.Properties?.Description === job.description)![1];
  const target = schedule.Properties?.Target as {
    Arn: unknown;
    Input: string;
    DeadLetterConfig: { Arn: unknown };
  };
  expect(firstRef(target.Arn)).toBe(machineId);
  expect(JSON.parse(target.Input)).toEqual({ now: '<aws.scheduler.scheduled-time>' });
  expect(schedule.Properties).toMatchObject({ ScheduleExpression: `cron(${job.cron})` });

  const definition = JSON.stringify(machine.Properties?.DefinitionString);
  const fn = (module: string) =>
    ofType(resources, 'AWS::Lambda::Function').find(([, f]) =>
      String(f.Properties?.Description).endsWith(`(jobs/${module})`),
    )![0];
  const lister = fn(job.handler);
  const worker = fn(fanOut.worker);
  expect(definition).toContain(lister);
  expect(definition).toContain(worker);
  // The map: distributed, batched by the manifest, at most `concurrency` batches at once, retried.
  const text = JSON.stringify(machine.Properties?.DefinitionString).replace(/\\"/g, '"').replace(/\\\\/g, '');
  expect(text).toContain('"Mode":"DISTRIBUTED"');
  expect(text).toContain('"ExecutionType":"EXPRESS"');
  expect(text).toContain(`"MaxItemsPerBatch":${fanOut.batchSize}`);
  expect(text).toContain(`"MaxConcurrency":${fanOut.concurrency}`);
  expect(text).toContain('"ItemsPath":"$.items"');
  expect(text).toContain('"ToleratedFailurePercentage":5');
  expect(text).toContain('"ErrorEquals":["States.TaskFailed"]');
  // And it loops while the page has a next one.
  expect(text).toContain('"Variable":"$.next"');
  expect(machine.Properties).toMatchObject({
    TracingConfiguration: { Enabled: true },
    LoggingConfiguration: { Level: 'ALL' },
  });
});
