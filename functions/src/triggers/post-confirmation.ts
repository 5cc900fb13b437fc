/** Cognito PostConfirmation trigger: creates the Tandem user with the profile given at sign-up. */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createUserFromSignUp } from '../core/user.ts';

export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const a = event.request.userAttributes;
  if (!a.sub) return event;
  await createUserFromSignUp(a.sub, {
    email: a.email,
    firstName: a.given_name,
    lastName: a.family_name,
    typeId: a['custom:user_type'],
    timezone: a.zoneinfo,
  });
  return event;
};
