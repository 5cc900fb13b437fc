/**
 * A lesson task's status changed outside the curriculum calls (Today, the task form: PATCH
 * /task/{id}): the stream consumer brings the lesson along (streams/lesson-status.ts; decisions D66).
 * PATCH /curriculum/task/{id} writes both in one transaction; this is the path for every other write
 * of the task. Idempotent: a lesson already at the status is left alone, and the change of the
 * lesson-task link is conditional on the status read, so a record delivered twice counts once.
 */
import { doneDelta, lessonStatusOf } from '@tandem/shared/curricula/rules';
import { CurriculumEntity, LessonTaskEntity } from '../../db/entities/curricula.ts';
import { retried, transactCurricula } from './store.ts';

export async function syncLessonStatus(taskId: string, taskStatus: number): Promise<boolean> {
  const target = lessonStatusOf(taskStatus);
  // Paused maps to no lesson status: the lesson keeps the one it had.
  if (target === null) return false;
  return retried(async () => {
    const link = (await LessonTaskEntity.get({ taskId }).go()).data;
    if (!link || link.status === target) return false;
    const c = (await CurriculumEntity.get({ curriculumId: link.curriculumId }).go()).data;
    if (!c) return false;
    const delta = doneDelta(link.status, target);
    await transactCurricula((tx) => [
      tx.lessonTask
        .patch({ taskId })
        .set({ status: target })
        .where((x, op) => op.eq(x.status, link.status))
        .commit(),
      ...(delta === 0
        ? []
        : [
            link.userId === c.ownerId
              ? tx.curriculum.patch({ curriculumId: c.curriculumId }).add({ completedCount: delta }).commit()
              : tx.learner
                  .patch({ curriculumId: c.curriculumId, userId: link.userId })
                  .add({ completedCount: delta })
                  .commit(),
          ]),
    ]);
    return true;
  });
}
