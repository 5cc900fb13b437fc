/**
 * Issue 16's leftovers (decisions D64): role names racing on create cannot both succeed (a lock
 * item per name, in the role's transaction), a rename frees the old name, and a deleted task's role
 * mappings go with it (the stream consumer, after the delete).
 */
import { RoleMappingEntity } from '@tandem/functions/db/entities/role-mapping';
import { ROLE_MESSAGES } from '@tandem/shared/roles/roles';
import { describe, expect, it } from 'vitest';
import { person, privateGroup, task } from './support.ts';

describe('account role names under concurrency', () => {
  it('lets only one of two racing creates with one name through; a rename or delete frees the name', async () => {
    const ann = await person('Ann');
    const tries = await Promise.all(
      ['Reviewer', ' reviewer', 'REVIEWER ', 'Reviewer'].map((title) =>
        ann.api.post('/task/template/role', { title }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    for (const r of tries.filter((x) => x.status === 409)) {
      expect(r.body.fallback_message).toBe(ROLE_MESSAGES.titleTaken);
    }
    const list = (await ann.api.get('/task/template/role')).body.results as Array<{
      id: string;
      title: string;
    }>;
    expect(list).toHaveLength(1);
    // Renamed: the old name is free again, the new one taken.
    const id = list[0]!.id;
    expect((await ann.api.patch(`/task/template/role/${id}`, { title: 'Approver' })).status).toBe(200);
    expect((await ann.api.post('/task/template/role', { title: 'reviewer' })).status).toBe(201);
    const racingRenames = await Promise.all([
      ann.api.post('/task/template/role', { title: 'Signer' }),
      ann.api.patch(`/task/template/role/${id}`, { title: 'signer' }),
    ]);
    expect(racingRenames.filter((r) => r.status === 409)).toHaveLength(1);
    // Deleted: its name can be used again.
    const approver = (
      (await ann.api.get('/task/template/role')).body.results as Array<{ id: string; title: string }>
    ).find((r) => r.title.toLowerCase() === 'approver' || r.title.toLowerCase() === 'signer')!;
    expect((await ann.api.delete(`/task/template/role/${approver.id}`)).status).toBe(204);
    expect((await ann.api.post('/task/template/role', { title: approver.title })).status).toBe(201);
  });
});

describe("a deleted task's role mappings", () => {
  it('go with it', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, { title: 'Launch', group: await privateGroup(ann.api) });
    for (const role of ['Writer', 'Editor']) {
      const r = await ann.api.post('/task/role-mapping', {
        task: t.id,
        assigning_role: role,
        email: 'w@example.com',
      });
      expect(r.status).toBe(201);
    }
    const rows = async () =>
      (await RoleMappingEntity.query.byTarget({ targetKind: 'task', targetId: t.id }).go({ pages: 'all' }))
        .data.length;
    expect(await rows()).toBe(2);
    expect((await ann.api.delete(`/task/${t.id}`)).status).toBe(204);
    await expect.poll(rows, { timeout: 20_000, interval: 200 }).toBe(0);
  });
});
