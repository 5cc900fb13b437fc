/**
 * Custom fields (spec 000 §3; docs/data-model.md "Custom fields"; decisions D49).
 *
 * - A definition is one per task and has the task's id as its own (pk CFDEF#taskId): a task's
 *   fields are one GetItem, and a routine definition's fields serve every instance (read by the
 *   instance's routineTaskId).
 * - A value is one per task and person (dataEntryRequired 2) or one per task (userKey 'task'):
 *   pk CFVAL#taskId, sk by userKey, so "the values of a task" is one Query and a second value for
 *   the same key is refused by the put's condition. gsi1 lists the values that fill one definition
 *   by day (CFVALS#routineTaskId, actionDate#taskId#userKey): "a routine's values over a date
 *   range" is one Query (the reports).
 * - A custom-field template is a person's copy of a definition (pk USER#userId, sk CFTPL#id).
 */
/// <reference path="../electrodb-modules.d.ts" />
import type { CustomField, CustomValueMap } from '@tandem/shared';
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const CustomFieldDefinitionEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'customFieldDefinition', version: '1', service: 'tandem' },
        attributes: {
          taskId: { type: 'string', required: true, readOnly: true },
          /** CustomField[] (shared/src/custom-fields/rules.ts). */
          fields: { type: CustomAttributeType<CustomField[]>('any'), required: true },
          dataEntryRequired: { type: 'number', required: true, default: 1 },
          allowDelegatedToEdit: { type: 'boolean', required: true, default: false },
          createdBy: { type: 'string', required: true, readOnly: true },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byTask: {
            pk: { field: 'pk', composite: ['taskId'], template: 'CFDEF#${taskId}' },
            sk: { field: 'sk', composite: [], template: 'CFDEF' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const CustomValueEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'customValue', version: '1', service: 'tandem' },
        attributes: {
          /** The task the values are for: a routine instance, or the task itself. */
          taskId: { type: 'string', required: true, readOnly: true },
          /** The person's id when values are per person (dataEntryRequired 2), else 'task'. */
          userKey: { type: 'string', required: true, readOnly: true },
          /** The task whose definition they fill: the routine definition of an instance, else taskId. */
          routineTaskId: { type: 'string', required: true, readOnly: true },
          /** The day they are for (YYYY-MM-DD): the instance's day, else the day first entered. */
          actionDate: { type: 'string', required: true, readOnly: true },
          /** Who entered them last. */
          userId: { type: 'string', required: true },
          userName: { type: 'string', required: true, default: '' },
          taskTitle: { type: 'string', required: true, default: '' },
          /** Record<fieldId, string>. */
          values: { type: CustomAttributeType<CustomValueMap>('any'), required: true },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byTask: {
            pk: { field: 'pk', composite: ['taskId'], template: 'CFVAL#${taskId}' },
            sk: { field: 'sk', composite: ['userKey'], template: 'CFVAL#${userKey}' },
          },
          byDefinition: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['routineTaskId'], template: 'CFVALS#${routineTaskId}' },
            sk: {
              field: 'gsi1sk',
              composite: ['actionDate', 'taskId', 'userKey'],
              template: '${actionDate}#${taskId}#${userKey}',
            },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

export const CustomFieldTemplateEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'customFieldTemplate', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          templateId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          fields: { type: CustomAttributeType<CustomField[]>('any'), required: true },
          dataEntryRequired: { type: 'number', required: true, default: 1 },
          allowDelegatedToEdit: { type: 'boolean', required: true, default: false },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['templateId'], template: 'CFTPL#${templateId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
