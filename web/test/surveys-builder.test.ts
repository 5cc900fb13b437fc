/** The survey builder's drafts become the input the server takes (shared surveyInput). */
import { surveyInput } from '@tandem/shared/surveys/surveys';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { toSurveyInput } from '../src/features/surveys/components/survey-builder.tsx';

const draft = (over: object) => ({
  key: 1,
  type: 'text',
  prompt: 'Q',
  required: false,
  options: '',
  min: 1,
  max: 5,
  ...over,
});

describe('the survey builder', () => {
  it('turns each kind of draft into a question the server accepts', () => {
    const input = toSurveyInput('Pulse', '', [
      draft({ type: 'text', prompt: 'Notes' }),
      draft({ type: 'single', prompt: 'Mood', options: 'Good\n\n Bad \n', required: true }),
      draft({ type: 'multiple', prompt: 'Tools', options: 'Mail\nChat' }),
      draft({ type: 'scale', prompt: 'Energy', min: 0, max: 10 }),
    ] as never);
    const parsed = z.safeParse(surveyInput, input);
    expect(parsed.success).toBe(true);
    expect(input.questions[1]).toMatchObject({ type: 'single', options: ['Good', 'Bad'], required: true });
    expect(input.questions[3]).toMatchObject({ type: 'scale', min: 0, max: 10 });
  });

  it('a choice question with one option is refused by the shared rule', () => {
    const input = toSurveyInput('Pulse', '', [draft({ type: 'single', options: 'Only' })] as never);
    expect(z.safeParse(surveyInput, input).success).toBe(false);
  });
});
