/**
 * Scheduled work from the manifest's `jobs`: EventBridge Scheduler invokes one function per job.
 * A run that fails for good (Scheduler could not deliver it, or the function failed after Lambda's
 * retries) lands in the jobs' dead-letter queue, which has an alarm (MonitoringStack).
 *
 * A fanned-out job (`fanOut`, decisions D34) is a Step Functions state machine instead: its function
 * answers a page of work items, a distributed map runs the worker function on batches of them (so
 * many at a time, each batch retried), and the next page follows until there is none.
 */

import type { JobDef } from '@tandem/shared/api/routes';
import { type CfnElement, Duration, RemovalPolicy, Stack, type StackProps, TimeZone } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as targets from 'aws-cdk-lib/aws-scheduler-targets';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as sfnTasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import type { Construct } from 'constructs';
import { AsyncWork } from '../constructs/async-work.ts';
import { type Backend, TandemFunction } from '../constructs/tandem-function.ts';
import { needsOfJob, needsOfJobWorker } from '../manifest.ts';
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
  /** The state machines of fanned-out jobs, by job id. */
  readonly stateMachines: Record<string, sfn.StateMachine> = {};
  /** Where every asynchronous function is added, the stream consumer too once it exists (issue 12). */
  readonly asyncWork: AsyncWork;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.asyncWork = new AsyncWork(this, 'Async', { reservedConcurrency: props.reservedConcurrency });
    this.deadLetters = this.asyncWork.deadLetters;
    for (const [jobId, job] of Object.entries(props.jobs)) {
      if (job.fanOut) {
        this.fannedOut(jobId, { ...job, fanOut: job.fanOut }, props.backend);
        continue;
      }
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
      this.schedule(jobId, job, new targets.LambdaInvoke(fn, this.delivery()));
      // The role is CDK's, shared by the schedules of a stack, so the acknowledgement is the stack's.
      acknowledge(
        this,
        `AwsSolutions-IAM5[Resource::${nagRef(fn)}:*]`,
        "CDK's Scheduler target grants lambda:InvokeFunction on the job's function and its versions " +
          '(`:*`); it names that one function.',
      );
    }
  }

  /** Scheduler delivers at least once and retries; what it cannot deliver goes to the dead letters. */
  private delivery() {
    return { retryAttempts: 2, maxEventAge: Duration.hours(1), deadLetterQueue: this.deadLetters };
  }

  private schedule(jobId: string, job: JobDef, target: scheduler.IScheduleTarget) {
    new scheduler.Schedule(this, `${jobId}Schedule`, {
      description: job.description,
      // The manifest's cron is in UTC, the same for the local in-process timer.
      schedule: scheduler.ScheduleExpression.expression(`cron(${job.cron})`, TimeZone.ETC_UTC),
      // Scheduler delivers at least once and retries, so job handlers must be idempotent; a run
      // an hour late is dropped because the next one is due by then.
      target,
    });
  }

  /**
   * A fanned-out job: List (the job's function, one page) → a distributed map of the worker over the
   * page in batches → the next page, until `next` is null. The local runner does the same
   * (scripts/src/local/gateway/fan-out.ts).
   */
  private fannedOut(
    jobId: string,
    job: JobDef & { fanOut: NonNullable<JobDef['fanOut']> },
    backend: Backend,
  ) {
    const lister = new TandemFunction(this, jobId, {
      module: `jobs/${job.handler}`,
      description: `${job.description} (jobs/${job.handler})`,
      timeout: Duration.minutes(1),
    }).connect(backend, needsOfJob(jobId));
    const worker = new TandemFunction(this, `${jobId}Worker`, {
      module: `jobs/${job.fanOut.worker}`,
      description: `${job.description} A batch. (jobs/${job.fanOut.worker})`,
      memorySize: 1024,
      timeout: Duration.minutes(5),
    }).connect(backend, needsOfJobWorker(jobId));
    this.asyncWork.isolate(lister);
    this.asyncWork.isolate(worker);
    this.functions.push(lister, worker);

    const list = new sfnTasks.LambdaInvoke(this, `${jobId}List`, {
      lambdaFunction: lister,
      payloadResponseOnly: true,
      retryOnServiceExceptions: true,
    });
    const batch = new sfnTasks.LambdaInvoke(this, `${jobId}Batch`, {
      lambdaFunction: worker,
      payloadResponseOnly: true,
      retryOnServiceExceptions: true,
    });
    // A batch with a person who failed is run again (the normalisation is idempotent).
    batch.addRetry({ errors: ['States.TaskFailed'], maxAttempts: 2, interval: Duration.seconds(10) });
    const map = new sfn.DistributedMap(this, `${jobId}Map`, {
      itemsPath: sfn.JsonPath.stringAt('$.items'),
      itemBatcher: new sfn.ItemBatcher({
        maxItemsPerBatch: job.fanOut.batchSize,
        batchInput: { now: sfn.JsonPath.stringAt('$.now') },
      }),
      maxConcurrency: job.fanOut.concurrency,
      mapExecutionType: sfn.StateMachineType.EXPRESS,
      // A few failed batches do not stop the others; their people stay due for the next hour's run.
      toleratedFailurePercentage: 5,
      resultPath: sfn.JsonPath.DISCARD,
    }).itemProcessor(batch);
    const more = new sfn.Choice(this, `${jobId}More`)
      .when(
        sfn.Condition.isNotNull('$.next'),
        new sfn.Pass(this, `${jobId}Next`, { inputPath: '$.next' }).next(list),
      )
      .otherwise(new sfn.Succeed(this, `${jobId}Done`));
    const logGroup = new logs.LogGroup(this, `${jobId}RunLogs`, {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const machine = new sfn.StateMachine(this, `${jobId}Run`, {
      comment: job.description,
      definitionBody: sfn.DefinitionBody.fromChainable(list.next(map).next(more)),
      timeout: Duration.minutes(55),
      tracingEnabled: true,
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    this.stateMachines[jobId] = machine;
    this.schedule(
      jobId,
      job,
      new targets.StepFunctionsStartExecution(machine, {
        ...this.delivery(),
        // Every page and batch normalises as of the scheduled time.
        input: scheduler.ScheduleTargetInput.fromObject({ now: scheduler.ContextAttribute.scheduledTime }),
      }),
    );
    const machineId = Stack.of(this).getLogicalId(machine.node.defaultChild as CfnElement);
    const executions = `arn:<AWS::Partition>:states:<AWS::Region>:<AWS::AccountId>:execution:{"Fn::Select":[6,{"Fn::Split":[":",{"Ref":"${machineId}"}]}]}`;
    const grants: Array<[string, string]> = [
      [
        `Resource::${nagRef(lister)}:*`,
        'CDK grants the run lambda:InvokeFunction on the listing function and its versions (`:*`); it names that one function.',
      ],
      [
        `Resource::${nagRef(worker)}:*`,
        'CDK grants the run lambda:InvokeFunction on the worker function and its versions (`:*`); it names that one function.',
      ],
      [
        'Resource::*',
        'Step Functions logging (logs:*LogDelivery, DescribeLogGroups, resource policies) and X-Ray tracing take no resource.',
      ],
      [
        `Resource::${executions}:*`,
        'The distributed map starts, describes and stops the runs of this one state machine (its own execution ARNs).',
      ],
      [
        `Resource::${executions}/*:*`,
        "The distributed map's child runs of this one state machine (its own execution ARNs).",
      ],
    ];
    for (const [resource, reason] of grants) acknowledge(machine, `AwsSolutions-IAM5[${resource}]`, reason);
  }
}
