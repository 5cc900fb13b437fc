/** Cognito CustomMessage trigger (AWS): our texts for sign-up and reset codes. */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { type AuthMessageSource, composeAuthMessage } from '../core/auth/auth-messages.ts';
import { env } from '../lib/env.ts';

export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const source = event.triggerSource.replace('CustomMessage_', '') as AuthMessageSource;
  const attrs = event.request.userAttributes;
  const m = composeAuthMessage(source, {
    code: event.request.codeParameter,
    email: attrs.email ?? event.userName,
    firstName: attrs.given_name,
    appUrl: env.appUrl,
  });
  event.response.emailSubject = m.subject;
  event.response.emailMessage = m.html;
  return event;
};
