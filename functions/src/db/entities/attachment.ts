/**
 * Task attachments (spec 000 §3): files and URL links (video links have fileType 'video'). Each is
 * read by its id (pk ATTACH#id) and listed by task (gsi1: TASKATT#taskId, by id; the order field
 * sorts them). Files are stored in the attachments bucket under a generated key; the name the user
 * gave is metadata only. `userId` is who added it: the storage and taskAttachments counters of that
 * person moved when it was added and move back when it goes (decisions D44).
 */
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const AttachmentEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'attachment', version: '1', service: 'tandem' },
        attributes: {
          attachmentId: { type: 'string', required: true, readOnly: true },
          taskId: { type: 'string', required: true, readOnly: true },
          userId: { type: 'string', required: true, readOnly: true },
          kind: { type: ['file', 'link'] as const, required: true, readOnly: true },
          /** The sanitised name the user gave (files); '' for links. */
          filename: { type: 'string', required: true, default: '' },
          title: { type: 'string', required: true, default: '' },
          /** Object key in the bucket (files only). */
          objectKey: { type: 'string' },
          /** The content type the bytes were found to be (files only). */
          contentType: { type: 'string' },
          /** 'image' | 'audio' | 'document' | 'video' | 'other' for files; 'video' | 'link' for links. */
          fileType: { type: 'string', required: true },
          /** Set when the app may show the file itself (images by their first bytes). */
          inlineType: { type: 'string' },
          documentUrl: { type: 'string' },
          size: { type: 'number', required: true, default: 0 },
          order: { type: 'number', required: true, default: 0 },
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
            pk: { field: 'pk', composite: ['attachmentId'], template: 'ATTACH#${attachmentId}' },
            sk: { field: 'sk', composite: [], template: 'ATTACH' },
          },
          byTask: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['taskId'], template: 'TASKATT#${taskId}' },
            sk: { field: 'gsi1sk', composite: ['attachmentId'], template: '${attachmentId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);

/**
 * An upload handed out and not yet confirmed (presigned POST). Never counted against the quota; it
 * expires by TTL, and the bucket's lifecycle rule removes its object under uploads/.
 */
export const AttachmentUploadEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'attachmentUpload', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          uploadId: { type: 'string', required: true, readOnly: true },
          taskId: { type: 'string', required: true, readOnly: true },
          filename: { type: 'string', required: true, readOnly: true },
          objectKey: { type: 'string', required: true, readOnly: true },
          size: { type: 'number', required: true, readOnly: true },
          contentType: { type: 'string', required: true, readOnly: true },
          createdAt: {
            type: 'string',
            required: true,
            readOnly: true,
            default: () => new Date().toISOString(),
          },
          /** Epoch seconds (the table's TTL attribute). */
          ttl: { type: 'number', required: true, readOnly: true },
        },
        indexes: {
          byUser: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: ['uploadId'], template: 'UPLOAD#${uploadId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
