/** Scheduled work from the manifest's `jobs`: EventBridge Scheduler invokes one function per job. */

import type { JobDef } from '@tandem/shared/api/routes';
import { Duration, Stack, type StackProps, TimeZone } from 'aws-cdk-lib';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type { Construct } from 'constructs';
import { type Backend, TandemFunction } from '../constructs/tandem-function.ts';
import { needsOfJob } from '../manifest.ts';

export interface JobsStackProps extends StackProps {
  readonly jobs: Readonly<Record<string, JobDef>>;
  readonly backend: Backend;
}

export class JobsStack extends Stack {
  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    for (const [jobId, job] of Object.entries(props.jobs)) {
      const fn = new TandemFunction(this, jobId, {
        module: `jobs/${job.handler}`,
        description: `${job.description} (jobs/${job.handler})`,
        // Jobs walk many items; give them room that an API call never needs.
        memorySize: 1024,
        timeout: Duration.minutes(5),
      }).connect(props.backend, needsOfJob(jobId));
      new scheduler.Schedule(this, `${jobId}Schedule`, {
        description: job.description,
        // The manifest's cron is in UTC, the same for the local in-process timer.
        schedule: scheduler.ScheduleExpression.expression(`cron(${job.cron})`, TimeZone.ETC_UTC),
        // Scheduler delivers at least once and retries, so job handlers must be idempotent; a run
        // an hour late is dropped because the next one is due by then.
        target: new targets.LambdaInvoke(fn, { retryAttempts: 2, maxEventAge: Duration.hours(1) }),
      });
    }
  }
}
