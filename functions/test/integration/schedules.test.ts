/** Schedules on tasks, the calendar's occurrences, moving one occurrence, and time blocks. */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person } from './support.ts';

async function privateGroup(api: Api) {
  return (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private)
    .id as string;
}
async function task(api: Api, title: string, extra: Record<string, unknown> = {}) {
  const group = await privateGroup(api);
  return (await api.post('/task', { title, group, ...extra })).body.results[0] as { id: string };
}
const pgOf = async (api: Api, id: string) => (await api.get(`/task/${id}`)).body.priority_group.id;
const inDays = (d: number, hour = 9) =>
  DateTime.utc().plus({ days: d }).set({ hour, minute: 0, second: 0, millisecond: 0 });

describe('schedules', () => {
  it('a one-off schedule puts the task in Scheduled, or Now when it starts today; clearing it returns it to Now', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, 'Dentist', { priority_group: 2 });
    expect((await ann.api.get(`/task/schedule/${t.id}`)).status).toBe(404);
    const later = await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: inDays(3).toISO(),
      duration: 45,
      timezone: 'UTC',
    });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ id: t.id, duration: 45, recur_rule: null, all_day: false });
    expect(await pgOf(ann.api, t.id)).toBe(4);
    await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: DateTime.utc().plus({ minutes: 5 }).toISO(),
      duration: 30,
      timezone: 'UTC',
    });
    expect(await pgOf(ann.api, t.id)).toBe(
      DateTime.utc().plus({ minutes: 5 }).hasSame(DateTime.utc(), 'day') ? 0 : 4,
    );
    expect((await ann.api.delete(`/task/schedule/${t.id}`)).status).toBe(204);
    expect(await pgOf(ann.api, t.id)).toBe(0);
    expect((await ann.api.get(`/task/schedule/${t.id}`)).status).toBe(404);
  });

  it('keeps a start that is already past when the schedule is saved again with the same moment', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, 'Old routine');
    const start = inDays(1, 7);
    await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: start.toISO(),
      recur_rule: 'FREQ=DAILY',
      duration: 15,
      timezone: 'UTC',
    });
    const { TaskEntity } = await import('../../src/db/entities/task.ts');
    const item = (await TaskEntity.get({ taskId: t.id }).go()).data!;
    const past = inDays(-5, 7);
    await TaskEntity.patch({ taskId: t.id })
      .set({ schedule: { ...item.schedule!, startDate: past.toISO()! } })
      .go();
    // The same moment written with another offset is the same start: saving again is fine.
    const again = await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: past.setZone('Europe/Berlin').toISO(),
      recur_rule: 'FREQ=DAILY',
      duration: 20,
      timezone: 'UTC',
    });
    expect(again.status).toBe(200);
    expect(again.body.duration).toBe(20);
  });

  it('a recurrence without an initial date makes a routine definition', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, 'Stretch');
    await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: inDays(1, 7).toISO(),
      recur_rule: 'FREQ=DAILY',
      duration: 15,
      timezone: 'Europe/Berlin',
    });
    expect(await pgOf(ann.api, t.id)).toBe(6);
  });

  it.each([
    [
      'a start before the end of yesterday',
      { start_date: inDays(-2).toISO(), timezone: 'UTC' },
      'start_date',
    ],
    [
      'an end in the start’s minute',
      { start_date: inDays(2).toISO(), end_date: inDays(2).plus({ seconds: 20 }).toISO(), timezone: 'UTC' },
      'end_date',
    ],
    ['an unknown zone', { start_date: inDays(2).toISO(), timezone: 'Mars/Base' }, 'timezone'],
    [
      'a meeting without attendees',
      { start_date: inDays(2).toISO(), timezone: 'UTC', meeting_template: 'standup' },
      'scheduled_attendees',
    ],
    [
      'an attendee who is not an e-mail',
      { start_date: inDays(2).toISO(), timezone: 'UTC', scheduled_attendees: [{ email: 'bob' }] },
      'scheduled_attendees.0.email',
    ],
    [
      'a repeat rule that cannot be read',
      { start_date: inDays(2).toISO(), timezone: 'UTC', recur_rule: 'FREQ=SOMETIMES' },
      'recur_rule',
    ],
  ])('refuses %s with 400 and stores nothing', async (_n, body, field) => {
    const ann = await person('Ann');
    const t = await task(ann.api, 'Appointment');
    const r = await ann.api.patch(`/task/schedule/${t.id}`, body);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toContain(field);
    expect((await ann.api.get(`/task/schedule/${t.id}`)).status).toBe(404);
  });

  it('lists occurrences in a window, expanded in the schedule’s own zone across DST', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, 'Team call');
    // Weekly 09:00 in New York, starting next week; the window spans a month.
    const start = DateTime.now()
      .setZone('America/New_York')
      .plus({ days: 7 })
      .set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: start.toISO(),
      recur_rule: 'FREQ=WEEKLY;COUNT=4',
      duration: 30,
      timezone: 'America/New_York',
    });
    const r = await ann.api.get(
      `/task/schedule?start_date=${encodeURIComponent(start.minus({ days: 1 }).toUTC().toISO()!)}&end_date=${encodeURIComponent(start.plus({ days: 40 }).toUTC().toISO()!)}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(4);
    for (const o of r.body.results) {
      expect(DateTime.fromISO(o.start).setZone('America/New_York').toFormat('HH:mm')).toBe('09:00');
      expect(o).toMatchObject({
        task_id: t.id,
        title: 'Team call',
        recurring: true,
        routine: true,
        editable: true,
      });
    }
    expect(
      (
        await ann.api.get(
          `/task/schedule?start_date=${encodeURIComponent(start.toUTC().toISO()!)}&end_date=${encodeURIComponent(start.plus({ days: 200 }).toUTC().toISO()!)}`,
        )
      ).status,
    ).toBe(400);
  });

  it('moving an occurrence: never into the past, and a routine’s occurrence stays on its day', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, 'Walk');
    const first = inDays(2, 8);
    await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: first.toISO(),
      recur_rule: 'FREQ=DAILY;COUNT=5',
      duration: 30,
      timezone: 'UTC',
    });
    const past = await ann.api.patch(`/task/schedule/${t.id}`, {
      move_occurrence: { from: first.toISO(), to: inDays(-1, 8).toISO() },
    });
    expect(past.status).toBe(400);
    expect(past.body.code).toBe('calendar.cannot-reschedule');
    const otherDay = await ann.api.patch(`/task/schedule/${t.id}`, {
      move_occurrence: { from: first.toISO(), to: inDays(3, 8).toISO() },
    });
    expect(otherDay.body.code).toBe('calendar.change-date-instance');
    const sameDay = await ann.api.patch(`/task/schedule/${t.id}`, {
      move_occurrence: { from: first.toISO(), to: first.set({ hour: 18 }).toISO() },
    });
    expect(sameDay.status).toBe(200);
    const occ = await ann.api.get(
      `/task/schedule?start_date=${encodeURIComponent(inDays(0, 0).toISO()!)}&end_date=${encodeURIComponent(inDays(10, 0).toISO()!)}`,
    );
    const starts = occ.body.results.map((o: { start: string }) => o.start);
    expect(starts).toContain(first.set({ hour: 18 }).toISO({ suppressMilliseconds: true }));
    expect(starts).not.toContain(first.toISO({ suppressMilliseconds: true }));
    expect(starts).toHaveLength(5);
  });

  it('a one-off schedule moves whole, and its length follows a resize', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, 'Haircut');
    const at = inDays(4, 10);
    await ann.api.patch(`/task/schedule/${t.id}`, { start_date: at.toISO(), duration: 30, timezone: 'UTC' });
    const r = await ann.api.patch(`/task/schedule/${t.id}`, {
      move_occurrence: { from: at.toISO(), to: at.plus({ days: 1 }).toISO(), duration: 60 },
    });
    expect(r.body).toMatchObject({ duration: 60 });
    expect(DateTime.fromISO(r.body.start_date).toMillis()).toBe(at.plus({ days: 1 }).toMillis());
  });

  it('needs the schedule permission, and strangers get 404', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const mal = await person('Mal');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const t = (await ann.api.post('/task', { title: 'Shared', group: g.id })).body.results[0];
    const body = { start_date: inDays(2).toISO(), timezone: 'UTC' };
    expect((await vic.api.patch(`/task/schedule/${t.id}`, body)).status).toBe(403);
    for (const call of [
      () => mal.api.get(`/task/schedule/${t.id}`),
      () => mal.api.patch(`/task/schedule/${t.id}`, body),
      () => mal.api.delete(`/task/schedule/${t.id}`),
    ]) {
      expect((await call()).status).toBe(404);
    }
  });
});

describe('time blocks', () => {
  it('creates, reads as active while now falls in an occurrence, updates and deletes', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const now = DateTime.utc();
    const r = await ann.api.post('/time-blocking/', {
      start_date: now.minus({ minutes: 10 }).toISO(),
      recur_rule: 'FREQ=DAILY',
      duration: 60,
      timezone: 'Europe/Berlin',
      group,
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ active: true, group, recur_rule: 'FREQ=DAILY' });
    const later = await ann.api.patch(`/time-blocking/${r.body.id}`, {
      start_date: now.plus({ hours: 2 }).toISO(),
    });
    expect(later.body.active).toBe(false);
    expect((await ann.api.get('/time-blocking/')).body.count).toBe(1);
    const other = await person('Bob');
    expect((await other.api.get(`/time-blocking/${r.body.id}`)).status).toBe(404);
    expect((await ann.api.delete(`/time-blocking/${r.body.id}`)).status).toBe(204);
    expect((await ann.api.get(`/time-blocking/${r.body.id}`)).status).toBe(404);
  });

  it('refuses a group the person is not in, and bad input', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const theirs = await privateGroup(bob.api);
    const base = { start_date: DateTime.utc().toISO(), duration: 30, timezone: 'UTC' };
    expect((await ann.api.post('/time-blocking/', { ...base, group: theirs })).status).toBe(400);
    expect((await ann.api.post('/time-blocking/', { ...base, duration: 0 })).status).toBe(400);
    expect((await ann.api.post('/time-blocking/', { ...base, timezone: 'Nowhere/X' })).status).toBe(400);
    expect((await ann.api.get('/time-blocking/')).body.count).toBe(0);
  });
});

describe('attendees', () => {
  it('are invited by e-mail once, answer without signing in, and their answer shows on the schedule', async () => {
    const { waitForMail } = await import('../../../scripts/src/local/mail/wait-for-mail.ts');
    const { stack, publicApi } = await import('./support.ts');
    const ann = await person('Ann');
    const t = await task(ann.api, 'Planning meeting');
    const guest = `guest-${Date.now()}@example.com`;
    const body = {
      start_date: inDays(3, 14).toISO(),
      duration: 60,
      timezone: 'Europe/Paris',
      meeting_template: 'planning',
      scheduled_attendees: [{ email: guest.toUpperCase() }],
    };
    expect((await ann.api.patch(`/task/schedule/${t.id}`, body)).body.pending_attendees).toEqual([
      { email: guest, status: 'pending' },
    ]);
    const mail = await waitForMail(stack.url, { to: guest, subjectIncludes: 'Planning meeting' });
    const key = /accept-attendee-invite\?key=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    const shown = await publicApi().get(`/task/schedule/invitation/request?key=${key}`);
    expect(shown.body).toMatchObject({
      email: guest,
      task: { title: 'Planning meeting' },
      inviter: { email: ann.email },
    });
    expect(
      (await publicApi().post('/task/schedule/invitation/request', { key, action: 1 })).body.status,
    ).toBe('accepted');
    expect((await publicApi().post('/task/schedule/invitation/request', { key, action: 0 })).status).toBe(
      409,
    );
    expect((await ann.api.get(`/task/schedule/${t.id}`)).body.pending_attendees).toEqual([
      { email: guest, status: 'accepted' },
    ]);

    // Saving the schedule again keeps the answer and sends no second invitation: the new length is a
    // new time, so the guest is told the meeting moved (from the stream, a moment later) — one mail.
    await ann.api.patch(`/task/schedule/${t.id}`, { ...body, duration: 90 });
    expect((await ann.api.get(`/task/schedule/${t.id}`)).body.pending_attendees).toEqual([
      { email: guest, status: 'accepted' },
    ]);
    await waitForMail(stack.url, { to: guest, subjectIncludes: 'moved Planning meeting' });
    const mails = (await (
      await fetch(`${stack.url}/_local/mail.json?to=${encodeURIComponent(guest)}`)
    ).json()) as Array<{ subject: string; text: string }>;
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.text.includes('accept-attendee-invite'))).toHaveLength(1);
    expect(
      (await publicApi().get('/task/schedule/invitation/request?key=not-a-real-key-at-all-123')).status,
    ).toBe(404);
  });
});
