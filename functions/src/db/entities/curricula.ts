/**
 * The curricula entities (spec 002 §3 Curriculum, Lesson; decisions D66) and the write transaction
 * that joins them with the table's shared entities. They are kept out of db/service.ts, as the
 * templates and contacts ones are, so the bundles that never touch a curriculum do not carry them.
 *
 * Items, all in the curriculum's partition but the lesson-task link:
 * - the curriculum (CURRICULUM#id / CURRICULUM): title, group, mode, author, lessonCount and the
 *   author's own completed count; listed by author (gsi1 UCUR#author) and by group (gsi2 GCUR#group).
 * - a lesson (CURRICULUM#id / LESSON#lessonId): its place (sortCode) and the author's task;
 * - a learner (CURRICULUM#id / LEARNER#userId): their completed count; listed by learner (gsi1
 *   UCURL#userId: the curricula delegated to them);
 * - a lesson task (LESSONTASK#taskId / LT): which curriculum, lesson and track (the person) a task
 *   is the lesson of, and that lesson's status in the track; a track's lesson tasks are read by gsi1
 *   (CTRACK#curriculumId#userId).
 * A status change writes the lesson task (conditional on its old status), the task, and the track's
 * completed count (an atomic ADD) in one transaction, so concurrent completions each count once.
 */
/// <reference path="../electrodb-modules.d.ts" />
import type { Service } from 'electrodb';
import { Entity } from 'electrodb/src/entity.js';
import { createWriteTransaction } from 'electrodb/src/transaction.js';
import { TransactionCanceledError } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';
import { entities as tableEntities } from '../service.ts';

const LESSON_STATUSES = ['not_started', 'in_progress', 'completed'] as const;

export const CurriculumEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'curriculum', version: '1', service: 'tandem' },
        attributes: {
          curriculumId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          groupId: { type: 'string', required: true },
          mode: { type: ['active', 'template'] as const, required: true, default: 'active' },
          ownerId: { type: 'string', required: true, readOnly: true },
          ownerName: { type: 'string', required: true, default: '' },
          lessonCount: { type: 'number', required: true, default: 0 },
          /** The author's own track: lessons whose task is Done. */
          completedCount: { type: 'number', required: true, default: 0 },
          learnerCount: { type: 'number', required: true, default: 0 },
          version: { type: 'number', required: true, default: 1 },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['curriculumId'], template: 'CURRICULUM#${curriculumId}' },
            sk: { field: 'sk', composite: [], template: 'CURRICULUM' },
          },
          byOwner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['ownerId'], template: 'UCUR#${ownerId}' },
            sk: {
              field: 'gsi1sk',
              composite: ['createdAt', 'curriculumId'],
              template: '${createdAt}#${curriculumId}',
            },
          },
          byGroup: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['groupId'], template: 'GCUR#${groupId}' },
            sk: {
              field: 'gsi2sk',
              composite: ['createdAt', 'curriculumId'],
              template: '${createdAt}#${curriculumId}',
            },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const LessonEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'curriculumLesson', version: '1', service: 'tandem' },
        attributes: {
          curriculumId: { type: 'string', required: true, readOnly: true },
          lessonId: { type: 'string', required: true, readOnly: true },
          /** The author's task for the lesson (the one copied for each learner). */
          taskId: { type: 'string', required: true, readOnly: true },
          sortCode: { type: 'string', required: true },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
        },
        indexes: {
          byCurriculum: {
            pk: { field: 'pk', composite: ['curriculumId'], template: 'CURRICULUM#${curriculumId}' },
            sk: { field: 'sk', composite: ['lessonId'], template: 'LESSON#${lessonId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const LearnerEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'curriculumLearner', version: '1', service: 'tandem' },
        attributes: {
          curriculumId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          email: { type: 'string', required: true, readOnly: true },
          name: { type: 'string', required: true, default: '' },
          completedCount: { type: 'number', required: true, default: 0 },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
        },
        indexes: {
          byCurriculum: {
            pk: { field: 'pk', composite: ['curriculumId'], template: 'CURRICULUM#${curriculumId}' },
            sk: { field: 'sk', composite: ['userId'], template: 'LEARNER#${userId}' },
          },
          byLearner: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['userId'], template: 'UCURL#${userId}' },
            sk: { field: 'gsi1sk', composite: ['curriculumId'], template: '${curriculumId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const LessonTaskEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'curriculumLessonTask', version: '1', service: 'tandem' },
        attributes: {
          taskId: { type: 'string', required: true, readOnly: true },
          curriculumId: { type: 'string', required: true, readOnly: true },
          lessonId: { type: 'string', required: true, readOnly: true },
          /** Whose track: the author's or a learner's. */
          userId: { type: 'string', required: true, readOnly: true },
          status: { type: LESSON_STATUSES, required: true, default: 'not_started' },
        },
        indexes: {
          byTask: {
            pk: { field: 'pk', composite: ['taskId'], template: 'LESSONTASK#${taskId}' },
            sk: { field: 'sk', composite: [], template: 'LT' },
          },
          byTrack: {
            index: 'gsi1',
            pk: {
              field: 'gsi1pk',
              composite: ['curriculumId', 'userId'],
              template: 'CTRACK#${curriculumId}#${userId}',
            },
            sk: { field: 'gsi1sk', composite: ['lessonId'], template: '${lessonId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const curriculumEntities = {
  ...tableEntities,
  curriculum: CurriculumEntity,
  lesson: LessonEntity,
  learner: LearnerEntity,
  lessonTask: LessonTaskEntity,
};

type WriteFn = Parameters<Service<typeof curriculumEntities>['transaction']['write']>[0];
export type CurriculumTx = Parameters<WriteFn>[0];

/** As db/transact.ts `transact`, with the curricula entities too. */
export async function transactCurricula(fn: WriteFn): Promise<void> {
  const result = await createWriteTransaction(curriculumEntities, fn).go();
  if (result.canceled) {
    throw new TransactionCanceledError((result.data as Array<{ code: string }>).map((d) => d.code ?? 'None'));
  }
}
