/**
 * GET /task, the list read, apart from the hooks (tasks.ts re-exports it): the start's first step
 * (app/first-reads.ts) asks for Today's lists with it before React or SWR have loaded.
 */
import type { Page } from '@tandem/shared/api/pagination';
import * as routes from '@tandem/shared/api/route-defs';
import type { TaskView } from '@tandem/shared/tasks/views';
import { api } from '../../../lib/api.ts';

export interface TaskListQuery {
  group?: string;
  mode?: 'draft' | 'active' | 'completed' | 'template';
  type?: 'delegated_to_me';
  priorityGroup?: number;
  isOwner?: '0' | '1';
  /** The header's selection (shared/src/tasks/selection.ts selectionQuery). */
  groups?: string;
  levels?: string;
  page?: number;
  size?: number;
}

export const listTasks = (q: TaskListQuery = {}) =>
  api<Page<TaskView>>(routes.listTasks, { query: q as Record<string, string | number | undefined> });
