/**
 * Notifications (issue 12 items 4 and 6; decisions D39) on the local stack: the calls, that only the
 * owner reaches a notification (404, nothing written), tell()'s channel decisions by the person's
 * settings, and a delegation's notification arriving on the new assignee's socket through DynamoDB
 * Local's real stream.
 */
import { type NotificationEvent, type NotificationTemplate, ROLES } from '@tandem/shared';
import { beforeAll, describe, expect, test } from 'vitest';
import { findMail, waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { listen as openSocket } from './sockets.ts';
import { addMember, newGroup, person, stack, task } from './support.ts';

type Person = Awaited<ReturnType<typeof person>>;
type Listed = {
  count: number;
  unread: number;
  results: Array<{
    id: string;
    template_name: NotificationTemplate;
    variables: Record<string, string | number>;
    actions: Record<string, string>;
    read_at: string | null;
    received_at: string | null;
    status: string;
  }>;
};

const listen = async (token: string): Promise<unknown[]> => (await openSocket(token)).messages;

const list = async (p: Person) => {
  const r = await p.api.get('/notifications/?page=1&offset=0&limit=100');
  expect(r.status).toBe(200);
  return r.body as Listed;
};
const delegatedOf = async (p: Person, taskId: string) =>
  (await list(p)).results.filter((n) => n.template_name === 'delegated' && n.variables.task_id === taskId);

let ann: Person;
let bob: Person;
let groupId: string;

beforeAll(async () => {
  [ann, bob] = await Promise.all([person('Ann'), person('Bob')]);
  groupId = (await newGroup(ann.api)).id;
  await addMember(ann.api, groupId, bob, ROLES.standard);
});

describe('a delegation tells the new assignee', () => {
  test("B's socket hears the notification through the real stream; the list, received, read and the unread count follow", async () => {
    const messages = await listen(bob.accessToken);
    const since = new Date();
    const t = await task(ann.api, {
      title: 'Write the minutes',
      group: groupId,
      task_assignees: [{ user: bob.userId, role: ROLES.standard }],
    });

    await expect.poll(() => delegatedOf(bob, t.id).then((n) => n.length), { timeout: 10_000 }).toBe(1);
    const [n] = await delegatedOf(bob, t.id);
    expect(n).toMatchObject({
      status: 'unreceived',
      read_at: null,
      received_at: null,
      actions: { open: `/task/${t.id}` },
      variables: { task_title: 'Write the minutes', by_name: 'Ann Test' },
    });
    await expect
      .poll(() => messages.filter((m) => (m as NotificationEvent).notification_id === n!.id).length)
      .toBe(1);
    const event = messages.find(
      (m) => (m as NotificationEvent).notification_id === n!.id,
    ) as NotificationEvent;
    expect(event).toMatchObject({ type: 'notification', template_name: 'delegated' });

    // Told by e-mail too (the default for `delegated`), with the link to the task.
    const mail = await waitForMail(stack.url, { to: bob.email, subjectIncludes: 'gave you a task', since });
    expect(mail.text).toContain(`/task/${t.id}`);
    // The delegator is not told of their own delegation.
    expect(await delegatedOf(ann, t.id)).toEqual([]);

    const before = (await list(bob)).unread;
    expect(before).toBeGreaterThanOrEqual(1);

    const received = await bob.api.patch('/notifications/received', { ids: [n!.id] });
    expect(received.status).toBe(200);
    expect((await bob.api.get(`/notifications/events/${n!.id}`)).body).toMatchObject({
      status: 'unread',
      read_at: null,
      received_at: expect.any(String),
    });

    const read = await bob.api.patch('/notifications/read', { ids: [n!.id] });
    expect(read.status).toBe(200);
    expect(read.body.unread).toBe(before - 1);
    const after = await bob.api.get(`/notifications/events/${n!.id}`);
    expect(after.body).toMatchObject({ status: 'read', read_at: expect.any(String) });
    expect((await list(bob)).unread).toBe(before - 1);
  });

  test('a task changed without new assignees tells nobody; adding one tells only the one added', async () => {
    const cat = await person('Cat');
    await addMember(ann.api, groupId, cat, ROLES.standard);
    const t = await task(ann.api, {
      title: 'Order chairs',
      group: groupId,
      task_assignees: [{ user: bob.userId, role: ROLES.standard }],
    });
    await expect.poll(() => delegatedOf(bob, t.id).then((n) => n.length), { timeout: 10_000 }).toBe(1);
    expect((await ann.api.patch(`/task/${t.id}`, { title: 'Order more chairs' })).status).toBe(200);
    expect(
      (
        await ann.api.patch(`/task/${t.id}`, {
          task_assignees: [
            { user: bob.userId, role: ROLES.standard },
            { user: cat.userId, role: ROLES.standard },
          ],
        })
      ).status,
    ).toBe(200);
    await expect.poll(() => delegatedOf(cat, t.id).then((n) => n.length), { timeout: 10_000 }).toBe(1);
    expect(await delegatedOf(bob, t.id)).toHaveLength(1);
  });
});

describe('only the owner reaches a notification', () => {
  test("another person's id is not found, and marking it writes nothing", async () => {
    const eve = await person('Eve');
    const t = await task(ann.api, {
      title: 'Private matter',
      group: groupId,
      task_assignees: [{ user: bob.userId, role: ROLES.standard }],
    });
    await expect.poll(() => delegatedOf(bob, t.id).then((n) => n.length), { timeout: 10_000 }).toBe(1);
    const [n] = await delegatedOf(bob, t.id);

    expect((await eve.api.get(`/notifications/events/${n!.id}`)).status).toBe(404);
    expect((await eve.api.patch('/notifications/read', { ids: [n!.id] })).status).toBe(404);
    expect((await eve.api.patch('/notifications/received', { ids: [n!.id] })).status).toBe(404);
    // One of Bob's own with one not his: refused whole, his own left unread.
    const eveOwn = (await list(eve)).results;
    expect(eveOwn).toEqual([]);
    expect(
      (await bob.api.patch('/notifications/read', { ids: [n!.id, '0000000000000000000a'] })).status,
    ).toBe(404);
    expect((await bob.api.get(`/notifications/events/${n!.id}`)).body).toMatchObject({
      read_at: null,
      received_at: null,
    });
  });

  test('bad input gets the error body', async () => {
    const empty = await bob.api.patch('/notifications/read', { ids: [] });
    expect(empty.status).toBe(400);
    expect((await bob.api.patch('/notifications/read', { ids: ['NOT AN ID'] })).status).toBe(400);
    expect((await bob.api.get('/notifications/?limit=101')).status).toBe(400);
    expect(
      (
        await bob.api.patch('/notifications/read', {
          ids: Array.from({ length: 101 }, (_, i) => `${i}`.padStart(20, '0')),
        })
      ).status,
    ).toBe(400);
  });
});

describe("tell() decides the channels by the person's settings", () => {
  const told = async (
    to: Parameters<typeof import('@tandem/functions/core/notifications/tell').tell>[0]['to'],
    template: NotificationTemplate,
    subjectLine: string,
  ) => {
    const { tell } = await import('@tandem/functions/core/notifications/tell');
    return tell({
      template,
      subject: { type: 'task', id: 'tsk-tell' },
      variables: { taskId: 'tsk-tell', taskTitle: subjectLine },
      to,
      mail: (email) => ({
        to: email,
        subject: subjectLine,
        text: subjectLine,
        html: `<p>${subjectLine}</p>`,
      }),
      push: { title: subjectLine, body: subjectLine },
    });
  };

  test('defaults: in-app and e-mail; no push for a person without a device', async () => {
    const p = await person('Dee');
    const [r] = await told([{ userId: p.userId }], 'delegated', `Defaults ${p.userId}`);
    expect(r!.channels.sort()).toEqual(['email', 'inApp']);
    expect((await list(p)).results.map((n) => n.variables.task_title)).toEqual([`Defaults ${p.userId}`]);
    await waitForMail(stack.url, { to: p.email, subjectIncludes: `Defaults ${p.userId}` });
  });

  test('switched off per kind: no notification, no e-mail; another kind is unchanged', async () => {
    const p = await person('Fay');
    const r = await p.api.patch('/user/config/', {
      notifications: { kinds: { delegated: { in_app: false, email: false } }, silence_chime: true },
    });
    expect(r.status).toBe(200);
    expect(r.body.notifications).toMatchObject({
      kinds: {
        delegated: { in_app: false, email: false, push: true },
        due_today: { in_app: true, email: true },
      },
      silence_chime: true,
    });
    const since = new Date();
    const [off] = await told([{ userId: p.userId }], 'delegated', `Off ${p.userId}`);
    expect(off!.channels).toEqual([]);
    const [on] = await told([{ userId: p.userId }], 'due.today', `On ${p.userId}`);
    expect(on!.channels.sort()).toEqual(['email', 'inApp']);
    await waitForMail(stack.url, { to: p.email, subjectIncludes: `On ${p.userId}` });
    expect(await findMail(stack.url, { to: p.email, subjectIncludes: `Off ${p.userId}`, since })).toEqual([]);
    expect((await list(p)).results.map((n) => n.template_name)).toEqual(['due.today']);
  });

  test('a group invitation is e-mailed even with e-mail off (its link is the only answer); in-app by the setting', async () => {
    const p = await person('Gus');
    await p.api.patch('/user/config/', { notifications: { kinds: { group_invitation: { email: false } } } });
    const [r] = await told([{ email: p.email.toUpperCase() }], 'group.invitation', `Invite ${p.userId}`);
    expect(r).toMatchObject({ userId: p.userId });
    expect(r!.channels.sort()).toEqual(['email', 'inApp']);
  });

  test('an address without an account gets the e-mail only', async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const [r] = await told([{ email }], 'delegated', `Nobody ${email}`);
    expect(r).toEqual({ userId: null, email, channels: ['email'] });
    await waitForMail(stack.url, { to: email, subjectIncludes: `Nobody ${email}` });
  });

  test('a settings change that is not a switch is refused and changes nothing', async () => {
    const p = await person('Hal');
    const bad = await p.api.patch('/user/config/', {
      notifications: { kinds: { delegated: { in_app: 'yes' } } },
    });
    expect(bad.status).toBe(400);
    const unknown = await p.api.patch('/user/config/', {
      notifications: { kinds: { shouting: { email: true } } },
    });
    expect(unknown.status).toBe(400);
    expect((await p.api.get('/user/config/')).body.notifications.kinds.delegated.in_app).toBe(true);
  });
});

describe('what the calls cost', () => {
  test('the list is one Query and the unread count one COUNT Query; marking n read is one BatchGetItem, n updates and the count', async () => {
    const { listNotifications, markRead, createNotification } = await import(
      '@tandem/functions/core/notifications/notifications'
    );
    const { requestCounter, resetRequestCounter } = await import('@tandem/functions/db/client');
    const p = await person('Ivy');
    const actor = { userId: p.userId, username: p.userId };
    const ids: string[] = [];
    for (let i = 0; i < 30; i++)
      ids.push(
        await createNotification(p.userId, 'delegated', { type: 'task', id: `t${i}` }, { taskId: `t${i}` }),
      );

    resetRequestCounter();
    const listed = await listNotifications(actor, { page: 1, offset: 0, limit: 100 });
    expect(requestCounter.byCommand).toEqual({ QueryCommand: 2 });
    expect(listed.unread).toBe(30);
    // Newest first.
    expect(listed.results.map((n) => n.id)).toEqual([...ids].sort().reverse());

    resetRequestCounter();
    const read = await markRead(actor, ids.slice(0, 5));
    expect(requestCounter.byCommand).toEqual({
      BatchGetItemCommand: 1,
      UpdateItemCommand: 5,
      QueryCommand: 1,
    });
    expect(read.unread).toBe(25);
  });
});
