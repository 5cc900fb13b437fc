/**
 * Group categories: a user's named selections of groups (spec 001 §3, §7), kept in the user's
 * partition. A category may only name groups the user belongs to.
 */
import { randomUUID } from 'node:crypto';
import {
  type CategoryView,
  type CreateCategoryInput,
  mergePatch,
  pageOf,
  type UpdateCategoryInput,
} from '@tandem/shared';
import { CategoryEntity } from '../../db/entities/category.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { listMemberships } from '../groups/groups.ts';

/** A category as stored (db/entities/category.ts), its metadata shaped. */
type CategoryRecord = StoredItem<typeof CategoryEntity>;

const view = (c: CategoryRecord): CategoryView => ({
  id: c.categoryId,
  title: c.title,
  description: c.description,
  metadata: c.metadata,
  categoryGroups: c.groups,
  createdAt: c.createdAt,
});

async function assertOwnGroups(actor: Actor, groups: string[] | undefined) {
  if (!groups?.length) return;
  const mine = new Set((await listMemberships(actor.userId)).map((m) => m.groupId));
  const foreign = groups.filter((g) => !mine.has(g));
  if (foreign.length) throw new ValidationError({ groups: 'Choose only groups you belong to.' });
}

export async function listCategories(actor: Actor, page: number, limit: number) {
  const r = await CategoryEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' });
  const all = r.data.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map(view);
  return pageOf(all, page, limit);
}

export async function createCategory(actor: Actor, input: CreateCategoryInput): Promise<CategoryView> {
  await assertOwnGroups(actor, input.groups);
  const r = await CategoryEntity.create({
    userId: actor.userId,
    categoryId: randomUUID(),
    title: input.title,
    description: input.description,
    metadata: input.metadata,
    groups: [...new Set(input.groups)],
  }).go();
  return view(r.data);
}

/** Only the fields sent change; metadata merges field by field (shared/src/api/patch.ts). */
export async function updateCategory(actor: Actor, categoryId: string, input: UpdateCategoryInput) {
  const current = (await CategoryEntity.get({ userId: actor.userId, categoryId }).go()).data;
  if (!current) throw new NotFoundError();
  await assertOwnGroups(actor, input.groups);
  const next = mergePatch(current, input);
  try {
    const r = await CategoryEntity.patch({ userId: actor.userId, categoryId })
      .set({
        title: next.title,
        description: next.description,
        metadata: next.metadata,
        groups: [...new Set(next.groups)],
      })
      .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt))
      .go({ response: 'all_new' });
    return view(r.data);
  } catch (e) {
    if (isConditionFailed(e)) {
      throw new ConflictError('The category was changed elsewhere. Reload and try again.');
    }
    throw e;
  }
}

export async function deleteCategory(actor: Actor, categoryId: string): Promise<void> {
  try {
    await CategoryEntity.remove({ userId: actor.userId, categoryId }).go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}
