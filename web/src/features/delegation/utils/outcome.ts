/**
 * Where the public delegation page leads after an answer (spec 002 §2, §7): the same rule as a group
 * invitation (web/test/delegation-outcome.test.ts).
 */
import { type NextStep, nextStep } from '../../invitations/invitation-outcome.ts';
import type { TaskInvitationAnswer } from '../api/delegation.ts';

/**
 * An accepted invitation for an e-mail without an account leads to sign-up with the e-mail filled in
 * (the task comes with the new account); everything else into Tandem: home when signed in, else
 * sign-in (with the e-mail filled in when it has an account).
 */
export const delegationNextStep = (
  accepted: boolean,
  answer: Pick<TaskInvitationAnswer, 'hasAccount' | 'email'>,
  signedIn: boolean,
): NextStep => nextStep({ action: accepted ? 'accepted' : 'declined', answer }, signedIn);
