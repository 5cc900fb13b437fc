/**
 * Templates and folders (spec 002 §3–§7; issue 16 item 1; decisions D57), through the API against
 * the local stack: unique titles (409), owners and non-owners (403), outsiders (404), the tree data,
 * template tasks on nobody's lists, convert from a task (licence: 403), clone, folder deletes, and
 * applying a 250-node template as a draft: chunked, idempotent on the key, nothing kept on failure.
 */
import { randomUUID } from 'node:crypto';
import { PlacementEntity } from '@tandem/functions/db/entities/placement';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { TaskChildEntity } from '@tandem/functions/db/entities/task-child';
import { TemplateApplyEntity } from '@tandem/functions/db/entities/template';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { TEMPLATE_MESSAGES } from '@tandem/shared';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, task } from './support.ts';

const { appliedId } = await import('../../src/core/templates/apply.ts');

const counters = async (userId: string) => (await UserEntity.get({ userId }).go()).data!;
const treeItems = async (rootId: string) =>
  (await TaskEntity.query.byTree({ rootId }).go({ pages: 'all' })).data;

async function ownerWithGroup() {
  const owner = await person('Olga');
  const group = await newGroup(owner.api, `Templates ${randomUUID().slice(0, 6)}`);
  return { owner, group: group.id };
}
async function made(api: Api, path: string, body: object) {
  const r = await api.post(path, body);
  if (r.status !== 201) throw new Error(`${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as {
    id: string;
    title: string;
    task: { id: string; group: string };
    folder: { id: string } | null;
  };
}

describe('templates and folders', () => {
  it('keeps titles unique in a group and folder, trimmed and case-insensitively; the edited one excluded', async () => {
    const { owner, group } = await ownerWithGroup();
    const folder = await made(owner.api, '/task/folder', { title: 'Onboarding', group });
    const again = await owner.api.post('/task/folder', { title: ' onboarding ', group });
    expect(again.status).toBe(409);
    expect(again.body.fallback_message).toBe(TEMPLATE_MESSAGES.folderTitleTaken);

    const t = await made(owner.api, '/task/template', { title: 'New hire', group, folder: folder.id });
    expect(t).toMatchObject({
      type: 'task',
      folder: { id: folder.id },
      task: { id: t.id, group },
      is_owner: true,
    });
    const dup = await owner.api.post('/task/template', { title: '  NEW HIRE', group, folder: folder.id });
    expect(dup.status).toBe(409);
    expect(dup.body.fallback_message).toBe(TEMPLATE_MESSAGES.templateTitleTaken);
    // Elsewhere the title is free; the template keeps its own title in another case.
    await made(owner.api, '/task/template', { title: 'New hire', group });
    const own = await owner.api.patch(`/task/template/${t.id}`, { title: 'NEW HIRE' });
    expect(own.status).toBe(200);
    expect(own.body.title).toBe('NEW HIRE');
    // A move into the top, where 'New hire' exists, is refused and changes nothing.
    const clash = await owner.api.patch(`/task/template/${t.id}`, { folder: null });
    expect(clash.status).toBe(409);
    expect((await owner.api.get(`/task/template/${t.id}`)).body.folder).toEqual({ id: folder.id });
    // Blank and missing titles: the API's error body, nothing written.
    const blank = await owner.api.post('/task/template', { title: ' ', group });
    expect(blank.status).toBe(400);
    // The template holds its title in the folder in any case.
    expect(
      (await owner.api.post('/task/template', { title: 'new hire', group, folder: folder.id })).status,
    ).toBe(409);
  });

  it('lets members view, owners change, and hides everything from outsiders', async () => {
    const { owner, group } = await ownerWithGroup();
    const [member, admin, outsider] = await Promise.all([person('Mia'), person('Adam'), person('Otto')]);
    await addMember(owner.api, group, member, 5);
    await addMember(owner.api, group, admin, 3);
    const t = await made(owner.api, '/task/template', { title: 'Audit', group });
    const folder = await made(owner.api, '/task/folder', { title: 'Ops', group });

    expect((await member.api.get(`/task/template/${t.id}`)).body).toMatchObject({
      id: t.id,
      is_owner: false,
    });
    for (const r of [
      await member.api.post('/task/template', { title: 'Mine', group }),
      await member.api.patch(`/task/template/${t.id}`, { title: 'Mine' }),
      await member.api.delete(`/task/template/${t.id}`),
      await member.api.post(`/task/template/clone/${t.id}`, {}),
      await member.api.post('/task/folder', { title: 'Mine', group }),
      await member.api.delete(`/task/folder/${folder.id}`),
    ]) {
      expect(r.status).toBe(403);
    }
    expect((await member.api.post('/task/template', { title: 'Mine', group })).body.fallback_message).toBe(
      TEMPLATE_MESSAGES.ownersOnly,
    );
    // An admin of the group is an owner.
    expect((await admin.api.patch(`/task/template/${t.id}`, { title: 'Audit 2' })).status).toBe(200);
    for (const r of [
      await outsider.api.get(`/task/template/${t.id}`),
      await outsider.api.get(`/task/folder/${folder.id}`),
      await outsider.api.get(`/task/template/search/${t.id}`),
      await outsider.api.patch(`/task/template/${t.id}`, { title: 'x' }),
      await outsider.api.post(`/task/template/conversion/${t.id}`, { idempotency_key: 'k' }),
    ]) {
      expect(r.status).toBe(404);
    }
    expect((await owner.api.get(`/task/template/${t.id}`)).body.title).toBe('Audit 2');
  });

  it('answers the tree: groups, folders, templates newest first, and custom-field templates', async () => {
    const { owner, group } = await ownerWithGroup();
    const folder = await made(owner.api, '/task/folder', { title: 'Plans', group });
    const sub = await made(owner.api, '/task/folder', { title: 'Sub', group, parent: folder.id });
    const a = await made(owner.api, '/task/template', { title: 'A', group, folder: folder.id });
    const b = await made(owner.api, '/task/template', { title: 'B', group, folder: sub.id });
    const c = await made(owner.api, '/task/template', { title: 'C', group });
    const r = await owner.api.get('/task/template');
    expect(r.status).toBe(200);
    const g = r.body.groups.find((x: { id: string }) => x.id === group);
    expect(g).toMatchObject({ is_owner: true, archived: false, truncated: false });
    expect(g.metadata).toHaveProperty('color');
    expect(g.templates.map((t: { id: string }) => t.id)).toEqual([c.id, b.id, a.id]);
    expect(g.folders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: folder.id, parent: null }),
        expect.objectContaining({ id: sub.id, parent: { id: folder.id } }),
      ]),
    );
    expect(Array.isArray(r.body.custom_field_templates)).toBe(true);
    expect((await owner.api.get(`/task/folder?group=${group}`)).body.results).toHaveLength(2);
  });

  it('keeps template tasks off every list: GET /task, Today, the group list', async () => {
    const { owner, group } = await ownerWithGroup();
    const t = await made(owner.api, '/task/template', { title: `Hidden ${randomUUID().slice(0, 6)}`, group });
    expect((await treeItems(t.id)).map((x) => x.mode)).toEqual(['template']);
    expect((await PlacementEntity.get({ userId: owner.userId, taskId: t.id }).go()).data).toBeNull();
    for (const path of [
      '/task?size=100',
      '/task?priority_group=0&size=100',
      `/task?group=${group}&size=100`,
    ]) {
      const r = await owner.api.get(path);
      expect(r.status).toBe(200);
      expect(r.body.results.map((x: { id: string }) => x.id)).not.toContain(t.id);
    }
    // The template task itself is readable by its id (the planning viewer opens it).
    expect((await owner.api.get(`/task/template/search/${t.id}`)).body.id).toBe(t.id);
  });

  it('converts a task tree to a template on the trial, and refuses without the licence (403)', async () => {
    const { owner, group } = await ownerWithGroup();
    const root = await task(owner.api, {
      title: 'Launch',
      group,
      children: [{ title: 'Plan' }, { title: 'Ship' }],
    });
    const r = await owner.api.post(`/task/template/convert-from-task/${root.id}`, { type: 'task' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'Launch', type: 'task' });
    const nodes = await treeItems(r.body.id);
    expect(nodes.map((n) => n.title).sort()).toEqual(['Launch', 'Plan', 'Ship']);
    expect(new Set(nodes.map((n) => n.mode))).toEqual(new Set(['template']));
    const child = nodes.find((n) => n.title === 'Plan')!;
    expect((await owner.api.get(`/task/template/search/${child.taskId}`)).body.id).toBe(r.body.id);
    // The source is untouched.
    expect((await owner.api.get(`/task/${root.id}`)).body.mode).toBe('active');

    await UserEntity.patch({ userId: owner.userId })
      .set({ subscription: { ...(await counters(owner.userId)).subscription, package: 'standard_license' } })
      .go();
    const refused = await owner.api.post(`/task/template/convert-from-task/${root.id}`, {
      type: 'task',
      title: 'Other',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.fallback_message).toBe(TEMPLATE_MESSAGES.licence);
    const bad = await owner.api.post(`/task/template/convert-from-task/${root.id}`, { type: 'custom_field' });
    expect(bad.status).toBe(400);
  });

  it('converts a task’s custom fields to a custom-field template, listed in the tree', async () => {
    const { owner, group } = await ownerWithGroup();
    const t = await task(owner.api, { title: 'Weigh-in', group });
    const f = await owner.api.post('/task/custom/field', {
      task: t.id,
      custom_field: [{ id: 'kg', type: 'number', label: 'Weight' }],
    });
    expect(f.status).toBe(201);
    const r = await owner.api.post(`/task/template/convert-from-task/${t.id}`, { type: 'custom-field' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: 'custom_field', title: 'Weigh-in' });
    const tree = (await owner.api.get('/task/template')).body;
    expect(tree.custom_field_templates.map((x: { id: string }) => x.id)).toContain(r.body.id);
    const g = tree.groups.find((x: { id: string }) => x.id === group);
    expect(g.templates.map((x: { id: string }) => x.id)).toContain(r.body.id);
  });

  it('clones a template with its tree under "(copy)"; deletes a template with its tree', async () => {
    const { owner, group } = await ownerWithGroup();
    const root = await task(owner.api, { title: 'Trip', group, children: [{ title: 'Book' }] });
    const t = (await owner.api.post(`/task/template/convert-from-task/${root.id}`, { type: 'task' })).body;
    const c = await owner.api.post(`/task/template/clone/${t.id}`, {});
    expect(c.status).toBe(201);
    expect(c.body.title).toBe('Trip (copy)');
    expect((await treeItems(c.body.id)).map((n) => n.title).sort()).toEqual(['Book', 'Trip (copy)']);
    const c2 = await owner.api.post(`/task/template/clone/${t.id}`, {});
    expect(c2.body.title).toBe('Trip (copy 2)');

    const before = await counters(owner.userId);
    expect((await owner.api.delete(`/task/template/${c.body.id}`)).status).toBe(204);
    expect(await treeItems(c.body.id)).toHaveLength(0);
    expect((await owner.api.get(`/task/template/${c.body.id}`)).status).toBe(404);
    expect((await counters(owner.userId)).totalTasksCount).toBe((before.totalTasksCount ?? 0) - 2);
    // Its title is free again.
    expect((await owner.api.post('/task/template', { title: 'Trip (copy)', group })).status).toBe(201);
  });

  it('refuses to delete a folder with something inside (409) and deletes an empty one', async () => {
    const { owner, group } = await ownerWithGroup();
    const f = await made(owner.api, '/task/folder', { title: 'Box', group });
    const inner = await made(owner.api, '/task/folder', { title: 'Inner', group, parent: f.id });
    const t = await made(owner.api, '/task/template', { title: 'In the box', group, folder: inner.id });
    const r = await owner.api.delete(`/task/folder/${inner.id}`);
    expect(r.status).toBe(409);
    expect(r.body.fallback_message).toBe(TEMPLATE_MESSAGES.folderNotEmpty);
    expect((await owner.api.delete(`/task/folder/${f.id}`)).status).toBe(409);
    // Moving a folder under its own sub-folder is refused.
    expect((await owner.api.patch(`/task/folder/${f.id}`, { parent: inner.id })).status).toBe(400);
    expect((await owner.api.patch(`/task/template/${t.id}`, { folder: null })).status).toBe(200);
    expect((await owner.api.delete(`/task/folder/${inner.id}`)).status).toBe(204);
    expect((await owner.api.delete(`/task/folder/${f.id}`)).status).toBe(204);
    expect((await owner.api.get(`/task/folder/${f.id}`)).status).toBe(404);
    // A template cannot go into another group's folder.
    const other = await newGroup(owner.api, 'Elsewhere');
    const of = await made(owner.api, '/task/folder', { title: 'Theirs', group: other.id });
    expect((await owner.api.patch(`/task/template/${t.id}`, { folder: of.id })).status).toBe(400);
  });
});

/** A template of `n` nodes: the root made through the API, the rest seeded under it, three levels. */
async function bigTemplate(api: Api, group: string, n: number) {
  const t = await made(api, '/task/template', { title: `Big ${randomUUID().slice(0, 6)}`, group });
  const root = (await TaskEntity.get({ taskId: t.id }).go()).data!;
  const nodes: Array<typeof root> = [];
  const parents = [root];
  for (let i = 1; i < n; i++) {
    const parent = parents[Math.floor((i - 1) / 10)]!;
    const node = {
      ...root,
      taskId: randomUUID(),
      title: `Step ${i}`,
      parentId: parent.taskId,
      childCount: 0,
      createdAt: new Date(Date.now() + i).toISOString(),
    };
    parent.childCount++;
    nodes.push(node);
    parents.push(node);
  }
  await TaskEntity.put([...nodes, root].map(({ updatedAt: _u, ...x }) => x)).go();
  await TaskChildEntity.put(nodes.map((x) => ({ parentId: x.parentId!, childId: x.taskId }))).go();
  return { id: t.id, last: nodes.at(-1)! };
}

describe('applying a template (POST /task/template/conversion/{id})', () => {
  it('copies a 250-node template as a draft tree, chunked; a retry with the key writes nothing new', async () => {
    const { owner, group } = await ownerWithGroup();
    const big = await bigTemplate(owner.api, group, 250);
    const before = await counters(owner.userId);
    const key = randomUUID();
    const r = await owner.api.post(`/task/template/conversion/${big.id}`, { idempotency_key: key });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      task: appliedId(owner.userId, key, big.id),
      nodes: 250,
      assignees_resolved: true,
      unmapped_roles: [],
    });
    const tree = await treeItems(r.body.task);
    expect(tree).toHaveLength(250);
    expect(new Set(tree.map((n) => n.mode))).toEqual(new Set(['draft']));
    expect(tree.filter((n) => !n.parentId)).toHaveLength(1);
    expect(tree.find((n) => n.title === 'Step 249')?.parentId).toBeDefined();
    const after = await counters(owner.userId);
    expect((after.totalTasksCount ?? 0) - (before.totalTasksCount ?? 0)).toBe(250);
    // The template stays, reusable; the draft is the owner's.
    expect(await treeItems(big.id)).toHaveLength(250);
    expect((await owner.api.get(`/task/${r.body.task}`)).body).toMatchObject({
      mode: 'draft',
      child_count: 10,
    });
    const drafts = await owner.api.get('/task?mode=draft&size=100');
    expect(drafts.body.results.map((x: { id: string }) => x.id)).toContain(r.body.task);

    const again = await owner.api.post(`/task/template/conversion/${big.id}`, { idempotency_key: key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(r.body);
    expect(await treeItems(r.body.task)).toHaveLength(250);
    expect((await counters(owner.userId)).totalTasksCount).toBe(after.totalTasksCount);
    // A key already used for another template is refused.
    const other = await made(owner.api, '/task/template', { title: 'Other', group });
    expect(
      (await owner.api.post(`/task/template/conversion/${other.id}`, { idempotency_key: key })).status,
    ).toBe(400);
    expect((await owner.api.post(`/task/template/conversion/${big.id}`, {})).status).toBe(400);
  });

  it('keeps nothing when a late chunk fails, and the same key succeeds once the cause is gone', async () => {
    const { owner, group } = await ownerWithGroup();
    const big = await bigTemplate(owner.api, group, 250);
    const before = await counters(owner.userId);
    const key = randomUUID();
    // Something already holds the place of the last node's copy: the last transaction fails.
    const blocker = { userId: owner.userId, taskId: appliedId(owner.userId, key, big.last.taskId) };
    await PlacementEntity.create({
      ...blocker,
      priorityGroup: 2,
      sortCode: 'a0',
      isOwner: true,
      delegatedToMe: false,
      groupId: group,
      mode: 'draft',
      status: 1,
      titleLower: 'blocker',
    }).go();
    const r = await owner.api.post(`/task/template/conversion/${big.id}`, { idempotency_key: key });
    expect(r.status).toBe(409);
    const rootId = appliedId(owner.userId, key, big.id);
    expect(await treeItems(rootId)).toHaveLength(0);
    expect((await TaskChildEntity.query.byParent({ parentId: rootId }).go()).data).toHaveLength(0);
    expect((await PlacementEntity.get({ userId: owner.userId, taskId: rootId }).go()).data).toBeNull();
    expect((await TemplateApplyEntity.get({ userId: owner.userId, key }).go()).data).toBeNull();
    expect((await counters(owner.userId)).totalTasksCount).toBe(before.totalTasksCount);

    await PlacementEntity.delete(blocker).go();
    const ok = await owner.api.post(`/task/template/conversion/${big.id}`, { idempotency_key: key });
    expect(ok.status).toBe(201);
    expect(await treeItems(ok.body.task)).toHaveLength(250);
  });
});
