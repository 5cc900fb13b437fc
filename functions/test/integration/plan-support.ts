/** The planning saves' test helpers (plan-activate, plan-save-atomic). */
import { randomUUID } from 'node:crypto';
import { UserEntity } from '@tandem/functions/db/entities/user';
import { expect } from 'vitest';
import { type Api, task } from './support.ts';

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
