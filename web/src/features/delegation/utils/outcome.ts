/**
 * Where the public delegation page leads after an answer (spec 002 §2, §7). Pure, for tests
 * (web/test/delegation-outcome.test.ts).
 */
import { ApiError } from '../../../lib/api-error.ts';
import type { TaskInvitationAnswer } from '../api/delegation.ts';

export type DelegationNextStep = { kind: 'createAccount' | 'goToTandem'; to: string };

/**
 * An accepted invitation for an e-mail without an account leads to sign-up with the e-mail filled in
 * (the task comes with the new account); everything else into Tandem: home when signed in, else
 * sign-in (with the e-mail filled in when it has an account).
 */
export function delegationNextStep(
  accepted: boolean,
  answer: Pick<TaskInvitationAnswer, 'hasAccount' | 'email'>,
  signedIn: boolean,
): DelegationNextStep {
  if (accepted && !answer.hasAccount && answer.email)
    return { kind: 'createAccount', to: `/signup?email=${encodeURIComponent(answer.email)}` };
  if (signedIn) return { kind: 'goToTandem', to: '/' };
  return {
    kind: 'goToTandem',
    to: answer.hasAccount && answer.email ? `/login?email=${encodeURIComponent(answer.email)}` : '/login',
  };
}

/**
 * A failure worth another try (no answer, a server error). An unknown, used or expired link (404,
 * 409, 410) and refused input (400) are final: their message is shown as it is.
 */
export const isPassingFailure = (err: unknown): boolean =>
  !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
