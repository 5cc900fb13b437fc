/**
 * The daily normalisation, run as of a chosen moment: moves due scheduled tasks into Now, keeps
 * routine definitions, creates the day's routine instances once, mails the morning reminder once,
 * and leaves other people's tasks alone.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { type Api, person, stack } from './support.ts';

const { normalizeUser, normalizeDueUsers } = await import('../../src/core/schedules/normalization.ts');
const { DayStateEntity } = await import('../../src/db/entities/day-state.ts');

async function privateGroup(api: Api) {
  return (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private)
    .id as string;
}
async function scheduled(api: Api, title: string, startDate: DateTime, extra: Record<string, unknown> = {}) {
  const group = await privateGroup(api);
  const t = (await api.post('/task', { title, group })).body.results[0];
  const r = await api.patch(`/task/schedule/${t.id}`, {
    start_date: startDate.toISO(),
    duration: 30,
    timezone: 'UTC',
    ...extra,
  });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return t.id as string;
}
const pgOf = async (api: Api, id: string) => (await api.get(`/task/${id}`)).body.priority_group.id;
const day = (plus: number, hour: number) =>
  DateTime.utc().plus({ days: plus }).set({ hour, minute: 0, second: 0, millisecond: 0 });

describe('daily normalisation', () => {
  it('moves a task scheduled for today into Now, is idempotent, and leaves others alone', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const dayOne = await scheduled(ann.api, 'Renew insurance', day(2, 9));
    const bobs = await scheduled(bob.api, 'Bob’s errand', day(2, 10));
    expect(await pgOf(ann.api, dayOne)).toBe(4);

    const morning = day(2, 5).toJSDate();
    const first = await normalizeUser(ann.userId, 'UTC', morning);
    expect(first).toMatchObject({ movedToNow: 1 });
    expect(await pgOf(ann.api, dayOne)).toBe(0);
    expect((await ann.api.get('/task?priority_group=0')).body.results[0].id).toBe(dayOne);

    const second = await normalizeUser(ann.userId, 'UTC', morning);
    expect(second).toMatchObject({
      movedToNow: 0,
      movedToScheduled: 0,
      instances: 0,
      definitions: 0,
      reminded: false,
    });
    expect(await pgOf(bob.api, bobs)).toBe(4);
  });

  it('creates the day’s routine instance once, at the routine time, even when two runs overlap', async () => {
    const ann = await person('Ann');
    const def = await scheduled(ann.api, 'Stretch', day(1, 7), {
      recur_rule: 'FREQ=DAILY',
      flexible_time: 1,
    });
    expect(await pgOf(ann.api, def)).toBe(6);
    const morning = day(3, 4).toJSDate();
    const runs = await Promise.all([
      normalizeUser(ann.userId, 'UTC', morning),
      normalizeUser(ann.userId, 'UTC', morning),
    ]);
    expect(runs.map((r) => r.instances).sort()).toEqual([0, 1]);
    const routines = (await ann.api.get('/task?priority_group=5')).body.results;
    expect(routines).toHaveLength(1);
    expect(routines[0].title).toBe('Stretch');
    const instance = await ann.api.get(`/task/schedule/${routines[0].id}`);
    expect(instance.body.start_date).toBe(day(3, 3).toISO({ suppressMilliseconds: true }));
    expect(instance.body.recur_rule).toBeNull();
    expect((await normalizeUser(ann.userId, 'UTC', morning)).instances).toBe(0);
    // The calendar shows the day once: the instance stands in for the routine's occurrence.
    const window = (from: number) =>
      ann.api.get(
        `/task/schedule?start_date=${encodeURIComponent(day(from, 0).toISO()!)}&end_date=${encodeURIComponent(day(from + 1, 0).toISO()!)}`,
      );
    const dayThree = (await window(3)).body.results.filter((o: { title: string }) => o.title === 'Stretch');
    expect(dayThree.map((o: { task_id: string }) => o.task_id)).toEqual([routines[0].id]);
    const dayFive = (await window(5)).body.results.filter((o: { title: string }) => o.title === 'Stretch');
    expect(dayFive.map((o: { task_id: string }) => o.task_id)).toEqual([def]);
    // The next day gets its own instance.
    expect((await normalizeUser(ann.userId, 'UTC', day(4, 4).toJSDate())).instances).toBe(1);
  });

  it('an instance keeps the routine’s rich description, check list and all', async () => {
    const ann = await person('Ann');
    const el = { direction: null, format: '', indent: 0, version: 1 };
    const text = (t: string) => ({
      type: 'text',
      text: t,
      detail: 0,
      format: 0,
      mode: 'normal',
      style: '',
      version: 1,
    });
    const item = (t: string, checked: boolean, value: number) => ({
      type: 'listitem',
      checked,
      value,
      children: [text(t)],
      ...el,
    });
    const descriptionDoc = JSON.stringify({
      root: {
        type: 'root',
        children: [
          {
            type: 'list',
            listType: 'check',
            start: 1,
            tag: 'ul',
            children: [item('Warm up', false, 1), item('Cool down', false, 2)],
            ...el,
          },
        ],
        ...el,
      },
    });
    const def = await scheduled(ann.api, 'Run', day(1, 7), { recur_rule: 'FREQ=DAILY', flexible_time: 1 });
    const r = await ann.api.patch(`/task/${def}`, { details: { description_doc: descriptionDoc } });
    expect(r.status).toBe(200);
    expect((await normalizeUser(ann.userId, 'UTC', day(3, 4).toJSDate())).instances).toBe(1);
    const [instance] = (await ann.api.get('/task?priority_group=5')).body.results;
    const read = (await ann.api.get(`/task/${instance.id}`)).body.task_details;
    expect(read.description).toBe('[ ] Warm up\n[ ] Cool down');
    expect(JSON.parse(read.description_doc)).toEqual(JSON.parse(descriptionDoc));
  });

  it('mails the morning reminder of what is due today, once a day', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    await ann.api.post('/task', { title: 'File the tax return', group, due_at: day(2, 16).toISO() });
    const morning = day(2, 6).toJSDate();
    expect((await normalizeUser(ann.userId, 'UTC', morning)).reminded).toBe(true);
    const mail = await waitForMail(stack.url, { to: ann.email, subjectIncludes: 'Due today' });
    expect(mail.text).toContain('File the tax return');
    expect((await normalizeUser(ann.userId, 'UTC', morning)).reminded).toBe(false);
    const mails = await (
      await fetch(`${stack.url}/_local/mail.json?to=${encodeURIComponent(ann.email)}&subject=Due%20today`)
    ).json();
    expect(mails).toHaveLength(1);
  });

  it('the hourly job normalises people whose morning has come and sets their next one', async () => {
    const ann = await person('Ann');
    const t = await scheduled(ann.api, 'Pick up parcel', day(1, 12));
    const runAt = day(1, 6);
    await DayStateEntity.patch({ userId: ann.userId })
      .set({ dueHour: runAt.minus({ hours: 3 }).toFormat("yyyy-MM-dd'T'HH"), timezone: 'UTC' })
      .go();
    const r = await normalizeDueUsers(runAt.toJSDate());
    expect(r.users).toBeGreaterThanOrEqual(1);
    expect(await pgOf(ann.api, t)).toBe(0);
    const state = (await DayStateEntity.get({ userId: ann.userId }).go()).data!;
    expect(state.dueHour).toBe(day(2, 3).toFormat("yyyy-MM-dd'T'HH"));
  });

  it('GET /task/normalization runs it for the caller in the zone given', async () => {
    const ann = await person('Ann');
    const r = await ann.api.get('/task/normalization?user_timezone=Asia/Tokyo');
    expect(r.status).toBe(200);
    expect(r.body.day).toBe(DateTime.now().setZone('Asia/Tokyo').toISODate());
    expect((await ann.api.get('/task/normalization?user_timezone=Mars/Base')).status).toBe(400);
  });

  it('a run left stuck is reset after 30 s; a live run is waited for, not doubled (001 §9)', async () => {
    const ann = await person('Ann');
    const t = await scheduled(ann.api, 'Water the plants', day(2, 9));
    const morning = day(2, 5).toJSDate();
    // A run that started 31 s ago and never finished (its Lambda was stopped): the next run takes over.
    const stuck = new Date(Date.now() - 31_000).toISOString();
    await DayStateEntity.upsert({
      userId: ann.userId,
      dueHour: '2000-01-01T00',
      timezone: 'UTC',
      runningSince: stuck,
    }).go();
    const run = await normalizeUser(ann.userId, 'UTC', morning);
    expect(run.movedToNow).toBe(1);
    expect(await pgOf(ann.api, t)).toBe(0);
    expect((await DayStateEntity.get({ userId: ann.userId }).go()).data!.runningSince).toBeUndefined();

    // A run that started just now is live: the next one waits until it ends (here: is cleared).
    await DayStateEntity.patch({ userId: ann.userId }).set({ runningSince: new Date().toISOString() }).go();
    let done = false;
    const waiting = normalizeUser(ann.userId, 'UTC', morning).then((r) => {
      done = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(done).toBe(false);
    await DayStateEntity.patch({ userId: ann.userId }).remove(['runningSince']).go();
    expect((await waiting).movedToNow).toBe(0);
  });
});
