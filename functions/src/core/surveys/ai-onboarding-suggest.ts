/** AI onboarding's suggestions (decisions D69): from the configured AI connector; nothing is written. */
import {
  ONBOARDING_LIMITS,
  ONBOARDING_MESSAGES,
  ONBOARDING_SYSTEM_PROMPT,
  type OnboardingGroup,
  parseOnboarding,
} from '@tandem/shared/surveys/ai-onboarding';
import { AiBadAnswerError, requireConnector } from '../ai/connector.ts';

export async function suggestOnboarding(description: string): Promise<{ groups: OnboardingGroup[] }> {
  const answer = await requireConnector().generate({
    prompt: description,
    system: ONBOARDING_SYSTEM_PROMPT,
    maxTokens: ONBOARDING_LIMITS.answerTokens,
    temperature: 0.3,
  });
  const groups = parseOnboarding(answer);
  if (!groups) throw new AiBadAnswerError(ONBOARDING_MESSAGES.badAnswer);
  return { groups };
}
