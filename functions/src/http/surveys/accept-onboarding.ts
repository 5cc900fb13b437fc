import * as routes from '@tandem/shared/api/areas/surveys';
import { acceptOnboardingInput } from '@tandem/shared/surveys/ai-onboarding';
import { acceptOnboarding } from '../../core/surveys/ai-onboarding.ts';
import { httpHandler, respond } from '../../lib/http-handler.ts';

/** POST /ai-onboarding/accept {groups}: creates the groups and their first tasks. */
export const handler = httpHandler({
  route: routes.acceptOnboarding,
  body: acceptOnboardingInput,
  run: async ({ actor, body }) => respond(201, await acceptOnboarding(actor, body)),
});
