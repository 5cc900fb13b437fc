/**
 * A template's tasks are not scheduled (decisions D73, D74): PATCH /task/{id} with a schedule on a
 * template task answers the planning rule's message at `scheduled_task`, writing nothing.
 */
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { PLANNING_TEXTS } from '@tandem/shared';
import { describe, expect, it } from 'vitest';
import { newGroup, person } from './support.ts';

describe('PATCH /task/{id} with a schedule on a template task', () => {
  it('answers 400 with the rule at scheduled_task and leaves the task as it was', async () => {
    const ann = await person('Ann');
    const group = (await newGroup(ann.api)).id;
    const tpl = (await ann.api.post('/task/template', { title: 'Onboarding', group })).body.id as string;
    const before = (await TaskEntity.get({ taskId: tpl }).go()).data!;
    const r = await ann.api.patch(`/task/${tpl}`, {
      title: 'Onboarding v2',
      scheduled_task: {
        start_date: '2031-03-04T09:00:00.000Z',
        end_date: '2031-03-04T10:00:00.000Z',
        all_day: false,
        duration: 60,
        flexible_time: 4,
        recur_rule: null,
        timezone: 'Europe/Berlin',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    const text = PLANNING_TEXTS['planning.template-no-schedule'];
    expect(r.body.code).toBe('planning.template-no-schedule');
    expect(r.body.fallback_message ?? r.body.fallbackMessage).toBe(text);
    expect(r.body.errors).toEqual({ scheduled_task: text });
    const after = (await TaskEntity.get({ taskId: tpl }).go()).data!;
    expect(after.version).toBe(before.version);
    expect(after.title).toBe('Onboarding');
    expect(after.schedule).toBeUndefined();
    // The template's title is kept with its own item (unique in its folder): renamed there only.
    const rename = await ann.api.patch(`/task/${tpl}`, { title: 'Onboarding v2' });
    expect(rename.status, JSON.stringify(rename.body)).toBe(400);
    expect(rename.body.errors).toEqual({ title: 'Rename a template on the Templates screen.' });
    // A sub-task of the template takes a plain edit (the task item alone: no placements to move).
    const saved = await ann.api.patch(`/task/plan/${tpl}`, {
      key: `k-${tpl}`,
      creates: [{ id: 'new:1', parent_id: tpl, title: 'Welcome', level: 6 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const step = saved.body.created[0].id as string;
    const ok = await ann.api.patch(`/task/${step}`, { title: 'Welcome aboard', details: { flag: 1 } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const stored = (await TaskEntity.get({ taskId: step }).go()).data!;
    expect([stored.title, stored.flag, stored.mode]).toEqual(['Welcome aboard', 1, 'template']);
    const none = await ann.api.patch(`/task/${step}`, { scheduled_task: null });
    expect(none.status, JSON.stringify(none.body)).toBe(200); // no schedule: nothing to refuse
  });
});
