/**
 * Task templates (spec 002 §3 Template; decisions D57). A task template's tree is ordinary task items
 * in mode 'template' with no placements (so no list, Today, calendar or report sees them); the
 * template item names its root task (a task template's id IS its root task's id) and sits in a
 * group's partition of the templates index beside the group's folders (folder.ts): one Query on
 * `gsi1pk=GTPL#<groupId>` reads a group's whole templates tree.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const TemplateEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'template', version: '1', service: 'tandem' },
        attributes: {
          templateId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          type: { type: ['task', 'custom_field'] as const, required: true, readOnly: true },
          groupId: { type: 'string', required: true },
          /** The folder it sits in; '-' at the group's top (a key part cannot be absent). */
          folderId: { type: 'string', required: true, default: '-' },
          /** A task template: its root task (mode 'template'). A custom-field one: the task it came from. */
          taskId: { type: 'string', required: true },
          /** A custom-field template: its fields' template (the creator's, D49). */
          fieldTemplateId: { type: 'string' },
          createdBy: { type: 'string', required: true, readOnly: true },
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
            pk: { field: 'pk', composite: ['templateId'], template: 'TEMPLATE#${templateId}' },
            sk: { field: 'sk', composite: [], template: 'TEMPLATE' },
          },
          byGroup: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['groupId'], template: 'GTPL#${groupId}' },
            sk: {
              field: 'gsi1sk',
              composite: ['createdAt', 'templateId'],
              template: 'T#${createdAt}#${templateId}',
            },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * A title taken in one group and folder (spec 002 §5): its key is the trimmed, case-folded title, so
 * the create or rename that takes it is conditional on its absence and two racing requests cannot
 * both win. `kind` keeps folders' and templates' titles apart.
 */
export const TemplateTitleEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'templateTitle', version: '1', service: 'tandem' },
        attributes: {
          groupId: { type: 'string', required: true, readOnly: true },
          folderId: { type: 'string', required: true, readOnly: true },
          kind: { type: ['template', 'folder'] as const, required: true, readOnly: true },
          titleKey: { type: 'string', required: true, readOnly: true },
          ownerId: { type: 'string', required: true },
        },
        indexes: {
          byTitle: {
            pk: {
              field: 'pk',
              composite: ['groupId', 'folderId', 'kind', 'titleKey'],
              template: 'TPLTITLE#${groupId}#${folderId}#${kind}#${titleKey}',
            },
            sk: { field: 'sk', composite: [], template: 'TITLE' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * One apply of a template (POST /task/template/conversion/{id}) by its client's idempotency key:
 * 'pending' while its chunks are written, 'done' with the new root once all are. A retry with the
 * same key reads it and answers the same tree. Kept a week (TTL).
 */
export const TemplateApplyEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'templateApply', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          key: { type: 'string', required: true, readOnly: true },
          templateId: { type: 'string', required: true },
          rootId: { type: 'string', required: true },
          nodes: { type: 'number', required: true },
          assigneesResolved: { type: 'boolean', required: true, default: false },
          /** Task roles the role mapping resolved to nobody (the apply's warning, D64). */
          unmappedRoles: { type: 'list', items: { type: 'string' } },
          state: { type: ['pending', 'done'] as const, required: true },
          startedAt: { type: 'string', required: true },
          ttl: { type: 'number', required: true },
        },
        indexes: {
          byKey: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['key'], template: 'TPLAPPLY#${key}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
