/** Group categories (spec 001 §3, §7): a named selection of groups for the header's filter. */
import * as z from 'zod';
import { boundedText, entityId, requiredTitle, TEXT_LIMITS } from '../api/limits.ts';
import { groupMetadata } from './group.ts';

export const CATEGORY_GROUPS_MAX = 200;

export const createCategoryInput = z.strictObject({
  title: requiredTitle('categoryTitle', { required: 'Name is required.' }),
  description: boundedText(
    'categoryDescription',
    `Description must be at most ${TEXT_LIMITS.categoryDescription} characters.`,
  ).default(''),
  metadata: groupMetadata.default({ color: '#7EC242', icon: 'star' }),
  groups: z.array(entityId).max(CATEGORY_GROUPS_MAX).default([]),
});
export const updateCategoryInput = createCategoryInput.partial();
export type CreateCategoryInput = z.infer<typeof createCategoryInput>;
