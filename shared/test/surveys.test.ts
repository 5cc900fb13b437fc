import {
  checkAnswers,
  isSurveyCode,
  SURVEY_LIMITS,
  SURVEY_MESSAGES,
  summarizeSurvey,
  surveyInput,
  surveyResponseInput,
  withQuestionIds,
} from '@tandem/shared/surveys/surveys';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

const survey = () =>
  surveyInput.parse({
    title: ' Team check-in ',
    questions: [
      { type: 'text', prompt: 'What went well?', maxLength: 20 },
      { type: 'single', prompt: 'Mood', options: ['Good', 'Bad'], required: true },
      { type: 'multiple', prompt: 'Tools', options: ['Mail', 'Chat', 'Calls'] },
      { type: 'scale', prompt: 'Workload', min: 1, max: 5, minLabel: 'Low', maxLabel: 'High' },
    ],
  });

const issues = (schema: z.ZodMiniType, value: unknown) => {
  const r = z.safeParse(schema, value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('the survey model', () => {
  it('trims, applies defaults and numbers questions', () => {
    const s = survey();
    expect(s.title).toBe('Team check-in');
    const qs = withQuestionIds(s.questions);
    expect(qs.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(qs[2]!.required).toBe(false);
  });

  it('refuses blank titles, too few or too many questions and options, repeated options, bad scales', () => {
    expect(issues(surveyInput, { title: ' ', questions: [{ type: 'text', prompt: 'x' }] })).toContain(
      SURVEY_MESSAGES.titleRequired,
    );
    expect(issues(surveyInput, { title: 't', questions: [] })).toContain(SURVEY_MESSAGES.questionsNeeded);
    const many = Array.from({ length: SURVEY_LIMITS.maxQuestions + 1 }, () => ({
      type: 'text',
      prompt: 'x',
    }));
    expect(issues(surveyInput, { title: 't', questions: many })).toContain(SURVEY_MESSAGES.questionsNeeded);
    const q = (extra: object) => ({ title: 't', questions: [{ prompt: 'p', ...extra }] });
    expect(issues(surveyInput, q({ type: 'single', options: ['a'] }))).toContain(
      SURVEY_MESSAGES.optionsNeeded,
    );
    expect(issues(surveyInput, q({ type: 'single', options: ['a', 'A'] }))).toContain(
      SURVEY_MESSAGES.optionsRepeat,
    );
    expect(issues(surveyInput, q({ type: 'multiple', options: ['a', ' '] }))).toContain(
      SURVEY_MESSAGES.optionBlank,
    );
    expect(issues(surveyInput, q({ type: 'scale', min: 5, max: 5 }))).toContain(SURVEY_MESSAGES.scaleRange);
    expect(issues(surveyInput, q({ type: 'scale', min: 0, max: 11 })).length).toBeGreaterThan(0);
    expect(issues(surveyInput, q({ type: 'rating' })).length).toBeGreaterThan(0);
    expect(
      issues(surveyInput, { title: 'x'.repeat(SURVEY_LIMITS.titleChars + 1), questions: [] }).length,
    ).toBeGreaterThan(0);
  });

  it('checks answers against the questions', () => {
    const qs = withQuestionIds(survey().questions);
    expect(checkAnswers(qs, [])).toEqual({ ok: false, errors: { q2: SURVEY_MESSAGES.answerRequired } });
    const ok = checkAnswers(qs, [
      { questionId: 'q1', value: '  Fine ' },
      { questionId: 'q2', value: 'Good' },
      { questionId: 'q3', value: ['Calls', 'Mail'] },
      { questionId: 'q4', value: 4 },
    ]);
    expect(ok).toEqual({
      ok: true,
      answers: [
        { questionId: 'q1', value: 'Fine' },
        { questionId: 'q2', value: 'Good' },
        { questionId: 'q3', value: ['Mail', 'Calls'] },
        { questionId: 'q4', value: 4 },
      ],
    });
    const bad = checkAnswers(qs, [
      { questionId: 'q1', value: 'x'.repeat(21) },
      { questionId: 'q2', value: 'Maybe' },
      { questionId: 'q3', value: ['Mail', 'Mail'] },
      { questionId: 'q4', value: 6 },
      { questionId: 'q9', value: 'x' },
    ]);
    expect(bad).toEqual({
      ok: false,
      errors: {
        q1: SURVEY_MESSAGES.answerTooLong,
        q2: SURVEY_MESSAGES.answerNotAnOption,
        q3: SURVEY_MESSAGES.answerTwice,
        q4: SURVEY_MESSAGES.answerScale,
        q9: SURVEY_MESSAGES.answerUnknownQuestion,
      },
    });
    expect(
      checkAnswers(qs, [
        { questionId: 'q2', value: 'Good' },
        { questionId: 'q2', value: 'Bad' },
      ]),
    ).toEqual({
      ok: false,
      errors: { q2: SURVEY_MESSAGES.answerTwice },
    });
  });

  it('summarises the answers', () => {
    const qs = withQuestionIds(survey().questions);
    const s = summarizeSurvey(qs, [
      {
        answers: [
          { questionId: 'q1', value: 'newest' },
          { questionId: 'q2', value: 'Good' },
          { questionId: 'q4', value: 5 },
        ],
      },
      {
        answers: [
          { questionId: 'q2', value: 'Bad' },
          { questionId: 'q3', value: ['Mail', 'Chat'] },
          { questionId: 'q4', value: 2 },
        ],
      },
      {
        answers: [
          { questionId: 'q1', value: 'oldest' },
          { questionId: 'q2', value: 'Good' },
          { questionId: 'q3', value: ['Chat'] },
          { questionId: 'q4', value: 2 },
        ],
      },
    ]);
    expect(s.responses).toBe(3);
    expect(s.questions[0]).toEqual({
      questionId: 'q1',
      type: 'text',
      answered: 2,
      latest: ['newest', 'oldest'],
    });
    expect(s.questions[1]).toMatchObject({
      answered: 3,
      counts: [
        { option: 'Good', count: 2 },
        { option: 'Bad', count: 1 },
      ],
    });
    expect(s.questions[2]).toMatchObject({
      answered: 2,
      counts: [
        { option: 'Mail', count: 1 },
        { option: 'Chat', count: 2 },
        { option: 'Calls', count: 0 },
      ],
    });
    expect(s.questions[3]).toMatchObject({
      answered: 3,
      mean: 3,
      counts: [
        { value: 1, count: 0 },
        { value: 2, count: 2 },
        { value: 3, count: 0 },
        { value: 4, count: 0 },
        { value: 5, count: 1 },
      ],
    });
    expect(summarizeSurvey(qs, []).questions[3]).toMatchObject({ answered: 0, mean: null });
  });

  it('reads codes and response e-mails', () => {
    expect(isSurveyCode('sv-abcdefghijklmnop')).toBe(true);
    expect(isSurveyCode('sv-short')).toBe(false);
    expect(
      issues(surveyResponseInput, { survey: 'sv-abcdefghijklmnop', email: 'nope', answers: [] }),
    ).toContain(SURVEY_MESSAGES.email);
    expect(
      surveyResponseInput.parse({ survey: 'sv-abcdefghijklmnop', email: ' A@B.io ', answers: [] }).email,
    ).toBe('a@b.io');
  });
});
