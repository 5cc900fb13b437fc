/** What the task calls answer (camelCase here, snake_case on the wire); spec 000 §3 Task. */
import type { Permission, RoleId } from '../groups/roles.ts';
import type { ScheduledTaskView } from '../time/views.ts';
import type { DelegationType, InputType, TaskMode } from './constants.ts';

export interface TaskAssigneeView {
  user: string | null;
  email: string;
  assigneeName: string;
  avatar: string | null;
  role: RoleId;
  createdAt: string;
}

export interface TaskView {
  id: string;
  title: string;
  /** descriptionDoc: the rich description (Lexical JSON, D51), on a single task read; null or absent when plain. */
  taskDetails: { description: string; flag: number; descriptionDoc?: string | null };
  status: { id: number; title: string };
  mode: TaskMode;
  level: { id: number };
  /** The caller's own placement: priority group and sort code are per person. */
  priorityGroup: { id: number };
  customSortCode: string;
  taskPosition: 'top' | 'bottom' | 'custom';
  group: { id: string; title: string; owner: string };
  parent: { id: string; title: string } | null;
  childCount: number;
  /** Direct sub-tasks, on GET /task/{id} and in POST /task's answer. */
  children?: TaskView[];
  dueAt: string | null;
  completionAt: string | null;
  activatedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The creator and the manager; avatar: a presigned link, null when the person has none. */
  user: { id: string; name: string; avatar: string | null };
  manager: { id: string; name: string; avatar: string | null } | null;
  taskAssignees: TaskAssigneeView[];
  /** People invited by e-mail who are not assignees yet; `id` withdraws the invitation. */
  pendingAssignees: Array<{ id: string; email: string; role: RoleId; status: string; createdAt: string }>;
  delegationType: DelegationType;
  /** 'audio' for an audio task (spec 000 §3), else null; absent only from views a client builds itself. */
  inputType?: InputType | null;
  /** The caller's own role on this task (creator, a task role, assignee role, or group role). */
  role: RoleId;
  /** What the caller may change on this task (spec 000 §6). */
  permissions: Permission[];
  /** Pinned to today (urgent or due today in the caller's zone): not draggable out of its group. */
  pinnedToToday: boolean;
  /** The task's schedule (spec 000 §3 scheduledTask), null when it has none: a client asks
   * GET /task/schedule/{id} only for a task that has one. */
  scheduledTask: ScheduledTaskView | null;
  /** The task role of spec 002 §3: the role whose holder a template's role mapping assigns (D64);
   * absent when the task names none. */
  taskRole?: { assigningRole: string };
  /**
   * The task's version: one more on every write of the task. PATCH /task/{id} given it back answers
   * 409 when the task has moved on (tasks/conflict.ts). Absent only from views a client builds itself.
   */
  version?: number;
  /** The curriculum lesson this task is (spec 000 §3; decisions D66): it links back to /curriculum?id=. */
  curriculumTaskInstance?: { id: string; curriculumId: string; curriculumTitle: string } | null;
}
