/**
 * Issue 16's leftovers (decisions D64): a node's task role, and applying a template through its role
 * mapping. Mapped e-mails and account roles resolve to the group's members, who find their tasks;
 * unmapped roles are answered as a warning; a person who is not a member is refused with nothing
 * written; the apply stays chunked, all-or-nothing and idempotent with assignees' placements.
 */
import { randomUUID } from 'node:crypto';
import { PlacementEntity } from '@tandem/functions/db/entities/placement';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { notMembersMessage } from '@tandem/shared/roles/roles';
import { describe, expect, it } from 'vitest';
import { team, templateWithRoles } from './plan-support.ts';
import type { Api } from './support.ts';

const { appliedId } = await import('../../src/core/templates/apply.ts');

const treeItems = async (rootId: string) =>
  (await TaskEntity.query.byTree({ rootId }).go({ pages: 'all' })).data;

const titlesOf = async (api: Api, query: string) =>
  ((await api.get(`/task?${query}&size=100`)).body.results as Array<{ id: string; title: string }>).map(
    (t) => t.id,
  );

describe('applying a template through its role mapping', () => {
  it('assigns each node to the mapped person, warns of unmapped roles, and is idempotent', async () => {
    const { olga, mia, ben, group } = await team();
    // Ben plays Reviewer in Olga's account roles; Writer is mapped to Mia's e-mail on the template.
    expect((await olga.api.post('/task/template/role', { title: 'Reviewer', email: ben.email })).status).toBe(
      201,
    );
    const t = await templateWithRoles(olga.api, group, ['Writer', ' reviewer', 'Editor', undefined]);
    const row = await olga.api.post('/task/role-mapping', {
      template: t.id,
      assigning_role: 'writer',
      email: mia.email,
    });
    expect(row.status, JSON.stringify(row.body)).toBe(201);

    const key = randomUUID();
    const r = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({
      task: appliedId(olga.userId, key, t.id),
      nodes: 5,
      assignees_resolved: true,
      unmapped_roles: ['Editor'],
    });
    const copy = (i: number) => appliedId(olga.userId, key, t.nodes[i]!.taskId);
    // Each finds their own task on their lists; nobody else's.
    const miaSees = await titlesOf(mia.api, 'mode=draft');
    const benSees = await titlesOf(ben.api, 'mode=draft');
    expect(miaSees).toContain(copy(0));
    expect(miaSees).not.toContain(copy(1));
    expect(benSees).toContain(copy(1));
    expect(benSees).not.toContain(copy(0));
    const writer = (await mia.api.get(`/task/${copy(0)}`)).body;
    expect(writer.task_assignees.map((a: { user: string }) => a.user)).toEqual([mia.userId]);
    expect(writer.task_role).toEqual({ assigning_role: 'Writer' });
    // The unmapped role's and the role-less node's tasks stay with Olga alone.
    for (const i of [2, 3]) {
      expect((await olga.api.get(`/task/${copy(i)}`)).body.task_assignees).toEqual([]);
    }
    const olgaOwn = await PlacementEntity.get({ userId: olga.userId, taskId: copy(0) }).go();
    expect(olgaOwn.data?.delegatedOut).toBe(true);

    // A retry with the key answers the same and writes nothing more.
    const again = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(again.body).toEqual(r.body);
    expect(await treeItems(r.body.task)).toHaveLength(5);
  });

  it('refuses a mapped person who is not in the group, writing nothing', async () => {
    const { olga, mia, group } = await team();
    const outsider = `otto-${randomUUID().slice(0, 6)}@example.com`;
    const t = await templateWithRoles(olga.api, group, ['Writer', 'Auditor']);
    await olga.api.post('/task/role-mapping', { template: t.id, assigning_role: 'Writer', email: mia.email });
    await olga.api.post('/task/role-mapping', { template: t.id, assigning_role: 'Auditor', email: outsider });
    const key = randomUUID();
    const r = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(r.status).toBe(400);
    expect(r.body.fallback_message).toBe(notMembersMessage([outsider]));
    expect(await treeItems(appliedId(olga.userId, key, t.id))).toHaveLength(0);
    expect(await titlesOf(mia.api, 'mode=draft')).toEqual([]);
    // Mapped to a member instead, the same key applies.
    const rows = (await olga.api.get(`/task/role-mapping?template_id=${t.id}`)).body.results as Array<{
      id: string;
      assigning_role: string;
    }>;
    const auditor = rows.find((x) => x.assigning_role === 'Auditor')!;
    expect((await olga.api.patch(`/task/role-mapping/${auditor.id}`, { email: mia.email })).status).toBe(200);
    const ok = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await titlesOf(mia.api, 'mode=draft')).toHaveLength(2);
  });

  it('writes 120 mapped nodes (more than one transaction) all or nothing', async () => {
    const { olga, mia, group } = await team();
    const t = await templateWithRoles(
      olga.api,
      group,
      Array.from({ length: 119 }, () => 'Writer'),
    );
    await olga.api.post('/task/role-mapping', { template: t.id, assigning_role: 'Writer', email: mia.email });
    const key = randomUUID();
    // Something already holds Mia's place for the last node's copy: a late chunk fails, nothing stays.
    const blocker = { userId: mia.userId, taskId: appliedId(olga.userId, key, t.nodes.at(-1)!.taskId) };
    await PlacementEntity.create({
      ...blocker,
      priorityGroup: 2,
      sortCode: 'a0',
      isOwner: false,
      delegatedToMe: true,
      groupId: group,
      mode: 'draft',
      status: 1,
      titleLower: 'blocker',
    }).go();
    const failed = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(failed.status).toBe(409);
    expect(await treeItems(appliedId(olga.userId, key, t.id))).toHaveLength(0);
    expect(await titlesOf(mia.api, 'mode=draft')).toEqual([]);
    expect((await PlacementEntity.query.byUser({ userId: mia.userId }).go()).data).toHaveLength(1);
    await PlacementEntity.delete(blocker).go();
    const ok = await olga.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: key });
    expect(ok.status).toBe(201);
    expect(await titlesOf(mia.api, 'mode=draft')).toHaveLength(100); // a page
    const hers = (await PlacementEntity.query.byUser({ userId: mia.userId }).go({ pages: 'all' })).data;
    expect(hers.filter((p) => p.delegatedToMe && p.mode === 'draft')).toHaveLength(119);
  });
});

describe("a node's task role in the plan save", () => {
  it('is set, changed and cleared by PATCH /task/plan; a viewer may not change it', async () => {
    const { olga, mia, group } = await team();
    const t = await templateWithRoles(olga.api, group, [undefined]);
    const node = t.nodes[0]!.taskId;
    const save = (api: Api, body: object) =>
      api.patch(`/task/plan/${t.id}`, { key: `k-${randomUUID()}`, ...body });
    const set = await save(olga.api, { edits: [{ id: node, assigning_role: ' Writer ' }] });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const plan = async () =>
      (
        (await olga.api.get(`/task/plan/${t.id}`)).body.results as Array<{ id: string; task_role?: object }>
      ).find((n) => n.id === node);
    expect((await plan())?.task_role).toEqual({ assigning_role: 'Writer' });
    // A new node may carry one too.
    const made = await save(olga.api, {
      creates: [{ id: 'new:1', parent_id: t.id, title: 'Sign', level: 7, assigning_role: 'Signer' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const created = made.body.created[0].id as string;
    expect((await TaskEntity.get({ taskId: created }).go()).data?.assigningRole).toBe('Signer');
    // Mia (a standard member) may not change who a role assigns.
    const refused = await save(mia.api, { edits: [{ id: node, assigning_role: 'Boss' }] });
    expect([403, 404]).toContain(refused.status);
    expect((await plan())?.task_role).toEqual({ assigning_role: 'Writer' });
    const cleared = await save(olga.api, { edits: [{ id: node, assigning_role: '' }] });
    expect(cleared.status).toBe(200);
    expect((await plan())?.task_role).toBeUndefined();
  });
});

describe("a template's new nodes from the planning viewer", () => {
  it("are template items on nobody's lists, and a retry with the key writes nothing new", async () => {
    const { olga, group } = await team();
    const t = await templateWithRoles(olga.api, group, []);
    const key = `k-${randomUUID()}`;
    const body = {
      key,
      creates: [
        { id: 'new:1', parent_id: t.id, title: 'Plan', level: 6 },
        { id: 'new:2', parent_id: 'new:1', title: 'Book', level: 7, assigning_role: 'Writer' },
      ],
    };
    const r = await olga.api.patch(`/task/plan/${t.id}`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const tree = await treeItems(t.id);
    expect(tree).toHaveLength(3);
    expect(new Set(tree.map((n) => n.mode))).toEqual(new Set(['template']));
    const book = tree.find((n) => n.title === 'Book')!;
    expect(book.assigningRole).toBe('Writer');
    expect(tree.find((n) => n.taskId === book.parentId)?.title).toBe('Plan');
    expect(tree.find((n) => n.taskId === t.id)?.childCount).toBe(1);
    expect(
      (await PlacementEntity.query.byUser({ userId: olga.userId }).go({ pages: 'all' })).data.map(
        (p) => p.taskId,
      ),
    ).not.toContain(book.taskId);
    const again = await olga.api.patch(`/task/plan/${t.id}`, body);
    expect(again.body).toEqual(r.body);
    expect(await treeItems(t.id)).toHaveLength(3);
  });
});

describe('a template made with its tree (the AI builder\'s "Save as template")', () => {
  it('keeps the tree under the root as template items, the title unique; a bad tree writes nothing', async () => {
    const { olga, group } = await team();
    const title = `Onboarding plan ${randomUUID().slice(0, 6)}`;
    const nodes = [
      { ref: 'n1', parent: null, title: 'Week one' },
      { ref: 'n2', parent: null, title: 'Week two' },
      { ref: 'n3', parent: 'n1', title: 'Laptop' },
      { ref: 'n4', parent: 'n3', title: 'Accounts' },
    ];
    const r = await olga.api.post('/task/template', { title, group, nodes });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const tree = await treeItems(r.body.id);
    expect(tree).toHaveLength(5);
    expect(new Set(tree.map((n) => n.mode))).toEqual(new Set(['template']));
    const by = new Map(tree.map((n) => [n.title, n]));
    expect(by.get('Accounts')?.parentId).toBe(by.get('Laptop')?.taskId);
    expect(by.get('Laptop')?.parentId).toBe(by.get('Week one')?.taskId);
    expect(by.get('Week one')?.parentId).toBe(r.body.id);
    expect(by.get('Accounts')!.level).toBe(by.get(title)!.level + 3);
    expect(by.get('Accounts')!.level).toBeLessThan(8);
    expect(by.get(title)?.childCount).toBe(2);
    // The same title in the same place: 409, nothing more written.
    const again = await olga.api.post('/task/template', { title: ` ${title.toUpperCase()}`, group, nodes });
    expect(again.status).toBe(409);
    // A node naming a parent that is not an earlier node: 400.
    const bad = await olga.api.post('/task/template', {
      title: `${title} 2`,
      group,
      nodes: [{ ref: 'a', parent: 'b', title: 'Orphan' }],
    });
    expect(bad.status).toBe(400);
    const listed = (await olga.api.get('/task/template')).body.groups.find(
      (g: { id: string }) => g.id === group,
    );
    expect(listed.templates.map((x: { title: string }) => x.title)).toEqual([title]);
  });
});
