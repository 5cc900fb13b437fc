/**
 * Task vocabulary (spec 000 §3, §4, §9): statuses, modes, flags, levels, priority groups, delegation
 * types. Ids are the spec's; titles are the defaults a user may rename for themselves.
 */
import { ROLES } from '../groups/roles.ts';

export const TASK_STATUS = { notStarted: 1, active: 2, paused: 3, done: 4 } as const;
export type TaskStatusId = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
export const TASK_STATUSES: ReadonlyArray<{ id: TaskStatusId; title: string }> = [
  { id: 1, title: 'Not Started' },
  { id: 2, title: 'Active' },
  { id: 3, title: 'Paused' },
  { id: 4, title: 'Completed' },
];

export const TASK_MODES = ['draft', 'active', 'completed', 'template'] as const;
export type TaskMode = (typeof TASK_MODES)[number];

export const TASK_FLAG = { urgent: 1, normal: 3 } as const;
export type TaskFlag = (typeof TASK_FLAG)[keyof typeof TASK_FLAG];

/**
 * Levels 1–8 from the widest to the narrowest; 8 is the issue level, which takes no sub-items, and 9
 * means "above 8" where a level is compared. New tasks start at the level titled ToDo.
 */
export const ISSUE_LEVEL = 8;
export const ABOVE_ISSUE_LEVEL = 9;
export const TASK_LEVELS: ReadonlyArray<{ id: number; title: string }> = [
  { id: 1, title: 'Vision' },
  { id: 2, title: 'Goal' },
  { id: 3, title: 'Objective' },
  { id: 4, title: 'Project' },
  { id: 5, title: 'Milestone' },
  { id: 6, title: 'Deliverable' },
  { id: 7, title: 'ToDo' },
  { id: 8, title: 'Issue' },
];
export const DEFAULT_LEVEL = TASK_LEVELS.find((l) => l.title === 'ToDo')!.id;

/** Priority groups (spec 000 §4). Now is titled Today in lists; ids of 4 and above are not choosable. */
export const PRIORITY_GROUP = {
  now: 0,
  next: 1,
  later: 2,
  future: 3,
  scheduled: 4,
  routine: 5,
  routineDefinition: 6,
  issue: 8,
  baseTasks: 9,
} as const;
export type PriorityGroupId = (typeof PRIORITY_GROUP)[keyof typeof PRIORITY_GROUP];
export const PRIORITY_GROUPS: ReadonlyArray<{ id: PriorityGroupId; title: string; listTitle: string }> = [
  { id: 0, title: 'Now', listTitle: 'Today' },
  { id: 1, title: 'Next', listTitle: 'Next' },
  { id: 2, title: 'Later', listTitle: 'Later' },
  { id: 3, title: 'Future', listTitle: 'Future' },
  { id: 4, title: 'Scheduled', listTitle: 'Scheduled' },
  { id: 5, title: 'Routine', listTitle: 'Routine' },
  { id: 6, title: 'RoutineDefinition', listTitle: 'Routine definitions' },
  { id: 8, title: 'Issues', listTitle: 'Issues' },
  { id: 9, title: 'Base tasks', listTitle: 'Base tasks' },
];
export const isChoosablePriorityGroup = (id: number) => id >= 0 && id < 4;
/**
 * Priority groups a save may name: the choosable ones, and Issues (8) for the internal accounts of the
 * allow-list (the Subtask-versus-Issue switch of spec 000 §6); the domain checks who asks for 8.
 */
export const isRequestablePriorityGroup = (id: number) =>
  isChoosablePriorityGroup(id) || id === PRIORITY_GROUP.issue;

/**
 * The role the creator holds as the assignee of a task they make without naming assignees (the quick
 * task of spec 000 §3 and §6: "the creator role on quick tasks is 5"): standard.
 */
export const CREATOR_ASSIGNEE_ROLE = ROLES.standard;

/** Delegation types: single, shared, individual parent, individual child. */
export const DELEGATION_TYPES = ['SI', 'SH', 'IP', 'IC'] as const;
export type DelegationType = (typeof DELEGATION_TYPES)[number];

export const TASK_PAGE_SIZE = 25;
export const CONFETTI_MS = 10_000;
/** Title length when a long description is cut into sub-tasks (spec 000 §5): about 50 plus an ellipsis. */
export const SUBTASK_TITLE_CHARS = 50;

/** How a task was made (spec 000 §3 inputType): 'audio' marks an audio task, whose tracks are its audio files. */
export const INPUT_TYPES = ['audio'] as const;
export type InputType = (typeof INPUT_TYPES)[number];
