/** The planning tests' helpers (plan-activate, plan-save-atomic, template-roles, template-manager). */
import { randomUUID } from 'node:crypto';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { TaskChildEntity } from '@tandem/functions/db/entities/task-child';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { expect } from 'vitest';
import { type Api, addMember, newGroup, person, task } from './support.ts';

export const save = (api: Api, rootId: string, changes: object, key = `k-${randomUUID()}`) =>
  api.patch(`/task/plan/${rootId}`, { key, ...changes });

/** A root with `n` draft leaves under branches of 20, made through the save itself. */
export async function draftPlan(api: Api, group: string, n: number) {
  const root = await task(api, { title: `Plan ${randomUUID().slice(0, 4)}`, group, level: 3 });
  const branches = Math.ceil(n / 20);
  const creates = Array.from({ length: branches }, (_, b) => [
    { id: `new:b${b}`, parent_id: root.id, title: `Branch ${b}`, level: 4 },
    ...Array.from({ length: Math.min(20, n - b * 20) - 1 }, (_, l) => ({
      id: `new:b${b}l${l}`,
      parent_id: `new:b${b}`,
      title: `Leaf ${b}.${l}`,
      level: 5,
    })),
  ]).flat();
  const r = await save(api, root.id, { creates });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { root: root.id as string, ids: (r.body.created as Array<{ id: string }>).map((c) => c.id) };
}

export const counters = async (userId: string) => (await UserEntity.get({ userId }).go()).data!;

/** A template whose root is made through the API and `roles.length` children seeded under it. */
export async function templateWithRoles(api: Api, group: string, roles: ReadonlyArray<string | undefined>) {
  const r = await api.post('/task/template', { title: `Onboarding ${randomUUID().slice(0, 6)}`, group });
  if (r.status !== 201) throw new Error(`template answered ${r.status}`);
  const root = (await TaskEntity.get({ taskId: r.body.id }).go()).data!;
  const nodes = roles.map((role, i) => ({
    ...root,
    taskId: randomUUID(),
    title: `Step ${i + 1}`,
    parentId: root.taskId,
    childCount: 0,
    ...(role ? { assigningRole: role } : {}),
    createdAt: new Date(Date.now() + i + 1).toISOString(),
  }));
  root.childCount = nodes.length;
  await TaskEntity.put([...nodes, root].map(({ updatedAt: _u, ...x }) => x)).go();
  await TaskChildEntity.put(nodes.map((x) => ({ parentId: x.parentId!, childId: x.taskId }))).go();
  return { id: r.body.id as string, nodes };
}

/** Olga's group with Mia and Ben as standard members. */
export async function team() {
  const [olga, mia, ben] = await Promise.all([person('Olga'), person('Mia'), person('Ben')]);
  const group = (await newGroup(olga.api)).id;
  await addMember(olga.api, group, mia, 5);
  await addMember(olga.api, group, ben, 5);
  return { olga, mia, ben, group };
}
