import * as routes from '@tandem/shared/api/areas/surveys';
import { onboardingInput } from '@tandem/shared/surveys/ai-onboarding';
import { suggestOnboarding } from '../../core/surveys/ai-onboarding-suggest.ts';
import { httpHandler } from '../../lib/http-handler.ts';

/** POST /ai-onboarding/suggestions {description}: suggested groups and first tasks (nothing written). */
export const handler = httpHandler({
  route: routes.suggestOnboarding,
  body: onboardingInput,
  run: ({ body }) => suggestOnboarding(body.description),
});
