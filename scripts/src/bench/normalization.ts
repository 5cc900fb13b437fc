/**
 * The daily normalisation per person: users with 200 tasks each (150 plain, 30 one-off scheduled of
 * which 10 start on the day measured, 20 daily routines), seeded through the domain functions.
 * Reports the duration and DynamoDB requests of one person's run, and of the hourly job over them.
 */
import { fmt, percentile } from './stats.ts';

export async function benchNormalization(users: number, counter: { count: number }) {
  const { ensureUser } = await import('@tandem/functions/core/user/user');
  const { listGroups } = await import('@tandem/functions/core/groups/groups');
  const { createTask } = await import('@tandem/functions/core/tasks/tasks');
  const { setSchedule } = await import('@tandem/functions/core/schedules/schedules');
  const { normalizeUser, normalizeDueUsers } = await import('@tandem/functions/core/schedules/normalization');
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

  // The hourly job over the same people, due in the hour measured.
  const dueHour = morning.toISOString().slice(0, 13);
  for (const userId of ids) await DayStateEntity.patch({ userId }).set({ dueHour }).go();
  const before = counter.count;
  const t1 = performance.now();
  const r = await normalizeDueUsers(new Date(morning.getTime() + 10 * 60_000));
  console.log(
    `  hourly job over ${r.users} people: ${fmt((performance.now() - t1) / 1000)} s, ${counter.count - before} DynamoDB requests (${fmt((counter.count - before) / Math.max(1, r.users))} per person, 25 for the due index)`,
  );
  console.log(
    `  at this rate 1,000 people take about ${fmt((((performance.now() - t1) / Math.max(1, r.users)) * 1000) / 1000)} s of one job run`,
  );
}
