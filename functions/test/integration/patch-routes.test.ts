/**
 * Every PATCH route of the manifest (issue 9, finding 1): an object is made with every field set,
 * then each field is sent alone and read back — it changed, and every other field is as it was.
 * The list of routes comes from shared/src/api/routes.ts, so a PATCH route added without a fixture
 * here fails this file.
 */
import { routes } from '@tandem/shared/api/routes';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, groupOf, memberIdOf, newGroup, person } from './support.ts';

type Json = unknown;
interface Case {
  /** What the test calls the change. */
  name: string;
  /** The body sent, with only this field (absent for routes that take none); a function of the subject. */
  body?: Json | ((s: Subject) => Json);
  /** Where the change shows in what is read back (dotted; numbers index arrays). */
  at?: string;
  /** The value read back there; by default the field's value in the body. */
  value?: Json;
  /** Other read-back paths this change moves by the product's rules (named, so nothing else may). */
  alsoChanges?: string[];
}
interface Subject {
  api: Api;
  path: string;
  read: () => Promise<Json>;
  /** Ids the cases' bodies name (another group, another person). */
  ids?: Record<string, string>;
}
interface Fixture {
  /** Makes the object with every field set. */
  setup: () => Promise<Subject>;
  cases: Case[];
  /** Read-back paths that change on every write (timestamps, versions). */
  volatile?: string[];
}

const inDays = (d: number, hour = 9) =>
  DateTime.utc().plus({ days: d }).set({ hour, minute: 0, second: 0, millisecond: 0 });
const iso = (d: DateTime) => d.toISO({ suppressMilliseconds: true })!;

async function privateGroup(api: Api) {
  return (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private)
    .id as string;
}
async function ok(r: Promise<{ status: number; body: Json }>, status = 200) {
  const res = await r;
  if (res.status !== status) throw new Error(`answered ${res.status}: ${JSON.stringify(res.body)}`);
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field
  return res.body as Record<string, any>;
}

const segments = (path: string) => path.split('.');
function valueAt(obj: Json, path: string): Json {
  return segments(path).reduce<Json>((o, k) => (o as Record<string, Json> | null)?.[k], obj);
}
/** A deep copy without the given paths. */
function without(obj: Json, paths: string[]): Json {
  const copy = structuredClone(obj) as Record<string, Json>;
  for (const path of paths) {
    const keys = segments(path);
    const parent = valueAt(copy, keys.slice(0, -1).join('.')) ?? (keys.length === 1 ? copy : undefined);
    if (parent && typeof parent === 'object') delete (parent as Record<string, Json>)[keys.at(-1)!];
  }
  return copy;
}
/** The leaf of a body with one field: { a: { b: 1 } } → ['a.b', 1]. */
function leaf(body: Json, prefix = ''): [string, Json] {
  const entries = Object.entries(body as Record<string, Json>);
  const [k, v] = entries[0]!;
  return v && typeof v === 'object' && !Array.isArray(v) ? leaf(v, `${prefix}${k}.`) : [prefix + k, v];
}

const fixtures: Record<string, Fixture> = {
  updateUserConfig: {
    async setup() {
      const ann = await person('Ann');
      const group = await privateGroup(ann.api);
      await ok(
        ann.api.patch('/user/config/', {
          time_format_option: 12,
          date_format_option: 'month_first',
          preferences: { selected_levels: [1, 2], selected_groups: [group] },
          routine_times: { beginning: '07:00', middle: '12:30', end: '18:00' },
          timezone: 'Europe/Berlin',
          country: 'DE',
          group,
        }),
      );
      return { api: ann.api, path: '/user/config/', read: () => ok(ann.api.get('/user/config/')) };
    },
    cases: [
      { name: 'time_format_option', body: { time_format_option: 24 } },
      { name: 'date_format_option', body: { date_format_option: 'day_first' } },
      { name: 'preferences.selected_levels', body: { preferences: { selected_levels: [3] } } },
      { name: 'preferences.selected_groups', body: { preferences: { selected_groups: [] } } },
      { name: 'routine_times.middle', body: { routine_times: { middle: '13:15' } } },
      { name: 'timezone', body: { timezone: 'America/New_York' } },
      { name: 'country', body: { country: 'FR' } },
      { name: 'group cleared with null', body: { group: null } },
    ],
  },

  updateAuthUser: {
    async setup() {
      const ann = await person('Ann');
      await ok(ann.api.patch('/auth/user/', { first_name: 'Ann', last_name: 'Lovelace' }));
      return { api: ann.api, path: '/auth/user/', read: () => ok(ann.api.get('/auth/user/')) };
    },
    cases: [
      { name: 'first_name', body: { first_name: 'Augusta' } },
      { name: 'last_name', body: { last_name: 'King' } },
    ],
  },

  updateGroup: {
    async setup() {
      const ann = await person('Ann');
      const g = await newGroup(ann.api, 'Garden', {
        description: 'Beds and paths',
        metadata: { color: '#112233', icon: 'star' },
      });
      return { api: ann.api, path: `/user/group/${g.id}`, read: () => groupOf(ann.api, g.id) };
    },
    cases: [
      { name: 'title', body: { title: 'Orchard' } },
      { name: 'description', body: { description: 'Trees' } },
      { name: 'metadata.color', body: { metadata: { color: '#445566' } } },
      { name: 'metadata.icon', body: { metadata: { icon: 'home' } } },
      { name: 'status', body: { status: 2 }, alsoChanges: ['member_count', 'member_limit'] },
    ],
  },

  updateMember: {
    async setup() {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const g = await newGroup(ann.api);
      await addMember(ann.api, g.id, bob, 5);
      const id = memberIdOf(await groupOf(ann.api, g.id), bob.email);
      return {
        api: ann.api,
        path: `/group/member/${id}`,
        read: async () =>
          (await groupOf(ann.api, g.id)).group_members.find((m: { id: string }) => m.id === id),
      };
    },
    cases: [
      { name: 'role', body: { role: 6 }, alsoChanges: ['role_title'] },
      { name: 'status', body: { status: 2 }, at: 'status', value: 'inactive' },
    ],
  },

  updateCategory: {
    async setup() {
      const ann = await person('Ann');
      const group = await privateGroup(ann.api);
      const c = await ok(
        ann.api.post('/user/group/category', {
          title: 'Home',
          description: 'Around the house',
          metadata: { color: '#112233', icon: 'star' },
          groups: [group],
        }),
        201,
      );
      const read = async () =>
        (await ok(ann.api.get('/user/group/category'))).results.find((x: { id: string }) => x.id === c.id);
      return { api: ann.api, path: `/user/group/category/${c.id}`, read };
    },
    cases: [
      { name: 'title', body: { title: 'House' } },
      { name: 'description', body: { description: 'Inside' } },
      { name: 'metadata.color', body: { metadata: { color: '#ABCDEF' } } },
      { name: 'metadata.icon', body: { metadata: { icon: 'home' } } },
      { name: 'groups', body: { groups: [] }, at: 'category_groups' },
    ],
  },

  updateTask: {
    async setup() {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const g = await newGroup(ann.api);
      await addMember(ann.api, g.id, bob, 6);
      const other = await newGroup(ann.api);
      await addMember(ann.api, other.id, bob, 6);
      const t = await ok(
        ann.api.post('/task', {
          title: 'Quarterly report',
          group: g.id,
          details: { description: 'Numbers for Q3', flag: 3 },
          level: 5,
          priority_group: 2,
          status: 2,
          due_at: iso(inDays(20)),
          task_assignees: [
            { user: ann.userId, role: 6 },
            { user: bob.userId, role: 5 },
          ],
          scheduled_task: {
            start_date: iso(inDays(10)),
            initial_date: iso(inDays(10)),
            recur_rule: 'FREQ=WEEKLY;BYDAY=MO',
            duration: 30,
            timezone: 'Europe/Berlin',
          },
        }),
        201,
      ).then((b) => b.results[0]);
      await ok(ann.api.patch(`/task/${t.id}`, { manager: bob.userId }));
      const read = async () => ({
        task: await ok(ann.api.get(`/task/${t.id}`)),
        schedule: await ok(ann.api.get(`/task/schedule/${t.id}`)),
      });
      return { api: ann.api, path: `/task/${t.id}`, read, ids: { other: other.id, bob: bob.userId } };
    },
    volatile: ['task.updated_at', 'task.custom_sort_code', 'task.version'],
    cases: [
      { name: 'title', body: { title: 'Annual report' }, at: 'task.title' },
      {
        name: 'details.description',
        body: { details: { description: 'Numbers for Q4' } },
        at: 'task.task_details.description',
      },
      {
        // The rich description (D51): its plain text is made from it, so the description moves too.
        name: 'details.description_doc',
        body: {
          details: {
            description_doc: JSON.stringify({
              root: {
                type: 'root',
                children: [
                  { type: 'paragraph', children: [{ type: 'text', text: 'Numbers for Q1', style: '' }] },
                ],
              },
            }),
          },
        },
        at: 'task.task_details.description_doc',
        alsoChanges: ['task.task_details.description'],
      },
      { name: 'priority_group', body: { priority_group: 1 }, at: 'task.priority_group', value: { id: 1 } },
      { name: 'due_at', body: { due_at: iso(inDays(25)) }, at: 'task.due_at', value: inDays(25).toISO() },
      {
        name: 'details.flag',
        body: { details: { flag: 1 } },
        at: 'task.task_details.flag',
        alsoChanges: ['task.pinned_to_today', 'task.priority_group'],
      },
      { name: 'level', body: { level: 6 }, at: 'task.level', value: { id: 6 } },
      { name: 'mode', body: { mode: 'draft' }, at: 'task.mode' },
      {
        name: 'status',
        body: { status: 3 },
        at: 'task.status',
        value: { id: 3, title: 'Paused' },
      },
      { name: 'due_at cleared with null', body: { due_at: null }, at: 'task.due_at' },
      {
        name: 'completion_at',
        body: { completion_at: iso(inDays(-1)) },
        at: 'task.completion_at',
        value: inDays(-1).toISO(),
      },
      { name: 'manager cleared with null', body: { manager: null }, at: 'task.manager' },
      {
        name: 'group (a move)',
        body: (s: Subject) => ({ group: s.ids!.other }),
        at: 'task.group.id',
        alsoChanges: ['task.group.title'],
      },
      {
        name: 'task_assignees',
        body: (s: Subject) => ({ task_assignees: [{ user: s.ids!.bob, role: 6 }] }),
        at: 'task.task_assignees',
        value: [expect.objectContaining({ user: expect.any(String), role: 6 })],
      },
      {
        name: 'scheduled_task.duration',
        body: { scheduled_task: { duration: 45 } },
        at: 'schedule.duration',
        alsoChanges: ['task.scheduled_task.duration'],
      },
      {
        name: 'scheduled_task.timezone',
        body: { scheduled_task: { timezone: 'America/New_York' } },
        at: 'schedule.timezone',
        alsoChanges: ['task.scheduled_task.timezone'],
      },
    ],
  },

  dismissTask: {
    async setup() {
      const ann = await person('Ann');
      const t = await ok(
        ann.api.post('/task', {
          title: 'Dismiss me',
          group: await privateGroup(ann.api),
          details: { description: 'd', flag: 3 },
          level: 4,
          due_at: iso(inDays(5)),
        }),
        201,
      ).then((b) => b.results[0]);
      return { api: ann.api, path: `/task/dismiss/${t.id}`, read: () => ok(ann.api.get(`/task/${t.id}`)) };
    },
    // Dismissing takes the task off the caller's lists: it has no fields, and changes none.
    cases: [{ name: 'dismiss (no fields)' }],
  },

  newStructure: {
    async setup() {
      const ann = await person('Ann');
      const group = await privateGroup(ann.api);
      const t = await ok(
        ann.api.post('/task', {
          title: 'Restructure me',
          group,
          details: { description: 'd', flag: 3 },
          level: 5,
          due_at: iso(inDays(5)),
        }),
        201,
      ).then((b) => b.results[0]);
      return {
        api: ann.api,
        path: '/task/descendants/new-structure',
        read: () => ok(ann.api.get(`/task/${t.id}`)),
        ids: { task: t.id },
      };
    },
    volatile: ['updated_at', 'version'],
    cases: [
      {
        name: 'level of one task (its parent sent unchanged)',
        body: (s: Subject) => ({ tasks: [{ id: s.ids!.task, level: 6, parent: null }] }),
        at: 'level',
        value: { id: 6 },
      },
    ],
  },

  updateUserLevel: {
    async setup() {
      const ann = await person('Ann');
      await ok(ann.api.post('/task/user/level', { id: 1, title: 'Big picture' }));
      await ok(ann.api.patch('/task/user/level/2', { title: 'Goals' }));
      return { api: ann.api, path: '/task/user/level/1', read: () => ok(ann.api.get('/task/user/level')) };
    },
    cases: [
      { name: 'title', body: { title: 'Dream' }, at: 'results.0.title' },
      { name: 'title reset with empty', body: { title: '' }, at: 'results.0.title', value: 'Vision' },
    ],
  },

  updateUserPriorityGroup: {
    async setup() {
      const ann = await person('Ann');
      await ok(ann.api.patch('/task/user/priority-group/0', { title: 'Now!' }));
      await ok(ann.api.patch('/task/user/priority-group/1', { title: 'Soon' }));
      return {
        api: ann.api,
        path: '/task/user/priority-group/0',
        read: () => ok(ann.api.get('/task/user/priority-group')),
      };
    },
    cases: [{ name: 'title', body: { title: 'Right now' }, at: 'results.0.title' }],
  },

  setSchedule: {
    async setup() {
      const ann = await person('Ann');
      const t = await ok(
        ann.api.post('/task', { title: 'Weekly sync', group: await privateGroup(ann.api) }),
        201,
      ).then((b) => b.results[0]);
      await ok(
        ann.api.patch(`/task/schedule/${t.id}`, {
          start_date: iso(inDays(3)),
          end_date: iso(inDays(3, 10)),
          initial_date: iso(inDays(3)),
          all_day: false,
          flexible_time: 4,
          recur_rule: 'FREQ=WEEKLY;INTERVAL=1',
          ex_date: [iso(inDays(10))],
          r_date: [iso(inDays(11))],
          duration: 60,
          timezone: 'Europe/Berlin',
        }),
      );
      const path = `/task/schedule/${t.id}`;
      return { api: ann.api, path, read: () => ok(ann.api.get(path)) };
    },
    cases: [
      { name: 'duration', body: { duration: 30 } },
      { name: 'timezone', body: { timezone: 'Asia/Tokyo' } },
      { name: 'recur_rule', body: { recur_rule: 'FREQ=DAILY' } },
      { name: 'ex_date', body: { ex_date: [] } },
      { name: 'r_date', body: { r_date: [iso(inDays(12))] } },
      { name: 'all_day', body: { all_day: true } },
      { name: 'flexible_time', body: { flexible_time: 2 } },
      { name: 'end_date cleared with null', body: { end_date: null } },
      { name: 'initial_date cleared with null', body: { initial_date: null } },
    ],
  },

  updateTimeBlock: {
    async setup() {
      const ann = await person('Ann');
      const group = await privateGroup(ann.api);
      const b = await ok(
        ann.api.post('/time-blocking/', {
          start_date: iso(inDays(2)),
          end_date: iso(inDays(30)),
          ex_date: [iso(inDays(9))],
          r_date: [iso(inDays(10, 15))],
          recur_rule: 'FREQ=WEEKLY',
          duration: 90,
          timezone: 'Europe/Berlin',
          group,
          group_category: 'work',
        }),
        201,
      );
      const path = `/time-blocking/${b.id}`;
      return { api: ann.api, path, read: () => ok(ann.api.get(path)) };
    },
    volatile: ['active'],
    cases: [
      { name: 'duration', body: { duration: 30 } },
      { name: 'end_date cleared with null', body: { end_date: null } },
      { name: 'recur_rule', body: { recur_rule: 'FREQ=DAILY' } },
      { name: 'group cleared with null', body: { group: null } },
      { name: 'group_category', body: { group_category: 'home' } },
      { name: 'timezone', body: { timezone: 'Asia/Tokyo' } },
      { name: 'ex_date', body: { ex_date: [] } },
    ],
  },

  changeTaskRole: {
    async setup() {
      const ann = await person('Ann');
      const bob = await person('Bob');
      const g = await newGroup(ann.api);
      await addMember(ann.api, g.id, bob, 5);
      const t = await ok(ann.api.post('/task', { title: 'Roles', group: g.id }), 201).then(
        (b) => b.results[0],
      );
      const r = await ok(ann.api.post('/user/task/role', { task: t.id, user: bob.userId, role: 4 }), 201);
      const read = async () =>
        (await ok(ann.api.get(`/user/task/role?task=${t.id}`))).results.find(
          (x: { id: string }) => x.id === r.id,
        );
      return { api: ann.api, path: `/user/task/role/${r.id}`, read };
    },
    cases: [{ name: 'role', body: { role: 6 }, alsoChanges: ['role_title'] }],
  },

  editMessage: {
    async setup() {
      const ann = await person('Ann');
      const t = await ok(
        ann.api.post('/task', { title: 'Chat', group: await privateGroup(ann.api) }),
        201,
      ).then((b) => b.results[0]);
      const m = await ok(ann.api.post(`/chat/${t.id}/message`, { message: 'First' }), 201);
      const read = async () =>
        (await ok(ann.api.get(`/chat/${t.id}/message`))).results.find((x: { id: string }) => x.id === m.id);
      return { api: ann.api, path: `/chat/${t.id}/message/${m.id}`, read };
    },
    // An edit stamps its time.
    volatile: ['updated_at'],
    cases: [{ name: 'message', body: { message: 'Second' } }],
  },

  markNotificationsReceived: notificationMark('/notifications/received', ['received_at', 'status']),
  markNotificationsRead: notificationMark('/notifications/read', ['read_at', 'received_at', 'status']),

  updateAttachment: {
    async setup() {
      const ann = await person('Ann');
      const t = await ok(
        ann.api.post('/task', { title: 'Links', group: await privateGroup(ann.api) }),
        201,
      ).then((b) => b.results[0]);
      const link = await ok(
        ann.api.post('/task/attachment', {
          task: t.id,
          title: 'Intro',
          document_url: 'https://youtu.be/dQw4w9WgXcQ',
        }),
        201,
      );
      const read = async () =>
        (await ok(ann.api.get(`/task/attachment/${t.id}?q=video`))).results.find(
          (x: { id: string }) => x.id === link.id,
        );
      return { api: ann.api, path: `/task/attachment/${link.id}`, read };
    },
    cases: [
      { name: 'title', body: { title: 'Welcome' } },
      { name: 'document_url', body: { document_url: 'https://vimeo.com/76979871' } },
    ],
  },

  orderAttachments: {
    async setup() {
      const ann = await person('Ann');
      const t = await ok(
        ann.api.post('/task', { title: 'Links', group: await privateGroup(ann.api) }),
        201,
      ).then((b) => b.results[0]);
      const link = await ok(
        ann.api.post('/task/attachment', {
          task: t.id,
          title: 'Intro',
          document_url: 'https://youtu.be/dQw4w9WgXcQ',
        }),
        201,
      );
      const read = async () => (await ok(ann.api.get(`/task/attachment/${t.id}?q=video`))).results;
      return { api: ann.api, path: '/task/attachment/order/', read, ids: { link: link.id } };
    },
    cases: [
      {
        name: 'order',
        body: (s: Subject) => ({ attachments: [{ id: s.ids!.link, order: 5 }] }),
        at: '0.order',
        value: 5,
      },
    ],
  },

  updateCustomFields: {
    async setup() {
      const ann = await person('Ann');
      const t = await ok(
        ann.api.post('/task', { title: 'Weigh-in', group: await privateGroup(ann.api) }),
        201,
      ).then((b) => b.results[0]);
      await ok(
        ann.api.post('/task/custom/field', {
          task: t.id,
          custom_field: [{ id: 'f1', type: 'text', label: 'Note' }],
        }),
        201,
      );
      const read = async () => await ok(ann.api.get(`/task/custom/field/${t.id}`));
      // The id goes in the body (spec 000 §7 writes PATCH /task/custom/field): after the field, so
      // the case's field is the body's first.
      return { api: ann.api, path: '/task/custom/field', read, ids: { id: t.id } };
    },
    volatile: ['updated_at'],
    cases: [
      { name: 'data_entry_required', body: (s: Subject) => ({ data_entry_required: 2, id: s.ids!.id }) },
      {
        name: 'allow_delegated_to_edit',
        body: (s: Subject) => ({ allow_delegated_to_edit: true, id: s.ids!.id }),
      },
      {
        name: 'custom_field',
        body: (s: Subject) => ({
          custom_field: [{ id: 'f1', type: 'number', label: 'Weight', is_required: true }],
          id: s.ids!.id,
        }),
        value: [
          {
            id: 'f1',
            type: 'number',
            label: 'Weight',
            description: '',
            max_char: 6,
            is_required: true,
            options: '',
          },
        ],
      },
    ],
  },

  updateCustomValue: {
    async setup() {
      const ann = await person('Ann');
      const t = await ok(
        ann.api.post('/task', { title: 'Weigh-in', group: await privateGroup(ann.api) }),
        201,
      ).then((b) => b.results[0]);
      await ok(
        ann.api.post('/task/custom/field', {
          task: t.id,
          custom_field: [
            { id: 'f1', type: 'number', label: 'Weight' },
            { id: 'f2', type: 'text', label: 'Note' },
          ],
        }),
        201,
      );
      const v = await ok(ann.api.post('/task/custom/value', { task: t.id, custom_value: { f1: '70' } }), 201);
      const read = async () => await ok(ann.api.get(`/task/custom/value/${v.id}`));
      return { api: ann.api, path: '/task/custom/value', read, ids: { id: v.id } };
    },
    volatile: ['updated_at'],
    cases: [
      { name: 'custom_value', body: (s: Subject) => ({ custom_value: { f1: '71.5' }, id: s.ids!.id }) },
    ],
  },

  updateContact: {
    async setup() {
      const ann = await person('Ann');
      const home = await privateGroup(ann.api);
      const other = (await newGroup(ann.api, 'Clients')).id;
      const co = await ok(ann.api.post('/contact/company', { name: 'Acme' }), 201);
      const c = await ok(
        ann.api.post('/contact/', {
          first_name: 'Ann',
          last_name: 'Lee',
          notes: 'Met at the fair',
          contact_email: [{ value: 'ann@example.com', label: 'Home' }],
          contact_phone: [{ value: '+1 555 0100' }],
          contact_address: [{ street: '1 Main St', city: 'Boston', zip: '02110' }],
          contact_company: { company: co.id, job_title: 'CEO', department: 'Board' },
          group: [{ id: home, is_primary: true }],
        }),
        201,
      );
      const read = async () => await ok(ann.api.get(`/contact/${c.id}`));
      return { api: ann.api, path: `/contact/${c.id}`, read, ids: { other, home } };
    },
    volatile: ['modified_at'],
    cases: [
      { name: 'first_name', body: { first_name: 'Anna' } },
      { name: 'last_name', body: { last_name: 'Lea' } },
      { name: 'notes', body: { notes: 'Called back' } },
      {
        name: 'contact_email',
        body: { contact_email: [{ value: 'anna@example.com', label: 'Work' }] },
        at: 'emails.0.value',
        value: 'anna@example.com',
        alsoChanges: ['emails'],
      },
      {
        name: 'contact_phone',
        body: { contact_phone: [{ value: '+1 555 0199' }] },
        at: 'phones.0.value',
        value: '+1 555 0199',
        alsoChanges: ['phones'],
      },
      {
        name: 'contact_address',
        body: { contact_address: [{ street: '2 Elm St', city: 'Salem' }] },
        at: 'addresses.0.street',
        value: '2 Elm St',
        alsoChanges: ['addresses'],
      },
      {
        name: 'contact_company.job_title',
        body: { contact_company: { job_title: 'CTO' } },
        at: 'title',
        value: 'CTO',
      },
      {
        name: 'group',
        body: (s: Subject) => ({
          group: [
            { id: s.ids!.home, is_primary: true },
            { id: s.ids!.other, is_primary: false },
          ],
        }),
        at: 'groups.1.is_primary',
        value: false,
        alsoChanges: ['groups', 'secondary_group_ids'],
      },
    ],
  },

  updateCompany: {
    async setup() {
      const ann = await person('Ann');
      const co = await ok(
        ann.api.post('/contact/company', {
          name: 'Acme',
          address1: '1 Main St',
          address2: 'Floor 2',
          phone: '+1 555 0100',
          cell: '+1 555 0101',
          city: 'Boston',
          zip: '02110',
          state: 'MA',
          country: 'US',
        }),
        201,
      );
      const read = async () => await ok(ann.api.get(`/contact/company/${co.id}`));
      return { api: ann.api, path: `/contact/company/${co.id}`, read };
    },
    volatile: ['modified_at'],
    cases: [
      { name: 'name', body: { name: 'Acme Inc' } },
      { name: 'address1', body: { address1: '9 Side St' }, at: 'address.street', value: '9 Side St' },
      { name: 'address2', body: { address2: 'Floor 3' }, at: 'address.street2', value: 'Floor 3' },
      { name: 'phone', body: { phone: '+1 555 0177' } },
      { name: 'cell', body: { cell: '+1 555 0178' } },
      { name: 'city', body: { city: 'Salem' }, at: 'address.city', value: 'Salem' },
      { name: 'zip', body: { zip: '01970' }, at: 'address.zip', value: '01970' },
      { name: 'state', body: { state: 'NH' }, at: 'address.state', value: 'NH' },
      { name: 'country', body: { country: 'CA' }, at: 'address.country', value: 'CA' },
    ],
  },

  updateGridView: {
    async setup() {
      const ann = await person('Ann');
      const v = await ok(
        ann.api.post('/task/grid', {
          title: 'Mine',
          grid_data: {
            page_size: 25,
            grouping: [{ column_name: 'status' }],
            filters: [{ column: 'title', operator: 'contains', value: 'a' }],
            hidden_column_names: ['mode'],
            table_column_extensions: [{ column_name: 'title', width: 200, word_wrap_enabled: true }],
          },
        }),
        201,
      );
      const path = `/task/grid/${v.id}`;
      return { api: ann.api, path, read: () => ok(ann.api.get(path)) };
    },
    volatile: ['updated_at'],
    cases: [
      { name: 'title', body: { title: 'Renamed' } },
      {
        name: 'grid_data (whole, defaults filled)',
        body: { grid_data: { page_size: 50 } },
        at: 'grid_data.page_size',
        value: 50,
        alsoChanges: [
          'grid_data.grouping',
          'grid_data.filters',
          'grid_data.hidden_column_names',
          'grid_data.table_column_extensions',
        ],
      },
    ],
  },
  updateTemplate: {
    async setup() {
      const ann = await person('Ann');
      const g = await newGroup(ann.api);
      const other = await newGroup(ann.api);
      const folder = await ok(ann.api.post('/task/folder', { title: 'Plans', group: g.id }), 201);
      const t = await ok(
        ann.api.post('/task/template', { title: 'Launch', group: g.id, folder: folder.id }),
        201,
      );
      const read = async () => await ok(ann.api.get(`/task/template/${t.id}`));
      return { api: ann.api, path: `/task/template/${t.id}`, read, ids: { other: other.id } };
    },
    cases: [
      { name: 'title', body: { title: 'Landing' } },
      { name: 'folder', body: { folder: null } },
      {
        name: 'group (a move takes it to the other group’s top)',
        body: (s: Subject) => ({ group: s.ids!.other }),
        at: 'task.group',
        alsoChanges: ['folder'],
      },
    ],
  },
  updateFolder: {
    async setup() {
      const ann = await person('Ann');
      const g = await newGroup(ann.api);
      const parent = await ok(ann.api.post('/task/folder', { title: 'Top', group: g.id }), 201);
      const f = await ok(
        ann.api.post('/task/folder', { title: 'Inner', group: g.id, parent: parent.id }),
        201,
      );
      const read = async () => await ok(ann.api.get(`/task/folder/${f.id}`));
      return { api: ann.api, path: `/task/folder/${f.id}`, read };
    },
    cases: [
      { name: 'title', body: { title: 'Renamed' } },
      { name: 'parent', body: { parent: null } },
    ],
  },
  updateAccountRole: {
    async setup() {
      const ann = await person('Ann');
      const r = await ok(
        ann.api.post('/task/template/role', { title: 'Reviewer', email: 'rita@example.com' }),
        201,
      );
      const read = async () => await ok(ann.api.get(`/task/template/role/${r.id}`));
      return { api: ann.api, path: `/task/template/role/${r.id}`, read };
    },
    volatile: ['updated_at'],
    cases: [
      { name: 'title', body: { title: 'Checker' } },
      { name: 'email', body: { email: 'rob@example.com' } },
    ],
  },

  updateRoleMapping: {
    async setup() {
      const ann = await person('Ann');
      await ok(ann.api.post('/task/template/role', { title: 'Lead', email: 'leo@example.com' }), 201);
      const t = await ok(
        ann.api.post('/task', { title: 'Launch', group: await privateGroup(ann.api) }),
        201,
      ).then((b) => b.results[0]);
      const m = await ok(
        ann.api.post('/task/role-mapping', {
          task: t.id,
          assigning_role: 'Designer',
          email: 'dee@example.com',
          managing_role: 'Lead',
        }),
        201,
      );
      const read = async () => await ok(ann.api.get(`/task/role-mapping/${m.id}`));
      return { api: ann.api, path: `/task/role-mapping/${m.id}`, read };
    },
    volatile: ['updated_at'],
    cases: [
      // The green mark follows the source role: 'Lead' is one of Ann's roles.
      { name: 'assigning_role', body: { assigning_role: 'Lead' }, alsoChanges: ['role_matches'] },
      { name: 'email', body: { email: 'lead' } },
      { name: 'managing_role', body: { managing_role: '' } },
    ],
  },
  savePlan: {
    async setup() {
      const ann = await person('Ann');
      const group = await privateGroup(ann.api);
      const root = await ok(
        ann.api.post('/task', {
          title: 'Plan',
          group,
          children: [{ title: 'Step', due_at: iso(inDays(3)) }],
        }),
        201,
      ).then((b) => b.results[0]);
      const step = root.children[0].id as string;
      return {
        api: ann.api,
        path: `/task/plan/${root.id}`,
        read: () => ok(ann.api.get(`/task/${step}`)),
        ids: { step },
      };
    },
    volatile: ['updated_at', 'version'],
    cases: [
      {
        name: 'title of one node (with its idempotency key)',
        body: (s: Subject) => ({
          key: `fixture-${Math.random()}`,
          edits: [{ id: s.ids!.step, title: 'Renamed' }],
        }),
        at: 'title',
        value: 'Renamed',
      },
      {
        name: 'due date of one node',
        body: (s: Subject) => ({
          key: `fixture-${Math.random()}`,
          edits: [{ id: s.ids!.step, due_at: iso(inDays(9)) }],
        }),
        at: 'due_at',
        value: iso(inDays(9)),
      },
    ],
  },
  // Curricula (D66)
  updateCurriculum: {
    async setup() {
      const ann = await person('Ann');
      const g = await newGroup(ann.api);
      const c = await ok(ann.api.post('/curriculum', { title: 'Onboarding', group: g.id }), 201);
      const read = async () => await ok(ann.api.get(`/curriculum/${c.id}`));
      return { api: ann.api, path: `/curriculum/${c.id}`, read };
    },
    cases: [
      { name: 'title', body: { title: 'Renamed' } },
      { name: 'mode', body: { mode: 'template' }, alsoChanges: ['type'] },
    ],
  },
  updateCurriculumLesson: {
    async setup() {
      const ann = await person('Ann');
      const g = await newGroup(ann.api);
      const c = await ok(ann.api.post('/curriculum', { title: 'Onboarding', group: g.id }), 201);
      const l = await ok(ann.api.post('/curriculum/task/create', { curriculum: c.id, title: 'First' }), 201);
      await ok(ann.api.post('/curriculum/task/create', { curriculum: c.id, title: 'Second' }), 201);
      const read = async () =>
        (
          (await ok(ann.api.get(`/curriculum/task/list/${c.id}`))) as { results: Array<{ id: string }> }
        ).results.find((x) => x.id === l.id);
      return { api: ann.api, path: `/curriculum/task/${l.id}`, read };
    },
    cases: [
      {
        name: 'status',
        body: { status: 2 },
        at: 'status',
        value: 'in_progress',
        alsoChanges: ['task.status'],
      },
    ],
  },

  toggleRequestLink: {
    async setup() {
      const ann = await person('Ann');
      const l = await ok(ann.api.post('/request-links/', { company_name: 'Acme', is_active: true }), 201);
      const read = async () => await ok(ann.api.get(`/request-links/${l.id}`));
      return { api: ann.api, path: `/request-links/${l.id}`, read };
    },
    volatile: ['updated_at'],
    cases: [{ name: 'is_active', body: { is_active: false } }],
  },
  // A curriculum's attachments (D72)
  updateCurriculumAttachment: {
    async setup() {
      const ann = await person('Ann');
      const g = await newGroup(ann.api);
      const c = await ok(ann.api.post('/curriculum', { title: 'Onboarding', group: g.id }), 201);
      const link = await ok(
        ann.api.post('/curriculum/attachment', {
          curriculum: c.id,
          title: 'Intro',
          document_url: 'https://youtu.be/dQw4w9WgXcQ',
        }),
        201,
      );
      const read = async () =>
        (await ok(ann.api.get(`/curriculum/attachment/${c.id}?q=video`))).results.find(
          (x: { id: string }) => x.id === link.id,
        );
      return { api: ann.api, path: `/curriculum/attachment/${link.id}`, read };
    },
    cases: [
      { name: 'title', body: { title: 'Welcome' } },
      { name: 'document_url', body: { document_url: 'https://vimeo.com/76979871' } },
    ],
  },
  orderCurriculumAttachments: {
    async setup() {
      const ann = await person('Ann');
      const g = await newGroup(ann.api);
      const c = await ok(ann.api.post('/curriculum', { title: 'Onboarding', group: g.id }), 201);
      const link = await ok(
        ann.api.post('/curriculum/attachment', {
          curriculum: c.id,
          title: 'Intro',
          document_url: 'https://youtu.be/dQw4w9WgXcQ',
        }),
        201,
      );
      const read = async () => (await ok(ann.api.get(`/curriculum/attachment/${c.id}?q=video`))).results;
      return { api: ann.api, path: '/curriculum/attachment/order/', read, ids: { link: link.id } };
    },
    cases: [
      {
        name: 'order',
        body: (s: Subject) => ({ attachments: [{ id: s.ids!.link, order: 5 }] }),
        at: '0.order',
        value: 5,
      },
    ],
  },
};

/**
 * PATCH /notifications/received and /read take ids and stamp times (their rules are in
 * notifications.test.ts); here: the stamps and the status move, nothing else of the notification does.
 */
function notificationMark(path: string, stamps: string[]): Fixture {
  return {
    async setup() {
      const ann = await person('Ann');
      const { createNotification } = await import('@tandem/functions/core/notifications/notifications');
      const id = await createNotification(
        ann.userId,
        'delegated',
        { type: 'task', id: 'tsk-mark' },
        { taskId: 'tsk-mark', taskTitle: 'Marked' },
      );
      const read = async () => await ok(ann.api.get(`/notifications/events/${id}`));
      return { api: ann.api, path, read, ids: { id } };
    },
    volatile: stamps,
    cases: [{ name: 'ids', body: (s: Subject) => ({ ids: [s.ids!.id] }), at: '' }],
  };
}

const patchRoutes = Object.entries(routes).filter(([, r]) => r.method === 'PATCH');

describe('every PATCH route changes only the fields it is sent', () => {
  it('has a fixture for every PATCH route of the manifest, and none for a route that is not one', () => {
    const names = patchRoutes.map(([id]) => id);
    expect(names.filter((id) => !fixtures[id])).toEqual([]);
    expect(Object.keys(fixtures).filter((id) => !names.includes(id))).toEqual([]);
  });

  it.each(patchRoutes)('%s: each field alone, every other field unchanged', async (id) => {
    const fixture = fixtures[id];
    expect(fixture, `a fixture for PATCH route ${id}`).toBeDefined();
    const subject = await fixture!.setup();
    for (const c of fixture!.cases) {
      const body = typeof c.body === 'function' ? c.body(subject) : c.body;
      const before = await subject.read();
      const r = await subject.api.patch(subject.path, body);
      expect(r.status, `${id} ${c.name}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
      const after = await subject.read();
      const [field, sent] = body ? leaf(body) : ['', undefined];
      const at = c.at ?? field;
      const moved = [...(at ? [at] : []), ...(c.alsoChanges ?? []), ...(fixture!.volatile ?? [])];
      expect(without(after, moved), `${id} ${c.name}: the other fields`).toEqual(without(before, moved));
      if (at) {
        const want = 'value' in c ? c.value : sent;
        const got = valueAt(after, at);
        if (typeof want === 'string' && typeof got === 'string' && !Number.isNaN(Date.parse(want))) {
          expect(Date.parse(got), `${id} ${c.name}`).toBe(Date.parse(want));
        } else {
          expect(got, `${id} ${c.name}`).toEqual(want);
        }
      }
    }
  });
});

describe('permissions are checked only for the fields that change', () => {
  it('a standard member re-sends the group’s title and icon unchanged while archiving it for themselves', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api, 'Choir', { metadata: { color: '#112233', icon: 'star' } });
    await addMember(ann.api, g.id, bob, 5);
    const r = await bob.api.patch(`/user/group/${g.id}`, {
      title: 'Choir',
      metadata: { icon: 'star' },
      status: 2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ title: 'Choir', member_status: 2, status: 1 });
    const changed = await bob.api.patch(`/user/group/${g.id}`, { title: 'My choir' });
    expect(changed.status).toBe(403);
    expect(changed.body.errors).toHaveProperty('title');
    expect((await groupOf(ann.api, g.id)).title).toBe('Choir');
  });

  it('a member archives their own membership, re-sending their unchanged role', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const id = memberIdOf(await groupOf(ann.api, g.id), bob.email);
    const r = await bob.api.patch(`/group/member/${id}`, { role: 5, status: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const me = (await groupOf(ann.api, g.id)).group_members.find((m: { id: string }) => m.id === id);
    expect(me).toMatchObject({ role: 5, status: 'inactive' });
    expect((await bob.api.patch(`/group/member/${id}`, { role: 6 })).status).toBe(403);
  });

  it('a task role sent unchanged needs no right to manage roles; a changed one does', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 6);
    const t = await ok(ann.api.post('/task', { title: 'Roles', group: g.id }), 201).then((b) => b.results[0]);
    const given = await ok(ann.api.post('/user/task/role', { task: t.id, user: bob.userId, role: 5 }), 201);
    const same = await bob.api.patch(`/user/task/role/${given.id}`, { role: 5 });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ id: given.id, role: 5 });
    expect((await bob.api.patch(`/user/task/role/${given.id}`, { role: 6 })).status).toBe(403);
  });
});
