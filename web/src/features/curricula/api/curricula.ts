/**
 * Curricula (spec 002 §7 "Curriculum"; docs/api/curricula.md; decisions D66). SWR keys start with
 * 'curricula'. A lesson's move is held as one mutation over its save (as Today's move-task.ts): the
 * list shows the new order at once, and a read that starts meanwhile cannot bring the old order back.
 */
import * as routes from '@tandem/shared/api/areas/curricula';
import type { Page } from '@tandem/shared/api/pagination';
import type { CurriculumType } from '@tandem/shared/curricula/rules';
import type { CreateCurriculumInput } from '@tandem/shared/curricula/schemas';
import type { CurriculumView, LessonView } from '@tandem/shared/curricula/views';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { movedLessons } from '../utils/order.ts';

export const curriculaKey = (type: CurriculumType, group: string | null) =>
  ['curricula', 'list', type, group] as const;
export const curriculumKey = (id: string) => ['curricula', 'one', id] as const;
export const lessonsKey = (id: string) => ['curricula', 'lessons', id] as const;

export const useCurricula = (type: CurriculumType, group: string | null) =>
  useSWR(curriculaKey(type, group), () =>
    api<Page<CurriculumView>>(routes.listCurricula, { query: { type, ...(group ? { group } : {}) } }),
  );
export const useCurriculum = (id: string | null) =>
  useSWR(id ? curriculumKey(id) : null, () =>
    api<CurriculumView>(routes.getCurriculum, { params: { id: id! } }),
  );
export const useLessons = (id: string | null) =>
  useSWR(id ? lessonsKey(id) : null, () =>
    api<Page<LessonView>>(routes.listCurriculumLessons, { params: { id: id! } }),
  );

const isCurricula = (key: unknown) => Array.isArray(key) && key[0] === 'curricula';
/** Every curricula read again (lists, the one open, its lessons). */
export const refreshCurricula = () => mutate(isCurricula);

async function andRefresh<T>(p: Promise<T>): Promise<T> {
  const out = await p;
  await refreshCurricula();
  return out;
}

export const createCurriculum = (body: CreateCurriculumInput) =>
  andRefresh(api<CurriculumView>(routes.createCurriculum, { body }));
export const renameCurriculum = (id: string, title: string) =>
  andRefresh(api<CurriculumView>(routes.updateCurriculum, { params: { id }, body: { title } }));
export const deleteCurriculum = (id: string) =>
  andRefresh(api<void>(routes.deleteCurriculum, { params: { id } }));
export const cloneCurriculum = (id: string, mode?: 'active' | 'template') =>
  andRefresh(api<CurriculumView>(routes.cloneCurriculum, { params: { id }, body: mode ? { mode } : {} }));
export const addLearner = (id: string, email: string) =>
  andRefresh(api<CurriculumView>(routes.addCurriculumLearner, { params: { id }, body: { email } }));
export const removeLearner = (id: string, user: string) =>
  andRefresh(api<CurriculumView>(routes.removeCurriculumLearner, { params: { id, user } }));
export const addLessonFromTemplate = (curriculum: string, templateTask: string) =>
  andRefresh(api<LessonView>(routes.addCurriculumLesson, { body: { curriculum, templateTask } }));
export const addNewLesson = (curriculum: string, title: string) =>
  andRefresh(api<LessonView>(routes.createCurriculumLesson, { body: { curriculum, title } }));
export const deleteLesson = (id: string) =>
  andRefresh(api<void>(routes.deleteCurriculumLesson, { params: { id } }));

/** A lesson task's status (a task status id); the answer carries the track's new progress. */
export const setLessonStatus = (taskId: string, status: number) =>
  andRefresh(
    api<{ progressRatio: number }>(routes.updateCurriculumLesson, {
      params: { id: taskId },
      body: { status },
    }),
  );

/**
 * Moves lesson `id` of curriculum `curriculumId` to index `to` of its list. The new order shows at
 * once and is held over the save; a refusal puts the list back as the server has it.
 */
export async function moveLesson(
  curriculumId: string,
  lessons: readonly LessonView[],
  id: string,
  to: number,
) {
  const { list, before, after } = movedLessons(lessons, id, to);
  const saving = api(routes.updateCurriculumLesson, {
    params: { id },
    body: { curriculum: curriculumId, sortCodeBefore: before, sortCodeAfter: after },
  });
  try {
    await mutate<Page<LessonView>>(
      lessonsKey(curriculumId),
      async (page) => {
        await saving;
        return page ? { ...page, results: list } : page;
      },
      {
        optimisticData: (page) => (page ? { ...page, results: list } : page) as Page<LessonView>,
        revalidate: false,
        rollbackOnError: false,
      },
    );
  } finally {
    await mutate(lessonsKey(curriculumId));
  }
}
