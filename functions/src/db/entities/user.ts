/**
 * One item per user: profile, settings (user config) and subscription together, because every
 * authenticated call needs the subscription status and most read settings; one GetItem serves both.
 * Access patterns (docs/data-model.md): by id (pk USER#id / sk PROFILE); by e-mail (gsi1, for
 * invitations to people who already have an account); by trial end day (gsi2, sparse).
 */
/// <reference path="../electrodb-modules.d.ts" />
import type { Subscription, UserConfig } from '@tandem/shared';
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

export const UserEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'user', version: '1', service: 'tandem' },
        attributes: {
          userId: { type: 'string', required: true, readOnly: true },
          email: { type: 'string' },
          firstName: { type: 'string', required: true, default: '' },
          lastName: { type: 'string', required: true, default: '' },
          typeId: { type: 'string', required: true, default: 'individual' },
          /** Validated by its zod schema (@tandem/shared) before every write. */
          config: { type: CustomAttributeType<UserConfig>('any'), required: true },
          subscription: { type: CustomAttributeType<Subscription>('any'), required: true },
          /** YYYY-MM-DD (UTC) the trial ends; present only while a trial is active (sparse index). */
          trialEndsOn: { type: 'string' },
          /** SHA-256 of the current calendar feed token; absent when there is no feed. */
          feedTokenHash: { type: 'string' },
          /** The person's own titles for task levels and priority groups: Record<id, title>. */
          levelTitles: { type: CustomAttributeType<Record<string, string>>('any'), default: () => ({}) },
          priorityGroupTitles: {
            type: CustomAttributeType<Record<string, string>>('any'),
            default: () => ({}),
          },
          /** Subscription limit counters, kept on every write that changes them (never counted by scan). */
          ownedGroupCount: { type: 'number', required: true, default: 0 },
          ownedGroupTotalCount: { type: 'number', required: true, default: 0 },
          groupMembershipCount: { type: 'number', required: true, default: 0 },
          /** A new sign-in address waiting for its code; the old one stays until the code is given. */
          pendingEmail: { type: 'string' },
          /** When provisioning finished (record, Private group, invitations taken on); absent until then. */
          provisionedAt: { type: 'string' },
          /** Task counters, on the task creator's item; absent reads as 0 (DynamoDB ADD starts from 0). */
          totalTasksCount: { type: 'number' },
          activeTasksCount: { type: 'number' },
          delegatedTasksCount: { type: 'number' },
          totalRoutineInstancesCount: { type: 'number' },
          /** Attachment counters, on the item of whoever added them (decisions D44); absent reads as 0. */
          taskAttachmentsCount: { type: 'number' },
          storageBytes: { type: 'number' },
          /** Curricula counters, on the author's item (decisions D66); absent reads as 0. */
          totalCurriculumsCount: { type: 'number' },
          totalCurriculumLessonsCount: { type: 'number' },
          /** Curriculum attachment counters, on the author's item (decisions D72); absent reads as 0. */
          curriculumAttachmentsCount: { type: 'number' },
          curriculumStorageBytes: { type: 'number' },
          version: { type: 'number', required: true, default: 1 },
          createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
          updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
        },
        indexes: {
          byId: {
            pk: { field: 'pk', composite: ['userId'], template: 'USER#${userId}' },
            sk: { field: 'sk', composite: [], template: 'PROFILE' },
          },
          byEmail: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['email'], template: 'EMAIL#${email}' },
            sk: { field: 'gsi1sk', composite: [], template: 'USER' },
          },
          /** Trials ending on a day: one partition per day, read by the hourly expiry job. */
          byTrialEnd: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['trialEndsOn'], template: 'TRIALEND#${trialEndsOn}' },
            sk: { field: 'gsi2sk', composite: ['userId'], template: 'USER#${userId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
