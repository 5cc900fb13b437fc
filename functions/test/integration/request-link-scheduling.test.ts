/**
 * A request link's scheduling and group (decisions D76): the requester's appointment becomes the
 * task's schedule through the task domain, bad appointments are refused before anything is written,
 * and the owner's group choice is checked again by the server — against the local stack.
 */
import { randomUUID } from 'node:crypto';
import {
  REQUEST_ABUSE,
  REQUEST_LINK_MESSAGES,
  VIEWER_ADDRESS_HEADER,
} from '@tandem/shared/request-links/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, publicApi } from './support.ts';

const anon = publicApi();
const from = () => ({
  [VIEWER_ADDRESS_HEADER]: `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 8)}`,
});
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Person = Awaited<ReturnType<typeof person>>;
let owner: Person;
let stranger: Person;
let group: string;

const hours = { timezone: 'Europe/Berlin', days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };

async function makeLink(api: Api, body: Record<string, unknown> = {}) {
  const r = await api.post('/request-links/', { company_name: 'Acme Repairs', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; group: string; [k: string]: unknown };
}

async function openForm(linkId: string) {
  const r = await anon.get(`/request-links/public/${linkId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { form_token: string; request_config: Record<string, unknown> };
}

const request = (linkId: string, token: string, extra: Record<string, unknown> = {}) => ({
  request_link: linkId,
  requester_name: 'Sam Scheduler',
  requester_email: `sam-${randomUUID().slice(0, 8)}@example.com`,
  request_type: 'Website Updates',
  description: 'Walk me through the new booking page.',
  form_token: token,
  ...extra,
});

async function portalCount(api: Api) {
  return ((await api.get('/request-links/portal/tasks')).body.results as unknown[]).length;
}

beforeAll(async () => {
  owner = await person('Petra');
  stranger = await person('Stan');
  group = (await newGroup(owner.api, 'Bookings')).id;
});

describe("a request's appointment", () => {
  it('becomes the schedule of the task it makes, in the business hours’ zone', async () => {
    const link = await makeLink(owner.api, {
      group,
      request_config: { scheduling_enabled: true, scheduling_hours: hours },
    });
    const form = await openForm(link.id);
    expect(form.request_config.scheduling_hours).toEqual(hours);
    await wait(REQUEST_ABUSE.minSubmitMs);
    // Tuesday 5 March 2030, 10:00 in Berlin, for 30 minutes.
    const r = await anon.post(
      '/request-links/request',
      request(link.id, form.form_token, { scheduled_time: '2030-03-05T09:00:00Z', duration: 30 }),
      from(),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const task = (await owner.api.get(`/task/${r.body.request_id}`)).body;
    expect(Date.parse(task.scheduled_task.start_date)).toBe(Date.parse('2030-03-05T09:00:00Z'));
    expect(task.scheduled_task.duration).toBe(30);
    expect(task.scheduled_task.timezone).toBe('Europe/Berlin');
    expect(task.group.id).toBe(group);
    const detail = await owner.api.get(`/request-links/portal/tasks/${r.body.request_id}`);
    expect(detail.body.duration).toBe(30);
  });

  it("keeps the requester's zone when the link sets no hours", async () => {
    const link = await makeLink(owner.api, { request_config: { scheduling_enabled: true } });
    const form = await openForm(link.id);
    await wait(REQUEST_ABUSE.minSubmitMs);
    const r = await anon.post(
      '/request-links/request',
      request(link.id, form.form_token, {
        scheduled_time: '2030-06-01T22:00:00Z',
        duration: 60,
        timezone: 'America/New_York',
      }),
      from(),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const task = (await owner.api.get(`/task/${r.body.request_id}`)).body;
    expect(task.scheduled_task).toMatchObject({ duration: 60, timezone: 'America/New_York' });
  });

  it('refuses a duration not offered, a time passed, a time outside the hours and scheduling that is off, writing nothing', async () => {
    const link = await makeLink(owner.api, {
      request_config: { scheduling_enabled: true, scheduling_hours: hours },
    });
    const off = await makeLink(owner.api);
    const before = await portalCount(owner.api);
    const form = await openForm(link.id);
    const offForm = await openForm(off.id);
    await wait(REQUEST_ABUSE.minSubmitMs);
    const send = (extra: Record<string, unknown>, id = link.id, token = form.form_token) =>
      anon.post('/request-links/request', request(id, token, extra), from());

    const notOffered = await send({ scheduled_time: '2030-03-05T09:00:00Z', duration: 45 });
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.errors.duration).toBe(REQUEST_LINK_MESSAGES.durationOffered);
    const passed = await send({
      scheduled_time: new Date(Date.now() - 3_600_000).toISOString(),
      duration: 30,
    });
    expect(passed.status).toBe(400);
    expect(passed.body.errors.scheduled_time).toBe(REQUEST_LINK_MESSAGES.scheduleInPast);
    // Saturday 9 March 2030.
    const weekend = await send({ scheduled_time: '2030-03-09T09:00:00Z', duration: 30 });
    expect(weekend.status).toBe(400);
    expect(weekend.body.errors.scheduled_time).toBe(REQUEST_LINK_MESSAGES.outsideHours(hours));
    // 16:30 in Berlin for an hour runs past 17:00.
    const late = await send({ scheduled_time: '2030-03-05T15:30:00Z', duration: 60 });
    expect(late.body.errors.scheduled_time).toBe(REQUEST_LINK_MESSAGES.outsideHours(hours));
    const noTime = await send({ duration: 30 });
    expect(noTime.body.errors.scheduled_time).toBe(REQUEST_LINK_MESSAGES.scheduleNeedsTime);
    const disabled = await send(
      { scheduled_time: '2030-03-05T09:00:00Z', duration: 30 },
      off.id,
      offForm.form_token,
    );
    expect(disabled.status).toBe(400);
    expect(disabled.body.errors.scheduled_time).toBe(REQUEST_LINK_MESSAGES.scheduleOff);
    expect(await portalCount(owner.api)).toBe(before);
    // The refusals spent no ticket: a good appointment on the same form still goes.
    const ok = await send({ scheduled_time: '2030-03-05T09:00:00Z', duration: 60 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await portalCount(owner.api)).toBe(before + 1);
  });

  it('refuses hours that end before they start', async () => {
    const r = await owner.api.post('/request-links/', {
      company_name: 'Acme',
      request_config: { scheduling_hours: { ...hours, end: '08:00' } },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body.errors)).toContain(REQUEST_LINK_MESSAGES.hoursOrder);
  });
});

describe("the link's group", () => {
  it("is one of the owner's groups where they may make tasks; another's is 404 and a read-only one refused", async () => {
    const other = await newGroup(stranger.api, 'Not yours');
    const hidden = await owner.api.post('/request-links/', { company_name: 'Acme', group: other.id });
    expect(hidden.status).toBe(404);
    const link = await makeLink(owner.api, { group });
    const moved = await owner.api.put(`/request-links/${link.id}`, {
      company_name: 'Acme',
      group: other.id,
    });
    expect(moved.status).toBe(404);
    expect((await owner.api.get(`/request-links/${link.id}`)).body.group).toBe(group);
    // A group where the owner is only a viewer: they may not make tasks there.
    const watched = await newGroup(stranger.api, 'Watched');
    await addMember(stranger.api, watched.id, owner, 4);
    const viewer = await owner.api.post('/request-links/', { company_name: 'Acme', group: watched.id });
    expect(viewer.status).toBe(403);
  });
});
