/**
 * The local EventBridge Scheduler: each job of the manifest fires on its cron (UTC) and its handler,
 * functions/src/jobs/<handler>.ts, receives the event infra's schedule sends. A job whose module does
 * not exist yet is reported once and left out, so the stack starts while jobs are being written.
 * A fanned-out job (JobDef.fanOut) runs its pages and worker batches in a pool (fan-out.ts).
 */
import { randomUUID } from 'node:crypto';
import { type JobDef, jobs as manifestJobs } from '@tandem/shared';
import type { ScheduledEvent } from 'aws-lambda';
import { nextFireTime, parseCron } from './cron.ts';
import { runFanOut } from './fan-out.ts';
import { awsIds, handlerExists, invoke, logRequests } from './lambda.ts';

/** setTimeout's longest delay (about 24.8 days); a later fire time re-arms at this cap. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The event a job receives. EventBridge Scheduler sends the target input its schedule defines; infra
 * sets it to this shape, filled from the scheduler's context attributes (<aws.scheduler.schedule-arn>,
 * <aws.scheduler.scheduled-time>, <aws.scheduler.execution-id>), so a job knows which run it is.
 */
export function schedulerEvent(jobId: string, scheduledTime: Date): ScheduledEvent<Record<string, never>> {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account: awsIds.accountId,
    time: scheduledTime.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: awsIds.region,
    resources: [`arn:aws:scheduler:${awsIds.region}:${awsIds.accountId}:schedule/default/${jobId}`],
    detail: {},
  };
}

async function run(jobId: string, job: JobDef, scheduledTime: Date): Promise<void> {
  const started = performance.now();
  try {
    const event = schedulerEvent(jobId, scheduledTime);
    // A fanned-out job runs as its state machine would (decisions D34).
    if (job.fanOut) await runFanOut({ ...job, fanOut: job.fanOut }, { now: event.time });
    else await invoke('jobs', job.handler, event);
    if (logRequests()) console.log(`JOB ${jobId} ok ${Math.round(performance.now() - started)}ms`);
  } catch (e) {
    // Scheduler would retry; locally the next run is soon enough, and the error is in the terminal.
    console.error(`JOB ${jobId} failed:`, e);
  }
}

export function startJobs(jobs: Record<string, JobDef> = manifestJobs): { stop(): void } {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  for (const [jobId, job] of Object.entries(jobs)) {
    if (!handlerExists('jobs', job.handler)) {
      console.warn(`JOB ${jobId}: functions/src/jobs/${job.handler}.ts does not exist; not scheduled.`);
      continue;
    }
    // A malformed cron is a bug in the manifest: fail the start loudly.
    const schedule = parseCron(job.cron);

    const arm = (from: Date) => {
      const next = nextFireTime(schedule, from);
      if (!next || stopped) return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (stopped) return;
          // Woken at the delay cap: the same fire time is still ahead.
          if (Date.now() < next.getTime()) return arm(from);
          void run(jobId, job, next);
          arm(next);
        },
        Math.min(Math.max(0, next.getTime() - Date.now()), MAX_DELAY_MS),
      );
      // The stack's servers keep the process alive; a pending job alone should not.
      timer.unref();
      timers.add(timer);
    };
    arm(new Date());
  }

  return {
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
