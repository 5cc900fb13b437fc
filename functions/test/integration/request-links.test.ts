/**
 * Request links (issue 18 items 1–3; decisions D68): the owner's side, the public page's calls with
 * their abuse controls, and the portal — against the local stack (DynamoDB Local, s3rver, the mail
 * capture). Each test posts from addresses of its own (the viewer-address header, which the local
 * gateway keeps as CloudFront's function would write it; D76), so the per-address limit of one test does not touch another.
 */
import { randomUUID } from 'node:crypto';
import {
  REQUEST_ABUSE,
  REQUEST_LINK_DEFAULTS,
  REQUEST_LINK_ID_PATTERN,
  REQUEST_LINK_LIMITS,
  REQUEST_LINK_MESSAGES,
  VIEWER_ADDRESS_HEADER,
} from '@tandem/shared/request-links/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { findMail, waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { type Api, addMember, newGroup, person, publicApi, stack } from './support.ts';

const anon = publicApi();
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 8)}`;
const from = (ip: string) => ({ [VIEWER_ADDRESS_HEADER]: ip });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Owner = Awaited<ReturnType<typeof person>>;
let owner: Owner;
let helper: Owner;
let group: string;

async function makeLink(api: Api, body: Record<string, unknown> = {}) {
  const r = await api.post('/request-links/', { company_name: 'Acme Repairs', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; [k: string]: unknown };
}

/** Opens the form (a ticket) and waits out the minimum time. */
async function openForm(linkId: string) {
  const r = await anon.get(`/request-links/public/${linkId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.form_token as string;
}

const request = (linkId: string, token: string, extra: Record<string, unknown> = {}) => ({
  request_link: linkId,
  requester_name: 'Rita Requester',
  requester_email: `rita-${randomUUID().slice(0, 8)}@example.com`,
  request_type: 'Website Updates',
  description: 'The contact page shows the old phone number.',
  form_token: token,
  ...extra,
});

async function portalCount(api: Api) {
  const r = await api.get('/request-links/portal/tasks');
  expect(r.status).toBe(200);
  return (r.body.results as unknown[]).length;
}

beforeAll(async () => {
  owner = await person('Olga');
  helper = await person('Hugo');
  group = (await newGroup(owner.api, 'Service desk')).id;
  await addMember(owner.api, group, helper, 5);
});

describe('the owner side', () => {
  it('creates a link with the defaults of spec 002 §9 and an sr- id, reads, lists, updates and deletes it', async () => {
    const link = await makeLink(owner.api, { partner_program_id: 'loading...' });
    expect(link.id).toMatch(REQUEST_LINK_ID_PATTERN);
    expect(link.request_link_id).toBe(link.id);
    expect(link.request_link).toMatch(new RegExp(`/requests/${link.id}$`));
    expect(link.partner_program_id).toBeNull();
    expect(link.is_active).toBe(true);
    expect(link.branding_config).toEqual({
      primary_color: '#2563eb',
      logo_background_type: 'transparent',
      logo_background_color: '#ffffff',
    });
    expect((link.request_config as { request_types: string[] }).request_types).toEqual([
      'Email Management',
      'Website Updates',
    ]);
    expect(
      (link.request_config as { scheduling_duration_options: unknown }).scheduling_duration_options,
    ).toEqual([
      { label: 'Hour', minutes: 60 },
      { label: '30 Minutes', minutes: 30 },
      { label: '15 Minutes', minutes: 15 },
    ]);
    expect(link.confirmation_config).toEqual({
      confirmation_message: REQUEST_LINK_DEFAULTS.confirmationConfig.confirmationMessage,
      next_steps: "We'll review your request within 24 hours",
      response_time_promise: 'We typically respond within 24 hours',
      business_hours: 'Monday - Friday, 9:00 AM - 5:00 PM EST',
    });

    const other = await makeLink(owner.api, { partner_program_id: 'p-42' });
    expect(other.partner_program_id).toBe('p-42');
    expect(other.id).not.toBe(link.id);

    const list = await owner.api.get('/request-links/');
    expect(list.body.results.map((l: { id: string }) => l.id).slice(0, 2)).toEqual([other.id, link.id]);

    const put = await owner.api.put(`/request-links/${link.id}`, {
      company_name: 'Acme Two',
      branding_config: { primary_color: '#123456' },
      request_config: { request_types: ['Plumbing'], voice_recording_enabled: true, urgency_enabled: true },
      assignees: [{ email: 'Ann@Example.com', role: 6 }],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.company_name).toBe('Acme Two');
    expect(put.body.branding_config.primary_color).toBe('#123456');
    expect(put.body.branding_config.logo_background_color).toBe('#ffffff');
    expect(put.body.assignees).toEqual([
      { id: expect.stringMatching(`^${link.id}~`), email: 'ann@example.com', role: 6 },
    ]);

    const off = await owner.api.patch(`/request-links/${link.id}`, { is_active: false });
    expect(off.body.is_active).toBe(false);
    expect((await owner.api.get(`/request-links/${link.id}`)).body.is_active).toBe(false);

    const gone = await owner.api.delete(`/request-links/assignee/${put.body.assignees[0].id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.assignees).toEqual([]);

    expect((await owner.api.delete(`/request-links/${link.id}`)).status).toBe(204);
    expect((await owner.api.get(`/request-links/${link.id}`)).status).toBe(404);
  });

  it("is the owner's alone: another person reads, changes and deletes nothing of it (404)", async () => {
    const link = await makeLink(owner.api);
    expect((await helper.api.get(`/request-links/${link.id}`)).status).toBe(404);
    expect((await helper.api.put(`/request-links/${link.id}`, { company_name: 'Mine' })).status).toBe(404);
    expect((await helper.api.patch(`/request-links/${link.id}`, { is_active: false })).status).toBe(404);
    expect((await helper.api.delete(`/request-links/${link.id}`)).status).toBe(404);
    expect((await owner.api.get(`/request-links/${link.id}`)).body.company_name).toBe('Acme Repairs');
  });

  it('refuses a bad configuration with the field and writes nothing', async () => {
    const before = (await owner.api.get('/request-links/')).body.results.length;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ company_name: '  ' }, 'company_name', REQUEST_LINK_MESSAGES.companyRequired],
      [
        { branding_config: { primary_color: 'blue' } },
        'branding_config.primary_color',
        REQUEST_LINK_MESSAGES.color,
      ],
      [{ legal_config: { terms_enabled: true } }, 'legal_config.terms_url', REQUEST_LINK_MESSAGES.termsUrl],
      [
        { legal_config: { privacy_url: 'javascript:alert(1)' } },
        'legal_config.privacy_url',
        REQUEST_LINK_MESSAGES.url,
      ],
      [
        { request_config: { request_types: ['A', 'a'] } },
        'request_config.request_types',
        REQUEST_LINK_MESSAGES.duplicateType,
      ],
      [{ assignees: [{ email: 'not-an-email' }] }, 'assignees.0.email', REQUEST_LINK_MESSAGES.email],
    ];
    for (const [body, field, message] of cases) {
      const r = await owner.api.post('/request-links/', { company_name: 'Acme', ...body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.errors[field], JSON.stringify(r.body)).toBe(message);
    }
    expect((await owner.api.get('/request-links/')).body.results.length).toBe(before);
  });

  it('keeps a logo uploaded through the presigned POST, and refuses a file that is not an image', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = async (data: Buffer) => {
      const t = await owner.api.post('/request-links/logo', {
        size: data.byteLength,
        content_type: 'image/png',
      });
      expect(t.status, JSON.stringify(t.body)).toBe(201);
      const fd = new FormData();
      for (const [k, v] of t.body.fields as Array<[string, string]>) fd.append(k, v);
      fd.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'logo.png');
      const r = await fetch(t.body.url, { method: 'POST', body: fd });
      expect(r.status).toBeLessThan(300);
      return t.body.upload_id as string;
    };
    const link = await makeLink(owner.api, { logo_upload: await upload(png) });
    expect(link.logo).toMatch(/^http/);
    const img = await fetch(link.logo as string);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer())).toEqual(png);

    const fake = await owner.api.post('/request-links/', {
      company_name: 'Acme',
      logo_upload: await upload(Buffer.from('<script>not a png</script>')),
    });
    expect(fake.status).toBe(400);
    expect(fake.body.errors.logo_upload).toBe(REQUEST_LINK_MESSAGES.logoType);
    expect(
      (await owner.api.post('/request-links/logo', { size: 5_000_000, content_type: 'image/png' })).status,
    ).toBe(400);
  });
});

describe('the public page', () => {
  it('answers an unknown or inactive link with 404 and a plain message', async () => {
    const unknown = await anon.get('/request-links/public/sr-00000000000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.fallback_message).toBe(REQUEST_LINK_MESSAGES.notFound);
    const link = await makeLink(owner.api, { is_active: false });
    expect((await anon.get(`/request-links/public/${link.id}`)).status).toBe(404);
    const on = await makeLink(owner.api);
    const token = await openForm(on.id);
    await owner.api.patch(`/request-links/${on.id}`, { is_active: false });
    await wait(REQUEST_ABUSE.minSubmitMs);
    const r = await anon.post('/request-links/request', request(on.id, token), from(address()));
    expect(r.status).toBe(404);
  });

  it("shows the branding and form without the owner's people", async () => {
    const link = await makeLink(owner.api, {
      welcome_message: 'Tell us what you need',
      assignees: [{ email: helper.email }],
      partner_program_id: 'p-1',
    });
    const r = await anon.get(`/request-links/public/${link.id}`);
    expect(r.body.company_name).toBe('Acme Repairs');
    expect(r.body.welcome_message).toBe('Tell us what you need');
    expect(r.body.form_token).toMatch(/^[0-9a-f]{32}$/);
    expect(r.body.assignees).toBeUndefined();
    expect(r.body.partner_program_id).toBeUndefined();
  });

  it("makes a task for the assignees with the requester's details, shows it in the portal and mails the requester", async () => {
    const link = await makeLink(owner.api, {
      group,
      assignees: [{ email: helper.email, role: 5 }],
      request_config: { urgency_enabled: true, due_date_enabled: true },
      confirmation_config: { confirmation_message: 'Thanks from Acme!' },
    });
    const token = await openForm(link.id);
    await wait(REQUEST_ABUSE.minSubmitMs);
    const since = new Date();
    const body = request(link.id, token, { urgency: 'urgent', due_date: '2030-05-01' });
    const r = await anon.post('/request-links/request', body, from(address()));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.confirmation_config.confirmation_message).toBe('Thanks from Acme!');
    const taskId = r.body.request_id as string;

    const task = (await helper.api.get(`/task/${taskId}`)).body;
    expect(task.title).toBe('Website Updates — Rita Requester');
    expect(task.task_assignees.map((a: { email: string }) => a.email)).toEqual([helper.email]);
    expect(task.task_details.flag).toBe(1);
    expect(task.task_details.description).toContain(body.requester_email);
    expect(task.task_details.description).toContain('The contact page shows the old phone number.');

    const today = await helper.api.get('/task?priority_group=0&size=100');
    expect(today.body.results.map((t: { id: string }) => t.id)).toContain(taskId);

    const portal = await owner.api.get('/request-links/portal/tasks');
    expect(portal.body.results[0]).toMatchObject({
      id: taskId,
      requester_email: body.requester_email,
      request_type: 'Website Updates',
      urgency: 'urgent',
      due_date: '2030-05-01',
    });
    const detail = await owner.api.get(`/request-links/portal/tasks/${taskId}`);
    expect(detail.body.description).toBe(body.description);
    expect(detail.body.assignees).toEqual([helper.email]);
    expect((await helper.api.get(`/request-links/portal/tasks/${taskId}`)).status).toBe(404);

    const mail = await waitForMail(stack.url, { to: body.requester_email, since });
    expect(mail.text).toContain('Thanks from Acme!');
    expect(mail.text).toContain("We'll review your request within 24 hours");

    const confirm = await anon.post('/request-links/request/confirmation', { request_id: taskId });
    expect(confirm.body.confirmation_config.confirmation_message).toBe('Thanks from Acme!');

    // The ticket is spent: the same form cannot make a second task.
    const again = await anon.post('/request-links/request', body, from(address()));
    expect(again.status).toBe(400);
    expect(again.body.errors.form_token).toBe(REQUEST_LINK_MESSAGES.formExpired);
  });

  it('refuses a form sent faster than the minimum time, and writes nothing', async () => {
    const link = await makeLink(owner.api);
    const before = await portalCount(owner.api);
    const token = await openForm(link.id);
    const r = await anon.post('/request-links/request', request(link.id, token), from(address()));
    expect(r.status).toBe(400);
    expect(r.body.errors.form_token).toBe(REQUEST_LINK_MESSAGES.tooFast);
    expect(await portalCount(owner.api)).toBe(before);
  });

  it('refuses a filled honeypot, a made-up ticket, a type not offered and a 10 MB description', async () => {
    const link = await makeLink(owner.api);
    const before = await portalCount(owner.api);
    const token = await openForm(link.id);
    await wait(REQUEST_ABUSE.minSubmitMs);
    const ip = address();
    const honey = await anon.post(
      '/request-links/request',
      request(link.id, token, { website: 'http://spam' }),
      from(ip),
    );
    expect(honey.status).toBe(400);
    expect(honey.body.fallback_message).toBe(REQUEST_LINK_MESSAGES.honeypot);
    const madeUp = await anon.post('/request-links/request', request(link.id, 'f'.repeat(32)), from(ip));
    expect(madeUp.body.errors.form_token).toBe(REQUEST_LINK_MESSAGES.formExpired);
    const type = await anon.post(
      '/request-links/request',
      request(link.id, token, { request_type: 'Surgery' }),
      from(ip),
    );
    expect(type.body.errors.request_type).toBe(REQUEST_LINK_MESSAGES.requestType);
    const long = await anon.post(
      '/request-links/request',
      request(link.id, token, { description: 'x'.repeat(5_001) }),
      from(ip),
    );
    expect(long.status).toBe(400);
    expect(long.body.errors.description).toBe(REQUEST_LINK_MESSAGES.tooLong(5_000));
    const huge = await anon.post(
      '/request-links/request',
      request(link.id, token, { description: 'x'.repeat(10 * 1024 * 1024) }),
      from(ip),
    );
    expect(huge.status).toBe(413);
    expect(await portalCount(owner.api)).toBe(before);
    // The ticket was never spent by the refusals: the real request still goes.
    const ok = await anon.post('/request-links/request', request(link.id, token), from(ip));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('answers 404 for a request to an unknown link', async () => {
    const r = await anon.post(
      '/request-links/request',
      request('sr-ffffffffffffffffffffffffffffffff', 'x'),
      from(address()),
    );
    expect(r.status).toBe(404);
    expect(r.body.fallback_message).toBe(REQUEST_LINK_MESSAGES.notFound);
  });

  it('answers 429 to 100 submissions a minute from one address, and to one link past its limit', async () => {
    const link = await makeLink(owner.api);
    const ip = address();
    // The limits count in fixed one-minute windows: a burst that crosses a minute's edge is counted
    // in two windows, so each burst starts with at least 40 s of its minute left.
    const awayFromMinuteEdge = async () => {
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 40_000) await new Promise((ok) => setTimeout(ok, left + 250));
    };
    await awayFromMinuteEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const r = await anon.post('/request-links/request', request(link.id, 'made-up'), from(ip));
      statuses.push(r.status);
      if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, REQUEST_ABUSE.perIpPerMinute).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(REQUEST_ABUSE.perIpPerMinute).every((s) => s === 429)).toBe(true);
    // Another address is not held back by that one...
    const fresh = await makeLink(owner.api);
    const other = await anon.post('/request-links/request', request(fresh.id, 'made-up'), from(address()));
    expect(other.status).toBe(400);
    // ...but the link as a whole takes at most its limit a minute, whoever sends.
    const busy = await makeLink(owner.api);
    await awayFromMinuteEdge();
    const many = await Promise.all(
      Array.from({ length: REQUEST_ABUSE.perLinkPerMinute + 5 }, () =>
        anon.post('/request-links/request', request(busy.id, 'made-up'), from(address())),
      ),
    );
    expect(many.map((r) => r.status).sort()).toEqual([
      ...Array(REQUEST_ABUSE.perLinkPerMinute).fill(400),
      ...Array(5).fill(429),
    ]);
  }, 180_000);

  it('takes a voice note uploaded through a presigned POST scoped to the link, within the size limit', async () => {
    const link = await makeLink(owner.api, { request_config: { voice_recording_enabled: true } });
    const plain = await makeLink(owner.api);
    const token = await openForm(link.id);
    const note = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2000, 7)]);
    const big = await anon.post(`/request-links/public/${link.id}/voice`, {
      form_token: token,
      size: 5_000_000,
      content_type: 'audio/webm',
    });
    expect(big.status).toBe(400);
    expect(big.body.errors.size).toBe(REQUEST_LINK_MESSAGES.voiceTooLarge);
    const elsewhere = await anon.post(`/request-links/public/${plain.id}/voice`, {
      form_token: token,
      size: note.byteLength,
      content_type: 'audio/webm',
    });
    expect(elsewhere.status).toBe(400);
    const t = await anon.post(`/request-links/public/${link.id}/voice`, {
      form_token: token,
      size: note.byteLength,
      content_type: 'audio/webm;codecs=opus',
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    const post = async (data: Buffer) => {
      const fd = new FormData();
      for (const [k, v] of t.body.fields as Array<[string, string]>) fd.append(k, v);
      fd.append('file', new Blob([new Uint8Array(data)], { type: 'audio/webm' }), 'note.webm');
      return (await fetch(t.body.url, { method: 'POST', body: fd })).status;
    };
    // The policy holds the size in S3 (s3rver does not check it): the submission checks it again.
    expect(await post(Buffer.alloc(REQUEST_LINK_LIMITS.voiceBytes + 1, 1))).toBeLessThan(300);
    await wait(REQUEST_ABUSE.minSubmitMs);
    const ip = address();
    const tooBig = await anon.post(
      '/request-links/request',
      request(link.id, token, { voice_upload: t.body.upload_id }),
      from(ip),
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors.voice_upload).toBe(REQUEST_LINK_MESSAGES.voiceTooLarge);
    expect(await post(note)).toBeLessThan(300);
    // The upload is this link's: another link's form cannot name it.
    const plainToken = await openForm(plain.id);
    await wait(REQUEST_ABUSE.minSubmitMs);
    const stolen = await anon.post(
      '/request-links/request',
      request(plain.id, plainToken, { voice_upload: t.body.upload_id }),
      from(ip),
    );
    expect(stolen.status).toBe(400);
    const r = await anon.post(
      '/request-links/request',
      request(link.id, token, { voice_upload: t.body.upload_id }),
      from(ip),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const detail = await owner.api.get(`/request-links/portal/tasks/${r.body.request_id}`);
    expect(detail.body.voice_note).toMatch(/^http/);
    const audio = await fetch(detail.body.voice_note);
    expect(Buffer.from(await audio.arrayBuffer())).toEqual(note);
  });
});

describe('the portal', () => {
  it("lists only the caller's own request tasks", async () => {
    expect((await helper.api.get('/request-links/portal/tasks')).body.results).toEqual([]);
    expect(await findMail(stack.url, { to: 'nobody@example.com' })).toEqual([]);
  });
});
