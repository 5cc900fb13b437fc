/** The AI onboarding calls (docs/api/surveys.md "AI onboarding"). */
import * as routes from '@tandem/shared/api/areas/surveys';
import type { OnboardingGroup } from '@tandem/shared/surveys/ai-onboarding';
import { api } from '../../../lib/api.ts';

export const suggestOnboarding = (description: string, signal?: AbortSignal) =>
  api<{ groups: OnboardingGroup[] }>(routes.suggestOnboarding, { body: { description }, signal });

export const acceptOnboarding = (groups: OnboardingGroup[]) =>
  api<{ groups: Array<{ id: string; title: string; tasks: Array<{ id: string; title: string }> }> }>(
    routes.acceptOnboarding,
    { body: { groups } },
  );
