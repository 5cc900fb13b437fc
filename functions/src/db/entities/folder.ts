/**
 * Template folders (spec 002 §3 Folder; decisions D57): in a group, optionally under another folder.
 * A folder lives in its group's partition of the templates index beside the templates (template.ts),
 * so one Query reads a group's folders and templates together.
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const FolderEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'folder', version: '1', service: 'tandem' },
        attributes: {
          folderId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          groupId: { type: 'string', required: true, readOnly: true },
          /** The folder above; '-' at the group's top. */
          parentId: { type: 'string', required: true, default: '-' },
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
            pk: { field: 'pk', composite: ['folderId'], template: 'FOLDER#${folderId}' },
            sk: { field: 'sk', composite: [], template: 'FOLDER' },
          },
          byGroup: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['groupId'], template: 'GTPL#${groupId}' },
            sk: { field: 'gsi1sk', composite: ['folderId'], template: 'F#${folderId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
