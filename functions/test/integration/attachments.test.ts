/**
 * Attachments against the local stack (issue 13): the presigned upload and its confirm through s3rver,
 * every bad input of the issue, the quota arithmetic, and a deleted task's files going with it.
 * s3rver enforces no POST policy (LOCAL-STACK-FACTS), so what a browser could push past the policy is
 * uploaded here directly, and the confirm step must refuse it.
 */
import { AttachmentUploadEntity } from '@tandem/functions/db/entities/attachment';
import { UserEntity } from '@tandem/functions/db/entities/user';
import {
  ATTACHMENT_MESSAGES,
  BYTES_PER_MB,
  LIMITS,
  MAX_ATTACHMENT_BYTES,
  type SubscriptionPackage,
} from '@tandem/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Api, person, privateGroup, task } from './support.ts';

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
const PDF = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

async function newTask(api: Api, title = 'Files') {
  return (await task(api, { title, group: await privateGroup(api) })).id as string;
}

async function requestUploads(
  api: Api,
  taskId: string,
  files: Array<{ filename: string; size: number; content_type: string }>,
) {
  return api.post('/task/attachment/upload', { task: taskId, files });
}

/** Posts the file to the bucket with the presigned form, as the browser does. */
async function post(ticket: Ticket, data: Buffer, type: string) {
  const fd = new FormData();
  for (const [k, v] of ticket.fields) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(data)], { type }), ticket.filename);
  const r = await fetch(ticket.url, { method: 'POST', body: fd });
  await r.arrayBuffer();
  return r.status;
}

/** Requests, posts and confirms one file; answers the confirm's response. */
async function upload(api: Api, taskId: string, filename: string, data: Buffer, type: string) {
  const r = await requestUploads(api, taskId, [{ filename, size: data.byteLength, content_type: type }]);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const ticket = r.body.results[0] as Ticket;
  expect(await post(ticket, data, type)).toBeLessThan(300);
  return api.post(`/task/attachment/upload/${ticket.upload_id}/confirm`);
}

async function usage(api: Api) {
  const r = await api.get('/user/subscription/limit?event=storage,taskAttachments');
  const by = Object.fromEntries(
    (r.body.results as Array<{ event: string; current_storage?: number; current_count?: number }>).map(
      (x) => [x.event, x.current_storage ?? x.current_count],
    ),
  );
  return { storage: by.storage as number, count: by.taskAttachments as number };
}
const storedBytes = async (p: Person) =>
  (await UserEntity.get({ userId: p.userId }).go()).data?.storageBytes ?? 0;
const storedCount = async (p: Person) =>
  (await UserEntity.get({ userId: p.userId }).go()).data?.taskAttachmentsCount ?? 0;

const files = (api: Api, taskId: string) =>
  api.get(`/task/attachment/${taskId}?q=file`).then((r) => r.body.results as Array<Record<string, unknown>>);

let ann: Person;
beforeAll(async () => {
  ann = await person('Ann');
});

describe('the presigned upload', () => {
  it('uploads, confirms, lists with download links, counts, and gives the quota back on delete', async () => {
    const taskId = await newTask(ann.api);
    const a = await upload(ann.api, taskId, 'photo.png', PNG, 'image/png');
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    const b = await upload(ann.api, taskId, 'report.pdf', PDF, 'application/pdf');
    expect(b.status).toBe(201);
    expect(a.body).toMatchObject({
      filename: 'photo.png',
      file_type: 'image',
      size: PNG.byteLength,
      order: 0,
    });
    expect(b.body).toMatchObject({
      filename: 'report.pdf',
      file_type: 'document',
      order: 1,
      thumbnail: null,
    });

    const list = await files(ann.api, taskId);
    expect(list.map((f) => f.filename)).toEqual(['photo.png', 'report.pdf']);
    // The download saves the file; an image the app shows comes with its checked type.
    const dl = await fetch(list[1]!.document as string);
    expect(Buffer.from(await dl.arrayBuffer()).equals(PDF)).toBe(true);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="report\.pdf"/);
    const thumb = await fetch(list[0]!.thumbnail as string);
    expect(thumb.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await thumb.arrayBuffer()).equals(PNG)).toBe(true);
    // Stored under a generated key, never the name.
    expect(new URL(list[1]!.document as string).pathname).toMatch(
      new RegExp(`/tasks/${taskId}/[0-9a-f-]{36}$`),
    );

    const bytes = PNG.byteLength + PDF.byteLength;
    expect(await storedBytes(ann)).toBe(bytes);
    expect(await usage(ann.api)).toEqual({
      storage: Math.round((bytes / BYTES_PER_MB) * 100) / 100,
      count: 2,
    });

    expect((await ann.api.delete(`/task/attachment/${a.body.id}`)).status).toBe(204);
    expect(await storedBytes(ann)).toBe(PDF.byteLength);
    expect(await storedCount(ann)).toBe(1);
    expect((await fetch(list[0]!.document as string)).status).toBe(404);
    expect((await files(ann.api, taskId)).map((f) => f.filename)).toEqual(['report.pdf']);
    expect((await ann.api.delete(`/task/attachment/${a.body.id}`)).status).toBe(404);
  });

  it('confirms an upload once: the second confirm is not found and counts nothing', async () => {
    const taskId = await newTask(ann.api);
    const before = await storedBytes(ann);
    const r = await requestUploads(ann.api, taskId, [
      { filename: 'a.txt', size: 5, content_type: 'text/plain' },
    ]);
    const t = r.body.results[0] as Ticket;
    await post(t, Buffer.from('hello'), 'text/plain');
    expect((await ann.api.post(`/task/attachment/upload/${t.upload_id}/confirm`)).status).toBe(201);
    expect((await ann.api.post(`/task/attachment/upload/${t.upload_id}/confirm`)).status).toBe(404);
    expect(await storedBytes(ann)).toBe(before + 5);
  });

  it('keeps small files through the spec’s multipart form, with the same checks', async () => {
    const taskId = await newTask(ann.api);
    const form = (data: Buffer, name: string, type: string) => {
      const fd = new FormData();
      fd.append('task', taskId);
      fd.append('document', new Blob([new Uint8Array(data)], { type }), name);
      return fd;
    };
    const ok = await ann.api.raw('POST', '/task/attachment', { body: form(PNG, 'small.png', 'image/png') });
    expect(ok.status).toBe(201);
    const bad = await ann.api.raw('POST', '/task/attachment', { body: form(EXE, 'cat.png', 'image/png') });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fallback_message: string }).fallback_message).toBe(
      ATTACHMENT_MESSAGES.executable,
    );
    expect((await files(ann.api, taskId)).map((f) => f.filename)).toEqual(['small.png']);
  });
});

describe('bad input (issue 13)', () => {
  it('refuses a 21 MB file at the upload request, and again at confirm when pushed past the policy', async () => {
    const taskId = await newTask(ann.api);
    const big = MAX_ATTACHMENT_BYTES + BYTES_PER_MB;
    const asked = await requestUploads(ann.api, taskId, [
      { filename: 'big.pdf', size: big, content_type: 'application/pdf' },
    ]);
    expect(asked.status).toBe(400);
    expect(asked.body.fallback_message).toBe(ATTACHMENT_MESSAGES.tooLarge);

    // A small declared size, then 21 MB sent straight to the bucket (s3rver checks no policy).
    const before = { bytes: await storedBytes(ann), count: await storedCount(ann) };
    const r = await requestUploads(ann.api, taskId, [
      { filename: 'big.pdf', size: 1024, content_type: 'application/pdf' },
    ]);
    const t = r.body.results[0] as Ticket;
    const data = Buffer.concat([PDF, Buffer.alloc(big - PDF.byteLength, 0x20)]);
    expect(await post(t, data, 'application/pdf')).toBeLessThan(300);
    const c = await ann.api.post(`/task/attachment/upload/${t.upload_id}/confirm`);
    expect(c.status).toBe(400);
    expect(c.body.fallback_message).toBe(ATTACHMENT_MESSAGES.tooLarge);
    expect({ bytes: await storedBytes(ann), count: await storedCount(ann) }).toEqual(before);
    expect(await files(ann.api, taskId)).toEqual([]);
    // The upload is forgotten: confirming it again finds nothing.
    expect((await ann.api.post(`/task/attachment/upload/${t.upload_id}/confirm`)).status).toBe(404);
  });

  it('refuses 16 files in one drop and writes nothing', async () => {
    const taskId = await newTask(ann.api);
    const file = { filename: 'a.txt', size: 3, content_type: 'text/plain' };
    const r = await requestUploads(ann.api, taskId, Array(16).fill(file));
    expect(r.status).toBe(400);
    expect(r.body.fallback_message).toBe(ATTACHMENT_MESSAGES.tooMany);
    const uploads = await AttachmentUploadEntity.query.byUser({ userId: ann.userId }).go({ pages: 'all' });
    expect(uploads.data.filter((u) => u.taskId === taskId)).toEqual([]);
    expect((await requestUploads(ann.api, taskId, Array(15).fill(file))).status).toBe(201);
  });

  it('refuses an executable renamed .png, and a file of another size or type than declared', async () => {
    const taskId = await newTask(ann.api);
    const before = await storedBytes(ann);
    const exe = await upload(ann.api, taskId, 'cat.png', EXE, 'image/png');
    expect(exe.status).toBe(400);
    expect(exe.body.fallback_message).toBe(ATTACHMENT_MESSAGES.executable);
    const text = await upload(ann.api, taskId, 'cat.png', Buffer.from('not an image at all'), 'image/png');
    expect(text.body.fallback_message).toBe(ATTACHMENT_MESSAGES.contentMismatch);

    const r = await requestUploads(ann.api, taskId, [
      { filename: 'a.png', size: PNG.byteLength, content_type: 'image/png' },
      { filename: 'b.png', size: PNG.byteLength, content_type: 'image/png' },
    ]);
    const [sized, typed] = r.body.results as Ticket[];
    await post(sized!, Buffer.concat([PNG, Buffer.from('xx')]), 'image/png');
    expect(
      (await ann.api.post(`/task/attachment/upload/${sized!.upload_id}/confirm`)).body.fallback_message,
    ).toBe(ATTACHMENT_MESSAGES.sizeMismatch);
    // The policy fixes the type; s3rver does not, so the form's type is changed here.
    await post(
      { ...typed!, fields: typed!.fields.map(([k, v]) => [k, k === 'Content-Type' ? 'text/html' : v]) },
      PNG,
      'text/html',
    );
    expect(
      (await ann.api.post(`/task/attachment/upload/${typed!.upload_id}/confirm`)).body.fallback_message,
    ).toBe(ATTACHMENT_MESSAGES.typeMismatch);
    expect(await storedBytes(ann)).toBe(before);
    expect(await files(ann.api, taskId)).toEqual([]);
  });

  it('never counts an upload that is not confirmed; its item expires by TTL', async () => {
    const taskId = await newTask(ann.api);
    const before = { bytes: await storedBytes(ann), count: await storedCount(ann) };
    const r = await requestUploads(ann.api, taskId, [
      { filename: 'p.png', size: PNG.byteLength, content_type: 'image/png' },
    ]);
    const t = r.body.results[0] as Ticket;
    expect(await post(t, PNG, 'image/png')).toBeLessThan(300);
    expect({ bytes: await storedBytes(ann), count: await storedCount(ann) }).toEqual(before);
    expect(await files(ann.api, taskId)).toEqual([]);
    const item = (await AttachmentUploadEntity.get({ userId: ann.userId, uploadId: t.upload_id }).go()).data!;
    const inADay = Math.floor(Date.now() / 1000) + 24 * 3600;
    expect(Math.abs(item.ttl - inADay)).toBeLessThan(60);
    // The key is under the prefix the bucket's lifecycle rule expires.
    expect(item.objectKey.startsWith(`uploads/${ann.userId}/`)).toBe(true);
    // Past its TTL (DynamoDB removes such items within days): refused even while still stored.
    await AttachmentUploadEntity.delete({ userId: ann.userId, uploadId: t.upload_id }).go();
    await AttachmentUploadEntity.create({ ...item, ttl: Math.floor(Date.now() / 1000) - 1 }).go();
    expect((await ann.api.post(`/task/attachment/upload/${t.upload_id}/confirm`)).status).toBe(404);
  });

  it("answers 404 to a confirm of someone else's upload, and leaves it theirs", async () => {
    const taskId = await newTask(ann.api);
    const r = await requestUploads(ann.api, taskId, [
      { filename: 'p.png', size: PNG.byteLength, content_type: 'image/png' },
    ]);
    const t = r.body.results[0] as Ticket;
    await post(t, PNG, 'image/png');
    const bob = await person('Bob');
    expect((await bob.api.post(`/task/attachment/upload/${t.upload_id}/confirm`)).status).toBe(404);
    expect(await storedBytes(bob)).toBe(0);
    expect((await ann.api.post(`/task/attachment/upload/${t.upload_id}/confirm`)).status).toBe(201);
    // Nor can Bob see, rename or delete Ann's attachment on her private task.
    const [f] = await files(ann.api, taskId);
    expect((await bob.api.get(`/task/attachment/${taskId}?q=file`)).status).toBe(404);
    expect((await bob.api.patch(`/task/attachment/${f!.id}`, { title: 'x' })).status).toBe(404);
    expect((await bob.api.delete(`/task/attachment/${f!.id}`)).status).toBe(404);
  });

  it('keeps a name with path parts or control characters only as sanitised metadata', async () => {
    const taskId = await newTask(ann.api);
    const c = await upload(ann.api, taskId, '../../etc/pass\u0007wd\r\n.txt', Buffer.from('x'), 'text/plain');
    expect(c.status).toBe(201);
    expect(c.body.filename).toBe('passwd.txt');
    expect(new URL(c.body.document).pathname).not.toMatch(/passwd|\.\./);
  });
});

describe('the quota (spec 000 §9)', () => {
  it('refuses before the presign what would pass the storage left, and counts to the byte', async () => {
    const cy = await person('Cy');
    const taskId = await newTask(cy.api);
    // The plan's storage with room for one small image and 10 bytes more: set on the counter as earlier uploads would have.
    const pkg = (await UserEntity.get({ userId: cy.userId }).go()).data!.subscription
      .package as SubscriptionPackage;
    const limitMb = LIMITS[pkg].storage;
    const limit = limitMb * BYTES_PER_MB;
    await UserEntity.patch({ userId: cy.userId })
      .set({ storageBytes: limit - PNG.byteLength - 10 })
      .go();
    const over = await requestUploads(cy.api, taskId, [
      { filename: 'a.png', size: PNG.byteLength, content_type: 'image/png' },
      { filename: 'b.png', size: PNG.byteLength, content_type: 'image/png' },
    ]);
    expect(over.status).toBe(400);
    expect(over.body.fallback_message).toBe('File size exceeds the remaining storage limit.');
    expect(over.body.detail).toMatchObject({ event: 'storage', limit: limitMb });

    // Two single uploads each fit the request; only the first confirm fits the quota.
    const one = async () =>
      (
        await requestUploads(cy.api, taskId, [
          { filename: 'a.png', size: PNG.byteLength, content_type: 'image/png' },
        ])
      ).body.results[0] as Ticket;
    const [t1, t2] = [await one(), await one()];
    await post(t1, PNG, 'image/png');
    await post(t2, PNG, 'image/png');
    const results = await Promise.all(
      [t1, t2].map((t) => cy.api.post(`/task/attachment/upload/${t.upload_id}/confirm`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.fallback_message).toBe(
      ATTACHMENT_MESSAGES.overStorage,
    );
    expect(await storedBytes(cy)).toBe(limit - 10);
    expect(await storedCount(cy)).toBe(1);
    expect(await files(cy.api, taskId)).toHaveLength(1);
  });

  it('counts a video link as an attachment without storage, and gives it back on delete', async () => {
    const dee = await person('Dee');
    const taskId = await newTask(dee.api);
    const bad = await dee.api.post('/task/attachment', { task: taskId, title: '', document_url: 'nope' });
    expect(bad.status).toBe(400);
    const link = await dee.api.post('/task/attachment', {
      task: taskId,
      title: 'Intro',
      document_url: 'https://youtu.be/dQw4w9WgXcQ',
      file_type: 'video',
    });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({ file_type: 'video', document: null, title: 'Intro' });
    const second = await dee.api.post('/task/attachment', {
      task: taskId,
      title: 'Two',
      document_url: 'https://vimeo.com/76979871',
    });
    expect(await usage(dee.api)).toEqual({ storage: 0, count: 2 });
    expect((await dee.api.get(`/task/attachment/${taskId}?q=file`)).body.results).toEqual([]);

    const renamed = await dee.api.patch(`/task/attachment/${link.body.id}`, { title: 'Welcome' });
    expect(renamed.body.title).toBe('Welcome');
    const order = await dee.api.patch('/task/attachment/order/', {
      attachments: [
        { id: second.body.id, order: 0 },
        { id: link.body.id, order: 1 },
      ],
    });
    expect(order.status).toBe(200);
    const videos = (await dee.api.get(`/task/attachment/${taskId}?q=video`)).body.results as Array<{
      title: string;
    }>;
    expect(videos.map((v) => v.title)).toEqual(['Two', 'Welcome']);
    expect((await dee.api.delete(`/task/attachment/${link.body.id}`)).status).toBe(204);
    expect(await usage(dee.api)).toEqual({ storage: 0, count: 1 });
  });
});

describe('deleting a task', () => {
  it('deletes its files and gives their storage back, after the delete', async () => {
    const eve = await person('Eve');
    const taskId = await newTask(eve.api);
    const c = await upload(eve.api, taskId, 'photo.png', PNG, 'image/png');
    expect(c.status).toBe(201);
    expect(await storedBytes(eve)).toBe(PNG.byteLength);
    expect((await eve.api.delete(`/task/${taskId}`)).status).toBe(204);
    const deadline = Date.now() + 20_000;
    while ((await storedBytes(eve)) !== 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await storedBytes(eve)).toBe(0);
    expect(await storedCount(eve)).toBe(0);
    expect((await fetch(c.body.document as string)).status).toBe(404);
  });
});
