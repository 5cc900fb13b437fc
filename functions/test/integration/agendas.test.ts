/** Agendas and agenda templates (spec 002 §3, §4, §7 "Agenda"; issue 17 items 3 and 5; decisions D67). */
import { describe, expect, it } from 'vitest';
import { addMember, task as anyTask, newGroup, person, privateGroup } from './support.ts';

const schedule = { start_date: '2030-03-04T09:00:00+01:00', duration: 45, timezone: 'Europe/Berlin' };

type Api = Awaited<ReturnType<typeof person>>['api'];
/** A task in the person's Private group unless a group is given. */
const task = async (api: Api, body: Record<string, unknown>) =>
  anyTask(api, { group: await privateGroup(api), ...body });

async function scheduledTask(api: Awaited<ReturnType<typeof person>>['api'], extra: object = {}) {
  const t = await task(api, { title: 'Weekly sync', ...extra });
  const s = await api.patch(`/task/schedule/${t.id}`, schedule);
  expect(s.status).toBe(200);
  return t as { id: string; title: string };
}

describe('agenda templates', () => {
  it('are listed by id and name, and read whole; an unknown one is not found', async () => {
    const ann = await person('Ann');
    const list = await ann.api.get('/agenda/templates');
    expect(list.status).toBe(200);
    expect(list.body.results[0]).toMatchObject({
      agenda_template_id: 'team-meeting',
      template_name: 'Team meeting',
      segment_count: 5,
      total_minutes: 50,
    });
    const one = await ann.api.get('/agenda/templates/retrospective');
    expect(one.status).toBe(200);
    expect(one.body.segments).toHaveLength(5);
    expect(one.body.segments[0]).toMatchObject({ segment_template: 'check-in', minutes: 5 });
    expect((await ann.api.get('/agenda/templates/nope')).status).toBe(404);
  });
});

describe('agendas', () => {
  it('are made, read, listed, changed and removed, keyed by their task', async () => {
    const ann = await person('Ann');
    const t = await scheduledTask(ann.api);
    const linked = await task(ann.api, { title: 'Book the room' });
    const made = await ann.api.post('/agenda/', {
      task: t.id,
      template: 'team-meeting',
      segments: [
        { title: ' Welcome ', segment_template: 'check-in', minutes: 5 },
        {
          title: 'Venue',
          segment_template: 'decision',
          segment_data: [{ text: 'Room A', task: { id: linked.id } }],
        },
      ],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      id: t.id,
      task: { id: t.id, title: 'Weekly sync' },
      template: 'team-meeting',
      version: 1,
      total_minutes: 10,
      total_time_spent: 0,
      linked_tasks: [{ id: linked.id, title: 'Book the room' }],
    });
    expect(
      made.body.segments.map((s: { order: number; name: string; title: string }) => [
        s.order,
        s.name,
        s.title,
      ]),
    ).toEqual([
      [1, 'Check-in', 'Welcome'],
      [2, 'Decision', 'Venue'],
    ]);

    const read = await ann.api.get(`/agenda/${t.id}`);
    expect(read.status).toBe(200);
    expect(read.body.segments).toEqual(made.body.segments);
    expect((await ann.api.get(`/agenda/?task=${t.id}`)).body).toMatchObject({
      count: 1,
      results: [{ id: t.id }],
    });
    expect((await ann.api.get('/agenda/')).body).toMatchObject({ count: 1, results: [{ id: t.id }] });

    // The meeting records time spent and notes: the whole agenda again, with the version read.
    const [first, second] = read.body.segments;
    const put = await ann.api.put('/agenda/', {
      id: t.id,
      version: 1,
      notes: 'Decided on room A.',
      segments: [
        { ...first, time_spent: 312 },
        { ...second, time_spent: 95 },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ version: 2, notes: 'Decided on room A.', total_time_spent: 407 });
    expect(put.body.segments.map((s: { id: string }) => s.id)).toEqual([first.id, second.id]);
    // A write that read version 1 does not overwrite it.
    const stale = await ann.api.put('/agenda/', { id: t.id, version: 1, segments: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.fallback_message).toBe(
      'Someone changed this agenda meanwhile. Reload it and try again.',
    );
    expect((await ann.api.get(`/agenda/${t.id}`)).body.segments[0].time_spent).toBe(312);

    expect((await ann.api.delete(`/agenda/${t.id}/`)).status).toBe(204);
    expect((await ann.api.get(`/agenda/${t.id}`)).status).toBe(404);
    expect((await ann.api.get(`/agenda/?task=${t.id}`)).body.count).toBe(0);
    expect((await ann.api.delete(`/agenda/${t.id}/`)).status).toBe(404);
  });

  it('one per task, and only for a scheduled task', async () => {
    const ann = await person('Ann');
    const t = await scheduledTask(ann.api);
    expect((await ann.api.post('/agenda/', { task: t.id })).status).toBe(201);
    const again = await ann.api.post('/agenda/', { task: t.id });
    expect(again.status).toBe(409);
    expect(again.body.fallback_message).toBe('This task already has an agenda.');
    const plain = await task(ann.api, { title: 'No schedule' });
    const refused = await ann.api.post('/agenda/', { task: plain.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.task).toBe('Schedule the task before giving it an agenda.');
    expect((await ann.api.get(`/agenda/${plain.id}`)).status).toBe(404);
  });

  it('follow their task: an outsider gets 404 everywhere, a viewer reads but does not write', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const out = await person('Otto');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const t = await scheduledTask(ann.api, { group: g.id });
    const secret = await task(ann.api, { title: 'Private plan' });
    await ann.api.post('/agenda/', {
      task: t.id,
      segments: [{ title: 'One', task: { id: secret.id } }],
    });

    // The meeting screen of an agenda the caller cannot see: not found, nothing revealed.
    for (const r of [
      await out.api.get(`/agenda/${t.id}`),
      await out.api.get(`/agenda/?task=${t.id}`),
      await out.api.get(`/agenda/${t.id}/invitation`),
      await out.api.put('/agenda/', { id: t.id, segments: [] }),
      await out.api.delete(`/agenda/${t.id}/`),
      await out.api.post('/agenda/', { task: secret.id }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await out.api.get('/agenda/')).body.count).toBe(0);

    const seen = await vic.api.get(`/agenda/${t.id}`);
    expect(seen.status).toBe(200);
    // The viewer cannot see the private task a segment names: its title is left out.
    expect(seen.body.segments[0].task).toEqual({ id: secret.id });
    expect(seen.body.linked_tasks).toEqual([]);
    expect((await ann.api.get(`/agenda/${t.id}`)).body.linked_tasks).toEqual([
      { id: secret.id, title: 'Private plan', status: 1 },
    ]);
    expect((await vic.api.put('/agenda/', { id: t.id, segments: [] })).status).toBe(403);
    expect((await vic.api.delete(`/agenda/${t.id}/`)).status).toBe(403);
    expect((await ann.api.get(`/agenda/${t.id}`)).body.segments).toHaveLength(1);
  });

  it('refuse bad input with the API’s error body and write nothing', async () => {
    const ann = await person('Ann');
    const t = await scheduledTask(ann.api);
    const huge = Array.from({ length: 10_000 }, () => ({ title: 'x' }));
    const tooMany = await ann.api.post('/agenda/', { task: t.id, segments: huge });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fallback_message).toBe('An agenda has at most 50 segments.');
    expect(tooMany.body.code).toBeTruthy();
    expect((await ann.api.get(`/agenda/${t.id}`)).status).toBe(404);

    for (const [body, message] of [
      [{ task: t.id, segments: [{ minutes: 0 }] }, 'Plan between 1 and 480 minutes for a segment.'],
      [{ task: t.id, segments: [{ segment_template: 'party' }] }, 'Choose one of the segment kinds.'],
      [
        { task: t.id, segments: [{ time_spent: -5 }] },
        'The time spent must be a whole number of seconds, at most one day.',
      ],
      [
        { task: t.id, segments: [{ segment_data: [{ text: '  ' }] }] },
        'A note or action item needs some text.',
      ],
      [{ task: '  ' }, 'Say which task the agenda belongs to.'],
    ] as const) {
      const r = await ann.api.post('/agenda/', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fallback_message).toBe(message);
    }
    expect((await ann.api.post('/agenda/', { task: t.id, template: 'nope' })).status).toBe(400);
    expect((await ann.api.get(`/agenda/${t.id}`)).status).toBe(404);

    await ann.api.post('/agenda/', { task: t.id, segments: [{ title: 'Kept' }] });
    const badPut = await ann.api.put('/agenda/', { id: t.id, segments: huge.slice(0, 51) });
    expect(badPut.status).toBe(400);
    expect((await ann.api.put('/agenda/', { segments: [] })).body.fallback_message).toBe(
      'Say which agenda to change.',
    );
    expect(
      (await ann.api.get(`/agenda/${t.id}`)).body.segments.map((s: { title: string }) => s.title),
    ).toEqual(['Kept']);
  });

  it('go with their task when it is deleted (the stream consumer removes the agenda item)', async () => {
    const ann = await person('Ann');
    const t = await scheduledTask(ann.api);
    expect((await ann.api.post('/agenda/', { task: t.id, segments: [{ title: 'One' }] })).status).toBe(201);
    const { AgendaEntity } = await import('@tandem/functions/db/entities/agenda');
    const stored = async () => (await AgendaEntity.get({ taskId: t.id }).go()).data;
    expect(await stored()).not.toBeNull();
    expect((await ann.api.delete(`/task/${t.id}`)).status).toBe(204);
    await expect.poll(stored, { timeout: 15_000, interval: 200 }).toBeNull();
    expect((await ann.api.get('/agenda/')).body.count).toBe(0);
  });

  it('give the meeting’s invitation as iCalendar from the task’s schedule', async () => {
    const ann = await person('Ann');
    const t = await scheduledTask(ann.api);
    await ann.api.post('/agenda/', {
      task: t.id,
      title: 'Sync; weekly',
      segments: [{ title: 'Budget', segment_template: 'decision', minutes: 20 }],
    });
    const r = await ann.api.get(`/agenda/${t.id}/invitation`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ file_name: 'invitation.ics', content_type: 'text/calendar' });
    const ics = String(r.body.content).replace(/\r\n /g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`UID:${t.id}@tandem`);
    expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20300304T090000');
    expect(ics).toContain('DURATION:PT45M');
    expect(ics).toContain('SUMMARY:Sync\\; weekly');
    expect(ics).toContain('DESCRIPTION:Agenda:\\n1. Decision: Budget (20 min)');
    expect(ics).toContain(`ORGANIZER;CN="Ann Test":mailto:${ann.email}`);
    expect(ics).not.toContain('ATTENDEE');
  });

  it('name the meeting’s attendees in its invitation, with their answers', async () => {
    const ann = await person('Ann');
    const t = await scheduledTask(ann.api);
    const bob = `bob-${Date.now()}@example.com`;
    const s = await ann.api.patch(`/task/schedule/${t.id}`, {
      ...schedule,
      scheduled_attendees: [{ email: bob }],
    });
    expect(s.status).toBe(200);
    await ann.api.post('/agenda/', { task: t.id, segments: [{ title: 'One' }] });
    const ics = String((await ann.api.get(`/agenda/${t.id}/invitation`)).body.content).replace(/\r\n /g, '');
    expect(ics).toContain(`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${bob}`);
  });

  it('are for the accounts of the allow-list (AGENDA_ACCOUNTS, set to @example.com in the tests)', async () => {
    const ann = await person('Ann');
    const out = await person('Outsider', `outsider-${Date.now()}@elsewhere.test`);
    const t = await scheduledTask(out.api);
    const refused = await out.api.post('/agenda/', { task: t.id });
    expect(refused.status).toBe(403);
    expect(refused.body.fallback_message).toBe('Agendas are not available for your account.');
    expect((await out.api.get('/agenda/templates')).status).toBe(403);
    expect((await out.api.get('/user/config/')).body.agendas_allowed).toBe(false);
    expect((await ann.api.get('/user/config/')).body.agendas_allowed).toBe(true);
  });
});
