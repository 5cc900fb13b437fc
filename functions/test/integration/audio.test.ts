/**
 * Audio tasks against the local stack (issue 13 item 4; decisions D47): a task made with inputType
 * 'audio' keeps it; its tracks are its audio files, uploaded by the attachments' presigned path and
 * listed with ?q=audio in order; a real MediaRecorder recording (WebM/Opus, recorded once with
 * Chromium's fake microphone: fixtures/recorded.webm) is kept, text renamed .webm is refused by the
 * content check and never counted; the player link serves the track inline as its audio type.
 */
import { readFileSync } from 'node:fs';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { ATTACHMENT_MESSAGES } from '@tandem/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { wav } from '../../../scripts/src/testing/wav.ts';
import { type Api, person, privateGroup, task } from './support.ts';

type Person = Awaited<ReturnType<typeof person>>;
interface Ticket {
  upload_id: string;
  filename: string;
  url: string;
  fields: Array<[string, string]>;
}

const RECORDED = readFileSync(new URL('./fixtures/recorded.webm', import.meta.url));

/** Requests, posts (as the browser does) and confirms one file; answers the confirm's response. */
async function upload(api: Api, taskId: string, filename: string, data: Buffer, type: string) {
  const r = await api.post('/task/attachment/upload', {
    task: taskId,
    files: [{ filename, size: data.byteLength, content_type: type }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const ticket = r.body.results[0] as Ticket;
  const fd = new FormData();
  for (const [k, v] of ticket.fields) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(data)], { type }), ticket.filename);
  const posted = await fetch(ticket.url, { method: 'POST', body: fd });
  await posted.arrayBuffer();
  expect(posted.status).toBeLessThan(300);
  return api.post(`/task/attachment/upload/${ticket.upload_id}/confirm`);
}

const tracks = (api: Api, taskId: string) =>
  api.get(`/task/attachment/${taskId}?q=audio`).then((r) => {
    expect(r.status).toBe(200);
    return r.body.results as Array<Record<string, unknown>>;
  });
const stored = async (p: Person) => {
  const u = (await UserEntity.get({ userId: p.userId }).go()).data;
  return { bytes: u?.storageBytes ?? 0, count: u?.taskAttachmentsCount ?? 0 };
};

let ann: Person;
let group: string;
beforeAll(async () => {
  ann = await person('Ann');
  group = await privateGroup(ann.api);
});

describe('an audio task', () => {
  it("keeps inputType 'audio' from its creation, in every read; an ordinary task has none", async () => {
    const made = await task(ann.api, {
      title: 'Voice memo',
      group,
      details: { description: 'Said on the way home' },
      input_type: 'audio',
    });
    expect(made.input_type).toBe('audio');
    const read = await ann.api.get(`/task/${made.id}`);
    expect(read.status).toBe(200);
    expect(read.body.input_type).toBe('audio');
    expect(read.body.task_details.description).toBe('Said on the way home');
    const listed = await ann.api.get(`/task?group=${group}`);
    expect(listed.body.results.find((t: { id: string }) => t.id === made.id).input_type).toBe('audio');

    const plain = await task(ann.api, { title: 'Plain', group });
    expect(plain.input_type).toBeNull();
    expect((await ann.api.get(`/task/${plain.id}`)).body.input_type).toBeNull();
  });

  it('refuses an input type that is not audio, and writes nothing', async () => {
    const title = `Bad input ${Date.now()}`;
    const r = await ann.api.post('/task', { title, group, input_type: 'video' });
    expect(r.status).toBe(400);
    const listed = await ann.api.get(`/task?group=${group}`);
    expect(listed.body.results.some((t: { title: string }) => t.title === title)).toBe(false);
  });
});

describe('its tracks', () => {
  it('takes a recording the browser made (WebM/Opus), counts it, and plays it inline as audio/webm', async () => {
    const taskId = (await task(ann.api, { title: 'Recorded', group, input_type: 'audio' })).id as string;
    const before = await stored(ann);
    const r = await upload(ann.api, taskId, 'Recording 1.webm', RECORDED, 'audio/webm');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      filename: 'Recording 1.webm',
      file_type: 'audio',
      size: RECORDED.byteLength,
    });
    expect(await stored(ann)).toEqual({ bytes: before.bytes + RECORDED.byteLength, count: before.count + 1 });

    const [track] = await tracks(ann.api, taskId);
    expect(track).toMatchObject({ id: r.body.id, filename: 'Recording 1.webm' });
    const played = await fetch(track!.player as string);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/webm');
    expect(played.headers.get('content-disposition') ?? 'inline').toMatch(/^inline/);
    expect(Buffer.from(await played.arrayBuffer()).equals(RECORDED)).toBe(true);
    // The download link stays a download, as for every file.
    const dl = await fetch(track!.document as string);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment/);
    await dl.arrayBuffer();
  });

  it('refuses text renamed .webm: deleted, never listed, never counted', async () => {
    const taskId = (await task(ann.api, { title: 'Fake', group, input_type: 'audio' })).id as string;
    const before = await stored(ann);
    const fake = Buffer.from('This is a shopping list, not a recording.\n');
    const r = await upload(ann.api, taskId, 'Recording 1.webm', fake, 'audio/webm');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(ATTACHMENT_MESSAGES.contentMismatch);
    expect(await tracks(ann.api, taskId)).toEqual([]);
    expect(await stored(ann)).toEqual(before);
  });

  it('lists the tracks in order, audio files only; the attachments list still has every file', async () => {
    const taskId = (await task(ann.api, { title: 'Three tracks', group, input_type: 'audio' })).id as string;
    const w = wav(300);
    expect((await upload(ann.api, taskId, 'first.wav', w, 'audio/wav')).status).toBe(201);
    expect(
      (await upload(ann.api, taskId, 'notes.txt', Buffer.from('not a track'), 'text/plain')).status,
    ).toBe(201);
    expect((await upload(ann.api, taskId, 'Recording 2.webm', RECORDED, 'audio/webm')).status).toBe(201);
    expect((await upload(ann.api, taskId, 'third.wav', w, 'audio/wav')).status).toBe(201);

    const list = await tracks(ann.api, taskId);
    expect(list.map((t) => t.filename)).toEqual(['first.wav', 'Recording 2.webm', 'third.wav']);
    const wavPlayed = await fetch(list[0]!.player as string);
    expect(wavPlayed.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await wavPlayed.arrayBuffer()).equals(w)).toBe(true);

    const files = (await ann.api.get(`/task/attachment/${taskId}?q=file`)).body.results as Array<{
      filename: string;
      player: string | null;
    }>;
    expect(files.map((f) => f.filename)).toEqual(['first.wav', 'notes.txt', 'Recording 2.webm', 'third.wav']);
    expect(files[1]!.player).toBeNull();

    // Reordered like any attachment: the tracks follow.
    const order = [list[2]!, list[0]!, list[1]!].map((t, i) => ({ id: t.id, order: i }));
    expect((await ann.api.patch('/task/attachment/order/', { attachments: order })).status).toBe(200);
    expect((await tracks(ann.api, taskId)).map((t) => t.filename)).toEqual([
      'third.wav',
      'first.wav',
      'Recording 2.webm',
    ]);

    // A deleted track leaves the list and gives its share back.
    const before = await stored(ann);
    expect((await ann.api.delete(`/task/attachment/${list[0]!.id}`)).status).toBe(204);
    expect((await tracks(ann.api, taskId)).map((t) => t.filename)).toEqual(['third.wav', 'Recording 2.webm']);
    expect(await stored(ann)).toEqual({ bytes: before.bytes - w.byteLength, count: before.count - 1 });
  });

  it('are not listed for someone who cannot see the task (404)', async () => {
    const taskId = (await task(ann.api, { title: 'Private memo', group, input_type: 'audio' })).id as string;
    const bob = await person('Bob');
    expect((await bob.api.get(`/task/attachment/${taskId}?q=audio`)).status).toBe(404);
  });
});
