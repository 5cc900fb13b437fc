/**
 * Groups (spec 000 §2 group form, §3 Group, §5 group rules, §9). Title required, description at most
 * 250 characters, colour hex of 3 or 6 digits (3 expanded to 6), icon from the named set.
 */
import * as z from 'zod/mini';
import { boundedText, entityId, requiredTitle, TEXT_LIMITS } from '../api/limits.ts';
import {
  DEFAULT_GROUP_COLOR,
  DEFAULT_GROUP_ICON,
  GROUP_ICONS,
  GROUP_STATUS,
  normaliseHexColor,
} from './group-constants.ts';

export * from './group-constants.ts';

export const GROUP_DESCRIPTION_MAX = TEXT_LIMITS.groupDescription;
export const GROUP_TITLE_MAX = TEXT_LIMITS.groupTitle;

const colorSchema = z.pipe(
  z.string(),
  z.transform((v, ctx) => {
    const hex = normaliseHexColor(v);
    if (!hex) {
      ctx.issues.push({
        code: 'custom',
        message: 'Enter a colour as a hex code of 3 or 6 digits, like #7EC242.',
        input: v,
      });
      return z.NEVER;
    }
    return hex;
  }),
);

export const groupMetadata = z.strictObject({
  color: z._default(colorSchema, DEFAULT_GROUP_COLOR),
  icon: z._default(z.enum(GROUP_ICONS, { error: 'Choose an icon from the list.' }), DEFAULT_GROUP_ICON),
});

const title = requiredTitle('groupTitle', {
  required: 'Name is required.',
  tooLong: `Name must be at most ${GROUP_TITLE_MAX} characters.`,
});
const description = boundedText(
  'groupDescription',
  `Description must be at most ${GROUP_DESCRIPTION_MAX} characters.`,
);

export const createGroupInput = z.strictObject({
  title,
  description: z._default(description, ''),
  metadata: z._default(groupMetadata, { color: DEFAULT_GROUP_COLOR, icon: DEFAULT_GROUP_ICON }),
});
export type CreateGroupInput = z.infer<typeof createGroupInput>;

export const updateGroupInput = z.partial(
  z.strictObject({
    title,
    description,
    metadata: z.partial(
      z.strictObject({
        color: colorSchema,
        icon: z.enum(GROUP_ICONS, { error: 'Choose an icon from the list.' }),
      }),
    ),
    status: z.union([z.literal(GROUP_STATUS.active), z.literal(GROUP_STATUS.archived)], {
      error: 'Status must be 1 (active) or 2 (archived).',
    }),
  }),
);
export type UpdateGroupInput = z.infer<typeof updateGroupInput>;

export const groupOrderInput = z.strictObject({
  groupId: entityId,
  nextIndex: z.int().check(z.gte(0)),
});

/** The 'group name conflict' warning (spec 000 §5): the same title, trimmed, case-insensitive. */
export function hasGroupNameConflict(
  title: string,
  others: ReadonlyArray<{ id: string; title: string }>,
  selfId?: string,
) {
  const key = title.trim().toLowerCase();
  return others.some((g) => g.id !== selfId && g.title.trim().toLowerCase() === key);
}
