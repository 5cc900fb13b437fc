/**
 * Live updates on DynamoDB Local's real stream (docs/realtime.md): a task change in a shared group
 * reaches the other member's socket through the local gateway's /ws, an outsider's socket hears
 * nothing, and a connection that has gone is deleted when the consumer posts to it. The stack's
 * stream runner calls the same consumer Lambda calls in AWS.
 */
import { randomUUID } from 'node:crypto';
import { ATTACHMENT_EVENT_TYPE, ROLES, TASK_EVENT_TYPES, type TaskEvent } from '@tandem/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { taskChangeRecords } from '../../../scripts/src/testing/stream-records.ts';
import { listen as openSocket } from './sockets.ts';
import { addMember, newGroup, person, privateGroup, task } from './support.ts';

/** A socket of the person, recording every message it receives. */
async function listen(token: string) {
  const { ws, messages } = await openSocket(token);
  const events = (taskId: string) => messages.filter((m) => m.task_id === taskId) as unknown as TaskEvent[];
  return { ws, messages, events };
}

let a: Awaited<ReturnType<typeof person>>;
let b: Awaited<ReturnType<typeof person>>;
let outsider: Awaited<ReturnType<typeof person>>;
let groupId: string;

beforeAll(async () => {
  [a, b, outsider] = await Promise.all([person('Ada'), person('Bo'), person('Olu')]);
  groupId = (await newGroup(a.api)).id;
  await addMember(a.api, groupId, b, ROLES.standard);
});

describe('live task updates', () => {
  test("A's new task and its change in a shared group reach B's socket, and never an outsider's", async () => {
    const bSocket = await listen(b.accessToken);
    const outsiderSocket = await listen(outsider.accessToken);

    const created = await task(a.api, { title: 'Live one', group: groupId });
    await expect
      .poll(() => bSocket.events(created.id).map((e) => e.type))
      .toEqual([TASK_EVENT_TYPES.created]);
    const [event] = bSocket.events(created.id);
    expect(event).toMatchObject({ task_id: created.id, group_id: groupId, parent_id: null, version: 1 });
    expect(event!.id).toEqual(expect.any(String));

    const r = await a.api.patch(`/task/${created.id}`, { title: 'Live one, renamed' });
    expect(r.status).toBe(200);
    await expect
      .poll(() => bSocket.events(created.id).map((e) => e.type))
      .toEqual([TASK_EVENT_TYPES.created, TASK_EVENT_TYPES.changed]);
    const [first, second] = bSocket.events(created.id);
    expect(second!.id).not.toBe(first!.id);

    const d = await a.api.delete(`/task/${created.id}`);
    expect(d.status).toBeLessThan(300);
    await expect.poll(() => bSocket.events(created.id).at(-1)?.type).toBe(TASK_EVENT_TYPES.deleted);

    // The outsider's socket is open and served (a ping is answered) yet heard nothing of the task.
    outsiderSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => outsiderSocket.messages).toContainEqual({ type: 'pong' });
    expect(outsiderSocket.events(created.id)).toEqual([]);
  });

  test('a task in a private group reaches its creator only', async () => {
    const aSocket = await listen(a.accessToken);
    const bSocket = await listen(b.accessToken);
    const mine = await task(a.api, { title: 'Mine alone', group: await privateGroup(a.api) });
    const shared = await task(a.api, { title: 'Shared after it', group: groupId });
    // Stream order: once B has the later task's event, the earlier one would have come before it.
    await expect.poll(() => bSocket.events(shared.id).length).toBe(1);
    await expect.poll(() => aSocket.events(mine.id).length).toBe(1);
    expect(bSocket.events(mine.id)).toEqual([]);
  });

  test('a connection that has gone is deleted when an event is posted to it', async () => {
    const { addConnection } = await import('@tandem/functions/core/ws/connections');
    const { ConnectionEntity, PresenceEntity } = await import('@tandem/functions/db/entities/connection');
    const gone = `gone${randomUUID().slice(0, 11)}=`;
    await addConnection(b.userId, gone);
    const bSocket = await listen(b.accessToken);

    const t = await task(a.api, { title: 'Heard by the living', group: groupId });
    await expect.poll(() => bSocket.events(t.id).length).toBe(1);
    await expect
      .poll(async () =>
        (await ConnectionEntity.query.byUser({ userId: b.userId }).go()).data.map((c) => c.connectionId),
      )
      .not.toContain(gone);
    const presence = (await PresenceEntity.get({ userId: b.userId }).go()).data;
    expect(presence?.connectionIds ?? []).not.toContain(gone);
  });
});

describe('live attachment updates', () => {
  test("a video link added, renamed and removed on a shared task reaches B's socket, never an outsider's", async () => {
    const bSocket = await listen(b.accessToken);
    const outsiderSocket = await listen(outsider.accessToken);
    const t = await task(a.api, { title: 'With a film', group: groupId });
    const changes = () => bSocket.events(t.id).filter((e) => (e.type as string) === ATTACHMENT_EVENT_TYPE);

    const link = await a.api.post('/task/attachment', {
      task: t.id,
      title: 'Intro',
      document_url: 'https://vimeo.com/76979871',
      file_type: 'video',
    });
    expect(link.status).toBe(201);
    await expect.poll(() => changes().length).toBe(1);
    expect(changes()[0]).toMatchObject({ type: ATTACHMENT_EVENT_TYPE, task_id: t.id });

    expect((await a.api.patch(`/task/attachment/${link.body.id}`, { title: 'Welcome' })).status).toBe(200);
    await expect.poll(() => changes().length).toBe(2);
    expect((await a.api.delete(`/task/attachment/${link.body.id}`)).status).toBeLessThan(300);
    await expect.poll(() => changes().length).toBe(3);
    expect(new Set(changes().map((e) => e.id)).size).toBe(3);

    outsiderSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => outsiderSocket.messages).toContainEqual({ type: 'pong' });
    expect(outsiderSocket.events(t.id)).toEqual([]);
  });
});

describe('live curriculum attachment updates (D83)', () => {
  test("a curriculum's video link added, renamed and removed reaches its member's and learner's sockets, never an outsider's", async () => {
    const lea = await person('Lea');
    await addMember(a.api, groupId, lea, ROLES.standard);
    const c = (await a.api.post('/curriculum', { title: 'Live lessons', group: groupId })).body as {
      id: string;
    };
    expect((await a.api.post(`/curriculum/learner/${c.id}`, { email: lea.email })).status).toBe(201);
    const [bSocket, leaSocket, outsiderSocket] = await Promise.all([
      openSocket(b.accessToken),
      openSocket(lea.accessToken),
      openSocket(outsider.accessToken),
    ]);
    const changes = (s: { messages: Array<Record<string, unknown>> }) =>
      s.messages.filter((m) => m.type === ATTACHMENT_EVENT_TYPE && m.curriculum_id === c.id);

    const link = await a.api.post('/curriculum/attachment', {
      curriculum: c.id,
      title: 'Intro',
      document_url: 'https://vimeo.com/76979871',
    });
    expect(link.status).toBe(201);
    await expect.poll(() => changes(bSocket).length).toBe(1);
    await expect.poll(() => changes(leaSocket).length).toBe(1);
    // The owner as the attachment lists are keyed (the web reads them again on it).
    expect(changes(bSocket)[0]).toMatchObject({ task_id: `curriculum:${c.id}`, curriculum_id: c.id });

    expect((await a.api.patch(`/curriculum/attachment/${link.body.id}`, { title: 'Welcome' })).status).toBe(
      200,
    );
    await expect.poll(() => changes(leaSocket).length).toBe(2);
    expect((await a.api.delete(`/curriculum/attachment/${link.body.id}`)).status).toBeLessThan(300);
    await expect.poll(() => changes(bSocket).length).toBe(3);
    expect(new Set(changes(bSocket).map((e) => e.id)).size).toBe(3);

    outsiderSocket.ws.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => outsiderSocket.messages).toContainEqual({ type: 'pong' });
    expect(outsiderSocket.messages.filter((m) => m.type === ATTACHMENT_EVENT_TYPE)).toEqual([]);
  });
});

describe('the consumer', () => {
  test('reads two items per batch of task changes: the groups and the open connections of everyone who hears', async () => {
    const { handler } = await import('@tandem/functions/streams/live');
    const { requestCounter, resetRequestCounter } = await import('@tandem/functions/db/client');
    const bSocket = await listen(b.accessToken);
    const t = await task(a.api, { title: 'Counted', group: groupId });
    const record = await taskChangeRecords(t.id);
    await expect.poll(() => bSocket.events(t.id).length).toBe(1);

    resetRequestCounter();
    const one = await handler({ Records: [record(1)] });
    expect(one).toEqual({ batchItemFailures: [] });
    expect(requestCounter.byCommand).toEqual({ BatchGetItemCommand: 2 });

    resetRequestCounter();
    await handler({ Records: Array.from({ length: 20 }, (_, i) => record(i + 2)) });
    expect(requestCounter.byCommand).toEqual({ BatchGetItemCommand: 2 });
    await expect.poll(() => bSocket.events(t.id).length).toBe(1 + 1 + 20);
  });
});
