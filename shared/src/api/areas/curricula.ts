/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Curricula (spec 002 §7 "Curriculum"; docs/api/curricula.md; decisions D66)
/** The caller's curricula of one type (own, delegated, template), optionally of one group. */
export const listCurricula = {
  method: 'GET',
  path: '/curriculum',
  auth: 'user',
  handler: 'curricula/list-curricula',
} as const satisfies RouteDef;
export const createCurriculum = {
  method: 'POST',
  path: '/curriculum',
  auth: 'user',
  handler: 'curricula/create-curriculum',
} as const satisfies RouteDef;
export const getCurriculum = {
  method: 'GET',
  path: '/curriculum/{id}',
  auth: 'user',
  handler: 'curricula/get-curriculum',
} as const satisfies RouteDef;
export const updateCurriculum = {
  method: 'PATCH',
  path: '/curriculum/{id}',
  auth: 'user',
  handler: 'curricula/update-curriculum',
} as const satisfies RouteDef;
export const deleteCurriculum = {
  method: 'DELETE',
  path: '/curriculum/{id}',
  auth: 'user',
  handler: 'curricula/delete-curriculum',
} as const satisfies RouteDef;
export const cloneCurriculum = {
  method: 'POST',
  path: '/curriculum/clone/{id}',
  auth: 'user',
  handler: 'curricula/clone-curriculum',
} as const satisfies RouteDef;
/** Delegates a curriculum to a member of its group: their own lesson tasks. */
export const addCurriculumLearner = {
  method: 'POST',
  path: '/curriculum/learner/{id}',
  auth: 'user',
  handler: 'curricula/add-learner',
} as const satisfies RouteDef;
/** Ours, beside the spec's POST: the author takes a learner off; their tasks stay theirs (D80). */
export const removeCurriculumLearner = {
  method: 'DELETE',
  path: '/curriculum/learner/{id}/{user}',
  auth: 'user',
  handler: 'curricula/remove-learner',
} as const satisfies RouteDef;
/** A curriculum's lessons in order, each with the caller's own lesson task. */
export const listCurriculumLessons = {
  method: 'GET',
  path: '/curriculum/task/list/{id}',
  auth: 'user',
  handler: 'curricula/list-lessons',
} as const satisfies RouteDef;
/** A lesson from a template task {curriculum, template_task}. */
export const addCurriculumLesson = {
  method: 'POST',
  path: '/curriculum/task',
  auth: 'user',
  handler: 'curricula/add-lesson',
} as const satisfies RouteDef;
/** A new lesson {curriculum, title} or from a template task {curriculum, templateTask}. */
export const createCurriculumLesson = {
  method: 'POST',
  path: '/curriculum/task/create',
  auth: 'user',
  handler: 'curricula/create-lesson',
} as const satisfies RouteDef;
/** A move {sortCodeBefore, sortCodeAfter} or a status. */
export const updateCurriculumLesson = {
  method: 'PATCH',
  path: '/curriculum/task/{id}',
  auth: 'user',
  handler: 'curricula/update-lesson',
} as const satisfies RouteDef;
export const deleteCurriculumLesson = {
  method: 'DELETE',
  path: '/curriculum/task/{id}',
  auth: 'user',
  handler: 'curricula/delete-lesson',
} as const satisfies RouteDef;
// Curriculum attachments (spec 002 §7 "Curriculum"; the upload pair is ours: docs/api/curricula.md; D72)
/** The curriculum's files (?q=file) or video links (?q=video), in their order. */
export const listCurriculumAttachments = {
  method: 'GET',
  path: '/curriculum/attachment/{id}',
  auth: 'user',
  handler: 'curricula/list-attachments',
} as const satisfies RouteDef;
/** JSON for a link {curriculum, title, documentUrl, fileType}, or multipart {curriculum, document}. */
export const createCurriculumAttachment = {
  method: 'POST',
  path: '/curriculum/attachment',
  auth: 'user',
  handler: 'curricula/create-attachment',
} as const satisfies RouteDef;
/** A presigned POST per file of one drop {curriculum, files}; the confirm below records each. */
export const createCurriculumAttachmentUploads = {
  method: 'POST',
  path: '/curriculum/attachment/upload',
  auth: 'user',
  handler: 'curricula/create-attachment-uploads',
} as const satisfies RouteDef;
export const confirmCurriculumAttachmentUpload = {
  method: 'POST',
  path: '/curriculum/attachment/upload/{id}/confirm',
  auth: 'user',
  handler: 'curricula/confirm-attachment-upload',
} as const satisfies RouteDef;
export const updateCurriculumAttachment = {
  method: 'PATCH',
  path: '/curriculum/attachment/{id}',
  auth: 'user',
  handler: 'curricula/update-attachment',
} as const satisfies RouteDef;
export const deleteCurriculumAttachment = {
  method: 'DELETE',
  path: '/curriculum/attachment/{id}',
  auth: 'user',
  handler: 'curricula/delete-attachment',
} as const satisfies RouteDef;
/** New order numbers {attachments: [{id, order}]}, all of one curriculum. */
export const orderCurriculumAttachments = {
  method: 'PATCH',
  path: '/curriculum/attachment/order/',
  auth: 'user',
  handler: 'curricula/order-attachments',
} as const satisfies RouteDef;
