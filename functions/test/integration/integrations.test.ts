/**
 * Calendar integrations with Google and Microsoft (issue 18 item 6; decisions D70), through the API
 * against the stack's provider stand-ins (scripts/src/local/calendar-providers/): sign-in with state
 * and PKCE, linking a calendar, import and export both ways with sync tokens and delta links,
 * idempotent re-runs, an expired or revoked token marking the connection broken and telling its owner,
 * and removing a connection revoking its token.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { type Api, env, newGroup, person, privateGroup, stack } from './support.ts';

type Provider = 'google' | 'azure';
// biome-ignore lint/suspicious/noExplicitAny: the stand-in's answers are inspected field by field
type Answer = { status: number; body: any };
const control = (p: Provider, path: string, init?: RequestInit): Promise<Answer> =>
  fetch(`${stack.url}/_local/${p}/control${path}`, init).then(async (r) => ({
    status: r.status,
    body: r.status === 204 ? null : await r.json(),
  }));
const postControl = (p: Provider, path: string, body: unknown) =>
  control(p, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const DAY = 86_400_000;
const soon = (days: number, hour = 9) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

/** An event as the provider's API takes it, `minutes` long from `start`: UTC, or a zone named for Google. */
function remoteEvent(
  provider: Provider,
  title: string,
  start: Date,
  minutes: number,
  extra: { description?: string; googleZone?: string } = {},
) {
  const end = new Date(start.getTime() + minutes * 60_000);
  if (provider === 'google') {
    const zone = extra.googleZone ? { timeZone: extra.googleZone } : {};
    return {
      summary: title,
      ...(extra.description ? { description: extra.description } : {}),
      start: { dateTime: start.toISOString(), ...zone },
      end: { dateTime: end.toISOString(), ...zone },
    };
  }
  const graph = (d: Date) => ({ dateTime: d.toISOString().replace('Z', ''), timeZone: 'UTC' });
  return {
    subject: title,
    ...(extra.description ? { body: { content: extra.description } } : {}),
    start: graph(start),
    end: graph(end),
  };
}

/** The person signs in at the provider: authorise, follow the redirect, initialise with code and state. */
async function signIn(api: Api, provider: Provider, account = `cal-${randomUUID().slice(0, 8)}@example.com`) {
  const auth = await api.get(`/integration/authorize/${provider}/`);
  expect(auth.status).toBe(200);
  const url = new URL(auth.body.url);
  const redirect = await fetch(`${url}&login_hint=${encodeURIComponent(account)}`, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const back = new URL(redirect.headers.get('location')!);
  expect(back.pathname).toBe(`/callback/${provider}`);
  const code = back.searchParams.get('code')!;
  const state = back.searchParams.get('state')!;
  return { url, code, state, account };
}

async function connect(api: Api, provider: Provider) {
  const s = await signIn(api, provider);
  const init = await api.post(`/integration/initialize/${provider}/`, { code: s.code, state: s.state });
  expect(init.status).toBe(201);
  return { ...s, integration: init.body };
}

/** POST /integration/sync/{id}/, again while another sync of a link (the due sync) holds it. */
async function sync(api: Api, id: string) {
  for (;;) {
    const r = await api.post(`/integration/sync/${id}/`);
    expect(r.status).toBe(200);
    if (!r.body.busy) return r;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function scheduledIn(api: Api, group: string) {
  const from = new Date(Date.now() - DAY).toISOString();
  const to = new Date(Date.now() + 60 * DAY).toISOString();
  const r = await api.get(
    `/task/schedule?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}&group=${group}`,
  );
  expect(r.status).toBe(200);
  const byTask = new Map<string, { task_id: string; title: string; start: string }>();
  for (const o of r.body.results) if (!byTask.has(o.task_id)) byTask.set(o.task_id, o);
  return [...byTask.values()];
}

async function scheduledTask(api: Api, group: string, title: string, start: Date) {
  const r = await api.post('/task', {
    title,
    group,
    scheduled_task: { start_date: start.toISOString(), duration: 45, timezone: 'Europe/Berlin' },
  });
  expect(r.status).toBe(201);
  return r.body.results[0].id as string;
}

describe('calendar sign-in (state and PKCE)', () => {
  it('the authorisation URL asks for calendar scopes and offline access, with a state and an S256 challenge', async () => {
    const ann = await person('Ann');
    for (const provider of ['google', 'azure'] as const) {
      const { url } = await signIn(ann.api, provider);
      const q = url.searchParams;
      expect(
        url.toString().startsWith(env[provider === 'google' ? 'GOOGLE_AUTH_URL' : 'AZURE_AUTH_URL']!),
      ).toBe(true);
      expect(q.get('scope')).toMatch(/calendar/i);
      if (provider === 'google') expect(q.get('access_type')).toBe('offline');
      else expect(q.get('scope')!.split(' ')).toContain('offline_access');
      expect(q.get('code_challenge_method')).toBe('S256');
      expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(q.get('state')!.length).toBeGreaterThanOrEqual(32);
      expect(q.get('redirect_uri')).toBe(`${stack.url}/callback/${provider}`);
    }
  });

  it('a wrong, foreign, reused or other-provider state is refused and nothing is kept', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const s = await signIn(ann.api, 'google');
    const wrong = await ann.api.post('/integration/initialize/google/', {
      code: s.code,
      state: 'made-up-state',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fallback_message).toBe(
      'This sign-in link is not valid any more. Start connecting again.',
    );
    // Bob cannot finish Ann's sign-in; and the state is spent by the attempt.
    expect(
      (await bob.api.post('/integration/initialize/google/', { code: s.code, state: s.state })).status,
    ).toBe(400);
    expect(
      (await ann.api.post('/integration/initialize/google/', { code: s.code, state: s.state })).status,
    ).toBe(400);
    // A Google state does not finish a Microsoft sign-in.
    const g = await signIn(ann.api, 'google');
    expect(
      (await ann.api.post('/integration/initialize/azure/', { code: g.code, state: g.state })).status,
    ).toBe(400);
    // Bad bodies and providers.
    expect((await ann.api.post('/integration/initialize/google/', { state: g.state })).status).toBe(400);
    expect((await ann.api.post('/integration/initialize/yahoo/', { code: 'c', state: 's' })).status).toBe(
      400,
    );
    expect((await ann.api.get('/integration/')).body.results).toEqual([]);
    expect((await bob.api.get('/integration/')).body.results).toEqual([]);
  });

  it('the code and state of the callback make a connection with the calendars of the account', async () => {
    const ann = await person('Ann');
    const { integration, account } = await connect(ann.api, 'google');
    expect(integration).toMatchObject({ provider: 'google', account, status: 'active', links: [] });
    expect(integration.calendars.map((c: { name: string }) => c.name).sort()).toEqual(
      [account, 'Work'].sort(),
    );
    // The refresh token is kept sealed: not in any answer.
    expect(JSON.stringify((await ann.api.get('/integration/')).body)).not.toMatch(/rt-/);
  });
});

describe.each(['google', 'azure'] as const)('calendar sync with %s', (provider) => {
  it('imports events as scheduled tasks and exports scheduled tasks as events, incrementally and idempotently', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const { integration } = await connect(ann.api, provider);
    const calendar = integration.calendars.find((c: { name: string }) => c.name === 'Work').id as string;
    const start = soon(2);
    const made = await postControl(
      provider,
      `/calendars/${encodeURIComponent(calendar)}/events`,
      remoteEvent(provider, 'Dentist', start, 30, {
        description: 'Bring the card',
        googleZone: 'Europe/Paris',
      }),
    );
    expect(made.status).toBe(201);
    const mine = await scheduledTask(ann.api, group, 'Write the report', soon(3, 14));

    const link = await ann.api.post(`/integration/connect/${provider}/`, {
      integration: integration.id,
      calendar,
      start_date: new Date().toISOString().slice(0, 10),
      group,
      direction: 'both',
    });
    expect(link.status).toBe(201);
    // The screen syncs right after linking (the schedule would, a little later).
    expect((await sync(ann.api, integration.id)).body).toMatchObject({
      imported: 1,
      exported: 1,
    });
    expect(link.body).toMatchObject({ calendar, group, direction: 'both' });

    // Imported: the event is a scheduled task of the group, at the event's time.
    const tasks = await scheduledIn(ann.api, group);
    const dentist = tasks.find((t) => t.title === 'Dentist');
    expect(dentist).toBeDefined();
    expect(Date.parse(dentist!.start)).toBe(start.getTime());
    // Exported: the task is an event of the calendar (asked of the stand-in).
    const events = (await control(provider, `/calendars/${encodeURIComponent(calendar)}/events`)).body;
    const titles = events.map((e: { summary?: string; subject?: string }) => e.summary ?? e.subject).sort();
    expect(titles).toEqual(['Dentist', 'Write the report']);

    // A re-run changes nothing: our own writes do not come back, nothing is written twice.
    const again = await sync(ann.api, integration.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ imported: 0, updated: 0, removed: 0, exported: 0, unexported: 0 });

    // A change over there comes in; a change here goes out; a removal there removes the task.
    const renamedStart = soon(4, 10);
    await ann.api.patch(`/task/${mine}`, { title: 'Write the final report' });
    const dentistEvent = events.find(
      (e: { summary?: string; subject?: string }) => (e.summary ?? e.subject) === 'Dentist',
    );
    await control(provider, `/events/${encodeURIComponent(dentistEvent.id)}`, { method: 'DELETE' });
    const next = await postControl(
      provider,
      `/calendars/${encodeURIComponent(calendar)}/events`,
      remoteEvent(provider, 'Team lunch', renamedStart, 60),
    );
    expect(next.status).toBe(201);
    const third = await sync(ann.api, integration.id);
    // The rename also marked the link due: whichever sync ran first wrote it; the state is what counts.
    expect(third.status).toBe(200);
    const after = (await scheduledIn(ann.api, group)).map((t) => t.title).sort();
    expect(after).toEqual(['Team lunch', 'Write the final report']);
    const outside = (await control(provider, `/calendars/${encodeURIComponent(calendar)}/events`)).body
      .map((e: { summary?: string; subject?: string }) => e.summary ?? e.subject)
      .sort();
    expect(outside).toEqual(['Team lunch', 'Write the final report']);

    // An expired sync token (410): everything is read again, and still nothing is doubled.
    await postControl(provider, '/expire-sync-tokens', {});
    const reread = await sync(ann.api, integration.id);
    expect(reread.body).toEqual({ imported: 0, updated: 0, removed: 0, exported: 0, unexported: 0 });
    expect((await scheduledIn(ann.api, group)).length).toBe(2);

    // A task deleted here: its event goes.
    expect((await ann.api.delete(`/task/${mine}`)).status).toBeLessThan(300);
    expect((await sync(ann.api, integration.id)).status).toBe(200);
    expect(
      (await control(provider, `/calendars/${encodeURIComponent(calendar)}/events`)).body.map(
        (e: { summary?: string; subject?: string }) => e.summary ?? e.subject,
      ),
    ).toEqual(['Team lunch']);
  });

  it('keeps the refresh token a provider rotates, so the connection outlives the used one', async () => {
    const ann = await person('Ann');
    const { integration } = await connect(ann.api, provider);
    const group = await privateGroup(ann.api);
    const calendar = integration.calendars[0].id as string;
    const link = await ann.api.post(`/integration/connect/${provider}/`, {
      integration: integration.id,
      calendar,
      start_date: new Date().toISOString().slice(0, 10),
      group,
      direction: 'export',
    });
    expect(link.status).toBe(201);
    expect((await sync(ann.api, integration.id)).body.broken).toBeUndefined();
    // Microsoft gave a new refresh token on that run; the one used before now expires.
    expect((await postControl(provider, '/expire-superseded', {})).status).toBe(204);
    await scheduledTask(ann.api, group, 'Still exported', soon(2));
    const again = await sync(ann.api, integration.id);
    expect(again.body.broken).toBeUndefined();
    expect(again.body.exported).toBe(1);
  });

  it('a revoked or expired refresh token marks the connection broken and tells the person', async () => {
    const ann = await person('Ann');
    const { integration, account } = await connect(ann.api, provider);
    const group = await privateGroup(ann.api);
    const calendar = integration.calendars[0].id as string;
    expect(
      (
        await ann.api.post(`/integration/connect/${provider}/`, {
          integration: integration.id,
          calendar,
          start_date: new Date().toISOString().slice(0, 10),
          group,
          direction: 'export',
        })
      ).status,
    ).toBe(201);
    const since = new Date();
    expect((await postControl(provider, '/revoke', { account })).status).toBe(204);
    const run = await sync(ann.api, integration.id);
    expect(run.body.broken).toBe(true);
    const listed = (await ann.api.get(`/integration/initialize/${provider}/`)).body.results;
    expect(listed.map((i: { status: string }) => i.status)).toEqual(['broken']);
    const mail = await waitForMail(stack.url, { to: ann.email, subjectIncludes: 'stopped working', since });
    expect(mail.text).toContain('/integrations');
    const notes = (await ann.api.get('/notifications/')).body.results;
    expect(
      notes.some((n: { variables: { change?: string } }) => n.variables.change === 'integration_broken'),
    ).toBe(true);
    // Told once: a second failing run tells nobody again.
    await sync(ann.api, integration.id);
    const after = (await ann.api.get('/notifications/')).body.results.filter(
      (n: { variables: { change?: string } }) => n.variables.change === 'integration_broken',
    );
    expect(after).toHaveLength(1);
    // A broken connection links no more calendars.
    const refused = await ann.api.post(`/integration/connect/${provider}/`, {
      integration: integration.id,
      calendar,
      start_date: '2030-01-01',
      group,
      direction: 'import',
    });
    expect(refused.status).toBe(400);
  });
});

describe.each(['google', 'azure'] as const)('reconnecting a broken %s connection', (provider) => {
  it('repairs that connection: same id and links, sync state reset, nothing doubled', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const { integration, account } = await connect(ann.api, provider);
    const calendar = integration.calendars.find((c: { name: string }) => c.name === 'Work').id as string;
    const cal = `/calendars/${encodeURIComponent(calendar)}/events`;
    await scheduledTask(ann.api, group, 'Quarterly taxes', soon(3, 10));
    const link = await ann.api.post(`/integration/connect/${provider}/`, {
      integration: integration.id,
      calendar,
      start_date: new Date().toISOString().slice(0, 10),
      group,
      direction: 'both',
    });
    expect(link.status).toBe(201);
    expect((await sync(ann.api, integration.id)).body).toMatchObject({ exported: 1 });
    expect((await postControl(provider, '/revoke', { account })).status).toBe(204);
    expect((await sync(ann.api, integration.id)).body.broken).toBe(true);

    // Reconnect: a new sign-in with the same account.
    const s = await signIn(ann.api, provider, account);
    const again = await ann.api.post(`/integration/initialize/${provider}/`, {
      code: s.code,
      state: s.state,
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: integration.id, status: 'active', account });
    expect(again.body.links.map((l: { id: string }) => l.id)).toEqual([link.body.id]);
    const listed = (await ann.api.get(`/integration/initialize/${provider}/`)).body.results;
    expect(listed.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [integration.id, 'active'],
    ]);
    // The link's sync state is reset (read again from its start date) and it is due.
    const { CalendarLinkEntity } = await import('../../src/db/integrations.ts');
    const stored = (
      await CalendarLinkEntity.get({
        userId: ann.userId,
        integrationId: integration.id,
        linkId: link.body.id,
      }).go()
    ).data!;
    expect(stored.syncToken).toBeUndefined();

    // It syncs again: an event made meanwhile comes in, the exported task is not written twice.
    const start = soon(5, 15);
    expect((await postControl(provider, cal, remoteEvent(provider, 'Call the bank', start, 30))).status).toBe(
      201,
    );
    const run = await sync(ann.api, integration.id);
    expect(run.body.broken).toBeFalsy();
    expect((await scheduledIn(ann.api, group)).map((t) => t.title).sort()).toEqual([
      'Call the bank',
      'Quarterly taxes',
    ]);
    expect(
      (await control(provider, cal)).body
        .map((e: { summary?: string; subject?: string }) => e.summary ?? e.subject)
        .sort(),
    ).toEqual(['Call the bank', 'Quarterly taxes']);
  });
});

describe.each(['google', 'azure'] as const)('Reconnect at %s names the account (D83)', (provider) => {
  it("the sign-in page is asked for the connection's account (login_hint) and repairs it; no other's", async () => {
    const [ann, eve] = await Promise.all([person('Ann'), person('Eve')]);
    const { integration, account } = await connect(ann.api, provider);
    // A plain connect names no account.
    expect(
      new URL((await ann.api.get(`/integration/authorize/${provider}/`)).body.url).searchParams.has(
        'login_hint',
      ),
    ).toBe(false);

    const auth = await ann.api.get(`/integration/authorize/${provider}/?integration=${integration.id}`);
    expect(auth.status).toBe(200);
    const url = new URL(auth.body.url);
    expect(url.searchParams.getAll('login_hint')).toEqual([account]);
    // Followed as it is, the provider signs in as that account: the same connection comes back.
    const redirect = await fetch(url, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location')!);
    const again = await ann.api.post(`/integration/initialize/${provider}/`, {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: integration.id, account });

    // Another person's connection, the other provider's, or no such id: 404.
    const other = provider === 'google' ? 'azure' : 'google';
    expect(
      (await eve.api.get(`/integration/authorize/${provider}/?integration=${integration.id}`)).status,
    ).toBe(404);
    expect((await ann.api.get(`/integration/authorize/${other}/?integration=${integration.id}`)).status).toBe(
      404,
    );
    expect(
      (await ann.api.get(`/integration/authorize/${provider}/?integration=${randomUUID()}`)).status,
    ).toBe(404);
    expect(
      (await ann.api.get(`/integration/authorize/${provider}/?integration=${'x'.repeat(300)}`)).status,
    ).toBe(400);
  });
});

describe('sync on change', () => {
  it('a scheduled task made in a linked group reaches the calendar without a sync being asked for', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const { integration } = await connect(ann.api, 'google');
    const calendar = integration.calendars[0].id as string;
    await ann.api.post('/integration/connect/google/', {
      integration: integration.id,
      calendar,
      start_date: new Date().toISOString().slice(0, 10),
      group,
      direction: 'export',
    });
    await scheduledTask(ann.api, group, 'Board meeting', soon(5, 11));
    // The stream marks the link due; the due sync (every minute) writes the event.
    const titles = async () =>
      (await control('google', `/calendars/${encodeURIComponent(calendar)}/events`)).body.map(
        (e: { summary: string }) => e.summary,
      );
    await expect.poll(titles, { timeout: 150_000, interval: 2_000 }).toEqual(['Board meeting']);
  });
});

describe('linking and removing', () => {
  it('refuses a calendar not of the connection, a group of others, a bad direction or date', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const bobsGroup = (await newGroup(bob.api)).id;
    const { integration } = await connect(ann.api, 'google');
    const base = {
      integration: integration.id,
      calendar: integration.calendars[0].id,
      start_date: '2030-01-01',
      group: await privateGroup(ann.api),
      direction: 'import',
    };
    const bad = async (body: object, status = 400) =>
      expect((await ann.api.post('/integration/connect/google/', { ...base, ...body })).status).toBe(status);
    await bad({ calendar: 'someone-else@gmail.test' });
    await bad({ direction: 'sideways' });
    await bad({ start_date: 'tomorrow' });
    await bad({ group: bobsGroup }, 404);
    // Another person's connection is not found; nor is it under another provider.
    expect((await bob.api.post('/integration/connect/google/', base)).status).toBe(404);
    expect((await ann.api.post('/integration/connect/azure/', base)).status).toBe(404);
    expect((await ann.api.get('/integration/')).body.results[0].links).toEqual([]);
  });

  it('removing a calendar link stops its sync; removing the connection revokes the token', async () => {
    const ann = await person('Ann');
    const { integration, account } = await connect(ann.api, 'google');
    const group = await privateGroup(ann.api);
    const calendar = integration.calendars[0].id as string;
    const link = await ann.api.post('/integration/connect/google/', {
      integration: integration.id,
      calendar,
      start_date: new Date().toISOString().slice(0, 10),
      group,
      direction: 'export',
    });
    expect((await ann.api.delete(`/integration/connect/google/${link.body.id}/`)).status).toBe(204);
    await scheduledTask(ann.api, group, 'Not exported any more', soon(2));
    expect((await sync(ann.api, integration.id)).body.exported).toBe(0);
    expect((await control('google', `/calendars/${encodeURIComponent(calendar)}/events`)).body).toEqual([]);

    const bob = await person('Bob');
    expect((await bob.api.delete(`/integration/initialize/google/${integration.id}/`)).status).toBe(404);
    expect((await ann.api.delete(`/integration/initialize/google/${integration.id}/`)).status).toBe(204);
    expect((await ann.api.get('/integration/')).body.results).toEqual([]);
    const tokens = (await control('google', `/tokens?account=${encodeURIComponent(account)}`)).body;
    expect(tokens).toEqual([{ revoked: true }]);
  });
});

describe('Microsoft series (D75)', () => {
  /** The wall clock of `ms` in Paris, as Graph's dateTime without an offset. */
  const parisWall = (ms: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Paris',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(ms))
        .map((x) => [x.type, x.value]),
    );
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };

  it('a repeating task goes out as a Graph series and comes back as nothing new; a Graph series comes in as a repeating task', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const { integration } = await connect(ann.api, 'azure');
    const calendar = integration.calendars.find((c: { name: string }) => c.name === 'Work').id as string;
    const cal = `/calendars/${encodeURIComponent(calendar)}/events`;

    // Here: every other week on the start's weekday and the next, ten times, in Berlin.
    const first = soon(2, 8);
    const days = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
    const names = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
    const berlinDay = new Date(first.getTime() + 3_600_000 * 2).getUTCDay(); // 08:00Z is 09:00/10:00 in Berlin
    const rule = `FREQ=WEEKLY;INTERVAL=2;BYDAY=${days[berlinDay]},${days[(berlinDay + 1) % 7]};COUNT=10`;
    const made = await ann.api.post('/task', {
      title: 'Fortnightly review',
      group,
      scheduled_task: {
        start_date: first.toISOString(),
        duration: 45,
        timezone: 'Europe/Berlin',
        recur_rule: rule,
      },
    });
    expect(made.status).toBe(201);
    // Over there: the second Tuesday of every month at 18:00 in Paris, and a series Graph and rules say differently.
    const now = new Date();
    let secondTuesday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 8, 12));
    while (secondTuesday.getUTCDay() !== 2) secondTuesday = new Date(secondTuesday.getTime() + DAY);
    const tuesday = secondTuesday.toISOString().slice(0, 10);
    const board = await postControl('azure', cal, {
      subject: 'Board meeting',
      start: { dateTime: `${tuesday}T18:00:00`, timeZone: 'Europe/Paris' },
      end: { dateTime: `${tuesday}T19:30:00`, timeZone: 'Europe/Paris' },
      recurrence: {
        pattern: { type: 'relativeMonthly', interval: 1, daysOfWeek: ['tuesday'], index: 'second' },
        range: { type: 'noEnd', startDate: tuesday, recurrenceTimeZone: 'Europe/Paris' },
      },
    });
    expect(board.status).toBe(201);
    const thirtyFirst = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 31, 9));
    const rent = await postControl('azure', cal, {
      subject: 'Pay the rent',
      start: { dateTime: thirtyFirst.toISOString().replace('Z', ''), timeZone: 'UTC' },
      end: {
        dateTime: new Date(thirtyFirst.getTime() + 1_800_000).toISOString().replace('Z', ''),
        timeZone: 'UTC',
      },
      recurrence: {
        pattern: { type: 'absoluteMonthly', interval: 1, dayOfMonth: 31 },
        range: {
          type: 'noEnd',
          startDate: thirtyFirst.toISOString().slice(0, 10),
          recurrenceTimeZone: 'UTC',
        },
      },
    });
    expect(rent.status).toBe(201);

    const link = await ann.api.post('/integration/connect/azure/', {
      integration: integration.id,
      calendar,
      start_date: now.toISOString().slice(0, 10),
      group,
      direction: 'both',
    });
    expect(link.status).toBe(201);
    expect((await sync(ann.api, integration.id)).body).toMatchObject({ imported: 2, exported: 1 });

    // Exported as one series, on Berlin's wall clock, with the rule's pattern and count.
    // biome-ignore lint/suspicious/noExplicitAny: the provider's events are read field by field
    const events = (await control('azure', cal)).body as Array<Record<string, any>>;
    const review = events.find((e) => e.subject === 'Fortnightly review')!;
    expect(review.type).toBe('seriesMaster');
    expect(Date.parse(`${review.start.dateTime.slice(0, 19)}Z`)).toBe(first.getTime());
    expect(review.recurrence).toEqual({
      pattern: {
        type: 'weekly',
        interval: 2,
        daysOfWeek: [names[berlinDay], names[(berlinDay + 1) % 7]].sort(
          (a, b) => names.indexOf(a!) - names.indexOf(b!),
        ),
        firstDayOfWeek: 'monday',
      },
      range: {
        type: 'numbered',
        startDate: new Date(first.getTime() + 2 * 3_600_000).toISOString().slice(0, 10),
        numberOfOccurrences: 10,
        recurrenceTimeZone: 'Europe/Berlin',
      },
    });

    // Imported: the board meeting as a repeating task in Paris; the 31st as its first occurrence only.
    const tasks = await scheduledIn(ann.api, group);
    const boardTask = tasks.find((t) => t.title === 'Board meeting')!;
    const boardSchedule = (await ann.api.get(`/task/${boardTask.task_id}`)).body.scheduled_task;
    expect(boardSchedule).toMatchObject({ recur_rule: 'FREQ=MONTHLY;BYDAY=2TU', timezone: 'Europe/Paris' });
    expect(parisWall(Date.parse(boardSchedule.start_date))).toBe(`${tuesday}T18:00:00`);
    expect(boardSchedule.duration).toBe(90);
    const rentTask = (
      await ann.api.get(
        `/task/schedule?start_date=${encodeURIComponent(new Date(thirtyFirst.getTime() - DAY).toISOString())}&end_date=${encodeURIComponent(new Date(thirtyFirst.getTime() + 60 * DAY).toISOString())}&group=${group}`,
      )
    ).body.results.filter((o: { title: string }) => o.title === 'Pay the rent');
    expect(rentTask).toHaveLength(1);
    expect((await ann.api.get(`/task/${rentTask[0].task_id}`)).body.scheduled_task.recur_rule).toBeNull();

    // A re-run: the occurrences delta reports lead to masters we know; nothing moves either way.
    expect((await sync(ann.api, integration.id)).body).toEqual({
      imported: 0,
      updated: 0,
      removed: 0,
      exported: 0,
      unexported: 0,
    });
    // One occurrence removed here: Graph keeps that as an instance edit, so the first occurrence goes out.
    const patched = await ann.api.patch(`/task/${made.body.results[0].id}`, {
      scheduled_task: { ex_date: [new Date(first.getTime() + 14 * DAY).toISOString()] },
    });
    expect(patched.status).toBeLessThan(300);
    await sync(ann.api, integration.id);
    // biome-ignore lint/suspicious/noExplicitAny: the provider's events are read field by field
    const after = ((await control('azure', cal)).body as Array<Record<string, any>>).find(
      (e) => e.subject === 'Fortnightly review',
    )!;
    expect(after.type).toBe('singleInstance');
    expect(after.recurrence).toBeUndefined();

    // The board meeting's series deleted over there: Graph names its occurrences, not the series,
    // yet its task goes; the others stay.
    await control('azure', `/events/${encodeURIComponent(board.body.id as string)}`, { method: 'DELETE' });
    expect((await sync(ann.api, integration.id)).body).toMatchObject({ removed: 1 });
    expect((await ann.api.get(`/task/${boardTask.task_id}`)).status).toBe(404);
    expect((await ann.api.get(`/task/${made.body.results[0].id}`)).status).toBe(200);
    expect((await ann.api.get(`/task/${rentTask[0].task_id}`)).status).toBe(200);
  });
});

describe('the scheduled sync (D75)', () => {
  it('syncs every link, a few at a time, each task written once', async () => {
    const ann = await person('Ann');
    const { integration } = await connect(ann.api, 'google');
    const calendar = integration.calendars.find((c: { name: string }) => c.name === 'Work').id as string;
    const titles: string[] = [];
    for (let i = 0; i < 4; i++) {
      const group = (await newGroup(ann.api)).id;
      titles.push(`Pool task ${i}`);
      await scheduledTask(ann.api, group, `Pool task ${i}`, soon(2 + i, 9));
      const link = await ann.api.post('/integration/connect/google/', {
        integration: integration.id,
        calendar,
        start_date: new Date().toISOString().slice(0, 10),
        group,
        direction: 'export',
      });
      expect(link.status).toBe(201);
    }
    // The job's own function, in this process (the stack's other links, of other tests, run too).
    const { syncAll } = await import('../../src/core/integrations/sync.ts');
    const run = await syncAll(new Date(), 3);
    expect(run.links).toBeGreaterThanOrEqual(4);
    const written = (await control('google', `/calendars/${encodeURIComponent(calendar)}/events`)).body
      .map((e: { summary: string }) => e.summary)
      .sort();
    expect(written).toEqual(titles);
    // Run again at once: nothing is written twice.
    await syncAll(new Date(), 3);
    expect((await control('google', `/calendars/${encodeURIComponent(calendar)}/events`)).body).toHaveLength(
      4,
    );
  });
});
