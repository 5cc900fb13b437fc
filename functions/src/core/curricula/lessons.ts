/**
 * Lessons (spec 002 §2, §4 "Curriculum lesson", §7 "Curriculum"; decisions D66): a curriculum's
 * lessons in the caller's track, a lesson from a template task or new, a move between neighbours,
 * a status change that recomputes the track's progress in the same transaction, and a delete.
 */
import { randomUUID } from 'node:crypto';
import { TASK_STATUS, taskCountDelta } from '@tandem/shared';
import {
  CURRICULUM_MESSAGES,
  doneDelta,
  type LessonStatus,
  lessonStatusOf,
  MAX_LESSONS_PER_CURRICULUM,
  progressRatio,
} from '@tandem/shared/curricula/rules';
import type { CreateLessonInput, UpdateLessonInput } from '@tandem/shared/curricula/schemas';
import type { LessonView } from '@tandem/shared/curricula/views';
import { sortCodeBetween } from '@tandem/shared/tasks/sort-codes';
import { getItems, item } from '../../db/batch-get.ts';
import {
  CurriculumEntity,
  LearnerEntity,
  LessonEntity,
  LessonTaskEntity,
} from '../../db/entities/curricula.ts';
import { PlacementEntity } from '../../db/entities/placement.ts';
import { TaskEntity } from '../../db/entities/task.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { TransactionCanceledError } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { counted, peopleOf, type TaskRecord, taskFor } from '../access/task-access.ts';
import { readUser, type UserRecord } from '../access/users.ts';
import { deleteTasks } from '../tasks/tasks.ts';
import { lessonTasksOf } from './curricula.ts';
import { type LessonSource, lessonTaskWrites, planLessonTask, sourceOf } from './lesson-tasks.ts';
import {
  assertFits,
  type Counts,
  countWrite,
  curriculumFor,
  type LessonTaskRecord,
  learnersOf,
  lessonsOf,
  limitRefusal,
  ownedCurriculum,
  retried,
  sumInto,
  trackOf,
  transactCurricula,
} from './store.ts';

/** GET /curriculum/task/list/{id}: the lessons in order, each with the caller's own task. */
export async function listLessons(actor: Actor, curriculumId: string) {
  const a = await curriculumFor(actor, curriculumId);
  // A member who is neither author nor learner sees the author's lessons (read only).
  const trackUser = a.relation === 'learner' ? actor.userId : a.curriculum.ownerId;
  const [lessons, track] = await Promise.all([lessonsOf(curriculumId), trackOf(curriculumId, trackUser)]);
  const taskIds = lessons.map((l) => track.get(l.lessonId)?.taskId ?? l.taskId);
  const tasks = new Map<string, TaskRecord>();
  for (let i = 0; i < taskIds.length; i += 100) {
    const read = await getItems(
      taskIds.slice(i, i + 100).map((taskId) => item<TaskRecord>(TaskEntity, { taskId })),
    );
    for (const t of read) if (t) tasks.set(t.taskId, t);
  }
  const results: LessonView[] = lessons.flatMap((l, order) => {
    const link = track.get(l.lessonId);
    const task = tasks.get(link?.taskId ?? l.taskId);
    if (!task) return [];
    return [
      {
        id: l.lessonId,
        curriculum: curriculumId,
        sortCode: l.sortCode,
        order,
        task: {
          id: task.taskId,
          title: task.title,
          status: task.status,
          completionAt: task.completionAt ?? null,
        },
        status: link?.status ?? 'not_started',
      },
    ];
  });
  return { count: results.length, next: null, previous: null, results };
}

/** The template task a lesson is made from: one the caller can see, in mode 'template'. */
async function templateSource(actor: Actor, taskId: string): Promise<LessonSource> {
  let t: TaskRecord;
  try {
    t = (await taskFor(actor, taskId)).task;
  } catch (e) {
    if (e instanceof NotFoundError)
      throw new ValidationError({ template_task: CURRICULUM_MESSAGES.notATemplateTask });
    throw e;
  }
  if (t.mode !== 'template')
    throw new ValidationError({ template_task: CURRICULUM_MESSAGES.notATemplateTask });
  return sourceOf(t);
}

/**
 * POST /curriculum/task and /curriculum/task/create: a lesson at the end, from a template task or
 * new. In one transaction: the lesson, the curriculum's lesson count, and a task for the author and
 * every learner (each counted on its person's counters; the author's totalCurriculumLessons too).
 */
export async function addLesson(
  actor: Actor,
  input: CreateLessonInput,
  now = new Date(),
): Promise<LessonView> {
  if (!input.templateTask && !input.title)
    throw new ValidationError({ title: CURRICULUM_MESSAGES.titleRequired });
  await ownedCurriculum(actor, input.curriculum);
  const source: LessonSource = input.templateTask
    ? await templateSource(actor, input.templateTask)
    : { title: input.title!, description: '', flag: 3, level: 7 };
  return retried(async () => {
    const c = (await CurriculumEntity.get({ curriculumId: input.curriculum }).go()).data;
    if (!c) throw new NotFoundError();
    if (c.lessonCount >= MAX_LESSONS_PER_CURRICULUM)
      throw new ValidationError({ curriculum: CURRICULUM_MESSAGES.tooManyLessons });
    const [lessons, learners] = await Promise.all([lessonsOf(c.curriculumId), learnersOf(c.curriculumId)]);
    const people = (
      await getItems(
        [c.ownerId, ...learners.map((l) => l.userId)].map((userId) =>
          item<UserRecord>(UserEntity, { userId }),
        ),
      )
    ).filter((u): u is UserRecord => u !== null);
    const lessonId = randomUUID();
    const lesson = {
      curriculumId: c.curriculumId,
      lessonId,
      taskId: lessonId,
      sortCode: sortCodeBetween(lessons.at(-1)?.sortCode ?? null, null),
      createdAt: now.toISOString(),
    };
    const planned = people.map((p) =>
      planLessonTask(source, c, p, p.userId === c.ownerId ? lessonId : randomUUID(), now),
    );
    const countsOf = (userId: string, base: Counts) =>
      userId === c.ownerId ? sumInto(base, { totalCurriculumLessons: 1 }) : base;
    for (const p of planned)
      assertFits(people.find((u) => u.userId === p.userId)!, countsOf(p.userId, p.counts));
    try {
      await transactCurricula((tx) => [
        ...planned.map(
          (p) => countWrite(tx, people.find((u) => u.userId === p.userId)!, countsOf(p.userId, p.counts))!,
        ),
        tx.lesson.create(lesson).commit(),
        tx.curriculum
          .patch({ curriculumId: c.curriculumId })
          .add({ lessonCount: 1 })
          .where(
            (x, op) =>
              `${op.eq(x.learnerCount, c.learnerCount)} AND ${op.lt(x.lessonCount, MAX_LESSONS_PER_CURRICULUM)}`,
          )
          .commit(),
        ...planned.flatMap((p) => lessonTaskWrites(tx, p, lesson)),
      ]);
    } catch (e) {
      if (e instanceof TransactionCanceledError) {
        const i = e.failedIndexes().find((x) => x < planned.length);
        if (i !== undefined)
          await limitRefusal(planned[i]!.userId, countsOf(planned[i]!.userId, planned[i]!.counts));
      }
      throw e;
    }
    const mine = planned.find((p) => p.userId === actor.userId)!;
    return {
      id: lessonId,
      curriculum: c.curriculumId,
      sortCode: lesson.sortCode,
      order: lessons.length,
      task: { id: mine.task.taskId, title: mine.task.title, status: mine.task.status, completionAt: null },
      status: 'not_started' as LessonStatus,
    };
  });
}

/** The lesson-task link of a task, or of a lesson by its id (the author's task has the lesson's id). */
async function linkOf(id: string): Promise<LessonTaskRecord | null> {
  return (await LessonTaskEntity.get({ taskId: id }).go()).data;
}

/**
 * PATCH /curriculum/task/{id}: a move (the author; `id` a lesson) or a status change (the track's
 * person; `id` their lesson task, or the lesson for the author's own).
 */
export async function updateLesson(actor: Actor, id: string, input: UpdateLessonInput) {
  const moving = input.sortCodeBefore !== undefined || input.sortCodeAfter !== undefined;
  if (!moving && input.status === undefined)
    throw new ValidationError({ status: 'Send a status, or the neighbours to move the lesson between.' });
  if (moving && input.status !== undefined)
    throw new ValidationError({ status: 'A lesson is moved or given a status, not both at once.' });
  const link = await linkOf(id);
  if (!link) throw new NotFoundError();
  if (moving) return moveLesson(actor, link, input);
  return setLessonStatus(actor, link, input.status!);
}

async function moveLesson(actor: Actor, link: LessonTaskRecord, input: UpdateLessonInput) {
  await ownedCurriculum(actor, link.curriculumId);
  if (input.curriculum !== undefined && input.curriculum !== link.curriculumId)
    throw new ValidationError({ curriculum: CURRICULUM_MESSAGES.otherCurriculum });
  const lessons = (await lessonsOf(link.curriculumId)).filter((l) => l.lessonId !== link.lessonId);
  const codes = new Set(lessons.map((l) => l.sortCode));
  const before = input.sortCodeBefore ?? null;
  const after = input.sortCodeAfter ?? null;
  // Neighbours that are not lessons of this curriculum: a move into another one.
  for (const [field, code] of [
    ['sort_code_before', before],
    ['sort_code_after', after],
  ] as const)
    if (code !== null && !codes.has(code))
      throw new ValidationError({ [field]: CURRICULUM_MESSAGES.otherCurriculum });
  if (before !== null && after !== null && before >= after)
    throw new ValidationError({ sort_code_after: CURRICULUM_MESSAGES.neighboursOutOfOrder });
  const sortCode = sortCodeBetween(before, after);
  try {
    await LessonEntity.patch({ curriculumId: link.curriculumId, lessonId: link.lessonId })
      .set({ sortCode })
      .where((x, op) => op.exists(x.lessonId))
      .go();
  } catch {
    throw new NotFoundError();
  }
  return { id: link.lessonId, curriculum: link.curriculumId, sortCode };
}

/**
 * A lesson task's status (spec 002 §4): a task status that maps to a lesson status (else 400). One
 * transaction writes the task (conditional on its version), its people's placements, its creator's
 * counters, the lesson-task link (conditional on its old status) and the track's completed count
 * (an atomic ADD): concurrent completions each count once; a lost race is read again and retried.
 */
async function setLessonStatus(actor: Actor, first: LessonTaskRecord, status: number) {
  const lessonStatus = lessonStatusOf(status);
  if (lessonStatus === null) throw new ValidationError({ status: CURRICULUM_MESSAGES.noLessonStatus });
  if (first.userId !== actor.userId) {
    // Someone else's lesson: 404 unless they may see the curriculum, then 403.
    await curriculumFor(actor, first.curriculumId);
    throw new ForbiddenError('status');
  }
  return retried(async () => {
    const now = new Date();
    const [link, task, c] = await getItems([
      item<LessonTaskRecord>(LessonTaskEntity, { taskId: first.taskId }),
      item<TaskRecord>(TaskEntity, { taskId: first.taskId }),
      item<{ ownerId: string; lessonCount: number; completedCount: number }>(CurriculumEntity, {
        curriculumId: first.curriculumId,
      }),
    ] as const);
    if (!link || !task || !c) throw new NotFoundError();
    // The placements that exist (a person may have left the task).
    const people = peopleOf(task);
    const placed = await getItems(
      people.map((userId) => item<{ userId: string }>(PlacementEntity, { userId, taskId: task.taskId })),
    );
    const holders = people.filter((_, i) => placed[i] !== null);
    const delta = doneDelta(link.status, lessonStatus);
    const done = status === TASK_STATUS.done;
    const mode = done ? 'completed' : task.mode === 'completed' ? 'active' : task.mode;
    const completionAt = done
      ? task.status === TASK_STATUS.done && task.completionAt
        ? task.completionAt
        : now.toISOString()
      : undefined;
    const countDelta = taskCountDelta(counted(task), counted({ ...task, mode }));
    const grows = Object.values(countDelta).some((d) => d > 0);
    const creator = grows ? await readUser(task.createdBy) : null;
    if (creator) assertFits(creator, countDelta);
    const isAuthor = link.userId === c.ownerId;
    // Shrinking counters carry no condition, so the creator's plan is read only when one grows.
    const counterOwner = creator ?? { userId: task.createdBy, subscription: { package: 'free_license' } };
    try {
      await transactCurricula((tx) => [
        tx.lessonTask
          .patch({ taskId: link.taskId })
          .set({ status: lessonStatus })
          .where((x, op) => op.eq(x.status, link.status))
          .commit(),
        (() => {
          let p = tx.task.patch({ taskId: task.taskId }).set({ status, mode, version: task.version + 1 });
          p = completionAt ? p.set({ completionAt }) : task.completionAt ? p.remove(['completionAt']) : p;
          return p.where((x, op) => op.eq(x.version, task.version)).commit();
        })(),
        // Third, so a refused limit is told apart from a lost race.
        ...[countWrite(tx, counterOwner as UserRecord, countDelta)].filter((w) => w !== null),
        ...(delta !== 0
          ? [
              isAuthor
                ? tx.curriculum
                    .patch({ curriculumId: link.curriculumId })
                    .add({ completedCount: delta })
                    .commit()
                : tx.learner
                    .patch({ curriculumId: link.curriculumId, userId: link.userId })
                    .add({ completedCount: delta })
                    .commit(),
            ]
          : []),
        ...holders.map((userId) => {
          let p = tx.placement.patch({ userId, taskId: task.taskId }).set({ status, mode });
          p = completionAt ? p.set({ completionAt }) : p.remove(['completionAt']);
          return p.commit();
        }),
      ]);
    } catch (e) {
      if (e instanceof TransactionCanceledError && creator && e.failedAt(2))
        await limitRefusal(creator.userId, countDelta);
      throw e;
    }
    const completed = Math.max(0, isAuthor ? c.completedCount + delta : await learnerCompleted(link));
    return {
      id: link.lessonId,
      curriculum: link.curriculumId,
      task: { id: task.taskId, status },
      status: lessonStatus,
      completed,
      progressRatio: progressRatio(completed, c.lessonCount),
    };
  });
}

/** The track's completed count as it now stands (read after the write). */
async function learnerCompleted(link: LessonTaskRecord): Promise<number> {
  const l = (await LearnerEntity.get({ curriculumId: link.curriculumId, userId: link.userId }).go()).data;
  return l?.completedCount ?? 0;
}

/**
 * DELETE /curriculum/task/{id}: the lesson leaves the curriculum; the author's task is deleted, each
 * learner keeps their task (their work), unlinked; every track's completed count loses it if done.
 */
export async function deleteLesson(actor: Actor, id: string): Promise<void> {
  const first = await linkOf(id);
  if (!first) throw new NotFoundError();
  await ownedCurriculum(actor, first.curriculumId);
  await retried(async () => {
    const lesson = (
      await LessonEntity.get({ curriculumId: first.curriculumId, lessonId: first.lessonId }).go()
    ).data;
    if (!lesson) throw new NotFoundError();
    const learners = await learnersOf(first.curriculumId);
    const links = await lessonTasksOf(first.curriculumId, first.lessonId, [
      actor.userId,
      ...learners.map((l) => l.userId),
    ]);
    const owner = await readUser(actor.userId);
    await transactCurricula((tx) => [
      tx.lesson
        .delete({ curriculumId: lesson.curriculumId, lessonId: lesson.lessonId })
        .where((x, op) => op.exists(x.lessonId))
        .commit(),
      tx.curriculum
        .patch({ curriculumId: lesson.curriculumId })
        .add({
          lessonCount: -1,
          completedCount: links.some((l) => l.userId === actor.userId && l.status === 'completed') ? -1 : 0,
        })
        .commit(),
      countWrite(tx, owner!, { totalCurriculumLessons: -1 })!,
      ...links.flatMap((l) => [
        tx.lessonTask
          .delete({ taskId: l.taskId })
          .where((x, op) => op.eq(x.status, l.status))
          .commit(),
        ...(l.userId !== actor.userId && l.status === 'completed'
          ? [
              tx.learner
                .patch({ curriculumId: l.curriculumId, userId: l.userId })
                .add({ completedCount: -1 })
                .commit(),
            ]
          : []),
      ]),
    ]);
    return links;
  }).then((links) =>
    // Learners keep their tasks, no longer lessons (a task deleted meanwhile is left alone).
    Promise.all(
      links
        .filter((l) => l.userId !== actor.userId)
        .map((l) =>
          TaskEntity.patch({ taskId: l.taskId })
            .remove(['curriculumLesson'])
            .go()
            .catch(() => undefined),
        ),
    ),
  );
  try {
    await deleteTasks(actor, [first.lessonId], true);
  } catch (e) {
    if (!(e instanceof NotFoundError)) throw e;
  }
}
