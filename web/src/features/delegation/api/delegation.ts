/**
 * The delegation calls (spec 000 §4, §7; 001 §2 Pending and Delegated; 002 §7 Invitations):
 * - signed in: GET /task/pending and POST /task/pending/answer (the invitee's Pending tab), GET
 *   /task/assigned (the delegator's Delegated tab), PUT /task/delegation/invitation (invite by e-mail);
 * - public: GET and POST /task/delegation/invitation/request?key=… (the e-mailed link).
 *
 * SWR keys start with 'tasks', so every task change (revalidateTasks) reads Pending and Delegated
 * again as well.
 */
import { cursorOf, type Page } from '@tandem/shared/api/pagination';
import * as routes from '@tandem/shared/api/route-defs';
import type { RoleId } from '@tandem/shared/groups/roles';
import type { TaskView } from '@tandem/shared/tasks/views';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { revalidateTasks } from '../../tasks/api/tasks.ts';

/** Accept (true) or decline (false) invitations from the Pending tab; then every task list is read again. */
export async function answerPending(ids: readonly string[], accept: boolean) {
  try {
    return await api<{ results: unknown[] }>(routes.answerPendingTasks, {
      body: { invitations: ids, action: accept ? 1 : 0 },
    });
  } finally {
    // Also after a failure: the invitations answered before it are gone from Pending.
    await revalidateTasks();
  }
}

/** The server answers at most 100 tasks a page. */
export const ASSIGNED_PAGE_SIZE = 100;
export const assignedKey = (pages: number) => ['tasks', 'assigned', pages] as const;

/**
 * The first `pages` pages of GET /task/assigned, as one list (newest first): each page follows the
 * previous one's cursor, so a page costs the server one page, not a walk from the start.
 */
export async function listAssigned(pages: number): Promise<{ count: number; results: TaskView[] }> {
  const all: Array<Page<TaskView>> = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const page: Page<TaskView> = await api<Page<TaskView>>(routes.listAssignedTasks, {
      query: { size: ASSIGNED_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    });
    all.push(page);
    cursor = cursorOf(page.next);
    if (!cursor) break;
  }
  const seen = new Set<string>();
  const results = all.flatMap((p) => p.results).filter((t) => !seen.has(t.id) && seen.add(t.id));
  // The last page's count: it counts what came before it too.
  return { count: all.at(-1)?.count ?? 0, results };
}

export const useAssignedTasks = (pages = 1) =>
  useSWR(assignedKey(pages), () => listAssigned(pages), { keepPreviousData: true });

export interface TaskInviteReply {
  email: string;
  role: RoleId;
  status: string;
  expiresAt: string;
}

/** PUT /task/delegation/invitation: invite an e-mail to the task (the role defaults to standard). */
export async function inviteToTask(task: string, email: string, role: RoleId, { revalidate = true } = {}) {
  const reply = await api<TaskInviteReply>(routes.inviteToTask, { body: { task, email, role } });
  if (revalidate) await revalidateTasks();
  return reply;
}

/** What the e-mailed link asks (public, no sign-in). */
export interface TaskInvitationRequest {
  email: string;
  role: RoleId;
  roleTitle: string;
  status: string;
  expiresAt: string;
  task: { id: string; title: string; description: string; dueAt: string | null };
  inviter: { name: string; email: string };
}

export interface TaskInvitationAnswer {
  status: string;
  /** False: the invitee takes the task on when they sign up with this e-mail. */
  hasAccount: boolean;
  email: string;
  task: { id: string; title: string };
}

export const getTaskInvitationRequest = (key: string, signal?: AbortSignal) =>
  api<TaskInvitationRequest>(routes.getTaskInvitationRequest, {
    query: { key },
    ...(signal ? { signal } : {}),
  });

export const answerTaskInvitationRequest = (key: string, accept: boolean) =>
  api<TaskInvitationAnswer>(routes.answerTaskInvitationRequest, {
    body: { key, action: accept ? 1 : 0, userTimezone: browserZone() },
  });
