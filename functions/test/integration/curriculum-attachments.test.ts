/**
 * A curriculum's attachments against the local stack (spec 002 §7 "Curriculum"; decisions D72): the
 * files module's calls for a curriculum owner — links, the presigned upload and its confirm, the
 * multipart form, rename, order and delete — who may (its group's members read, its author changes,
 * outsiders 404), the author's curriculumAttachments and curriculumStorage counters and the plan's
 * limits, and every bad input: another curriculum's attachment in an order, a task's attachment through
 * a curriculum route, a plan without curricula.
 */
import { randomUUID } from 'node:crypto';
import { AttachmentEntity } from '@tandem/functions/db/entities/attachment';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { ATTACHMENT_MESSAGES, BYTES_PER_MB, LIMITS, type SubscriptionPackage } from '@tandem/shared';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

type Person = Awaited<ReturnType<typeof person>>;
interface Ticket {
  upload_id: string;
  filename: string;
  url: string;
  fields: Array<[string, string]>;
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';

async function made(api: Api, path: string, body: object) {
  const r = await api.post(path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string } & Record<string, unknown>;
}

/** An author with a curriculum in a group of their own; a member (viewer) of that group; an outsider. */
async function world() {
  const author = await person('Cora');
  const member = await person('Milo');
  const outsider = await person('Otto');
  const group = (await newGroup(author.api, `Learning ${randomUUID().slice(0, 6)}`)).id as string;
  await addMember(author.api, group, member, 5);
  const c = await made(author.api, '/curriculum', { title: 'Onboarding', group });
  return { author, member, outsider, group, c };
}

const link = (api: Api, curriculum: string, title = 'Intro', url = VIDEO) =>
  api.post('/curriculum/attachment', { curriculum, title, document_url: url });

async function upload(api: Api, curriculum: string, filename: string, data: Buffer, type: string) {
  const r = await api.post('/curriculum/attachment/upload', {
    curriculum,
    files: [{ filename, size: data.byteLength, content_type: type }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const ticket = r.body.results[0] as Ticket;
  const fd = new FormData();
  for (const [k, v] of ticket.fields) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  const s3 = await fetch(ticket.url, { method: 'POST', body: fd });
  await s3.arrayBuffer();
  expect(s3.status).toBeLessThan(300);
  return api.post(`/curriculum/attachment/upload/${ticket.upload_id}/confirm`);
}

const listed = (api: Api, curriculum: string, q: 'file' | 'video') =>
  api.get(`/curriculum/attachment/${curriculum}?q=${q}`);

/** The events as GET /user/subscription/limit answers them: counts, and storage in MB. */
async function usage(api: Api) {
  const r = await api.get(
    '/user/subscription/limit?event=curriculumAttachments,curriculumStorage,taskAttachments,storage',
  );
  expect(r.status).toBe(200);
  return Object.fromEntries(
    (r.body.results as Array<{ event: string; current_storage?: number; current_count?: number }>).map(
      (x) => [x.event, x.current_storage ?? x.current_count],
    ),
  );
}
const stored = async (p: Person) => (await UserEntity.get({ userId: p.userId }).go()).data!;

describe('a curriculum’s attachments', () => {
  it('adds links and files, lists them in order to its members, and counts them on the author', async () => {
    const { author, member, c } = await world();
    const first = await link(author.api, c.id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ curriculum: c.id, task: null, file_type: 'video', title: 'Intro' });
    const second = await link(author.api, c.id, 'Second', 'https://vimeo.com/76979871');
    expect(second.body.order).toBe(first.body.order + 1);

    const file = await upload(author.api, c.id, 'diagram.png', PNG, 'image/png');
    expect(file.status, JSON.stringify(file.body)).toBe(201);
    expect(file.body).toMatchObject({ curriculum: c.id, filename: 'diagram.png', size: PNG.byteLength });
    // The spec's multipart form, with the same checks as a confirm.
    const fd = new FormData();
    fd.append('curriculum', c.id);
    fd.append('document', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'small.png');
    const form = await author.api.raw('POST', '/curriculum/attachment', { body: fd });
    expect(form.status).toBe(201);
    const badFd = new FormData();
    badFd.append('curriculum', c.id);
    badFd.append('document', new Blob([new Uint8Array(EXE)], { type: 'image/png' }), 'cat.png');
    const bad = await author.api.raw('POST', '/curriculum/attachment', { body: badFd });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fallback_message: string }).fallback_message).toBe(
      ATTACHMENT_MESSAGES.executable,
    );

    // The group's member reads them, in their order, with working download links.
    const files = await listed(member.api, c.id, 'file');
    expect(files.status).toBe(200);
    expect(files.body.results.map((f: { filename: string }) => f.filename)).toEqual([
      'diagram.png',
      'small.png',
    ]);
    const got = await fetch(files.body.results[0].document as string);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    const videos = await listed(member.api, c.id, 'video');
    expect(videos.body.results.map((v: { title: string }) => v.title)).toEqual(['Intro', 'Second']);

    // The author's curriculum counters moved; their task counters did not.
    const u = await stored(author);
    expect(u.curriculumAttachmentsCount).toBe(4);
    expect(u.curriculumStorageBytes).toBe(2 * PNG.byteLength);
    expect(u.taskAttachmentsCount ?? 0).toBe(0);
    expect(u.storageBytes ?? 0).toBe(0);
    expect(await usage(author.api)).toMatchObject({
      curriculumAttachments: 4,
      taskAttachments: 0,
      storage: 0,
    });

    // Rename and delete give back exactly what was counted.
    const renamed = await author.api.patch(`/curriculum/attachment/${first.body.id}`, { title: 'Welcome' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Welcome');
    expect((await author.api.delete(`/curriculum/attachment/${file.body.id}`)).status).toBe(204);
    expect((await fetch(file.body.document as string)).status).toBe(404);
    const after = await stored(author);
    expect(after.curriculumAttachmentsCount).toBe(3);
    expect(after.curriculumStorageBytes).toBe(PNG.byteLength);
  });

  it('lets members read and only the author change; outsiders get 404 and nothing is written', async () => {
    const { author, member, outsider, c } = await world();
    const l = (await link(author.api, c.id)).body as { id: string };
    expect((await listed(outsider.api, c.id, 'video')).status).toBe(404);
    expect((await link(outsider.api, c.id)).status).toBe(404);
    expect((await outsider.api.patch(`/curriculum/attachment/${l.id}`, { title: 'X' })).status).toBe(404);
    expect((await outsider.api.delete(`/curriculum/attachment/${l.id}`)).status).toBe(404);
    expect(
      (await outsider.api.patch('/curriculum/attachment/order/', { attachments: [{ id: l.id, order: 9 }] }))
        .status,
    ).toBe(404);
    // A member sees, and may not change.
    expect((await link(member.api, c.id)).status).toBe(403);
    expect((await member.api.patch(`/curriculum/attachment/${l.id}`, { title: 'X' })).status).toBe(403);
    expect((await member.api.delete(`/curriculum/attachment/${l.id}`)).status).toBe(403);
    const up = await member.api.post('/curriculum/attachment/upload', {
      curriculum: c.id,
      files: [{ filename: 'a.txt', size: 5, content_type: 'text/plain' }],
    });
    expect(up.status).toBe(403);
    const now = (await listed(author.api, c.id, 'video')).body.results;
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ id: l.id, title: 'Intro' });
    expect((await stored(member)).curriculumAttachmentsCount ?? 0).toBe(0);
  });

  it('keeps task and curriculum attachments apart: neither route reaches the other’s', async () => {
    const { author, c } = await world();
    const t = await task(author.api, { title: 'Files', group: await privateGroup(author.api) });
    const taskLink = await author.api.post('/task/attachment', {
      task: t.id,
      title: 'T',
      document_url: VIDEO,
    });
    expect(taskLink.status).toBe(201);
    const curLink = (await link(author.api, c.id)).body as { id: string };
    expect((await author.api.patch(`/task/attachment/${curLink.id}`, { title: 'X' })).status).toBe(404);
    expect((await author.api.delete(`/task/attachment/${curLink.id}`)).status).toBe(404);
    expect(
      (await author.api.patch(`/curriculum/attachment/${taskLink.body.id}`, { title: 'X' })).status,
    ).toBe(404);
    expect((await author.api.delete(`/curriculum/attachment/${taskLink.body.id}`)).status).toBe(404);
    // An upload asked for a curriculum is confirmed only through the curriculum route.
    const asked = await author.api.post('/curriculum/attachment/upload', {
      curriculum: c.id,
      files: [{ filename: 'a.txt', size: 5, content_type: 'text/plain' }],
    });
    expect(asked.status).toBe(201);
    const uploadId = asked.body.results[0].upload_id as string;
    expect((await author.api.post(`/task/attachment/upload/${uploadId}/confirm`)).status).toBe(404);
    // A task id is no curriculum, and a curriculum id no task.
    expect((await listed(author.api, t.id, 'video')).status).toBe(404);
    expect((await author.api.get(`/task/attachment/${c.id}?q=video`)).status).toBe(404);
    expect((await author.api.get(`/task/attachment/${t.id}?q=video`)).body.results).toHaveLength(1);
  });
});

describe('the order', () => {
  it('reorders one curriculum’s attachments', async () => {
    const { author, member, c } = await world();
    const a = (await link(author.api, c.id, 'A')).body as { id: string };
    const b = (await link(author.api, c.id, 'B')).body as { id: string };
    const r = await author.api.patch('/curriculum/attachment/order/', {
      attachments: [
        { id: b.id, order: 0 },
        { id: a.id, order: 1 },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const titles = (await listed(member.api, c.id, 'video')).body.results.map(
      (v: { title: string }) => v.title,
    );
    expect(titles).toEqual(['B', 'A']);
  });

  it('refuses another curriculum’s attachment in the list, a task’s, and bad bodies — writing nothing', async () => {
    const { author, group, c } = await world();
    const other = await made(author.api, '/curriculum', { title: 'Other', group });
    const a = (await link(author.api, c.id, 'A')).body as { id: string; order: number };
    const b = (await link(author.api, c.id, 'B')).body as { id: string; order: number };
    const x = (await link(author.api, other.id, 'X')).body as { id: string; order: number };
    const orders = async () =>
      Object.fromEntries(
        await Promise.all(
          [a, b, x].map(async (i) => [
            i.id,
            (await AttachmentEntity.get({ attachmentId: i.id }).go()).data!.order,
          ]),
        ),
      );
    const before = await orders();

    const mixed = await author.api.patch('/curriculum/attachment/order/', {
      attachments: [
        { id: b.id, order: 0 },
        { id: a.id, order: 1 },
        { id: x.id, order: 2 },
      ],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors ?? mixed.body).toBeTruthy();
    expect(JSON.stringify(mixed.body)).toContain(ATTACHMENT_MESSAGES.oneCurriculum);
    expect(await orders()).toEqual(before);

    const t = await task(author.api, { title: 'Files', group: await privateGroup(author.api) });
    const taskLink = (
      await author.api.post('/task/attachment', { task: t.id, title: 'T', document_url: VIDEO })
    ).body as { id: string };
    const withTask = await author.api.patch('/curriculum/attachment/order/', {
      attachments: [
        { id: b.id, order: 0 },
        { id: taskLink.id, order: 1 },
      ],
    });
    expect(withTask.status).toBe(404);
    const unknown = await author.api.patch('/curriculum/attachment/order/', {
      attachments: [
        { id: b.id, order: 0 },
        { id: randomUUID(), order: 1 },
      ],
    });
    expect(unknown.status).toBe(404);
    for (const body of [
      {},
      { attachments: [] },
      { attachments: [{ id: a.id, order: -1 }] },
      {
        attachments: [
          { id: a.id, order: 1 },
          { id: a.id, order: 2 },
        ],
      },
    ]) {
      const r = await author.api.patch('/curriculum/attachment/order/', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect(await orders()).toEqual(before);
  });
});

describe('bad input', () => {
  it('refuses a link without a curriculum, title or valid URL, and a drop without one, with the API’s error body', async () => {
    const { author, c } = await world();
    for (const body of [
      { title: 'Intro', document_url: VIDEO },
      { curriculum: c.id, title: '', document_url: VIDEO },
      { curriculum: c.id, title: 'Intro', document_url: 'javascript:alert(1)' },
      { curriculum: c.id, task: c.id, title: 'Intro', document_url: VIDEO },
    ]) {
      const r = await author.api.post('/curriculum/attachment', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBeTruthy();
    }
    const noOwner = await author.api.post('/curriculum/attachment/upload', {
      files: [{ filename: 'a.txt', size: 5, content_type: 'text/plain' }],
    });
    expect(noOwner.status).toBe(400);
    const fd = new FormData();
    fd.append('document', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'small.png');
    expect((await author.api.raw('POST', '/curriculum/attachment', { body: fd })).status).toBe(400);
    expect((await link(author.api, randomUUID())).status).toBe(404);
    expect((await listed(author.api, c.id, 'video')).body.results).toEqual([]);
    expect((await stored(author)).curriculumAttachmentsCount ?? 0).toBe(0);
  });
});

describe('the plan’s limits (spec 000 §9)', () => {
  it('refuses a plan without curricula as curriculumAttachments, with the spec’s detail', async () => {
    const { author, c } = await world();
    const u = await stored(author);
    await UserEntity.patch({ userId: author.userId })
      .set({ subscription: { ...u.subscription, package: 'standard_license' } })
      .go();
    const r = await link(author.api, c.id);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('subscription.limit-reached');
    expect(r.body.detail).toMatchObject({ event: 'curriculumAttachments', limit: 0, current_count: 0 });
    expect((await listed(author.api, c.id, 'video')).body.results).toEqual([]);
  });

  it('refuses the attachment past curriculumAttachments and the file past curriculumStorage, counting nothing', async () => {
    const { author, c } = await world();
    const pkg = (await stored(author)).subscription.package as SubscriptionPackage;
    const maxCount = LIMITS[pkg].curriculumAttachments;
    const maxMb = LIMITS[pkg].curriculumStorage;
    await UserEntity.patch({ userId: author.userId }).set({ curriculumAttachmentsCount: maxCount }).go();
    const overCount = await link(author.api, c.id);
    expect(overCount.status).toBe(400);
    expect(overCount.body.detail).toMatchObject({
      event: 'curriculumAttachments',
      limit: maxCount,
      current_count: maxCount,
    });
    expect((await usage(author.api)).curriculumAttachments).toBe(maxCount);

    // Room for one small image and 10 bytes more.
    await UserEntity.patch({ userId: author.userId })
      .set({
        curriculumAttachmentsCount: 0,
        curriculumStorageBytes: maxMb * BYTES_PER_MB - PNG.byteLength - 10,
      })
      .go();
    const asked = await author.api.post('/curriculum/attachment/upload', {
      curriculum: c.id,
      files: [
        { filename: 'a.png', size: PNG.byteLength, content_type: 'image/png' },
        { filename: 'b.png', size: PNG.byteLength, content_type: 'image/png' },
      ],
    });
    expect(asked.status).toBe(400);
    expect(asked.body.fallback_message).toBe(ATTACHMENT_MESSAGES.overStorage);
    expect(asked.body.detail).toMatchObject({ event: 'curriculumStorage', limit: maxMb });
    const ok = await upload(author.api, c.id, 'a.png', PNG, 'image/png');
    expect(ok.status).toBe(201);
    const u = await stored(author);
    expect(u.curriculumStorageBytes).toBe(maxMb * BYTES_PER_MB - 10);
    expect(u.curriculumAttachmentsCount).toBe(1);
    // The task quota is a separate one: untouched.
    expect(u.storageBytes ?? 0).toBe(0);
  });
});

describe('concurrent confirms', () => {
  it('count to the byte: of two confirms that each fit alone, only one fits the curriculum storage left', async () => {
    const { author, c } = await world();
    const pkg = (await stored(author)).subscription.package as SubscriptionPackage;
    const limit = LIMITS[pkg].curriculumStorage * BYTES_PER_MB;
    await UserEntity.patch({ userId: author.userId })
      .set({ curriculumStorageBytes: limit - PNG.byteLength - 10 })
      .go();
    const ask = async () => {
      const r = await author.api.post('/curriculum/attachment/upload', {
        curriculum: c.id,
        files: [{ filename: 'a.png', size: PNG.byteLength, content_type: 'image/png' }],
      });
      expect(r.status).toBe(201);
      const t = r.body.results[0] as Ticket;
      const fd = new FormData();
      for (const [k, v] of t.fields) fd.append(k, v);
      fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
      const s3 = await fetch(t.url, { method: 'POST', body: fd });
      await s3.arrayBuffer();
      return t;
    };
    const [t1, t2] = [await ask(), await ask()];
    const results = await Promise.all(
      [t1, t2].map((t) => author.api.post(`/curriculum/attachment/upload/${t.upload_id}/confirm`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.detail).toMatchObject({ event: 'curriculumStorage' });
    const u = await stored(author);
    expect(u.curriculumStorageBytes).toBe(limit - 10);
    expect(u.curriculumAttachmentsCount).toBe(1);
    expect((await listed(author.api, c.id, 'file')).body.results).toHaveLength(1);
  });
});

describe('cloning a curriculum', () => {
  it('copies its links and files in order, counted on whoever clones it; the copies outlive the source', async () => {
    const { author, member, c } = await world();
    expect((await upload(author.api, c.id, 'diagram.png', PNG, 'image/png')).status).toBe(201);
    expect((await link(author.api, c.id, 'Intro')).status).toBe(201);
    expect((await link(author.api, c.id, 'Second', 'https://vimeo.com/76979871')).status).toBe(201);
    const before = await stored(author);

    const copy = await made(member.api, `/curriculum/clone/${c.id}`, {});
    const files = await listed(member.api, copy.id, 'file');
    expect(files.body.results.map((f: { filename: string }) => f.filename)).toEqual(['diagram.png']);
    const original = (await listed(author.api, c.id, 'file')).body.results[0];
    expect(files.body.results[0].id).not.toBe(original.id);
    const videos = await listed(member.api, copy.id, 'video');
    expect(videos.body.results.map((v: { title: string }) => v.title)).toEqual(['Intro', 'Second']);
    // Counted on the one who cloned; the author's counters stay as they were.
    const m = await stored(member);
    expect(m.curriculumAttachmentsCount).toBe(3);
    expect(m.curriculumStorageBytes).toBe(PNG.byteLength);
    const a = await stored(author);
    expect(a.curriculumAttachmentsCount).toBe(before.curriculumAttachmentsCount);
    expect(a.curriculumStorageBytes).toBe(before.curriculumStorageBytes);

    // The source goes, with its files; the copy's file is its own and stays.
    expect((await author.api.delete(`/curriculum/${c.id}`)).status).toBe(204);
    const deadline = Date.now() + 20_000;
    while (((await stored(author)).curriculumAttachmentsCount ?? 0) !== 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(original.document as string)).status).toBe(404);
    const kept = (await listed(member.api, copy.id, 'file')).body.results[0];
    const got = await fetch(kept.document as string);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('refuses a clone whose attachments do not fit the cloner’s plan, writing nothing', async () => {
    const { author, member, c } = await world();
    expect((await upload(author.api, c.id, 'diagram.png', PNG, 'image/png')).status).toBe(201);
    const pkg = (await stored(member)).subscription.package as SubscriptionPackage;
    const maxMb = LIMITS[pkg].curriculumStorage;
    // One byte too few for the image.
    await UserEntity.patch({ userId: member.userId })
      .set({ curriculumStorageBytes: maxMb * BYTES_PER_MB - PNG.byteLength + 1 })
      .go();
    const r = await member.api.post(`/curriculum/clone/${c.id}`, {});
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatchObject({ event: 'curriculumStorage', limit: maxMb });
    const m = await stored(member);
    expect(m.curriculumAttachmentsCount ?? 0).toBe(0);
    expect(m.totalCurriculumsCount ?? 0).toBe(0);
  });
});

describe('deleting a curriculum', () => {
  it('deletes its files and gives the author’s counters back, after the delete', async () => {
    const { author, c } = await world();
    const f = await upload(author.api, c.id, 'photo.png', PNG, 'image/png');
    expect(f.status).toBe(201);
    expect((await link(author.api, c.id)).status).toBe(201);
    expect((await stored(author)).curriculumAttachmentsCount).toBe(2);
    expect((await author.api.delete(`/curriculum/${c.id}`)).status).toBe(204);
    const deadline = Date.now() + 20_000;
    while (((await stored(author)).curriculumAttachmentsCount ?? 0) !== 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const u = await stored(author);
    expect(u.curriculumAttachmentsCount).toBe(0);
    expect(u.curriculumStorageBytes).toBe(0);
    expect((await fetch(f.body.document as string)).status).toBe(404);
    const left = await AttachmentEntity.query.byTask({ taskId: `curriculum:${c.id}` }).go();
    expect(left.data).toEqual([]);
  });
});
