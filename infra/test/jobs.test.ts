/** JobsStack: one EventBridge Scheduler schedule per manifest job, in UTC, invoking its own Lambda. */
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

test.each(Object.entries(realManifest.jobs))(
  '%s runs on its cron in UTC and invokes its handler',
  (_id, job) => {
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
  },
);

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
  expect(configs).toHaveLength(Object.keys(realManifest.jobs).length);
  for (const [, config] of configs) {
    expect(config.Properties).toMatchObject({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 });
    const onFailure = (config.Properties!.DestinationConfig as { OnFailure: { Destination: unknown } })
      .OnFailure;
    expect(firstRef(onFailure.Destination)).toBe(queueId);
  }
});
