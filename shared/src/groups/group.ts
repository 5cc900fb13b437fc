/**
 * Groups (spec 000 §2 group form, §3 Group, §5 group rules, §9). Title required, description at most
 * 250 characters, colour hex of 3 or 6 digits (3 expanded to 6), icon from the named set.
 */
import * as z from 'zod';
import { boundedText, entityId, requiredTitle, TEXT_LIMITS } from '../api/limits.ts';

export const GROUP_DESCRIPTION_MAX = TEXT_LIMITS.groupDescription;
export const GROUP_TITLE_MAX = TEXT_LIMITS.groupTitle;
export const DEFAULT_GROUP_COLOR = '#7EC242';
export const PRIVATE_GROUP_TITLE = 'Private';

/** The 12 recommended colours; the first is the default. */
export const RECOMMENDED_COLORS = [
  '#7EC242',
  '#2F80ED',
  '#9747FF',
  '#F2994A',
  '#EB5757',
  '#F2C94C',
  '#27AE60',
  '#56CCF2',
  '#BB6BD9',
  '#FF7EB6',
  '#4F4F4F',
  '#A0785A',
] as const;

/** The 24 quick colours of the picker. */
export const QUICK_COLORS = [
  '#FFCDD2',
  '#F8BBD0',
  '#E1BEE7',
  '#D1C4E9',
  '#C5CAE9',
  '#BBDEFB',
  '#B2EBF2',
  '#B2DFDB',
  '#C8E6C9',
  '#F0F4C3',
  '#FFE0B2',
  '#D7CCC8',
  '#E53935',
  '#D81B60',
  '#8E24AA',
  '#5E35B1',
  '#3949AB',
  '#1E88E5',
  '#00ACC1',
  '#00897B',
  '#43A047',
  '#C0CA33',
  '#FB8C00',
  '#6D4C41',
] as const;

/** '#abc' → '#AABBCC', 'a1b2c3' → '#A1B2C3'; anything else → null. */
export function normaliseHexColor(input: string): string | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(input.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return `#${hex.toUpperCase()}`;
}

/** The named icon set (about 115). The web maps each name to a drawing; the server stores the name. */
export const GROUP_ICONS = [
  'home',
  'work',
  'family',
  'school',
  'star',
  'chat',
  'heart',
  'book',
  'briefcase',
  'calendar',
  'car',
  'cart',
  'coffee',
  'code',
  'camera',
  'music',
  'gift',
  'globe',
  'plane',
  'bike',
  'run',
  'ball',
  'trophy',
  'flag',
  'bell',
  'bolt',
  'bulb',
  'brush',
  'palette',
  'pencil',
  'clipboard',
  'checklist',
  'folder',
  'archive',
  'inbox',
  'mail',
  'phone',
  'device-laptop',
  'device-mobile',
  'server',
  'database',
  'cloud',
  'sun',
  'moon',
  'leaf',
  'tree',
  'flower',
  'paw',
  'fish',
  'baby',
  'user',
  'users',
  'friends',
  'building',
  'building-store',
  'hospital',
  'stethoscope',
  'pill',
  'first-aid',
  'dumbbell',
  'yoga',
  'swim',
  'mountain',
  'tent',
  'beach',
  'map',
  'compass',
  'anchor',
  'rocket',
  'flask',
  'microscope',
  'math',
  'language',
  'certificate',
  'presentation',
  'chart',
  'chart-pie',
  'coin',
  'wallet',
  'receipt',
  'bank',
  'scale',
  'gavel',
  'shield',
  'lock',
  'key',
  'tool',
  'hammer',
  'settings',
  'plug',
  'wifi',
  'headphones',
  'microphone',
  'video',
  'movie',
  'device-gamepad',
  'puzzle',
  'chess',
  'pizza',
  'salad',
  'chef-hat',
  'glass',
  'bed',
  'bath',
  'sofa',
  'plant',
  'recycle',
  'truck',
  'bus',
  'train',
  'church',
  'pray',
  'target',
  'rosette',
  'crown',
] as const;
export type GroupIcon = (typeof GROUP_ICONS)[number];
export const DEFAULT_GROUP_ICON: GroupIcon = 'star';

export const GROUP_STATUS = { active: 1, archived: 2 } as const;
export type GroupStatus = (typeof GROUP_STATUS)[keyof typeof GROUP_STATUS];

const colorSchema = z.string().transform((v, ctx) => {
  const hex = normaliseHexColor(v);
  if (!hex) {
    ctx.addIssue({ code: 'custom', message: 'Enter a colour as a hex code of 3 or 6 digits, like #7EC242.' });
    return z.NEVER;
  }
  return hex;
});

export const groupMetadata = z.strictObject({
  color: colorSchema.default(DEFAULT_GROUP_COLOR),
  icon: z.enum(GROUP_ICONS, { error: 'Choose an icon from the list.' }).default(DEFAULT_GROUP_ICON),
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
  description: description.default(''),
  metadata: groupMetadata.default({ color: DEFAULT_GROUP_COLOR, icon: DEFAULT_GROUP_ICON }),
});
export type CreateGroupInput = z.infer<typeof createGroupInput>;

export const updateGroupInput = z
  .strictObject({
    title,
    description,
    metadata: z
      .strictObject({
        color: colorSchema,
        icon: z.enum(GROUP_ICONS, { error: 'Choose an icon from the list.' }),
      })
      .partial(),
    status: z.union([z.literal(GROUP_STATUS.active), z.literal(GROUP_STATUS.archived)], {
      error: 'Status must be 1 (active) or 2 (archived).',
    }),
  })
  .partial();
export type UpdateGroupInput = z.infer<typeof updateGroupInput>;

export const groupOrderInput = z.strictObject({
  groupId: entityId,
  nextIndex: z.number().int().min(0),
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
