/** Group categories (spec 001 §3, §7): a named selection of groups for the header's filter. */
import * as z from 'zod/mini';
import { boundedText, entityId, requiredTitle, TEXT_LIMITS } from '../api/limits.ts';
import { patchOf } from '../api/patch.ts';
import { groupMetadata } from './group.ts';

export const CATEGORY_GROUPS_MAX = 200;

export const createCategoryInput = z.strictObject({
  title: requiredTitle('categoryTitle', { required: 'Name is required.' }),
  description: z._default(
    boundedText(
      'categoryDescription',
      `Description must be at most ${TEXT_LIMITS.categoryDescription} characters.`,
    ),
    '',
  ),
  metadata: z._default(groupMetadata, { color: '#7EC242', icon: 'star' }),
  groups: z._default(z.array(entityId).check(z.maxLength(CATEGORY_GROUPS_MAX)), []),
});
/** Only the fields sent change; metadata merges field by field (docs/decisions.md D11). */
export const updateCategoryInput = patchOf(createCategoryInput);
export type UpdateCategoryInput = z.infer<typeof updateCategoryInput>;
export type CreateCategoryInput = z.infer<typeof createCategoryInput>;
