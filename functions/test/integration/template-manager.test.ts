/**
 * The mapping's managing role applied to the copies (spec 002 §3 taskRole.managingRole; decisions
 * D74): applying a template through its role mapping makes the managing role's holder each copy's
 * manager — one of the copy's people (Assignee or Creator, 002 §6), so a manager who is neither is
 * made an assignee too. A managing role nobody holds is warned of; one held outside the group refuses.
 */
import { randomUUID } from 'node:crypto';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { describe, expect, it } from 'vitest';
import { team, templateWithRoles } from './plan-support.ts';
import { type Api, person } from './support.ts';

const { appliedId } = await import('../../src/core/templates/apply.ts');

const mapRow = (api: Api, template: string, assigning_role: string, email: string, managing_role: string) =>
  api.post('/task/role-mapping', { template, assigning_role, email, managing_role });

describe('the managing role of a mapping, applied', () => {
  it('makes the managing role’s holder each copy’s manager (an assignee too), or the creator', async () => {
    const { olga, mia, ben, group } = await team();
    // Reviewer is Ben in Olga's account roles; Owner is Olga herself.
    for (const [title, email] of [
      ['Reviewer', ben.email],
      ['Owner', olga.email],
    ] as const)
      expect((await olga.api.post('/task/template/role', { title, email })).status).toBe(201);
    const t = await templateWithRoles(olga.api, group, ['Writer', 'Designer', 'Tester']);
    expect((await mapRow(olga.api, t.id, 'Writer', mia.email, 'Reviewer')).status).toBe(201);
    expect((await mapRow(olga.api, t.id, 'Designer', mia.email, 'owner')).status).toBe(201);
    expect((await mapRow(olga.api, t.id, 'Tester', mia.email, '')).status).toBe(201);

    const key = randomUUID();
    const r = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.unmapped_roles).toEqual([]);
    const copy = (i: number) => appliedId(olga.userId, key, t.nodes[i]!.taskId);

    const writer = (await TaskEntity.get({ taskId: copy(0) }).go()).data!;
    expect(writer.managerId).toBe(ben.userId);
    expect(Object.keys(writer.assignees).sort()).toEqual([mia.userId, ben.userId].sort());
    // Ben finds it on his lists and sees himself as its manager.
    const benView = await ben.api.get(`/task/${copy(0)}`);
    expect(benView.status).toBe(200);
    expect(benView.body.manager.id).toBe(ben.userId);
    const benList = (await ben.api.get('/task?mode=draft&size=100')).body.results as Array<{ id: string }>;
    expect(benList.map((x) => x.id)).toContain(copy(0));

    // Managed by the creator: no extra assignee.
    const designer = (await TaskEntity.get({ taskId: copy(1) }).go()).data!;
    expect(designer.managerId).toBe(olga.userId);
    expect(Object.keys(designer.assignees)).toEqual([mia.userId]);
    // No managing role: no manager.
    const tester = (await TaskEntity.get({ taskId: copy(2) }).go()).data!;
    expect(tester.managerId).toBeUndefined();
    expect(Object.keys(tester.assignees)).toEqual([mia.userId]);
    // The manager can be changed as any task's (PATCH /task/{id}'s rule: Assignee or Creator).
    const back = await olga.api.patch(`/task/${copy(0)}`, { manager: mia.userId });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('warns of a managing role nobody holds, and refuses one held outside the group', async () => {
    const { olga, mia, group } = await team();
    const eve = await person('Eve');
    const t = await templateWithRoles(olga.api, group, ['Writer']);
    const row = await mapRow(olga.api, t.id, 'Writer', mia.email, 'Lead');
    expect(row.status, JSON.stringify(row.body)).toBe(201);
    const key = randomUUID();
    const r = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.unmapped_roles).toEqual(['Lead']);
    const writer = (await TaskEntity.get({ taskId: appliedId(olga.userId, key, t.nodes[0]!.taskId) }).go())
      .data!;
    expect(writer.managerId).toBeUndefined();

    // Lead is now Eve, who is not in the group: refused, nothing written.
    expect((await olga.api.post('/task/template/role', { title: 'Lead', email: eve.email })).status).toBe(
      201,
    );
    const key2 = randomUUID();
    const refused = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key2 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(eve.email.toLowerCase());
    expect((await TaskEntity.get({ taskId: appliedId(olga.userId, key2, t.id) }).go()).data).toBeNull();
  });
});
