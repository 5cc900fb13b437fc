/**
 * GET /task/pending (spec 001 §2 Pending): the invitations waiting for the invitee's answer. A module
 * of its own, so the start (app/preload.ts) can ask for it without the rest of the delegation calls.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { RoleId } from '@tandem/shared/groups/roles';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

/** One open invitation to take on a task, as GET /task/pending lists it. */
export interface PendingInvitation {
  /** The invitation's id, for POST /task/pending/answer. */
  id: string;
  email: string;
  role: RoleId;
  /** pending, or expired once its link has run out (it cannot be answered then). */
  status: string;
  expiresAt: string;
  task: { id: string; title: string; dueAt: string | null; groupId: string };
  inviter: { id: string; name: string; email: string };
}

export interface PendingList {
  count: number;
  results: PendingInvitation[];
}

export const pendingKey = ['tasks', 'pending'] as const;
export const listPending = () => api<PendingList>(routes.listPendingTasks);
export const usePendingInvitations = () => useSWR(pendingKey, listPending);
