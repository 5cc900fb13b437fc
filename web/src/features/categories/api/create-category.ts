/** POST /user/group/category — title, description, metadata and the ids of its groups. */
import * as routes from '@tandem/shared/api/route-defs';
import type { CreateCategoryInput } from '@tandem/shared/groups/categories';
import type { CategoryView } from '@tandem/shared/groups/views';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function createCategory(input: CreateCategoryInput): Promise<CategoryView> {
  const category = await api<CategoryView>(routes.createCategory, { body: input });
  await revalidateAfter('category');
  return category;
}
