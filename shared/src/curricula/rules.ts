/**
 * Curricula (spec 002 §2 "Curriculum screen", §3 Curriculum and Lesson, §4 lessons, §7 "Curriculum";
 * 000 §3 curriculumTaskInstance; decisions D66). A curriculum is an ordered list of lessons, each
 * backed by a task. It is one of three types for the person asking: own (theirs), delegated (its
 * lessons were delegated to them: they are one of its learners) or template (a curriculum in mode
 * 'template', kept to be cloned). Every learner has their own lesson tasks; the progress of one track
 * (the author's or a learner's) is the share of its lessons whose task is Done.
 */
import { TASK_STATUS } from '../tasks/constants.ts';

export const CURRICULUM_TYPES = ['own', 'delegated', 'template'] as const;
export type CurriculumType = (typeof CURRICULUM_TYPES)[number];

/** A curriculum's mode: an ordinary one, or a template (spec 002 §3: mode (template)). */
export const CURRICULUM_MODES = ['active', 'template'] as const;
export type CurriculumMode = (typeof CURRICULUM_MODES)[number];

/** A lesson's status, as the curriculum keeps it. */
export const LESSON_STATUSES = ['not_started', 'in_progress', 'completed'] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/**
 * Task status → lesson status (spec 002 §4: "a status change that maps to a lesson status updates
 * it"). Paused maps to none: a lesson is not paused, and such a change is refused.
 */
const LESSON_STATUS_OF_TASK: Readonly<Record<number, LessonStatus>> = {
  [TASK_STATUS.notStarted]: 'not_started',
  [TASK_STATUS.active]: 'in_progress',
  [TASK_STATUS.done]: 'completed',
};

/** The lesson status a task status maps to, or null when it maps to none. */
export const lessonStatusOf = (taskStatus: number): LessonStatus | null =>
  LESSON_STATUS_OF_TASK[taskStatus] ?? null;

/** The task status behind a lesson status (the inverse of lessonStatusOf). */
export const taskStatusOf = (lesson: LessonStatus): number =>
  lesson === 'completed'
    ? TASK_STATUS.done
    : lesson === 'in_progress'
      ? TASK_STATUS.active
      : TASK_STATUS.notStarted;

/** How many completed lessons a status change adds to its track's count: +1, -1 or 0. */
export function doneDelta(from: LessonStatus, to: LessonStatus): -1 | 0 | 1 {
  if (from === to) return 0;
  if (to === 'completed') return 1;
  return from === 'completed' ? -1 : 0;
}

/**
 * The share of a track's lessons that are completed, between 0 and 1, rounded to 4 places. No
 * lessons: 0. Counts out of range (a lesson deleted meanwhile) are clamped, never above 1.
 */
export function progressRatio(completed: number, lessons: number): number {
  if (lessons <= 0) return 0;
  const r = Math.min(Math.max(completed, 0), lessons) / lessons;
  return Math.round(r * 10_000) / 10_000;
}

/** The ratio as the screen shows it: a whole percentage (1/3 → 33). */
export const progressPercent = (ratio: number): number => Math.round(ratio * 100);

/** Bounds (a curriculum is read whole; its writes fit one transaction per lesson and learner). */
export const CURRICULUM_TITLE_MAX = 200;
export const MAX_LESSONS_PER_CURRICULUM = 300;
/** Learners of one curriculum: a lesson added or removed writes every learner's task in one transaction. */
export const MAX_LEARNERS = 20;

export const CURRICULUM_MESSAGES = {
  titleRequired: 'Please give the curriculum a title.',
  noLessonStatus: 'This status has no lesson status: a lesson is not started, in progress or completed.',
  otherCurriculum: 'A lesson can only be moved within its own curriculum.',
  neighboursOutOfOrder: 'The lesson must go between two neighbours in order.',
  tooManyLessons: `A curriculum holds at most ${MAX_LESSONS_PER_CURRICULUM} lessons.`,
  tooManyLearners: `A curriculum can be delegated to at most ${MAX_LEARNERS} people.`,
  notATemplateTask: 'This task is not a template task you can use.',
  learnerNotMember: 'The learner must be a member of the curriculum’s group.',
  alreadyLearner: 'This person already follows the curriculum.',
  notALearner: 'This person does not follow the curriculum.',
  authorIsNotLearner: 'You cannot delegate your own curriculum to yourself.',
  templateNoLearners: 'A curriculum template cannot be delegated; clone it first.',
  ownerOnly: 'Only the curriculum’s author can change it.',
  raced: 'The curriculum changed meanwhile. Try again.',
} as const;

/** The path of a curriculum on the screen (spec 000 §2: a lesson task links back to it). */
export const curriculumPath = (curriculumId: string) => `/curriculum?id=${encodeURIComponent(curriculumId)}`;
