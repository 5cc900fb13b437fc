/**
 * The group invitation pages (spec 002 §2 public routes, §4, §7): where each answer leads. Pure, for
 * tests (web/test/invitation-outcome.test.ts).
 */
import type { InvitationAnswerView, InvitationRequestView } from '@tandem/shared/groups/views';
import { ApiError } from '../../lib/api-error.ts';
import { invitationPaths } from './paths.ts';

export { invitationPaths };

/** Only a pending invitation can be answered; the others have an outcome already. */
export const isAnswerable = (status: InvitationRequestView['status']): boolean => status === 'pending';

/** What the success page is handed (router state): the answer given and the server's reply. */
export interface AnswerOutcome {
  action: 'accepted' | 'declined';
  answer: InvitationAnswerView | null;
}

/** What the error page is handed: the message to show and, for a passing failure, where to try again. */
export interface ErrorState {
  message: string | null;
  retry: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Router state is whatever history holds: read it leniently (a reload or an old entry). */
export function readOutcome(state: unknown): AnswerOutcome | null {
  if (!isRecord(state) || (state.action !== 'accepted' && state.action !== 'declined')) return null;
  const a = state.answer;
  const answer =
    isRecord(a) && typeof a.email === 'string' && typeof a.hasAccount === 'boolean'
      ? (a as unknown as InvitationAnswerView)
      : null;
  return { action: state.action, answer };
}

export function readErrorState(state: unknown): ErrorState {
  if (!isRecord(state)) return { message: null, retry: null };
  const message = typeof state.message === 'string' && state.message.trim() ? state.message : null;
  const retry =
    typeof state.retry === 'string' && state.retry.startsWith(`${invitationPaths.accept}?`)
      ? state.retry
      : null;
  return { message, retry };
}

export type NextStep = { kind: 'createAccount'; to: string } | { kind: 'goToTandem'; to: string };

/**
 * After an answer: an accepted invitation for an address with no account leads to sign-up with the
 * address filled in (membership starts there); everything else leads into Tandem — home when
 * signed in, else sign-in (with the address filled in when it has an account).
 */
export function nextStep(
  outcome: {
    action: AnswerOutcome['action'];
    answer: Pick<InvitationAnswerView, 'hasAccount' | 'email'> | null;
  } | null,
  signedIn: boolean,
): NextStep {
  const answer = outcome?.answer;
  if (outcome?.action === 'accepted' && answer && !answer.hasAccount && answer.email)
    return { kind: 'createAccount', to: `/signup?email=${encodeURIComponent(answer.email)}` };
  if (signedIn) return { kind: 'goToTandem', to: '/' };
  // The address is filled in on sign-in only when it has an account to sign in to.
  return {
    kind: 'goToTandem',
    to: answer?.hasAccount && answer.email ? `/login?email=${encodeURIComponent(answer.email)}` : '/login',
  };
}

/**
 * A failure that may pass (no answer, a server error): worth another try on the same page. Unknown,
 * used and expired keys (404, 409, 410) and refused input (400) are final.
 */
export const isPassingFailure = (err: unknown): boolean =>
  !(err instanceof ApiError) || err.status === 0 || err.status >= 500;

export const acceptInvitePath = (key: string): string =>
  `${invitationPaths.accept}?key=${encodeURIComponent(key)}`;
