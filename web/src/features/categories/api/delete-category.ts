/** DELETE /user/group/category/{id} — the category only; its groups stay. */
import * as routes from '@tandem/shared/api/route-defs';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function deleteCategory(id: string): Promise<void> {
  await api<unknown>(routes.deleteCategory, { params: { id } });
  await revalidateAfter('category');
}
