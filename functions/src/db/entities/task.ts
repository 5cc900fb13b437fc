/**
 * A task. Assignees are embedded (bounded: at most 50). Indexes: the tree it belongs to (gsi2, by
 * root: one Query reads a whole tree, for descendants and moves) and its group (gsi1, for a group's
 * task list). Each person who has the task on their lists also has a placement item (placement.ts).
 */
import {
  DELEGATION_TYPES,
  INPUT_TYPES,
  type RoleId,
  type ScheduledTaskView,
  TASK_MODES,
} from '@tandem/shared';
/// <reference path="../electrodb-modules.d.ts" />
import { Entity } from 'electrodb/src/entity.js';
import { CustomAttributeType } from 'electrodb/src/schema.js';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { lazyEntity } from '../lazy-entity.ts';

/** What the task's embedded maps and schedule hold (core/access/task-access.ts reads them). */
export interface TaskAssignee {
  userId: string;
  email: string;
  name: string;
  /** The assignee's avatar id, a copy of their settings' (kept by streams/avatar-copies.ts; D48). */
  avatarId?: string;
  role: RoleId;
  createdAt: string;
}

/** A schedule as stored: the calls' view of it without the task's id, each attendee's key kept. */
export type StoredSchedule = Omit<ScheduledTaskView, 'id' | 'pendingAttendees'> & {
  /** Attendees' answers to their e-mailed invitations. */
  pendingAttendees?: Array<{ email: string; status: 'pending' | 'accepted' | 'refused'; keyHash: string }>;
};

export interface TaskRole {
  id: string;
  userId: string;
  role: RoleId;
  createdAt: string;
}

export interface PendingAssignee {
  email: string;
  role: RoleId;
  status: 'pending' | 'refused' | 'expired' | 'on-hold' | 'accepted';
  keyHash: string;
  invitedBy: string;
  expiresAt?: string;
  createdAt: string;
}

export const TaskEntity = /* @__PURE__ */ lazyEntity(
  () =>
    new Entity(
      {
        model: { entity: 'task', version: '1', service: 'tandem' },
        attributes: {
          taskId: { type: 'string', required: true, readOnly: true },
          title: { type: 'string', required: true },
          description: { type: 'string', required: true, default: '' },
          /** The rich description (Lexical JSON, at most 100 KB, D51); description is its plain text. */
          descriptionDoc: { type: 'string' },
          flag: { type: 'number', required: true, default: 3 },
          status: { type: 'number', required: true, default: 1 },
          mode: { type: TASK_MODES, required: true, default: 'active' },
          level: { type: 'number', required: true, default: 7 },
          groupId: { type: 'string', required: true },
          parentId: { type: 'string' },
          rootId: { type: 'string', required: true },
          /** Direct sub-tasks, kept by every write that adds, removes or moves one. */
          childCount: { type: 'number', required: true, default: 0 },
          createdBy: { type: 'string', required: true, readOnly: true },
          creatorName: { type: 'string', required: true, default: '' },
          /** The creator's avatar id, a copy of their settings' (streams/avatar-copies.ts; D48). */
          creatorAvatarId: { type: 'string' },
          managerId: { type: 'string' },
          /** The task role of spec 002 §3 (taskRole.assigningRole): the role whose holder is assigned when
           * a template is applied through its role mapping (D64); absent when none. */
          assigningRole: { type: 'string' },
          delegationType: { type: DELEGATION_TYPES, required: true, default: 'SI' },
          /** 'audio' on an audio task (decisions D47); absent on an ordinary one. */
          inputType: { type: INPUT_TYPES },
          /** Record<userId, TaskAssignee> */
          assignees: { type: CustomAttributeType<Record<string, TaskAssignee>>('any'), required: true },
          /** On a routine instance: its routine definition and the local day it is for. */
          routineTaskId: { type: 'string' },
          routineDay: { type: 'string' },
          /** ScheduledTask (shared/src/time/views.ts) without its id; absent when unscheduled. */
          schedule: { type: CustomAttributeType<StoredSchedule>('any') },
          /** Record<roleId, TaskRole>: roles given on this task to people (the task members tab). */
          roles: { type: CustomAttributeType<Record<string, TaskRole>>('any'), default: () => ({}) },
          /** Record<email, PendingAssignee>: people invited by e-mail who have not answered yet. */
          pending: { type: CustomAttributeType<Record<string, PendingAssignee>>('any'), default: () => ({}) },
          dueAt: { type: 'string' },
          /** A curriculum lesson's task (decisions D66): { id, curriculumId, curriculumTitle }; absent otherwise. */
          curriculumLesson: { type: 'any' },
          completionAt: { type: 'string' },
          activatedAt: { type: 'string' },
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
            pk: { field: 'pk', composite: ['taskId'], template: 'TASK#${taskId}' },
            sk: { field: 'sk', composite: [], template: 'TASK' },
          },
          byGroup: {
            index: 'gsi1',
            pk: { field: 'gsi1pk', composite: ['groupId'], template: 'GTASKS#${groupId}' },
            sk: { field: 'gsi1sk', composite: ['createdAt', 'taskId'], template: '${createdAt}#${taskId}' },
          },
          byTree: {
            index: 'gsi2',
            pk: { field: 'gsi2pk', composite: ['rootId'], template: 'TREE#${rootId}' },
            sk: { field: 'gsi2sk', composite: ['taskId'], template: 'TASK#${taskId}' },
          },
        },
      },
      { table: env.tableName, client: documentClient },
    ),
);
