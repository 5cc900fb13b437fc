/**
 * The group invitation calls (spec 002 §7, no sign-in): GET and POST
 * /group/member/invitation/request. Public routes: the client sends no token and does not refresh
 * on a 401, so they work signed out and signed in alike.
 */
import * as routes from '@tandem/shared/api/route-defs';
import { INVITATION_ACTIONS } from '@tandem/shared/groups/invitations';
import type { InvitationAnswerView, InvitationRequestView } from '@tandem/shared/groups/views';
import { api } from '../../../lib/api.ts';

export const getInvitationRequest = (key: string, signal?: AbortSignal): Promise<InvitationRequestView> =>
  api<InvitationRequestView>(routes.getInvitationRequest, { query: { key }, ...(signal ? { signal } : {}) });

export const answerInvitation = (key: string, answer: 'accept' | 'decline'): Promise<InvitationAnswerView> =>
  api<InvitationAnswerView>(routes.answerInvitationRequest, {
    body: { key, action: INVITATION_ACTIONS[answer] },
  });
