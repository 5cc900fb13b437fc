/** Group categories (spec 001 §3, §7): a named selection of groups for the header's filter. */
import * as z from 'zod';
import { patchOf } from '../api/patch.ts';
import { groupMetadata } from './group.ts';

export const CATEGORY_GROUPS_MAX = 200;

export const createCategoryInput = z.strictObject({
  title: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(100),
  description: z.string().max(250, 'Description must be at most 250 characters.').default(''),
  metadata: groupMetadata.default({ color: '#7EC242', icon: 'star' }),
  groups: z.array(z.string().min(1)).max(CATEGORY_GROUPS_MAX).default([]),
});
/** Only the fields sent change; metadata merges field by field (docs/decisions.md D11). */
export const updateCategoryInput = patchOf(createCategoryInput);
export type UpdateCategoryInput = z.infer<typeof updateCategoryInput>;
export type CreateCategoryInput = z.infer<typeof createCategoryInput>;
