/**
 * Templates and folders (spec 002 §3 Template, Folder, tree node keys; §5 unique titles; decisions
 * D57): plain functions, no schema library, so the templates screen's inline input and the API run
 * the same rule.
 */

export const TEMPLATE_TYPES = ['task', 'custom_field'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** What POST /task/template/convert-from-task/{id} takes as `type` (spec 002 §4). */
export const CONVERT_TYPES = ['task', 'custom-field'] as const;
export type ConvertType = (typeof CONVERT_TYPES)[number];

export const TEMPLATE_TITLE_MAX = 200;
/** A template's task tree is copied whole by every apply and clone; bigger trees are refused. */
export const MAX_TEMPLATE_NODES = 1000;
/** Templates and folders read for one group by GET /task/template (one Query of up to this many). */
export const MAX_TEMPLATE_ITEMS_PER_GROUP = 1000;

export const TEMPLATE_MESSAGES = {
  titleRequired: 'A title is required.',
  templateTitleTaken: 'A template with this title already exists in this folder.',
  folderTitleTaken: 'A folder with this title already exists here.',
  ownersOnly: 'Only the owners of this group can change its templates and folders.',
  licence:
    'Converting a task to a template needs the Teams licence or the 14-day trial. Upgrade your subscription to use it.',
  folderNotEmpty: 'This folder still holds templates or folders. Move or delete them first.',
  folderElsewhere: 'The folder belongs to another group.',
  folderCycle: 'A folder cannot be moved into itself or one of its sub-folders.',
  tooBig: `A template has at most ${MAX_TEMPLATE_NODES} tasks.`,
  applying: 'This template is still being applied. Try again in a moment.',
  notATemplate: 'This is not a task template.',
} as const;

/** The form a title is compared in: trimmed, inner whitespace collapsed, case folded. */
export const titleKey = (title: string): string =>
  title.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');

export interface TitledItem {
  id: string;
  title: string;
  groupId: string;
  /** The folder it sits in (a folder: its parent folder); null at the group's top. */
  folderId: string | null;
}

/**
 * Spec 002 §5: a new or renamed folder or template needs a title unique within the same group and
 * folder, compared trimmed and case-insensitively; the item being edited is excluded. Answers the
 * message to show, or null when the title may be used.
 */
export function titleProblem(
  title: string,
  place: { groupId: string; folderId: string | null; excludeId?: string | null },
  siblings: readonly TitledItem[],
  kind: 'template' | 'folder' = 'template',
): string | null {
  const key = titleKey(title);
  if (!key) return TEMPLATE_MESSAGES.titleRequired;
  if (key.length > TEMPLATE_TITLE_MAX) return `At most ${TEMPLATE_TITLE_MAX} characters.`;
  const taken = siblings.some(
    (s) =>
      s.id !== place.excludeId &&
      s.groupId === place.groupId &&
      (s.folderId ?? null) === (place.folderId ?? null) &&
      titleKey(s.title) === key,
  );
  if (!taken) return null;
  return kind === 'folder' ? TEMPLATE_MESSAGES.folderTitleTaken : TEMPLATE_MESSAGES.templateTitleTaken;
}

/** Whether a subscription may convert a task to a template (spec 002 §4, §6). */
export const canConvertToTemplate = (s: { package: string; currentStatus: string }): boolean =>
  (s.package === 'teams_license' || s.package === 'full_14_days_trial') && s.currentStatus === 'active';

/** Moving folder `id` under `newParent` is refused when newParent is it or one of its sub-folders. */
export function folderMoveMakesCycle(
  id: string,
  newParent: string | null,
  parentOf: ReadonlyMap<string, string | null>,
): boolean {
  let at = newParent;
  const seen = new Set<string>();
  while (at) {
    if (at === id) return true;
    if (seen.has(at)) return true;
    seen.add(at);
    at = parentOf.get(at) ?? null;
  }
  return false;
}
