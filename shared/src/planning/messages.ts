/**
 * The planning messages (spec 002 §8): keys and the English each falls back to. A module of its own
 * so the task routes (PATCH /task/{id} refusing a template's schedule, D74) carry these few strings,
 * not the planning schemas.
 */
export const PLANNING_MESSAGES = {
  titleRequired: 'planning.title-required',
  noChanges: 'planning.no-changes-to-save',
  allActive: 'planning.all-tasks-already-active',
  moveUnderDescendant: 'planning.move-under-descendant',
  issueNoChildren: 'planning.issue-no-children',
  tooManyNodes: 'planning.too-many-nodes',
  unknownNode: 'planning.unknown-node',
  templateSchedule: 'planning.template-no-schedule',
  saveUnfinished: 'planning.save-unfinished',
  beingSaved: 'planning.plan-being-saved',
} as const;
export type PlanningMessage = (typeof PLANNING_MESSAGES)[keyof typeof PLANNING_MESSAGES];
/** What each key says when the viewer has no translation for it (the API's fallback message). */
export const PLANNING_TEXTS: Record<PlanningMessage, string> = {
  'planning.title-required': 'Every task needs a title.',
  'planning.no-changes-to-save': 'There are no changes to save.',
  'planning.all-tasks-already-active': 'All tasks are already active.',
  'planning.move-under-descendant': 'A task cannot move under itself or one of its own sub-tasks.',
  'planning.issue-no-children': 'An issue (level 8) cannot have sub-items.',
  'planning.too-many-nodes': 'A plan holds at most 1,000 tasks.',
  'planning.unknown-node': 'This task is no longer in the plan. Reload and try again.',
  'planning.template-no-schedule': 'Tasks in a template are scheduled once the template is used.',
  'planning.save-unfinished':
    'Your changes were accepted but not all of them are written yet. Save again to finish; nothing else changes meanwhile.',
  'planning.plan-being-saved':
    'Someone else is saving this plan right now. Open it again to see their changes.',
};
