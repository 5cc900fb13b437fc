/**
 * The task behind a lesson in one track (decisions D66): a copy of its source (a template task, the
 * author's lesson task, or a new title) as an active task of the track's person, in the curriculum's
 * group, on that person's lists (their placement), counted on their counters, linked back to the
 * curriculum. Only the source task itself is copied, not its sub-tasks: a lesson is one task.
 */
import { taskCountDelta } from '@tandem/shared';
import type { LessonStatus } from '@tandem/shared/curricula/rules';
import type { CurriculumTx } from '../../db/entities/curricula.ts';
import { counted, type TaskRecord } from '../access/task-access.ts';
import type { UserRecord } from '../access/users.ts';
import { planCopy } from '../templates/tree-copy.ts';
import type { Counts, CurriculumRecord } from './store.ts';

export interface LessonSource {
  title: string;
  description: string;
  descriptionDoc?: string;
  flag: number;
  level: number;
}

export interface PlannedLessonTask {
  task: TaskRecord;
  placement: Parameters<CurriculumTx['placement']['create']>[0];
  counts: Counts;
  userId: string;
}

export const sourceOf = (t: TaskRecord): LessonSource => ({
  title: t.title,
  description: t.description,
  ...(t.descriptionDoc ? { descriptionDoc: t.descriptionDoc } : {}),
  flag: t.flag,
  level: t.level,
});

/** The task (with its placement and counts) of a lesson in `person`'s track. */
export function planLessonTask(
  source: LessonSource,
  c: Pick<CurriculumRecord, 'curriculumId' | 'title' | 'groupId'>,
  person: UserRecord,
  taskId: string,
  now: Date,
): PlannedLessonTask {
  const fake = {
    taskId: 'source',
    ...source,
    status: 1,
    mode: 'active',
    groupId: c.groupId,
    rootId: 'source',
    childCount: 0,
    createdBy: person.userId,
    creatorName: '',
    delegationType: 'SI',
    assignees: {},
    roles: {},
    pending: {},
    version: 1,
    createdAt: now.toISOString(),
  } as TaskRecord;
  const plan = planCopy([fake], {
    mode: 'active',
    groupId: c.groupId,
    creator: person,
    newId: () => taskId,
    now,
  });
  const task: TaskRecord = {
    ...plan.tasks[0]!,
    curriculumLesson: { id: taskId, curriculumId: c.curriculumId, curriculumTitle: c.title },
  };
  return {
    task,
    placement: plan.placements[0]!,
    counts: taskCountDelta(null, counted(task)),
    userId: person.userId,
  };
}

/** The writes of a planned lesson task: the task, its placement, its lesson-task link. */
export function lessonTaskWrites(
  tx: CurriculumTx,
  p: PlannedLessonTask,
  lesson: { curriculumId: string; lessonId: string },
  status: LessonStatus = 'not_started',
) {
  return [
    tx.task.create(p.task).commit(),
    tx.placement.create(p.placement).commit(),
    tx.lessonTask
      .create({
        taskId: p.task.taskId,
        curriculumId: lesson.curriculumId,
        lessonId: lesson.lessonId,
        userId: p.userId,
        status,
      })
      .commit(),
  ];
}
