/**
 * The route × principal matrix (issue 9, finding 4): every route of the manifest, called by every
 * kind of caller, against the status the table says. A route added to the manifest without rows
 * here fails (the table is typed by the manifest, and a test checks it at run time too).
 *
 * Principals, all real: users from cognito-local, roles given by real invitations accepted from
 * the e-mailed link; a forged token (an access token's claims signed with another key), an expired
 * token (signed with the pool's own key, so only its age is wrong), and an ID token where an access
 * token belongs. `owner` created the group and its objects: for routes on a person's own things
 * (time blocks, categories, avatars) the owner's column is the own object and every other column is
 * a foreign one. Destructive calls get a fresh object per caller, so one world is seeded once.
 */
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiPath, type RouteId } from '@tandem/shared';
import { routes } from '@tandem/shared/api/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { type Api, addMember, invitationKey, newGroup, person, publicApi, stack } from './support.ts';

const PRINCIPALS = [
  'anonymous',
  'forged',
  'expired',
  'idToken',
  'outsider',
  'viewer',
  'standard',
  'editor',
  'admin',
  'owner',
] as const;
type Principal = (typeof PRINCIPALS)[number];
const PEOPLE = ['outsider', 'viewer', 'standard', 'editor', 'admin', 'owner'] as const;
type PersonKey = (typeof PEOPLE)[number];
type Person = Awaited<ReturnType<typeof person>>;

type Status = number;
type Row = readonly [Status, Status, Status, Status, Status, Status, Status, Status, Status, Status];
/** A route that needs an account: no valid access token → 401; then outsider … owner. */
const user = (
  outsider: Status,
  viewer: Status,
  standard: Status,
  editor: Status,
  admin: Status,
  owner: Status,
): Row => [401, 401, 401, 401, outsider, viewer, standard, editor, admin, owner] as const;
const everyone = (s: Status) => user(s, s, s, s, s, s);
/** Only the owner's own object: everyone else's is foreign. */
const ownOnly = (s: Status) => user(404, 404, 404, 404, 404, s);
/** A public route: the same for every caller, signed in or not. */
const open = (s: Status): Row => [s, s, s, s, s, s, s, s, s, s] as const;

interface Req {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: FormData;
}
interface World {
  people: Record<PersonKey, Person>;
  group: string;
  spareGroup: string;
  task: { id: string; title: string; childId: string };
  ownerBlock: string;
  ownerCategory: string;
  pendingKey: string;
  delegationKey: string;
  attendeeKey: string;
  pendingEmail: string;
  standardMemberId: string;
}
interface Case {
  label?: string;
  /** The request for one caller; may make a fresh object first (always as the owner). */
  request: (w: World, p: Principal) => Req | Promise<Req>;
  expect: Row;
}

const fresh = (what: string) => `${what}-${randomUUID().slice(0, 8)}@example.com`;
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
const avatarForm = () => {
  const fd = new FormData();
  fd.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  return fd;
};
const importForm = () => {
  const fd = new FormData();
  fd.append('file', new Blob(['Title\r\nFrom a file\r\n'], { type: 'text/csv' }), 'tasks.csv');
  return fd;
};
const schedule = {
  start_date: '2030-03-04T09:00:00+01:00',
  duration: 30,
  timezone: 'Europe/Berlin',
};
const timeBlock = { start_date: '2030-03-04T09:00:00+01:00', duration: 60, timezone: 'Europe/Berlin' };
const ok = <T>(r: { status: number; body: T }, what: string, status = [200, 201]) => {
  if (!status.includes(r.status)) throw new Error(`${what} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
};

/** The key in the newest mail to `email` whose subject holds `subject`, from the link to `page`. */
async function keyFromMail(email: string, subject: string, page: string, since: Date) {
  const mail = await waitForMail(stack.url, { to: email, subjectIncludes: subject, since });
  const key = new RegExp(`${page}\\?key=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1];
  if (!key) throw new Error(`No ${page} link in the mail to ${email}`);
  return key;
}

/** The caller's own API, or the owner's for a caller with no account (its call is refused anyway). */
const own = (w: World, p: Principal) =>
  w.people[(PEOPLE as readonly string[]).includes(p) ? (p as PersonKey) : 'owner'];

/** Fixtures for one call, made by the owner unless said otherwise. */
const make = {
  task: async (w: World, extra: object = {}) =>
    ok(
      await w.people.owner.api.post('/task', { title: 'Matrix task', group: w.group, ...extra }),
      'create task',
    ).results[0] as { id: string; pending_assignees: Array<{ id: string }> },
  scheduledTask: async (w: World) => {
    const t = await make.task(w);
    ok(await w.people.owner.api.patch(`/task/schedule/${t.id}`, schedule), 'set schedule');
    return t;
  },
  invitee: async (w: World) => {
    const email = fresh('invitee');
    const g = ok(
      await w.people.owner.api.post('/group/member/invitation', { group: w.group, email, role: 5 }),
      'invite',
    ) as { group_members: Array<{ id: string; email: string }> };
    return { email, memberId: g.group_members.find((m) => m.email === email)!.id };
  },
  delegationKey: async (w: World) => {
    const t = await make.task(w);
    const email = fresh('delegate');
    const since = new Date();
    ok(await w.people.owner.api.put('/task/delegation/invitation', { task: t.id, email }), 'delegate');
    return keyFromMail(email, 'asked you to take on', 'accept-delegate-invite', since);
  },
  attendeeKey: async (w: World) => {
    const t = await make.task(w, { title: 'Matrix meeting' });
    const email = fresh('attendee');
    const since = new Date();
    ok(
      await w.people.owner.api.patch(`/task/schedule/${t.id}`, {
        ...schedule,
        scheduled_attendees: [{ email }],
      }),
      'attendees',
    );
    return keyFromMail(email, 'Matrix meeting', 'accept-attendee-invite', since);
  },
  /** A group task with a sub-task; the caller (a member) is given the editor role on the parent only. */
  treeEditedAt: async (w: World, p: Principal) => {
    const t = (await make.task(w, { children: [{ title: 'Matrix sub-task' }] })).id;
    if (p === 'viewer' || p === 'standard' || p === 'editor' || p === 'admin')
      ok(
        await w.people.owner.api.post('/user/task/role', { task: t, user: w.people[p].userId, role: 6 }),
        'role',
      );
    return t;
  },
  /** A task in the caller's own Private group. */
  ownTask: async (api: Api) => {
    const groups = ok(await api.get('/group/member'), 'groups') as {
      results: Array<{ id: string; is_private: boolean }>;
    };
    const group = groups.results.find((g) => g.is_private)!.id;
    return (
      ok(await api.post('/task', { title: 'Own task', group }), 'own task') as {
        results: Array<{ id: string }>;
      }
    ).results[0]!.id;
  },
  timeBlock: async (api: Api) =>
    (ok(await api.post('/time-blocking/', timeBlock), 'time block') as { id: string }).id,
  gridView: async (api: Api) =>
    (ok(await api.post('/task/grid', { title: 'Matrix view' }), 'grid view') as { id: string }).id,
  category: async (api: Api) =>
    (ok(await api.post('/user/group/category', { title: 'Matrix' }), 'category') as { id: string }).id,
  /** A notification of the owner's (made as tell() makes them). */
  notification: async (w: World) => {
    const { createNotification } = await import('@tandem/functions/core/notifications/notifications');
    return createNotification(
      w.people.owner.userId,
      'delegated',
      { type: 'task', id: w.task.id },
      {
        taskId: w.task.id,
        taskTitle: w.task.title,
      },
    );
  },
  /** A video link on the matrix task. */
  link: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/task/attachment', {
          task: w.task.id,
          title: 'Matrix video',
          document_url: 'https://youtu.be/dQw4w9WgXcQ',
        }),
        'link',
      ) as { id: string }
    ).id,
  /** An upload of the owner's on the matrix task; `post` sends the file to the bucket too. */
  upload: async (w: World, post: boolean) => {
    const data = Buffer.from('matrix text');
    const r = ok(
      await w.people.owner.api.post('/task/attachment/upload', {
        task: w.task.id,
        files: [{ filename: 'matrix.txt', size: data.byteLength, content_type: 'text/plain' }],
      }),
      'upload',
    ) as { results: Array<{ upload_id: string; url: string; fields: Array<[string, string]> }> };
    const t = r.results[0]!;
    if (post) {
      const fd = new FormData();
      for (const [k, v] of t.fields) fd.append(k, v);
      fd.append('file', new Blob([new Uint8Array(data)], { type: 'text/plain' }), 'matrix.txt');
      const s3 = await fetch(t.url, { method: 'POST', body: fd });
      if (s3.status >= 300) throw new Error(`bucket answered ${s3.status}`);
    }
    return t.upload_id;
  },
  /** A fresh task of the owner's with two custom fields (delegates may enter values). */
  fields: async (w: World) => {
    const t = await make.task(w);
    ok(
      await w.people.owner.api.post('/task/custom/field', {
        task: t.id,
        custom_field: [{ type: 'text', label: 'Note' }],
        allow_delegated_to_edit: true,
      }),
      'fields',
    );
    return t.id;
  },
  /** A fresh task with fields and the owner's value for it. */
  value: async (w: World) => {
    const task = await make.fields(w);
    const d = ok(await w.people.owner.api.get(`/task/custom/field/${task}`), 'read fields') as {
      custom_field: Array<{ id: string }>;
    };
    return (
      ok(
        await w.people.owner.api.post('/task/custom/value', {
          task,
          custom_value: { [d.custom_field[0]!.id]: 'Mine' },
        }),
        'value',
      ) as { id: string }
    ).id;
  },
  fieldTemplate: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/task/template/custom-field', {
          task: await make.fields(w),
          title: 'Kit',
        }),
        'template',
      ) as { id: string }
    ).id,
  taskRole: async (w: World) => {
    const t = await make.task(w);
    const r = ok(
      await w.people.owner.api.post('/user/task/role', {
        task: t.id,
        user: w.people.standard.userId,
        role: 4,
      }),
      'give role',
    ) as { id: string };
    return r.id;
  },
  /** A fresh task template in the group (its id is its root task's). */
  template: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/task/template', {
          title: `Matrix template ${randomUUID().slice(0, 8)}`,
          group: w.group,
        }),
        'template',
      ) as { id: string }
    ).id,
  /** A request link of the person's (assignees as given). */
  requestLink: async (api: Api, assignees: Array<{ email: string }> = []) =>
    (
      ok(await api.post('/request-links/', { company_name: 'Matrix Co', assignees }), 'request link') as {
        id: string;
      }
    ).id,
  folder: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/task/folder', {
          title: `Matrix folder ${randomUUID().slice(0, 8)}`,
          group: w.group,
        }),
        'folder',
      ) as { id: string }
    ).id,
  accountRole: async (api: Api) =>
    (
      ok(await api.post('/task/template/role', { title: `Matrix ${randomUUID()}` }), 'account role') as {
        id: string;
      }
    ).id,
  /** A mapping row of the owner's on the world's task. */
  roleMapping: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/task/role-mapping', {
          task: w.task.id,
          assigning_role: `Matrix ${randomUUID()}`,
          email: 'matrix@example.com',
        }),
        'role mapping',
      ) as { id: string }
    ).id,
  /** A fresh curriculum of the owner's in the group (D66). */
  curriculum: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/curriculum', {
          title: `Matrix ${randomUUID().slice(0, 8)}`,
          group: w.group,
        }),
        'curriculum',
      ) as { id: string }
    ).id,
  /** A fresh lesson of a fresh curriculum of the owner's (its id is the owner's lesson task's). */
  lesson: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/curriculum/task/create', {
          curriculum: await make.curriculum(w),
          title: 'Matrix lesson',
        }),
        'lesson',
      ) as { id: string }
    ).id,
  /** A fresh video link on a fresh curriculum of the owner's (D72). */
  curriculumLink: async (w: World) =>
    (
      ok(
        await w.people.owner.api.post('/curriculum/attachment', {
          curriculum: await make.curriculum(w),
          title: 'Matrix video',
          document_url: 'https://youtu.be/dQw4w9WgXcQ',
        }),
        'curriculum link',
      ) as { id: string }
    ).id,
  /** An upload of the owner's for a fresh curriculum; `post` sends the file to the bucket too. */
  curriculumUpload: async (w: World, post: boolean) => {
    const data = Buffer.from('matrix text');
    const r = ok(
      await w.people.owner.api.post('/curriculum/attachment/upload', {
        curriculum: await make.curriculum(w),
        files: [{ filename: 'matrix.txt', size: data.byteLength, content_type: 'text/plain' }],
      }),
      'curriculum upload',
    ) as { results: Array<{ upload_id: string; url: string; fields: Array<[string, string]> }> };
    const t = r.results[0]!;
    if (post) {
      const fd = new FormData();
      for (const [k, v] of t.fields) fd.append(k, v);
      fd.append('file', new Blob([new Uint8Array(data)], { type: 'text/plain' }), 'matrix.txt');
      const s3 = await fetch(t.url, { method: 'POST', body: fd });
      if (s3.status >= 300) throw new Error(`bucket answered ${s3.status}`);
    }
    return t.upload_id;
  },
};

/**
 * THE TABLE: every route of the manifest, its request, and the status per caller in the order
 * anonymous, forged, expired, idToken | outsider, viewer, standard, editor, admin, owner.
 */
const MATRIX: Record<RouteId, Case[]> = {
  getUserConfig: [{ request: () => ({}), expect: everyone(200) }],
  updateUserConfig: [{ request: () => ({ body: { time_format_option: 24 } }), expect: everyone(200) }],
  getAuthUser: [{ request: () => ({}), expect: everyone(200) }],
  updateAuthUser: [{ request: () => ({ body: { last_name: 'Test' } }), expect: everyone(200) }],
  verifyEmailChange: [
    { label: 'no change pending', request: () => ({ body: { code: '123456' } }), expect: everyone(400) },
  ],
  listTimezones: [{ request: () => ({}), expect: everyone(200) }],
  getSubscription: [{ request: () => ({}), expect: everyone(200) }],
  createAvatar: [{ request: () => ({ form: avatarForm() }), expect: everyone(201) }],
  getAvatar: [
    {
      label: 'the owner’s current avatar',
      request: async (w) => ({
        params: { id: ok(await w.people.owner.api.get('/user/config/'), 'config').avatar.id },
      }),
      expect: ownOnly(200),
    },
  ],
  deleteAvatar: [
    {
      request: async (w, p) => {
        const current = ok(await w.people.owner.api.get('/user/config/'), 'config').avatar.id as string;
        if (p !== 'owner') return { params: { id: current } };
        const r = await w.people.owner.api.raw('POST', '/user/avatar/', { body: avatarForm() });
        return { params: { id: ((await r.json()) as { id: string }).id } };
      },
      expect: ownOnly(204),
    },
  ],
  listGroups: [{ request: () => ({}), expect: everyone(200) }],
  createGroup: [{ request: () => ({ body: { title: 'Matrix group' } }), expect: everyone(201) }],
  updateGroup: [
    {
      request: (w) => ({ params: { id: w.group }, body: { description: 'Seen by the matrix' } }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  deleteGroup: [
    { request: (w) => ({ params: { id: w.spareGroup } }), expect: user(404, 403, 403, 403, 403, 204) },
  ],
  orderGroups: [
    {
      request: (w) => ({ body: { group_id: w.group, next_index: 0 } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  inviteMember: [
    {
      request: (w) => ({ body: { group: w.group, email: fresh('invited'), role: 5 } }),
      expect: user(404, 403, 403, 403, 201, 201),
    },
  ],
  cancelInvitation: [
    {
      request: async (w) => ({ query: { email: (await make.invitee(w)).email, group: w.group } }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  resendInvitation: [
    {
      request: async (w) => ({ body: { group: w.group, email: (await make.invitee(w)).email } }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  getInvitationRequest: [{ request: (w) => ({ query: { key: w.pendingKey } }), expect: open(200) }],
  answerInvitationRequest: [
    {
      request: async (w) => {
        const since = new Date();
        const { email } = await make.invitee(w);
        return { body: { key: await invitationKey(email, since), action: 0 } };
      },
      expect: open(200),
    },
  ],
  updateMember: [
    {
      label: 'a new role for an invited member',
      request: async (w) => ({ params: { id: (await make.invitee(w)).memberId }, body: { role: 4 } }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
    {
      label: 'the role sent unchanged: nothing changes, so no right is needed',
      request: (w) => ({ params: { id: w.standardMemberId }, body: { role: 5 } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  removeMember: [
    {
      request: async (w) => ({ params: { id: (await make.invitee(w)).memberId } }),
      expect: user(404, 403, 403, 403, 204, 204),
    },
  ],
  listRolePermissions: [{ request: () => ({}), expect: everyone(200) }],
  listCategories: [{ request: () => ({}), expect: everyone(200) }],
  createCategory: [{ request: () => ({ body: { title: 'Matrix category' } }), expect: everyone(201) }],
  updateCategory: [
    {
      label: 'the owner’s (foreign to the others)',
      request: (w) => ({ params: { id: w.ownerCategory }, body: { description: 'Seen by the matrix' } }),
      expect: ownOnly(200),
    },
    {
      label: 'the caller’s own',
      request: async (w, p) => ({
        params: { id: await make.category(own(w, p).api) },
        body: { title: 'Mine' },
      }),
      expect: everyone(200),
    },
  ],
  deleteCategory: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.category(w.people.owner.api) } }),
      expect: ownOnly(204),
    },
    {
      label: 'the caller’s own',
      request: async (w, p) => ({ params: { id: await make.category(own(w, p).api) } }),
      expect: everyone(204),
    },
  ],
  getSubscriptionLimits: [
    {
      request: (w) => ({ query: { event: 'ownedGroupMemberAmount', target: w.group } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  listTasks: [{ request: () => ({}), expect: everyone(200) }],
  createTask: [
    {
      label: 'in the group',
      request: (w) => ({ body: { title: 'New', group: w.group } }),
      expect: user(404, 403, 403, 201, 201, 201),
    },
    {
      label: 'under the group task',
      request: (w) => ({ body: { title: 'Sub', group: w.group, parent: w.task.id } }),
      expect: user(404, 403, 403, 201, 201, 201),
    },
  ],
  deleteTasks: [
    {
      label: 'with children, the caller an editor of the parent but not of its sub-task',
      request: async (w, p) => ({ body: { tasks: [await make.treeEditedAt(w, p)], with_children: true } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
    {
      request: async (w) => ({ body: { tasks: [(await make.task(w)).id], with_children: true } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  deleteTask: [
    {
      label: 'a fresh group task',
      request: async (w) => ({ params: { id: (await make.task(w)).id } }),
      expect: user(404, 403, 403, 204, 204, 204),
    },
  ],
  validateTask: [
    {
      label: 'a payload checked against the matrix group',
      request: (w) => ({ query: { group: w.group, title: 'Checked' } }),
      expect: everyone(200),
    },
  ],
  getTask: [{ request: (w) => ({ params: { id: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) }],
  updateTask: [
    {
      label: 'a status change on a fresh group task',
      request: async (w) => ({ params: { id: (await make.task(w)).id }, body: { status: 2 } }),
      expect: user(404, 403, 200, 200, 200, 200),
    },
  ],
  dismissTask: [
    {
      label: 'a group task not on the caller’s lists',
      request: async (w) => ({ params: { id: (await make.task(w)).id } }),
      expect: user(404, 404, 404, 404, 404, 204),
    },
  ],
  listDescendants: [
    { request: (w) => ({ query: { task_id: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  newStructure: [
    {
      label: 'the caller’s own task moved under the group task (addChildren on the new parent)',
      request: async (w, p) => ({
        body: { tasks: [{ id: await make.ownTask(own(w, p).api), level: 7, parent: w.task.id }] },
      }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
    {
      label: 'a fresh group task moved under the group task',
      request: async (w) => ({
        body: { tasks: [{ id: (await make.task(w)).id, level: 7, parent: w.task.id }] },
      }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  getTaskPermission: [
    { request: (w) => ({ params: { id: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  searchTasks: [{ request: () => ({ query: { search: 'matrix' } }), expect: everyone(200) }],
  listTaskLevels: [{ request: () => ({}), expect: everyone(200) }],
  listTaskStatuses: [{ request: () => ({}), expect: everyone(200) }],
  listPriorityGroups: [{ request: () => ({}), expect: everyone(200) }],
  listAssignedTasks: [{ request: () => ({}), expect: everyone(200) }],
  listIndividualParents: [{ request: () => ({}), expect: everyone(200) }],
  listUserLevels: [{ request: () => ({}), expect: everyone(200) }],
  setUserLevel: [{ request: () => ({ body: { id: 7, title: 'Next action' } }), expect: everyone(200) }],
  updateUserLevel: [{ request: () => ({ params: { id: '7' }, body: { title: '' } }), expect: everyone(200) }],
  listUserPriorityGroups: [{ request: () => ({}), expect: everyone(200) }],
  setUserPriorityGroup: [{ request: () => ({ body: { id: 0, title: 'Focus' } }), expect: everyone(200) }],
  updateUserPriorityGroup: [
    { request: () => ({ params: { id: '0' }, body: { title: '' } }), expect: everyone(200) },
  ],
  listOccurrences: [
    {
      request: () => ({ query: { start_date: '2030-03-01T00:00:00Z', end_date: '2030-03-08T00:00:00Z' } }),
      expect: everyone(200),
    },
  ],
  getSchedule: [
    { request: (w) => ({ params: { id: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  setSchedule: [
    {
      request: async (w) => ({ params: { id: (await make.task(w)).id }, body: schedule }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  deleteSchedule: [
    {
      request: async (w) => ({ params: { id: (await make.scheduledTask(w)).id } }),
      expect: user(404, 403, 403, 204, 204, 204),
    },
  ],
  normalize: [{ request: () => ({}), expect: everyone(200) }],
  createCalendarFeed: [{ request: () => ({}), expect: everyone(201) }],
  revokeCalendarFeed: [
    {
      label: 'each caller’s own feed',
      request: async (w, p) => {
        if ((PEOPLE as readonly string[]).includes(p))
          await w.people[p as PersonKey].api.post('/user/calendar-feed');
        return {};
      },
      expect: everyone(204),
    },
  ],
  getCalendarFeed: [
    {
      request: async (w) => {
        const r = ok(await w.people.owner.api.post('/user/calendar-feed'), 'feed') as { url: string };
        return { params: { token: r.url.split('/').pop()! } };
      },
      expect: open(200),
    },
  ],
  getAttendeeInvitation: [
    { request: (w) => ({ query: { key: w.attendeeKey } }), expect: open(200) },
    { label: 'an unknown key', request: () => ({ query: { key: 'x'.repeat(43) } }), expect: open(404) },
  ],
  answerAttendeeInvitation: [
    { request: async (w) => ({ body: { key: await make.attendeeKey(w), action: 1 } }), expect: open(200) },
    {
      label: 'an unknown key',
      request: () => ({ body: { key: 'x'.repeat(43), action: 1 } }),
      expect: open(404),
    },
  ],
  listTimeBlocks: [{ request: () => ({}), expect: everyone(200) }],
  createTimeBlock: [{ request: () => ({ body: timeBlock }), expect: everyone(201) }],
  getTimeBlock: [
    {
      label: 'the owner’s (foreign to the others)',
      request: (w) => ({ params: { id: w.ownerBlock } }),
      expect: ownOnly(200),
    },
    {
      label: 'the caller’s own',
      request: async (w, p) => ({ params: { id: await make.timeBlock(own(w, p).api) } }),
      expect: everyone(200),
    },
  ],
  updateTimeBlock: [
    {
      label: 'the owner’s (foreign to the others)',
      request: (w) => ({ params: { id: w.ownerBlock }, body: { duration: 45 } }),
      expect: ownOnly(200),
    },
    {
      label: 'the caller’s own',
      request: async (w, p) => ({
        params: { id: await make.timeBlock(own(w, p).api) },
        body: { duration: 45 },
      }),
      expect: everyone(200),
    },
  ],
  deleteTimeBlock: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.timeBlock(w.people.owner.api) } }),
      expect: ownOnly(204),
    },
    {
      label: 'the caller’s own',
      request: async (w, p) => ({ params: { id: await make.timeBlock(own(w, p).api) } }),
      expect: everyone(204),
    },
  ],
  listTaskRoles: [
    { request: (w) => ({ query: { task: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  giveTaskRole: [
    {
      request: async (w) => ({
        body: { task: (await make.task(w)).id, user: w.people.standard.userId, role: 4 },
      }),
      expect: user(404, 403, 403, 403, 201, 201),
    },
  ],
  changeTaskRole: [
    {
      request: async (w) => ({ params: { id: await make.taskRole(w) }, body: { role: 5 } }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  removeTaskRole: [
    {
      request: async (w) => ({ params: { id: await make.taskRole(w) } }),
      expect: user(404, 403, 403, 403, 204, 204),
    },
  ],
  inviteToTask: [
    {
      request: async (w) => ({ body: { task: (await make.task(w)).id, email: fresh('delegate'), role: 5 } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  listTaskInvitations: [{ request: () => ({}), expect: everyone(200) }],
  withdrawTaskInvitation: [
    {
      request: async (w) => {
        const t = await make.task(w);
        ok(
          await w.people.owner.api.put('/task/delegation/invitation', {
            task: t.id,
            email: fresh('withdrawn'),
          }),
          'invite',
        );
        const got = ok(await w.people.owner.api.get(`/task/${t.id}`), 'task') as typeof t;
        return { params: { id: got.pending_assignees[0]!.id } };
      },
      expect: user(404, 403, 403, 204, 204, 204),
    },
  ],
  getTaskInvitationRequest: [
    { request: (w) => ({ query: { key: w.delegationKey } }), expect: open(200) },
    { label: 'an unknown key', request: () => ({ query: { key: 'x'.repeat(43) } }), expect: open(404) },
  ],
  answerTaskInvitationRequest: [
    { request: async (w) => ({ body: { key: await make.delegationKey(w), action: 0 } }), expect: open(200) },
    {
      label: 'an unknown key',
      request: () => ({ body: { key: 'x'.repeat(43), action: 1 } }),
      expect: open(404),
    },
  ],
  listPendingTasks: [{ request: () => ({}), expect: everyone(200) }],
  answerPendingTasks: [
    {
      label: 'an unknown invitation',
      request: () => ({ body: { invitations: ['unknown'], action: 1 } }),
      expect: everyone(404),
    },
  ],
  // Web Push devices live in the caller's own partition: every signed-in person registers their own.
  registerPushSubscription: [
    {
      request: () => ({
        body: {
          device_type: 'web',
          device_token: {
            endpoint: 'https://push.example.com/matrix',
            keys: {
              p256dh:
                'BMaeJsiCyU6M5Kqr8w_uyrQd_xrfezzix8ntHnGskjVRN5rIBOVCaArk_aHXHY4GrI3mW4__wxLTCBNowPUldE4',
              auth: 'HC9DqUQ_8_VrTc-lagDD3Q',
            },
          },
        },
      }),
      expect: user(201, 201, 201, 201, 201, 201),
    },
  ],
  unregisterPushSubscription: [
    {
      request: () => ({ body: { device_type: 'web', device_token: 'https://push.example.com/matrix' } }),
      expect: user(204, 204, 204, 204, 204, 204),
    },
  ],

  listRecentChats: [{ request: () => ({ query: { recent_messages: '1440' } }), expect: everyone(200) }],
  getTaskChat: [
    { request: (w) => ({ params: { taskId: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  listMessages: [
    { request: (w) => ({ params: { id: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  postMessage: [
    {
      request: (w) => ({ params: { id: w.task.id }, body: { message: 'Matrix hello' } }),
      expect: user(404, 201, 201, 201, 201, 201),
    },
  ],
  editMessage: [
    {
      label: "the owner's fresh message",
      request: async (w) => ({
        params: { id: w.task.id, messageId: await ownerMessage(w) },
        body: { message: 'Edited' },
      }),
      expect: user(404, 403, 403, 403, 403, 200),
    },
  ],
  deleteMessage: [
    {
      label: "the owner's fresh message",
      request: async (w) => ({ params: { id: w.task.id, messageId: await ownerMessage(w) } }),
      expect: user(404, 403, 403, 403, 403, 200),
    },
  ],
  markChatRead: [
    { request: (w) => ({ params: { id: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  listNotifications: [
    { request: () => ({ query: { page: '1', offset: '0', limit: '100' } }), expect: everyone(200) },
  ],
  getNotification: [
    { request: async (w) => ({ params: { id: await make.notification(w) } }), expect: ownOnly(200) },
  ],
  markNotificationsReceived: [
    { request: async (w) => ({ body: { ids: [await make.notification(w)] } }), expect: ownOnly(200) },
  ],
  markNotificationsRead: [
    { request: async (w) => ({ body: { ids: [await make.notification(w)] } }), expect: ownOnly(200) },
  ],
  listAttachments: [
    {
      request: (w) => ({ params: { id: w.task.id }, query: { q: 'file' } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  createAttachment: [
    {
      label: 'a video link on the matrix task',
      request: (w) => ({
        body: { task: w.task.id, title: 'Matrix video', document_url: 'https://vimeo.com/76979871' },
      }),
      expect: user(404, 403, 201, 201, 201, 201),
    },
  ],
  createAttachmentUploads: [
    {
      label: 'one small file for the matrix task',
      request: (w) => ({
        body: { task: w.task.id, files: [{ filename: 'a.txt', size: 5, content_type: 'text/plain' }] },
      }),
      expect: user(404, 403, 201, 201, 201, 201),
    },
  ],
  confirmAttachmentUpload: [
    {
      label: 'the owner’s upload (posted when the owner confirms it)',
      request: async (w, p) => ({ params: { id: await make.upload(w, p === 'owner') } }),
      expect: user(404, 404, 404, 404, 404, 201),
    },
  ],
  updateAttachment: [
    {
      label: 'a fresh video link',
      request: async (w) => ({ params: { id: await make.link(w) }, body: { title: 'Renamed' } }),
      expect: user(404, 403, 200, 200, 200, 200),
    },
  ],
  deleteAttachment: [
    {
      label: 'a fresh video link',
      request: async (w) => ({ params: { id: await make.link(w) } }),
      expect: user(404, 403, 204, 204, 204, 204),
    },
  ],
  orderAttachments: [
    {
      label: 'a fresh video link',
      request: async (w) => ({ body: { attachments: [{ id: await make.link(w), order: 3 }] } }),
      expect: user(404, 403, 200, 200, 200, 200),
    },
  ],
  createCustomFields: [
    {
      label: 'fields on a fresh task (customFields)',
      request: async (w) => ({
        body: { task: (await make.task(w)).id, custom_field: [{ type: 'number', label: 'Score' }] },
      }),
      expect: user(404, 403, 403, 201, 201, 201),
    },
  ],
  updateCustomFields: [
    {
      label: 'a fresh task’s fields',
      request: async (w) => ({ body: { id: await make.fields(w), data_entry_required: 2 } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  getCustomFields: [
    {
      request: async (w) => ({ params: { id: await make.fields(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  searchCustomFields: [
    { request: (w) => ({ params: { taskId: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  createCustomValue: [
    {
      label: 'a value on a fresh task with fields (customValues; delegates allowed)',
      request: async (w) => {
        const task = await make.fields(w);
        const d = ok(await w.people.owner.api.get(`/task/custom/field/${task}`), 'read fields') as {
          custom_field: Array<{ id: string }>;
        };
        return { body: { task, custom_value: { [d.custom_field[0]!.id]: 'Hello' } } };
      },
      expect: user(404, 403, 201, 201, 201, 201),
    },
  ],
  updateCustomValue: [
    {
      label: 'the owner’s value on a fresh task (one value per task)',
      request: async (w) => {
        const id = await make.value(w);
        const v = ok(await w.people.owner.api.get(`/task/custom/value/${id}`), 'read value') as {
          custom_value: Record<string, string>;
        };
        const field = Object.keys(v.custom_value)[0]!;
        return { body: { id, custom_value: { [field]: 'Changed' } } };
      },
      expect: user(404, 403, 200, 200, 200, 200),
    },
  ],
  getCustomValue: [
    {
      request: async (w) => ({ params: { id: await make.value(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  searchCustomValues: [
    { request: (w) => ({ query: { task: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  listCustomFieldTemplates: [{ request: () => ({}), expect: everyone(200) }],
  createCustomFieldTemplate: [
    {
      label: 'a template from a fresh task with fields',
      request: async (w) => ({ body: { task: await make.fields(w), title: 'Mine' } }),
      expect: user(404, 201, 201, 201, 201, 201),
    },
  ],
  applyCustomFieldTemplate: [
    {
      label: 'the owner’s template onto a fresh task of the owner’s',
      request: async (w) => ({
        params: { id: await make.fieldTemplate(w) },
        body: { task: (await make.task(w)).id },
      }),
      expect: ownOnly(200),
    },
  ],
  getReport: [
    {
      label: 'the overview',
      request: () => ({ params: { reportType: 'task_overview' } }),
      expect: everyone(200),
    },
    {
      label: "the group's trend",
      request: (w) => ({ params: { reportType: 'trend' }, query: { group_ids: w.group } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
    {
      label: 'a routine report on a task that is not a routine',
      request: (w) => ({ params: { reportType: 'routine' }, query: { task_id: w.task.id } }),
      expect: user(404, 400, 400, 400, 400, 400),
    },
  ],
  // Contacts and companies (spec 001 §6: viewer views; standard creates, edits and deletes its own;
  // editor edits all, deletes its own, merges; admin and owner everything). The owner made each one.
  listContacts: [
    { request: (w) => ({ query: { group: w.group } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  createContact: [
    {
      request: (w) => ({ body: { first_name: 'Mat', group: [{ id: w.group, is_primary: true }] } }),
      expect: user(404, 403, 201, 201, 201, 201),
    },
  ],
  searchContacts: [{ request: () => ({ query: { q: 'Matrix' } }), expect: everyone(200) }],
  getContact: [
    {
      request: async (w) => ({ params: { id: (await ownerContact(w)).id } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  updateContact: [
    {
      request: async (w) => ({ params: { id: (await ownerContact(w)).id }, body: { last_name: 'Changed' } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  mergeContacts: [
    {
      request: async (w) => ({
        params: { id: (await ownerContact(w)).id },
        body: { merge_ids: [(await ownerContact(w)).id] },
      }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  deleteContact: [
    {
      request: async (w) => ({ params: { id: (await ownerContact(w)).id } }),
      expect: user(404, 403, 403, 403, 204, 204),
    },
  ],
  deleteContactEmail: [
    {
      request: async (w) => ({ params: { id: (await ownerContact(w)).emails[0]!.id } }),
      expect: user(404, 403, 403, 204, 204, 204),
    },
  ],
  deleteContactPhone: [
    {
      request: async (w) => ({ params: { id: (await ownerContact(w)).phones[0]!.id } }),
      expect: user(404, 403, 403, 204, 204, 204),
    },
  ],
  deleteContactAddress: [
    {
      request: async (w) => ({ params: { id: (await ownerContact(w)).addresses[0]!.id } }),
      expect: user(404, 403, 403, 204, 204, 204),
    },
  ],
  linkContactGroup: [
    {
      label: 'its group made primary again',
      request: async (w) => ({
        body: { contact: (await ownerContact(w)).id, group: w.group, is_primary: true },
      }),
      expect: user(404, 403, 403, 201, 201, 201),
    },
  ],
  previewTaskImport: [
    {
      label: 'a CSV file (nothing read or written)',
      request: () => ({ form: importForm() }),
      expect: everyone(200),
    },
  ],
  importTasks: [
    {
      label: 'into the group',
      request: (w) => ({
        body: {
          group: w.group,
          idempotency_key: randomUUID(),
          rows: [
            {
              line: 2,
              title: 'Imported',
              description: '',
              flag: 3,
              status: 1,
              priority_group: 1,
              due_at: null,
              parent: null,
            },
          ],
        },
      }),
      expect: user(404, 403, 403, 201, 201, 201),
    },
  ],
  unlinkContactGroup: [
    {
      label: 'a link to the owner’s Private group: only who may edit in every group of it',
      request: async (w) => ({ params: { id: (await ownerContact(w, true)).groups[1]!.id } }),
      expect: user(404, 403, 403, 403, 403, 204),
    },
  ],
  listContactTasks: [
    {
      request: async (w) => ({ params: { id: (await ownerContact(w)).id } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  bulkContacts: [
    {
      request: async (w) => ({ body: { action: 'delete', ids: [(await ownerContact(w)).id] } }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  listCompanies: [
    { request: (w) => ({ query: { group: w.group } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  listCompaniesByGroup: [
    {
      request: (w) => ({ query: { group: w.group } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  createCompany: [
    {
      request: (w) => ({ body: { name: 'Matrix Ltd', group: [{ id: w.group, is_primary: true }] } }),
      expect: user(404, 403, 201, 201, 201, 201),
    },
  ],
  getCompany: [
    {
      request: async (w) => ({ params: { id: await ownerCompany(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  updateCompany: [
    {
      request: async (w) => ({ params: { id: await ownerCompany(w) }, body: { city: 'Leeds' } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  deleteCompany: [
    {
      request: async (w) => ({ params: { id: await ownerCompany(w) } }),
      expect: user(404, 403, 403, 403, 204, 204),
    },
  ],
  linkCompanyGroup: [
    {
      label: 'its group made primary again',
      request: async (w) => ({ body: { company: await ownerCompany(w), group: w.group, is_primary: true } }),
      expect: user(404, 403, 403, 201, 201, 201),
    },
  ],
  unlinkCompanyGroup: [
    {
      label: 'a link to the owner’s Private group: only who may edit in every group of it',
      request: async (w) => ({ params: { id: `${await ownerCompany(w, true)}~${await ownerPrivate(w)}` } }),
      expect: user(404, 403, 403, 403, 403, 204),
    },
  ],
  listCompanyTasks: [
    {
      request: async (w) => ({ params: { id: await ownerCompany(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  bulkCompanies: [
    {
      request: async (w) => ({ body: { action: 'delete', ids: [await ownerCompany(w)] } }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  associateTasks: [
    {
      request: async (w) => ({ body: { contact: (await ownerContact(w)).id, tasks: [w.task.id] } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  searchCompanies: [{ request: () => ({ query: { q: 'Matrix' } }), expect: everyone(200) }],

  listGridViews: [{ request: () => ({}), expect: everyone(200) }],
  createGridView: [{ request: () => ({ body: { title: 'Mine' } }), expect: everyone(201) }],
  getGridView: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.gridView(w.people.owner.api) } }),
      expect: ownOnly(200),
    },
    { label: 'the default view', request: () => ({ params: { id: '-1' } }), expect: everyone(200) },
  ],
  updateGridView: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({
        params: { id: await make.gridView(w.people.owner.api) },
        body: { title: 'New' },
      }),
      expect: ownOnly(200),
    },
  ],
  listAccountRoles: [{ request: () => ({}), expect: everyone(200) }],
  createAccountRole: [
    { request: () => ({ body: { title: `Matrix ${randomUUID()}`, email: '' } }), expect: everyone(201) },
  ],
  getAccountRole: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.accountRole(w.people.owner.api) } }),
      expect: ownOnly(200),
    },
  ],
  updateAccountRole: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({
        params: { id: await make.accountRole(w.people.owner.api) },
        body: { email: 'matrix@example.com' },
      }),
      expect: ownOnly(200),
    },
  ],
  deleteGridView: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.gridView(w.people.owner.api) } }),
      expect: ownOnly(204),
    },
  ],
  queryGridRows: [{ request: () => ({ body: {} }), expect: everyone(200) }],
  // Templates and folders (D57): members see; owners (creator, superadmin, admin) change.
  createTemplate: [
    {
      request: () => ({}),
      expect: user(400, 400, 400, 400, 400, 400),
      label: 'no body',
    },
    {
      label: 'a fresh title in the group',
      request: (w) => ({ body: { title: `Matrix ${randomUUID().slice(0, 8)}`, group: w.group } }),
      expect: user(404, 403, 403, 403, 201, 201),
    },
  ],
  listTemplates: [{ request: () => ({}), expect: everyone(200) }],
  getTemplate: [
    {
      request: async (w) => ({ params: { id: await make.template(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  updateTemplate: [
    {
      request: async (w) => ({
        params: { id: await make.template(w) },
        body: { title: `Renamed ${randomUUID().slice(0, 8)}` },
      }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  deleteTemplate: [
    {
      request: async (w) => ({ params: { id: await make.template(w) } }),
      expect: user(404, 403, 403, 403, 204, 204),
    },
  ],
  searchTemplate: [
    {
      label: 'the template of its root task',
      request: async (w) => ({ params: { taskId: await make.template(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  cloneTemplate: [
    {
      request: async (w) => ({ params: { id: await make.template(w) }, body: {} }),
      expect: user(404, 403, 403, 403, 201, 201),
    },
  ],
  convertTaskToTemplate: [
    {
      label: 'a fresh task of the group, on the trial',
      request: async (w) => ({
        params: { id: (await make.task(w)).id },
        body: { type: 'task', title: `From task ${randomUUID().slice(0, 8)}` },
      }),
      expect: user(404, 403, 403, 403, 201, 201),
    },
  ],
  convertTemplateToDraft: [
    {
      request: async (w) => ({
        params: { id: await make.template(w) },
        body: { idempotency_key: randomUUID() },
      }),
      // Members who may not add tasks to the group (as POST /task) see the template but get 403.
      expect: user(404, 403, 403, 201, 201, 201),
    },
  ],
  createFolder: [
    {
      request: (w) => ({ body: { title: `Folder ${randomUUID().slice(0, 8)}`, group: w.group } }),
      expect: user(404, 403, 403, 403, 201, 201),
    },
  ],
  listFolders: [
    { request: (w) => ({ query: { group: w.group } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  getFolder: [
    {
      request: async (w) => ({ params: { id: await make.folder(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  updateFolder: [
    {
      request: async (w) => ({
        params: { id: await make.folder(w) },
        body: { title: `Renamed ${randomUUID().slice(0, 8)}` },
      }),
      expect: user(404, 403, 403, 403, 200, 200),
    },
  ],
  deleteFolder: [
    {
      request: async (w) => ({ params: { id: await make.folder(w) } }),
      expect: user(404, 403, 403, 403, 204, 204),
    },
  ],
  deleteAccountRole: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.accountRole(w.people.owner.api) } }),
      expect: ownOnly(204),
    },
  ],
  listRoleMappings: [
    { request: (w) => ({ query: { task_id: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  createRoleMapping: [
    {
      label: 'on a group task: only who may change its assignees',
      request: (w) => ({ body: { task: w.task.id, assigning_role: `Matrix ${randomUUID()}` } }),
      expect: user(404, 403, 403, 201, 201, 201),
    },
  ],
  getRoleMapping: [
    {
      request: async (w) => ({ params: { id: await make.roleMapping(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  updateRoleMapping: [
    {
      request: async (w) => ({ params: { id: await make.roleMapping(w) }, body: { managing_role: 'Lead' } }),
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  deleteRoleMapping: [
    {
      request: async (w) => ({ params: { id: await make.roleMapping(w) } }),
      expect: user(404, 403, 403, 204, 204, 204),
    },
  ],
  // The local stack has no AI service configured: 503 (functions/test/unit/ai-connector.test.ts has the rest).
  generateAiPublic: [{ request: () => ({ body: { prompt: 'Plan a launch' } }), expect: open(503) }],
  proposeAiTemplate: [{ request: () => ({ body: { prompt: 'Plan a launch' } }), expect: everyone(503) }],
  // Planning: the group task's plan; a save adds a sub-task (addChildren on the parent).
  listPlans: [{ request: () => ({}), expect: everyone(200) }],
  getPlan: [
    { request: (w) => ({ params: { rootId: w.task.id } }), expect: user(404, 200, 200, 200, 200, 200) },
  ],
  savePlan: [
    {
      label: 'a new sub-task under a fresh group task',
      request: async (w) => {
        const root = (await make.task(w)).id;
        return {
          params: { rootId: root },
          body: {
            key: `matrix-${randomUUID()}`,
            creates: [{ id: 'new:1', parent_id: root, title: 'Planned', level: 5 }],
          },
        };
      },
      expect: user(404, 403, 403, 200, 200, 200),
    },
  ],
  // Surveys (D69): the owner's own; the public ones by the survey's code and a response's token.
  createSurvey: [{ request: () => ({ body: SURVEY_BODY }), expect: everyone(201) }],
  listSurveys: [{ request: () => ({}), expect: everyone(200) }],
  getSurvey: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await ownerSurvey(w) } }),
      expect: ownOnly(200),
    },
  ],
  deleteSurvey: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await ownerSurvey(w) } }),
      expect: ownOnly(204),
    },
  ],
  getSurveyConfig: [
    { request: async (w) => ({ query: { affiliate_id: await ownerSurvey(w) } }), expect: open(200) },
  ],
  submitSurvey: [
    {
      request: async (w) => ({
        body: { survey: await ownerSurvey(w), answers: [{ question_id: 'q1', value: 'Yes' }] },
      }),
      expect: open(201),
    },
  ],
  getSurveyStatus: [
    {
      label: 'a response’s own token',
      request: async (w) => {
        const code = await ownerSurvey(w);
        const r = await publicApi().post('/survey/confirmation', { survey: code, answers: [] });
        return { body: { token: ok(r, 'answer survey').access_token as string } };
      },
      expect: open(200),
    },
  ],
  // The local stack has no AI service configured: the suggestion answers 503; accepting needs none.
  suggestOnboarding: [
    { request: () => ({ body: { description: 'I run a bakery' } }), expect: everyone(503) },
  ],
  acceptOnboarding: [
    {
      request: () => ({
        body: { groups: [{ title: `Matrix ${randomUUID().slice(0, 6)}`, tasks: ['First'] }] },
      }),
      expect: everyone(201),
    },
  ],
  downloadTodayCalendar: [
    { request: () => ({ query: { user_timezone: 'Europe/Berlin' } }), expect: everyone(200) },
  ],
  // Curricula (D66): the group's members read; the author changes; outsiders get 404.
  listCurricula: [{ request: () => ({ query: { type: 'own' } }), expect: everyone(200) }],
  createCurriculum: [
    { label: 'no body', request: () => ({}), expect: user(400, 400, 400, 400, 400, 400) },
    {
      label: 'a curriculum in the group',
      request: (w) => ({ body: { title: `Matrix ${randomUUID().slice(0, 8)}`, group: w.group } }),
      expect: user(404, 201, 201, 201, 201, 201),
    },
  ],
  getCurriculum: [
    {
      request: async (w) => ({ params: { id: await make.curriculum(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  updateCurriculum: [
    {
      request: async (w) => ({ params: { id: await make.curriculum(w) }, body: { title: 'Renamed' } }),
      expect: user(404, 403, 403, 403, 403, 200),
    },
  ],
  deleteCurriculum: [
    {
      request: async (w) => ({ params: { id: await make.curriculum(w) } }),
      expect: user(404, 403, 403, 403, 403, 204),
    },
  ],
  cloneCurriculum: [
    {
      request: async (w) => ({ params: { id: await make.curriculum(w) }, body: {} }),
      expect: user(404, 201, 201, 201, 201, 201),
    },
  ],
  addCurriculumLearner: [
    {
      label: 'a member of the group as learner',
      request: async (w) => ({
        params: { id: await make.curriculum(w) },
        body: { email: w.people.standard.email },
      }),
      expect: user(404, 403, 403, 403, 403, 201),
    },
  ],
  removeCurriculumLearner: [
    {
      label: 'the learner of a fresh curriculum',
      request: async (w) => {
        const id = await make.curriculum(w);
        ok(
          await w.people.owner.api.post(`/curriculum/learner/${id}`, { email: w.people.standard.email }),
          'learner',
        );
        return { params: { id, user: w.people.standard.userId } };
      },
      expect: user(404, 403, 403, 403, 403, 200),
    },
  ],
  listCurriculumLessons: [
    {
      request: async (w) => ({ params: { id: await make.curriculum(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  addCurriculumLesson: [
    {
      label: 'a lesson from the group’s template task',
      request: async (w) => ({
        body: { curriculum: await make.curriculum(w), template_task: await make.template(w) },
      }),
      expect: user(404, 403, 403, 403, 403, 201),
    },
  ],
  createCurriculumLesson: [
    {
      request: async (w) => ({ body: { curriculum: await make.curriculum(w), title: 'New lesson' } }),
      expect: user(404, 403, 403, 403, 403, 201),
    },
  ],
  updateCurriculumLesson: [
    {
      label: 'the author’s lesson started',
      request: async (w) => ({ params: { id: await make.lesson(w) }, body: { status: 2 } }),
      expect: user(404, 403, 403, 403, 403, 200),
    },
  ],
  deleteCurriculumLesson: [
    {
      request: async (w) => ({ params: { id: await make.lesson(w) } }),
      expect: user(404, 403, 403, 403, 403, 204),
    },
  ],
  // A curriculum's attachments (D72): its group's members read; the author changes; outsiders 404.
  listCurriculumAttachments: [
    {
      request: async (w) => ({ params: { id: await make.curriculum(w) }, query: { q: 'video' } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  createCurriculumAttachment: [
    {
      label: 'a video link on a fresh curriculum',
      request: async (w) => ({
        body: {
          curriculum: await make.curriculum(w),
          title: 'Matrix video',
          document_url: 'https://vimeo.com/76979871',
        },
      }),
      expect: user(404, 403, 403, 403, 403, 201),
    },
  ],
  createCurriculumAttachmentUploads: [
    {
      label: 'one small file for a fresh curriculum',
      request: async (w) => ({
        body: {
          curriculum: await make.curriculum(w),
          files: [{ filename: 'a.txt', size: 5, content_type: 'text/plain' }],
        },
      }),
      expect: user(404, 403, 403, 403, 403, 201),
    },
  ],
  confirmCurriculumAttachmentUpload: [
    {
      label: 'the owner’s upload (posted when the owner confirms it)',
      request: async (w, p) => ({ params: { id: await make.curriculumUpload(w, p === 'owner') } }),
      expect: user(404, 404, 404, 404, 404, 201),
    },
  ],
  updateCurriculumAttachment: [
    {
      label: 'a fresh video link',
      request: async (w) => ({ params: { id: await make.curriculumLink(w) }, body: { title: 'Renamed' } }),
      expect: user(404, 403, 403, 403, 403, 200),
    },
  ],
  deleteCurriculumAttachment: [
    {
      label: 'a fresh video link',
      request: async (w) => ({ params: { id: await make.curriculumLink(w) } }),
      expect: user(404, 403, 403, 403, 403, 204),
    },
  ],
  orderCurriculumAttachments: [
    {
      label: 'a fresh video link',
      request: async (w) => ({ body: { attachments: [{ id: await make.curriculumLink(w), order: 3 }] } }),
      expect: user(404, 403, 403, 403, 403, 200),
    },
  ],
  // Agendas (docs/api/agendas.md): who may see one follows its task; writing needs task.taskData.
  listAgendaTemplates: [{ request: () => ({}), expect: everyone(200) }],
  getAgendaTemplate: [{ request: () => ({ params: { id: 'team-meeting' } }), expect: everyone(200) }],
  createAgenda: [
    {
      label: 'on a fresh scheduled group task',
      request: async (w) => ({
        body: { task: (await make.scheduledTask(w)).id, segments: [{ title: 'One' }] },
      }),
      expect: user(404, 403, 201, 201, 201, 201),
    },
  ],
  updateAgenda: [
    {
      request: async (w) => ({
        body: { id: await matrixAgenda(w), segments: [{ title: 'Two', time_spent: 5 }] },
      }),
      expect: user(404, 403, 200, 200, 200, 200),
    },
  ],
  listAgendas: [
    {
      request: async (w) => ({ query: { task: await matrixAgenda(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  getAgenda: [
    {
      request: async (w) => ({ params: { id: await matrixAgenda(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  deleteAgenda: [
    {
      request: async (w) => ({ params: { id: await matrixAgenda(w) } }),
      expect: user(404, 403, 204, 204, 204, 204),
    },
  ],
  getAgendaInvitation: [
    {
      request: async (w) => ({ params: { id: await matrixAgenda(w) } }),
      expect: user(404, 200, 200, 200, 200, 200),
    },
  ],
  // Request links (D68): each person's own links; the owner's are foreign to everyone else.
  listRequestLinks: [{ request: () => ({}), expect: everyone(200) }],
  createRequestLink: [{ request: () => ({ body: { company_name: 'Matrix Co' } }), expect: everyone(201) }],
  getRequestLink: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.requestLink(w.people.owner.api) } }),
      expect: ownOnly(200),
    },
  ],
  updateRequestLink: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({
        params: { id: await make.requestLink(w.people.owner.api) },
        body: { company_name: 'Matrix Two' },
      }),
      expect: ownOnly(200),
    },
  ],
  toggleRequestLink: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({
        params: { id: await make.requestLink(w.people.owner.api) },
        body: { is_active: false },
      }),
      expect: ownOnly(200),
    },
  ],
  deleteRequestLink: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { id: await make.requestLink(w.people.owner.api) } }),
      expect: ownOnly(204),
    },
  ],
  deleteRequestLinkAssignee: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => {
        const id = await make.requestLink(w.people.owner.api, [{ email: 'matrix@example.com' }]);
        const link = (await w.people.owner.api.get(`/request-links/${id}`)).body;
        return { params: { id: link.assignees[0].id } };
      },
      expect: ownOnly(200),
    },
  ],
  createRequestLinkLogoUpload: [
    { request: () => ({ body: { size: 100, content_type: 'image/png' } }), expect: everyone(201) },
  ],
  listPortalTasks: [{ request: () => ({}), expect: everyone(200) }],
  getPortalTask: [
    {
      label: 'a task that came from no request',
      request: (w) => ({ params: { taskId: w.task.id } }),
      expect: everyone(404),
    },
  ],
  getPublicRequestLinkBare: [{ label: 'no id', request: () => ({}), expect: open(404) }],
  getPublicRequestLink: [
    { label: 'an unknown link', request: () => ({ params: { id: 'sr-unknown' } }), expect: open(404) },
  ],
  createRequestVoiceUpload: [
    {
      label: 'an unknown link',
      request: () => ({
        params: { id: 'sr-unknown' },
        body: { form_token: 'x', size: 100, content_type: 'audio/webm' },
      }),
      expect: open(404),
    },
  ],
  submitRequest: [{ label: 'an empty request', request: () => ({ body: {} }), expect: open(400) }],
  confirmRequest: [
    {
      label: 'an unknown request',
      request: () => ({ body: { request_id: randomUUID() } }),
      expect: open(404),
    },
  ],
  // Calendar integrations (D70): a person's own connections; the owner's is foreign to everyone else.
  listIntegrations: [{ request: () => ({}), expect: everyone(200) }],
  authorizeIntegration: [{ request: () => ({ params: { provider: 'google' } }), expect: everyone(200) }],
  getIntegrations: [{ request: () => ({ params: { provider: 'caldav' } }), expect: everyone(200) }],
  initializeIntegration: [
    {
      label: 'a state nobody started',
      request: () => ({ params: { provider: 'google' }, body: { code: 'c', state: 'never-issued' } }),
      expect: everyone(400),
    },
  ],
  deleteIntegration: [
    {
      label: 'the owner’s (foreign to the others)',
      request: async (w) => ({ params: { provider: 'caldav', id: await ownerIntegration(w) } }),
      expect: ownOnly(204),
    },
  ],
  connectCalendar: [
    {
      label: 'a calendar of the owner’s connection to the world’s group',
      request: async (w) => ({
        params: { provider: 'caldav' },
        body: {
          integration: await ownerIntegration(w),
          calendar: 'http://127.0.0.1:9/cal/',
          start_date: '2030-01-01',
          group: w.group,
          direction: 'import',
        },
      }),
      expect: ownOnly(201),
    },
  ],
  disconnectCalendar: [
    {
      label: 'the owner’s link (foreign to the others)',
      request: async (w) => ({ params: { provider: 'caldav', id: await ownerLink(w) } }),
      expect: ownOnly(204),
    },
  ],
  syncIntegration: [
    {
      label: 'the owner’s connection (no links: nothing to do)',
      request: async (w) => ({ params: { id: await ownerIntegration(w) } }),
      expect: ownOnly(200),
    },
  ],
  // Survey confirmations (D77): a business planning survey by its code; one's own confirmation.
  getBusinessPlanSurvey: [
    {
      request: async (w) => ({ query: { affiliate_id: await ownerSurvey(w, { kind: 'business-plan' }) } }),
      expect: open(200),
    },
  ],
  getSurveyAffiliation: [{ request: () => ({}), expect: everyone(200) }],
  sendSurveyConfirmation: [
    {
      label: 'the caller’s own answers’ token',
      request: async (w) => ({ body: { token: await surveyToken(w) } }),
      expect: everyone(201),
    },
  ],
  updateSurveyConfirmation: [
    {
      label: 'the owner’s confirmation (a wrong code: 400 to the owner, not found to the others)',
      request: async (w) => ({
        params: { id: await ownerConfirmation(w) },
        body: { action: 'confirm', code: 'x' },
      }),
      expect: ownOnly(400),
    },
  ],
};

const SURVEY_BODY = { title: 'Matrix survey', questions: [{ type: 'text', prompt: 'Anything?' }] };
/** A fresh survey of the owner's: its code. */
async function ownerSurvey(w: World, extra: object = {}): Promise<string> {
  return ok(await w.people.owner.api.post('/survey', { ...SURVEY_BODY, ...extra }), 'survey').id as string;
}
/** A fresh answer to a fresh survey of the owner's: its access token. */
async function surveyToken(w: World): Promise<string> {
  const r = await publicApi().post('/survey/confirmation', { survey: await ownerSurvey(w), answers: [] });
  return ok(r, 'answer survey').access_token as string;
}
let ownerConfirmationId: Promise<string> | undefined;
/** One confirmation of the owner's (made once: sending counts against the owner's limit per minute). */
function ownerConfirmation(w: World): Promise<string> {
  ownerConfirmationId ??= surveyToken(w).then(
    async (token) =>
      ok(await w.people.owner.api.post('/survey/confirmation/send', { token }), 'send confirmation')
        .id as string,
  );
  return ownerConfirmationId;
}
/** A fresh scheduled group task of the owner's with an agenda; its id is the agenda's. */
async function matrixAgenda(w: World): Promise<string> {
  const t = await make.scheduledTask(w);
  ok(await w.people.owner.api.post('/agenda/', { task: t.id, segments: [{ title: 'One' }] }), 'agenda');
  return t.id;
}

/** A CalDAV connection of the owner, written as initialize writes it (no server is asked). */
async function ownerIntegration(w: World): Promise<string> {
  const { IntegrationEntity } = await import('../../src/db/integrations.ts');
  const { secretBox } = await import('../../src/core/integrations/secret-box.ts');
  const integrationId = randomUUID().replace(/-/g, '').slice(0, 20);
  await IntegrationEntity.create({
    integrationId,
    userId: w.people.owner.userId,
    provider: 'caldav',
    account: 'owner @ 127.0.0.1:9',
    status: 'active',
    secret: await secretBox().seal('app-password', {
      owner: w.people.owner.userId,
      connection: integrationId,
    }),
    serverUrl: 'http://127.0.0.1:9/',
    calendars: [{ id: 'http://127.0.0.1:9/cal/', name: 'Cal' }],
  }).go();
  return integrationId;
}

async function ownerLink(w: World): Promise<string> {
  const { CalendarLinkEntity } = await import('../../src/db/integrations.ts');
  const linkId = randomUUID().replace(/-/g, '').slice(0, 20);
  await CalendarLinkEntity.create({
    linkId,
    integrationId: await ownerIntegration(w),
    userId: w.people.owner.userId,
    provider: 'caldav',
    calendar: 'http://127.0.0.1:9/cal/',
    calendarName: 'Cal',
    startDate: '2030-01-01',
    groupId: w.group,
    direction: 'import',
  }).go();
  return linkId;
}

/** A message the owner writes in the world's task chat, for the author-only routes. */
async function ownerMessage(w: World): Promise<string> {
  return ok(await w.people.owner.api.post(`/chat/${w.task.id}/message`, { message: 'Mine' }), 'post message')
    .id as string;
}

interface MatrixContact {
  id: string;
  emails: Array<{ id: string }>;
  phones: Array<{ id: string }>;
  addresses: Array<{ id: string }>;
  groups: Array<{ id: string }>;
}
/** A fresh contact the owner makes in the world's group (and the owner's Private one as secondary). */
async function ownerContact(w: World, withPrivate = false): Promise<MatrixContact> {
  return ok(
    await w.people.owner.api.post('/contact/', {
      first_name: 'Matrix',
      last_name: 'Contact',
      contact_email: [{ value: 'matrix@example.com' }],
      contact_phone: [{ value: '+44 20 7946 0000' }],
      contact_address: [{ street: '1 High St', city: 'York' }],
      group: [
        { id: w.group, is_primary: true },
        ...(withPrivate ? [{ id: await ownerPrivate(w), is_primary: false }] : []),
      ],
    }),
    'contact',
  ) as MatrixContact;
}
/** A fresh company the owner makes in the world's group; its id. */
/** The owner's Private group (the spare group is deleted by its own row). */
async function ownerPrivate(w: World): Promise<string> {
  const groups = ok(await w.people.owner.api.get('/group/member'), 'groups') as {
    results: Array<{ id: string; is_private: boolean }>;
  };
  return groups.results.find((g) => g.is_private)!.id;
}
async function ownerCompany(w: World, withPrivate = false): Promise<string> {
  const c = ok(
    await w.people.owner.api.post('/contact/company', {
      name: 'Matrix Ltd',
      group: [
        { id: w.group, is_primary: true },
        ...(withPrivate ? [{ id: await ownerPrivate(w), is_primary: false }] : []),
      ],
    }),
    'company',
  ) as { id: number };
  return String(c.id);
}

// --- tokens that must not work ---------------------------------------------------------------

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
function signJwt(claims: object, privateKeyPem: string | import('node:crypto').KeyObject) {
  const head = b64url({ alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' });
  const data = `${head}.${b64url(claims)}`;
  const sig = createSign('RSA-SHA256').update(data).sign(privateKeyPem).toString('base64url');
  return `${data}.${sig}`;
}
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown> & {
    exp: number;
    iat: number;
  };
/** cognito-local signs every pool's tokens with this one key (LOCAL-STACK-FACTS). */
const poolKey = () =>
  (
    JSON.parse(
      readFileSync(path.resolve('node_modules/cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
    ) as { pem: string }
  ).pem;

// --- calling ---------------------------------------------------------------------------------

async function call(id: RouteId, req: Req, token: string | undefined): Promise<number> {
  const route = routes[id];
  const qs = req.query ? `?${new URLSearchParams(req.query)}` : '';
  const res = await fetch(`${stack.url}${apiPath(route, req.params ?? {})}${qs}`, {
    method: route.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: req.form ?? (req.body !== undefined ? JSON.stringify(req.body) : undefined),
  });
  await res.arrayBuffer();
  return res.status;
}

let world: World;
let tokens: Record<Principal, string | undefined>;

beforeAll(async () => {
  const [owner, outsider, viewer, standard, editor, admin] = await Promise.all(
    ['Owner', 'Outsider', 'Viewer', 'Standard', 'Editor', 'Admin'].map((n) => person(n)),
  );
  const people = {
    owner: owner!,
    outsider: outsider!,
    viewer: viewer!,
    standard: standard!,
    editor: editor!,
    admin: admin!,
  };
  const g = await newGroup(owner!.api, 'Matrix team');
  const spare = await newGroup(owner!.api, 'Matrix spare');
  const roles: Array<[PersonKey, number]> = [
    ['viewer', 4],
    ['standard', 5],
    ['editor', 6],
    ['admin', 3],
  ];
  for (const gid of [g.id, spare.id])
    for (const [who, role] of roles) await addMember(owner!.api, gid, people[who], role);
  const task = ok(
    await owner!.api.post('/task', {
      title: 'Matrix task',
      group: g.id,
      children: [{ title: 'Matrix sub-task' }],
    }),
    'task',
  ).results[0] as { id: string; title: string; children: Array<{ id: string }> };
  ok(await owner!.api.patch(`/task/schedule/${task.id}`, schedule), 'schedule');
  const ownerBlock = await make.timeBlock(owner!.api);
  const ownerCategory = await make.category(owner!.api);
  const avatar = await owner!.api.raw('POST', '/user/avatar/', { body: avatarForm() });
  if (avatar.status !== 201) throw new Error(`avatar answered ${avatar.status}`);
  const pendingEmail = fresh('pending');
  const since = new Date();
  const roster = ok(
    await owner!.api.post('/group/member/invitation', { group: g.id, email: pendingEmail, role: 4 }),
    'invite',
  ) as { group_members: Array<{ id: string; email: string }> };
  const pendingKey = await invitationKey(pendingEmail, since);
  world = {
    people,
    group: g.id,
    spareGroup: spare.id,
    task: { id: task.id, title: task.title, childId: task.children[0]!.id },
    ownerBlock,
    ownerCategory,
    pendingKey,
    pendingEmail,
    standardMemberId: roster.group_members.find((m) => m.email === standard!.email)!.id,
    delegationKey: '',
    attendeeKey: '',
  };
  [world.delegationKey, world.attendeeKey] = await Promise.all([
    make.delegationKey(world),
    make.attendeeKey(world),
  ]);

  const claims = claimsOf(owner!.accessToken);
  const now = Math.floor(Date.now() / 1000);
  const { privateKey: otherKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  tokens = {
    anonymous: undefined,
    forged: signJwt(claims, otherKey),
    expired: signJwt({ ...claims, iat: now - 7200, exp: now - 3600, auth_time: now - 7200 }, poolKey()),
    idToken: owner!.idToken,
    ...(Object.fromEntries(PEOPLE.map((p) => [p, people[p].accessToken])) as Record<PersonKey, string>),
  };
  // The pool's key really signs valid tokens: the expired token fails for its age alone.
  const resigned = signJwt({ ...claims, iat: now, exp: now + 600 }, poolKey());
  expect(await call('getUserConfig', {}, resigned)).toBe(200);
}, 180_000);

describe('route × principal matrix', () => {
  it('has rows for every route of the manifest, and only for those', () => {
    for (const id of Object.keys(routes) as RouteId[]) expect(MATRIX[id]?.length ?? 0, id).toBeGreaterThan(0);
    for (const id of Object.keys(MATRIX)) expect(routes, id).toHaveProperty(id);
  });

  it('public routes are open to the anonymous caller; the others refuse every bad token', () => {
    for (const [id, cases] of Object.entries(MATRIX) as Array<[RouteId, Case[]]>) {
      for (const c of cases) {
        if (routes[id].auth === 'public') expect(c.expect[0], id).not.toBe(401);
        else expect(c.expect.slice(0, 4), id).toEqual([401, 401, 401, 401]);
      }
    }
  });

  const rows = (Object.entries(MATRIX) as Array<[RouteId, Case[]]>).flatMap(([id, cases]) =>
    cases.map((c) => ({
      id,
      c,
      name: `${routes[id].method} ${routes[id].path} (${id})${c.label ? `: ${c.label}` : ''}`,
    })),
  );
  it.each(rows)('$name', async ({ id, c }) => {
    const one = async (p: Principal) => call(id, await c.request(world, p), tokens[p]);
    // One caller after another, in column order: calls on one group never race each other, and
    // the owner (who may delete the spare group) comes last.
    const got: Status[] = [];
    for (const p of PRINCIPALS) got.push(await one(p));
    const asRecord = (s: readonly Status[]) => Object.fromEntries(PRINCIPALS.map((p, i) => [p, s[i]]));
    expect(asRecord(got)).toEqual(asRecord(c.expect));
  });
});
