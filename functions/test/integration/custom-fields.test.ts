/**
 * Custom fields and values (spec 000 §3, §5, §6, §7; issue 14; decisions D49), through the API
 * against the local stack: definitions, values checked by the shared checker (nothing written when
 * refused), one value per person, the delegates' right, a routine's fields on its instances, the
 * Done rule, custom-field templates, and the data of the task and template reports.
 */
import { REPORT_MESSAGES, reportQuery } from '@tandem/shared/reports/reports';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person } from './support.ts';

const { normalizeUser } = await import('../../src/core/schedules/normalization.ts');
const { taskReport, templateReport } = await import('../../src/core/custom-fields/reports.ts');
const { getReport } = await import('../../src/core/reports/reports.ts');
const { CustomFieldDefinitionEntity, CustomValueEntity } = await import(
  '../../src/db/entities/custom-field.ts'
);

async function privateGroup(api: Api) {
  return (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private)
    .id as string;
}
async function newTask(api: Api, title = 'Weigh-in', group?: string) {
  const r = await api.post('/task', { title, group: group ?? (await privateGroup(api)) });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.results[0].id as string;
}
const FIELDS = [
  { id: 'weight', type: 'number', label: 'Weight', is_required: true },
  { id: 'mood', type: 'list', label: 'Mood', options: ['good', 'ok', 'bad'] },
  { id: 'note', type: 'text', label: 'Note' },
];
async function withFields(api: Api, task: string, extra: object = {}) {
  const r = await api.post('/task/custom/field', { task, custom_field: FIELDS, ...extra });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body;
}
const day = (plus: number, hour: number) =>
  DateTime.utc().plus({ days: plus }).set({ hour, minute: 0, second: 0, millisecond: 0 });

describe('custom field definitions', () => {
  it('stores a task’s fields with the defaults and answers them for the task; a second definition is a conflict', async () => {
    const ann = await person('Ann');
    const task = await newTask(ann.api);
    const d = await withFields(ann.api, task);
    expect(d).toMatchObject({
      id: task,
      task,
      data_entry_required: 1,
      allow_delegated_to_edit: false,
      can_edit: true,
    });
    expect(d.custom_field).toEqual([
      {
        id: 'weight',
        type: 'number',
        label: 'Weight',
        description: '',
        max_char: 6,
        is_required: true,
        options: '',
      },
      {
        id: 'mood',
        type: 'list',
        label: 'Mood',
        description: '',
        max_char: 10,
        is_required: false,
        options: 'good|ok|bad',
      },
      {
        id: 'note',
        type: 'text',
        label: 'Note',
        description: '',
        max_char: 120,
        is_required: false,
        options: '',
      },
    ]);
    expect((await ann.api.get(`/task/custom/field/search/${task}`)).body.results).toEqual([d]);
    const again = await ann.api.post('/task/custom/field', { task, custom_field: [] });
    expect(again.status).toBe(409);
  });

  it('refuses a blank label and a list without options, writing nothing', async () => {
    const ann = await person('Ann');
    const task = await newTask(ann.api);
    const blank = await ann.api.post('/task/custom/field', {
      task,
      custom_field: [{ type: 'text', label: ' ' }],
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fallback_message).toBe('Give the field a label.');
    const list = await ann.api.post('/task/custom/field', {
      task,
      custom_field: [{ type: 'list', label: 'Mood' }],
    });
    expect(list.status).toBe(400);
    expect((await ann.api.get(`/task/custom/field/search/${task}`)).body.results).toEqual([]);
    expect((await ann.api.get(`/task/custom/field/${task}`)).status).toBe(404);
  });

  it('hides a task from a stranger (404) and needs customFields to change its fields (403)', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const eve = await person('Eve');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const task = await newTask(ann.api, 'Team weigh-in', g.id);
    await withFields(ann.api, task);
    expect((await eve.api.get(`/task/custom/field/${task}`)).status).toBe(404);
    expect((await eve.api.post('/task/custom/field', { task, custom_field: [] })).status).toBe(404);
    const read = await bob.api.get(`/task/custom/field/${task}`);
    expect(read.status).toBe(200);
    expect(read.body.can_edit).toBe(false);
    const change = await bob.api.patch('/task/custom/field', { id: task, allow_delegated_to_edit: true });
    expect(change.status).toBe(403);
    expect((await ann.api.get(`/task/custom/field/${task}`)).body.allow_delegated_to_edit).toBe(false);
  });
});

describe('custom values', () => {
  it("refuses 'abc' in a number field, a value not among the options and 1,000 characters in a 120-character field, writing nothing", async () => {
    const ann = await person('Ann');
    const task = await newTask(ann.api);
    await withFields(ann.api, task);
    const bad = [
      [{ weight: 'abc' }, 'weight', 'Weight must be a number.'],
      [{ weight: '70', mood: 'great' }, 'mood', 'Mood must be one of its options.'],
      [{ weight: '70', note: 'x'.repeat(1000) }, 'note', 'Note has at most 120 characters.'],
      [{ weight: '70', gone: 'x' }, 'gone', 'This field is not part of the task’s custom fields.'],
    ] as const;
    for (const [custom_value, field, message] of bad) {
      const r = await ann.api.post('/task/custom/value', { task, custom_value });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.errors[field]).toBe(message);
    }
    const missing = await ann.api.post('/task/custom/value', { task, custom_value: { note: 'hi' } });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('task-form.custom-field-required');
    expect(missing.body.errors.weight).toBe('Weight is required.');
    expect((await ann.api.get(`/task/custom/value/search?task=${task}`)).body.results).toEqual([]);

    const ok = await ann.api.post('/task/custom/value', {
      task,
      custom_value: { weight: ' 72.5 ', mood: 'ok' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      task,
      routine_task: task,
      user: ann.userId,
      custom_value: { weight: '72.5', mood: 'ok' },
    });
    expect((await ann.api.post('/task/custom/value', { task, custom_value: { weight: '1' } })).status).toBe(
      409,
    );
    const changed = await ann.api.patch('/task/custom/value', {
      id: ok.body.id,
      custom_value: { weight: 'heavy' },
    });
    expect(changed.status).toBe(400);
    expect((await ann.api.get(`/task/custom/value/${ok.body.id}`)).body.custom_value.weight).toBe('72.5');
  });

  it('keeps one value per person when dataEntryRequired is 2; a person changes only their own', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const task = await newTask(ann.api, 'Team weigh-in', g.id);
    await withFields(ann.api, task, { data_entry_required: 2, allow_delegated_to_edit: true });
    const a = await ann.api.post('/task/custom/value', { task, custom_value: { weight: '70' } });
    const b = await bob.api.post('/task/custom/value', { task, custom_value: { weight: '80' } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await bob.api.post('/task/custom/value', { task, custom_value: { weight: '81' } })).status).toBe(
      409,
    );
    expect(
      (await bob.api.patch('/task/custom/value', { id: a.body.id, custom_value: { weight: '1' } })).status,
    ).toBe(403);
    const all = (await ann.api.get(`/task/custom/value/search?task=${task}`)).body.results;
    expect(all.map((v: { custom_value: { weight: string } }) => v.custom_value.weight).sort()).toEqual([
      '70',
      '80',
    ]);
    const bobs = (await ann.api.get(`/task/custom/value/search?task=${task}&user=${bob.userId}`)).body
      .results;
    expect(bobs).toHaveLength(1);
    expect(bobs[0].user_name).toContain('Bob');
  });

  it('lets a person the task is shared with enter values only with allowDelegatedToEdit', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const task = await newTask(ann.api, 'Team weigh-in', g.id);
    await withFields(ann.api, task);
    const refused = await bob.api.post('/task/custom/value', { task, custom_value: { weight: '80' } });
    expect(refused.status).toBe(403);
    expect((await ann.api.get(`/task/custom/value/search?task=${task}`)).body.results).toEqual([]);
    expect(
      (await ann.api.patch('/task/custom/field', { id: task, allow_delegated_to_edit: true })).status,
    ).toBe(200);
    expect((await bob.api.post('/task/custom/value', { task, custom_value: { weight: '80' } })).status).toBe(
      201,
    );
  });
});

describe('marking Done', () => {
  it('is refused with task-form.custom-field-completed while a required value is missing', async () => {
    const ann = await person('Ann');
    const task = await newTask(ann.api);
    await withFields(ann.api, task);
    const refused = await ann.api.patch(`/task/${task}`, { status: 4 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('task-form.custom-field-completed');
    expect(refused.body.errors.custom_fields).toBe('Weight');
    expect(refused.body.errors.status).toBe('Weight is required.');
    expect(refused.body.fallback_message).toBe(
      'Fill in the required custom fields before marking this task Done.',
    );
    expect((await ann.api.get(`/task/${task}`)).body.status.id).toBe(1);
    expect((await ann.api.post('/task/custom/value', { task, custom_value: { weight: '70' } })).status).toBe(
      201,
    );
    const done = await ann.api.patch(`/task/${task}`, { status: 4 });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status.id).toBe(4);
  });

  it('is free for a task without required fields', async () => {
    const ann = await person('Ann');
    const task = await newTask(ann.api);
    await ann.api.post('/task/custom/field', { task, custom_field: [{ type: 'text', label: 'Note' }] });
    expect((await ann.api.patch(`/task/${task}`, { status: 4 })).status).toBe(200);
  });
});

describe('a routine’s fields, its instances’ values and the reports', () => {
  it('applies the definition’s fields to every instance and reports the values by day', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const def = (await ann.api.post('/task', { title: 'Weigh-in', group })).body.results[0].id as string;
    const s = await ann.api.patch(`/task/schedule/${def}`, {
      start_date: day(1, 7).toISO(),
      duration: 30,
      timezone: 'UTC',
      recur_rule: 'FREQ=DAILY',
      flexible_time: 1,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    await withFields(ann.api, def);
    const instances: string[] = [];
    for (const plus of [1, 2, 3]) {
      await normalizeUser(ann.userId, 'UTC', day(plus, 4).toJSDate());
      instances.push(`${def}~${day(plus, 0).toISODate()}`);
    }
    for (const [i, id] of instances.entries()) {
      const fields = (await ann.api.get(`/task/custom/field/search/${id}`)).body.results;
      expect(fields[0]?.id).toBe(def);
      // Done on an instance follows its routine's required field.
      if (i === 0)
        expect((await ann.api.patch(`/task/${id}`, { status: 4 })).body.code).toBe(
          'task-form.custom-field-completed',
        );
      const v = await ann.api.post('/task/custom/value', {
        task: id,
        custom_value: { weight: `${70 + i}.25`, mood: 'ok' },
      });
      expect(v.status, JSON.stringify(v.body)).toBe(201);
      expect(v.body).toMatchObject({ routine_task: def, action_date: day(i + 1, 0).toISODate() });
    }
    expect((await ann.api.patch(`/task/${instances[0]}`, { status: 4 })).status).toBe(200);
    // The routine definition's values are its instances', newest first.
    const ofRoutine = (await ann.api.get(`/task/custom/value/search?task=${def}`)).body.results;
    expect(ofRoutine.map((v: { task: string }) => v.task)).toEqual([...instances].reverse());

    const actor = { userId: ann.userId, username: ann.userId };
    const span = { startDate: day(-30, 0).toISODate()!, endDate: day(5, 0).toISODate()! };
    const points = await taskReport(actor, { taskId: def, ...span });
    expect(points.map((p) => [p.startDate, p.customValue.weight])).toEqual([
      [day(1, 0).toISODate(), '70.25'],
      [day(2, 0).toISODate(), '71.25'],
      [day(3, 0).toISODate(), '72.25'],
    ]);
    // An instance's report is its routine's.
    expect(await taskReport(actor, { taskId: instances[1]!, ...span })).toEqual(points);
    const narrow = await taskReport(actor, {
      taskId: def,
      startDate: day(2, 0).toISODate()!,
      endDate: day(2, 0).toISODate()!,
    });
    expect(narrow).toHaveLength(1);

    const t = await templateReport(actor, { templateTaskId: def, ...span });
    expect(t.meta.totalInstances).toBe(3);
    expect(t.templateName).toBe('Weigh-in');
    expect(t.fields.map((f) => f.label)).toEqual(['Weight', 'Mood', 'Note']);
    expect(
      t.instances.map((i) => [i.instanceId, i.taskType, i.fieldValues.weight, i.fieldValues.mood]),
    ).toEqual([
      [instances[0], 'routine_instance', '70.3', 'ok'],
      [instances[1], 'routine_instance', '71.3', 'ok'],
      [instances[2], 'routine_instance', '72.3', 'ok'],
    ]);
    expect(t.instances[0]!.userName).toContain('Ann');
  });

  it('refuses a template range in the future, a 10-year range by day, and a task the caller cannot see', async () => {
    const ann = await person('Ann');
    const eve = await person('Eve');
    const task = await newTask(ann.api);
    await withFields(ann.api, task);
    // Through the reports module, whose range rules the custom-field reports share (D50).
    const actor = { userId: ann.userId, username: ann.userId };
    const report = (type: string, q: Record<string, string>) => getReport(actor, type, reportQuery.parse(q));
    const today = DateTime.utc().toISODate()!;
    const future = DateTime.utc().plus({ days: 2 }).toISODate()!;
    await expect(report('template', { templateTaskId: task, endDate: future })).rejects.toMatchObject({
      status: 400,
      message: REPORT_MESSAGES.future,
    });
    await expect(
      report('task', { taskId: task, period: 'day', startDate: '2016-06-15', endDate: today }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      report('task', { taskId: task, startDate: today, endDate: '2016-06-01' }),
    ).rejects.toMatchObject({ status: 400 });
    const stranger = { userId: eve.userId, username: eve.userId };
    await expect(getReport(stranger, 'task', reportQuery.parse({ taskId: task }))).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      getReport(stranger, 'template', reportQuery.parse({ templateTaskId: task })),
    ).rejects.toMatchObject({ status: 404 });
    // Default: one month back to today.
    const empty = await report('template', { templateTaskId: task });
    expect(empty).toMatchObject({ meta: { totalInstances: 0 }, instances: [] });
  });
});

describe('custom-field templates', () => {
  it('keeps a task’s fields as a template, lists it and applies it to another task', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const from = await newTask(ann.api);
    await withFields(ann.api, from, { data_entry_required: 2 });
    const saved = await ann.api.post('/task/template/custom-field', { task: from, title: 'Body' });
    expect(saved.status).toBe(201);
    const list = (await ann.api.get('/task/template/custom-field')).body.results;
    expect(list.map((t: { id: string; title: string; type: string }) => [t.id, t.title, t.type])).toEqual([
      [saved.body.id, 'Body', 'custom_field'],
    ]);
    expect((await bob.api.get('/task/template/custom-field')).body.results).toEqual([]);
    const to = await newTask(ann.api, 'Run');
    const applied = await ann.api.post(`/task/template/custom-field/${saved.body.id}/apply`, { task: to });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.custom_field.map((f: { label: string }) => f.label)).toEqual([
      'Weight',
      'Mood',
      'Note',
    ]);
    expect(applied.body.data_entry_required).toBe(2);
    const bobs = await newTask(bob.api);
    expect(
      (await bob.api.post(`/task/template/custom-field/${saved.body.id}/apply`, { task: bobs })).status,
    ).toBe(404);
    const none = await newTask(ann.api, 'Plain');
    expect((await ann.api.post('/task/template/custom-field', { task: none, title: 'Empty' })).status).toBe(
      400,
    );
  });
});

describe('deleting a task', () => {
  it('deletes its fields and values, after the delete', async () => {
    const ann = await person('Ann');
    const task = await newTask(ann.api);
    await withFields(ann.api, task);
    expect((await ann.api.post('/task/custom/value', { task, custom_value: { weight: '70' } })).status).toBe(
      201,
    );
    expect((await ann.api.delete(`/task/${task}`)).status).toBe(204);
    const left = async () =>
      (await CustomValueEntity.query.byTask({ taskId: task }).go()).data.length +
      ((await CustomFieldDefinitionEntity.get({ taskId: task }).go()).data ? 1 : 0);
    await expect.poll(left, { timeout: 20_000, interval: 200 }).toBe(0);
  });
});
