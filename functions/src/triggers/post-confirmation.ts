/**
 * Cognito PostConfirmation trigger: provisions the Tandem user with the profile given at sign-up.
 *
 * When provisioning fails (an engine is down), the failure is logged and the sign-up still succeeds:
 * the account is confirmed in Cognito whatever this trigger answers, and the first authenticated call
 * finishes the provisioning (core/user/user.ts getUser). Failing here would only show the person an error
 * for a confirmation that has in fact happened (docs/decisions.md D12).
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { provisionUser } from '../core/user/user.ts';
import { engineFailure } from '../lib/failures.ts';
import { logger } from '../lib/logger.ts';

export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const a = event.request.userAttributes;
  if (!a.sub) return event;
  try {
    await provisionUser(a.sub, {
      email: a.email,
      firstName: a.given_name,
      lastName: a.family_name,
      typeId: a['custom:user_type'],
      timezone: a.zoneinfo,
    });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    logger.error('provisioning at sign-up failed', {
      userId: a.sub,
      trigger: event.triggerSource,
      cause: engineFailure(e) ?? { name: err.name, message: err.message, stack: err.stack },
    });
  }
  return event;
};
