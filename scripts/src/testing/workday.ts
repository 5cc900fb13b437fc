/**
 * Test helper: a person's working day on the local stack, for the accessibility gates (axe and
 * Lighthouse): every due tone (overdue, today, in a few days, later), an urgent task, a parent with
 * sub-tasks, spread over the priority panels; a routine every day at 10:00 UTC and a meeting in the
 * current hour, so an event is in sight where the calendar's week opens. Answers the parent task, the
 * one the tests open.
 */
import { DateTime } from 'luxon';
import type { apiClient } from './users.ts';

export async function seedWorkday(api: ReturnType<typeof apiClient>): Promise<{ id: string; title: string }> {
  const group = (await api.get('/group/member')).body.results[0].id;
  const make = async (body: Record<string, unknown>) => {
    const r = await api.post('/task', { group, ...body });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body.results[0] as { id: string; title: string };
  };
  const schedule = async (id: string, start: DateTime, recur_rule?: string) => {
    const r = await api.patch(`/task/schedule/${id}`, {
      timezone: 'UTC',
      duration: 60,
      start_date: start.toISO(),
      ...(recur_rule ? { recur_rule } : {}),
    });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  };
  const now = DateTime.now();
  await make({ title: 'Send the invoice', due_at: now.minus({ days: 2 }).toISO() });
  await make({ title: 'Call the bank', due_at: now.endOf('day').toISO(), details: { flag: 1 } });
  const parent = await make({
    title: 'Plan the offsite',
    priority_group: 1,
    due_at: now.plus({ days: 3 }).toISO(),
    details: { description: 'Venue, agenda and travel.', flag: 3 },
    children: [{ title: 'Book the venue' }, { title: 'Draft the agenda' }],
  });
  await make({ title: 'Renew the passport', priority_group: 2, due_at: now.plus({ days: 20 }).toISO() });
  const routine = await make({ title: 'Weekly review' });
  await schedule(
    routine.id,
    DateTime.utc().startOf('day').set({ hour: 10 }),
    'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
  );
  const meeting = await make({ title: 'Design review' });
  await schedule(meeting.id, DateTime.utc().startOf('hour'));
  return parent;
}
