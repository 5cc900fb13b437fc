/**
 * The daily normalisation per person: users with 200 tasks each (150 plain, 30 one-off scheduled of
 * which 10 start on the day measured, 20 daily routines), seeded through the domain functions.
 * Reports the duration and DynamoDB requests of one person's run, and the hourly job over them in
 * people per second: one worker (one person after another, as the job ran before D34) and the
 * fan-out (the local runner's pool running the job's handler and worker, as the state machine does),
 * each the median of repeated runs on successive days (every day brings 20 routine instances each).
 */
import { jobs } from '@tandem/shared/api/routes';
import { runFanOut } from '../local/gateway/fan-out.ts';
import { record } from './report.ts';
import { fmt, median, percentile } from './stats.ts';

/** Issue 10's measurement before D34: 284 ms and 40 requests per person, 192 s per 1,000 people. */
const BEFORE = { msPerPerson: 284, requests: 40, peoplePerSecond: 1000 / 192 };

export async function benchNormalization(users: number, counter: { count: number }) {
  const { ensureUser } = await import('@tandem/functions/core/user/user');
  const { listGroups } = await import('@tandem/functions/core/groups/groups');
  const { createTask } = await import('@tandem/functions/core/tasks/tasks');
  const { setSchedule } = await import('@tandem/functions/core/schedules/schedules');
  const { normalizeUser, normalizePeople } = await import('@tandem/functions/core/schedules/normalization');
  const { DayStateEntity } = await import('@tandem/functions/db/entities/day-state');

  const day = new Date(Date.now() + 2 * 86_400_000);
  const at = (hour: number) =>
    new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour)).toISOString();
  const base = {
    details: { description: '', flag: 3 as const },
    mode: 'active' as const,
    status: 1 as const,
    level: 7,
    priorityGroup: 1,
    dueAt: null,
    taskPosition: 'bottom' as const,
    parent: null,
    delegationType: 'SI' as const,
    children: [],
  };
  const schedule = (startDate: string, recurRule: string | null) => ({
    startDate,
    endDate: null,
    initialDate: null,
    allDay: false,
    flexibleTime: (recurRule ? 1 : 4) as 1 | 4,
    recurRule,
    exDate: [],
    rDate: [],
    duration: 30,
    timezone: 'UTC',
    meetingTemplate: null,
    scheduledAttendees: [],
  });
  const ids: string[] = [];
  const t0 = performance.now();
  for (let u = 0; u < users; u++) {
    const userId = `norm-${u}-${Date.now()}`;
    await ensureUser(userId, { email: `${userId}@example.com`, firstName: 'N' });
    const actor = { userId, username: userId };
    const group = (await listGroups(actor)).results[0]!.id;
    for (let i = 0; i < 200; i++) {
      const { results } = await createTask(actor, { ...base, title: `T${i}`, group });
      if (i >= 150 && i < 180)
        await setSchedule(actor, results[0]!.id, schedule(at(i < 160 ? 9 : 30 + i), null));
      if (i >= 180) await setSchedule(actor, results[0]!.id, schedule(at(7), 'FREQ=DAILY'));
    }
    ids.push(userId);
  }
  console.log(`\nSeeded ${users} users x 200 tasks in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const morning = new Date(at(3));
  const times: number[] = [];
  const requests: number[] = [];
  for (const userId of ids) {
    const before = counter.count;
    const t = performance.now();
    await normalizeUser(userId, 'UTC', morning);
    times.push(performance.now() - t);
    requests.push(counter.count - before);
  }
  const again: number[] = [];
  for (const userId of ids) {
    const before = counter.count;
    await normalizeUser(userId, 'UTC', morning);
    again.push(counter.count - before);
  }
  console.log('Normalisation per person (200 tasks: 10 due that day, 20 routines)');
  console.log(
    `  first run: p50 ${fmt(percentile(times, 50))} ms, p99 ${fmt(percentile(times, 99))} ms; DynamoDB requests p50 ${percentile(requests, 50)}, max ${Math.max(...requests)}`,
  );
  console.log(
    `  second run the same day (nothing to change): DynamoDB requests p50 ${percentile(again, 50)}`,
  );

  record({
    figure: 'Normalisation, DynamoDB requests with nothing to change (p50)',
    now: String(percentile(again, 50)),
    target: '≤ 5',
    baseline: `${BEFORE.requests} (any day)`,
    met: percentile(again, 50) <= 5,
  });
  record({
    figure: 'Normalisation, first run of a day per person (p50)',
    now: `${fmt(percentile(times, 50))} ms, ${percentile(requests, 50)} requests`,
    target: '—',
    baseline: `${BEFORE.msPerPerson} ms, ${BEFORE.requests} requests`,
    met: null,
  });
  console.log(
    `  before (issue 10): ${BEFORE.msPerPerson} ms and ${BEFORE.requests} requests per person; target: at most 5 requests with nothing to change`,
  );

  // The hourly job over the same people, as the bench measured it before D34: the morning just run
  // again (nothing left to change); then on later days, each with its day's work (20 instances each).
  const hour = (d: Date) => d.toISOString().slice(0, 13);
  const sameMorning = () => new Date(morning.getTime() + 70 * 60_000);
  let dayN = 3;
  const laterDay = () => new Date(morning.getTime() + dayN++ * 86_400_000 + 70 * 60_000);
  const due = async (now: Date) => {
    for (const userId of ids)
      await DayStateEntity.patch({ userId })
        .set({ dueHour: hour(new Date(now.getTime() - 60 * 60_000)) })
        .go();
  };
  const runs = Number(process.env.BENCH_NORMALIZE_RUNS ?? 3);
  const rate = async (label: string, when: () => Date, go: (now: Date) => Promise<number>) => {
    const rates: number[] = [];
    const requests: number[] = [];
    for (let r = 0; r < runs; r++) {
      const now = when();
      await due(now);
      const before = counter.count;
      const t = performance.now();
      const people = await go(now);
      rates.push(people / ((performance.now() - t) / 1000));
      requests.push((counter.count - before) / Math.max(1, people));
    }
    console.log(
      `  ${label}: ${fmt(median(rates))} people/s (median of ${runs} runs; ${fmt(median(requests))} DynamoDB requests per person)` +
        ` — 1,000 people in about ${fmt(1000 / median(rates), 0)} s`,
    );
    return median(rates);
  };
  const oneWorker = (now: Date) =>
    normalizePeople(
      ids.map((userId) => ({ userId, timezone: 'UTC' })),
      now,
      1,
    ).then((r) => r.users);
  const job = jobs.normalizeDays;
  const fannedOut = (now: Date) => runFanOut(job, { now: now.toISOString() }).then((r) => r.items);
  const fan = `fanned out (batches of ${job.fanOut.batchSize}, ${job.fanOut.concurrency} at a time)`;
  console.log('Hourly job, the morning run again (nothing to change), as measured before D34');
  const one = await rate('one worker (one person after another)', sameMorning, oneWorker);
  const fanned = await rate(fan, sameMorning, fannedOut);
  record({
    figure: 'Normalisation job, people per second (nothing to change; one worker / fanned out)',
    now: `${fmt(one)} / ${fmt(fanned)}`,
    target: '—',
    baseline: fmt(BEFORE.peoplePerSecond),
    met: null,
  });
  console.log(
    `  people per second: before ${fmt(BEFORE.peoplePerSecond)} (192 s per 1,000), one worker now ${fmt(one)} (${fmt(one / BEFORE.peoplePerSecond)}x), fanned out ${fmt(fanned)} (${fmt(fanned / BEFORE.peoplePerSecond)}x)`,
  );
  console.log('Hourly job on a new day (20 routine instances, reminders: the work grows with the changes)');
  await rate('one worker', laterDay, oneWorker);
  await rate(fan, laterDay, fannedOut);
  console.log(
    '  (one machine: DynamoDB Local and the pool share its 2 cores; in AWS the map runs up to 20 Lambdas at once)',
  );
}
