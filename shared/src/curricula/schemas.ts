/** The curriculum calls' input (spec 002 §7 "Curriculum"; decisions D66). */
import * as z from 'zod/mini';
import { hasVisibleText } from '../api/limit-values.ts';
import { entityId } from '../api/limits.ts';
import { CURRICULUM_MESSAGES, CURRICULUM_MODES, CURRICULUM_TITLE_MAX, CURRICULUM_TYPES } from './rules.ts';

const title = z
  .string({ error: CURRICULUM_MESSAGES.titleRequired })
  .check(
    z.trim(),
    z.minLength(1, CURRICULUM_MESSAGES.titleRequired),
    z.maxLength(CURRICULUM_TITLE_MAX, `At most ${CURRICULUM_TITLE_MAX} characters.`),
    z.refine(hasVisibleText, CURRICULUM_MESSAGES.titleRequired),
  );

/** GET /curriculum?type=own|delegated|template&group */
export const listCurriculaQuery = z.object({
  type: z._default(z.enum(CURRICULUM_TYPES, { error: 'Type is own, delegated or template.' }), 'own'),
  group: z.optional(entityId),
});
export type ListCurriculaQuery = z.infer<typeof listCurriculaQuery>;

/** POST /curriculum/ {title, group, mode} */
export const createCurriculumInput = z.object({
  title,
  group: entityId,
  mode: z._default(z.enum(CURRICULUM_MODES, { error: 'Mode is active or template.' }), 'active'),
});
export type CreateCurriculumInput = z.infer<typeof createCurriculumInput>;

/** PATCH /curriculum/{id} */
export const updateCurriculumInput = z.object({
  title: z.optional(title),
  mode: z.optional(z.enum(CURRICULUM_MODES, { error: 'Mode is active or template.' })),
});
export type UpdateCurriculumInput = z.infer<typeof updateCurriculumInput>;

/** POST /curriculum/clone/{id}: a copy titled "<title> (copy)" unless given, as an ordinary curriculum by default. */
export const cloneCurriculumInput = z.object({
  title: z.optional(title),
  mode: z.optional(z.enum(CURRICULUM_MODES, { error: 'Mode is active or template.' })),
});
export type CloneCurriculumInput = z.infer<typeof cloneCurriculumInput>;

/** POST /curriculum/task {curriculum, template_task}: a lesson from a template task (its tree's root or any node). */
export const lessonFromTemplateInput = z.object({
  curriculum: entityId,
  templateTask: entityId,
});
export type LessonFromTemplateInput = z.infer<typeof lessonFromTemplateInput>;

/** POST /curriculum/task/create {curriculum, templateTask}: a new lesson; with a title, a new task; with templateTask, from it. */
export const createLessonInput = z.object({
  curriculum: entityId,
  templateTask: z.optional(entityId),
  title: z.optional(title),
});
export type CreateLessonInput = z.infer<typeof createLessonInput>;

const sortCode = z.nullable(z.string().check(z.maxLength(64, 'This sort code is too long.')));

/**
 * PATCH /curriculum/task/{id}: a move (sortCodeBefore, sortCodeAfter: the neighbours' codes; null
 * for an end) or a status (a task status id that maps to a lesson status). `curriculum`, when sent,
 * names the curriculum the move is for: another than the lesson's is refused.
 */
export const updateLessonInput = z.object({
  sortCodeBefore: z.optional(sortCode),
  sortCodeAfter: z.optional(sortCode),
  curriculum: z.optional(entityId),
  status: z.optional(z.number({ error: 'Status is a task status id.' }).check(z.int())),
});
export type UpdateLessonInput = z.infer<typeof updateLessonInput>;

/** POST /curriculum/learner/{id} {email}: delegates the curriculum to a member of its group. */
export const addLearnerInput = z.object({
  email: z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
    z.string({ error: 'An e-mail address is required.' }).check(z.email('This e-mail address is not valid.')),
  ),
});
export type AddLearnerInput = z.infer<typeof addLearnerInput>;
