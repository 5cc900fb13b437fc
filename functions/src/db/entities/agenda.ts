/**
 * A task's agenda (spec 002 §3 "Agenda", decisions D67): its segments in order, the meeting notes and
 * a version. One per task, keyed by the task's id, so reading a task's agenda is one GetItem and a
 * second one for the same task is refused by the create's condition. gsi1 lists the agendas a person
 * made, newest first (GET /agenda/).
 */
/// <reference path="../electrodb-modules.d.ts" />
import type { Segment } from '@tandem/shared/agendas/agendas';
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const AgendaEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'agenda', version: '1', service: 'tandem' },
        attributes: {
          /** The task's id: the agenda's id too. */
          taskId: { type: 'string', required: true, readOnly: true },
          createdBy: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true, default: '' },
          notes: { type: 'string', required: true, default: '' },
          /** The agenda template the segments came from, if any. */
          template: { type: 'string' },
          /** Segment[] (shared/src/agendas/agendas.ts), checked by its schema before every write. */
          segments: { type: CustomAttributeType<Segment[]>('any'), required: true },
          version: { type: 'number', required: true, default: 1 },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', required: true, default: () => new Date().toISOString() },
        },
        indexes: {
          byTask: {
            pk: { field: 'pk', composite: ['taskId'], template: 'AGENDA#${taskId}' },
            sk: { field: 'sk', composite: [], template: 'AGENDA' },
          },
          byCreator: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['createdBy'], template: 'UAGENDAS#${createdBy}' },
            sk: { field: 'gsi1sk', composite: ['createdAt', 'taskId'], template: '${createdAt}#${taskId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
