/**
 * Scheduled work from the manifest's `jobs`: EventBridge Scheduler invokes one function per job.
 * A run that fails for good (Scheduler could not deliver it, or the function failed after Lambda's
 * retries) lands in the jobs' dead-letter queue, which has an alarm (MonitoringStack).
 */

import type { JobDef } from '@tandem/shared/api/routes';
import { Duration, Stack, type StackProps, TimeZone } from 'aws-cdk-lib';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AsyncWork } from '../constructs/async-work.ts';
import { type Backend, TandemFunction } from '../constructs/tandem-function.ts';
import { needsOfJob } from '../manifest.ts';
import { acknowledge, nagRef } from '../nag.ts';

export interface JobsStackProps extends StackProps {
  readonly jobs: Readonly<Record<string, JobDef>>;
  readonly backend: Backend;
  /** Reserved concurrency of each job (config `tandem:asyncReservedConcurrency`); unset: none. */
  readonly reservedConcurrency?: number;
}

export class JobsStack extends Stack {
  /** Failed job runs: what Scheduler could not deliver and what failed after Lambda's own retries. */
  readonly deadLetters: sqs.Queue;
  readonly functions: TandemFunction[] = [];
  /** Where every asynchronous function is added, the stream consumer too once it exists (issue 12). */
  readonly asyncWork: AsyncWork;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.asyncWork = new AsyncWork(this, 'Async', { reservedConcurrency: props.reservedConcurrency });
    this.deadLetters = this.asyncWork.deadLetters;
    for (const [jobId, job] of Object.entries(props.jobs)) {
      const fn = new TandemFunction(this, jobId, {
        module: `jobs/${job.handler}`,
        description: `${job.description} (jobs/${job.handler})`,
        // Jobs walk many items; give them room that an API call never needs.
        memorySize: 1024,
        timeout: Duration.minutes(5),
      }).connect(props.backend, needsOfJob(jobId));
      // Scheduler invokes asynchronously: Lambda retries twice (with its own backoff), then the event
      // goes to the dead-letter queue with the error.
      this.asyncWork.job(fn);
      this.functions.push(fn);
      new scheduler.Schedule(this, `${jobId}Schedule`, {
        description: job.description,
        // The manifest's cron is in UTC, the same for the local in-process timer.
        schedule: scheduler.ScheduleExpression.expression(`cron(${job.cron})`, TimeZone.ETC_UTC),
        // Scheduler delivers at least once and retries, so job handlers must be idempotent; a run
        // an hour late is dropped because the next one is due by then.
        target: new targets.LambdaInvoke(fn, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: this.deadLetters,
        }),
      });
      // The role is CDK's, shared by the schedules of a stack, so the acknowledgement is the stack's.
      acknowledge(
        this,
        `AwsSolutions-IAM5[Resource::${nagRef(fn)}:*]`,
        "CDK's Scheduler target grants lambda:InvokeFunction on the job's function and its versions " +
          '(`:*`); it names that one function.',
      );
    }
  }
}
