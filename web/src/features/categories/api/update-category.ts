/** PATCH /user/group/category/{id} — any of title, description, metadata, groups. */
import * as routes from '@tandem/shared/api/route-defs';
import type { CreateCategoryInput } from '@tandem/shared/groups/categories';
import type { CategoryView } from '@tandem/shared/groups/views';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function updateCategory(id: string, input: Partial<CreateCategoryInput>): Promise<CategoryView> {
  const category = await api<CategoryView>(routes.updateCategory, { params: { id }, body: input });
  await revalidateAfter('category');
  return category;
}
