/**
 * Surveys (spec 002 §2 "Surveys", §3 "Survey", §5, §7 "AI and surveys"; issue 18 item 4; decisions D69).
 *
 * The spec does not show the questions, so the model is ours:
 * - A survey belongs to the person who made it: a title, an introduction, 1–30 questions and a
 *   confirmation text. Its id is its public code (`sv-` + 16 random URL-safe characters): whoever has
 *   the code may take it at /take-survey/survey/{code}, without signing in.
 * - A question is `text` (free text, at most `maxLength` characters), `single` (one of 2–12 options),
 *   `multiple` (any number of the options, at least one when required) or `scale` (a whole number from
 *   `min` to `max`, 0–10, with labels for both ends). Each has its own id and may be required.
 * - A response holds one answer per answered question; it is kept with the survey (at most
 *   MAX_RESPONSES per survey) and the person who sent it gets an access token that shows its status.
 * - The results summary counts, for each question: answers, each option's choices, the scale's
 *   distribution and mean, and the latest text answers.
 */
import * as z from 'zod/mini';
import { hasVisibleText } from '../api/limit-values.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, normaliseEmail } from '../groups/invitations.ts';

export const SURVEY_LIMITS = {
  titleChars: 200,
  introChars: 2_000,
  confirmationChars: 500,
  minQuestions: 1,
  maxQuestions: 30,
  promptChars: 500,
  minOptions: 2,
  maxOptions: 12,
  optionChars: 200,
  /** The longest text answer a question may allow (and its default). */
  textAnswerChars: 2_000,
  scaleLowest: 0,
  scaleHighest: 10,
  labelChars: 60,
  /** Responses one survey keeps; later answers are refused. */
  maxResponses: 1_000,
  /** Surveys one person keeps. */
  maxSurveys: 100,
  /** Latest text answers the summary shows per question. */
  summaryTexts: 20,
  nameChars: 120,
} as const;

export const SURVEY_QUESTION_TYPES = ['text', 'single', 'multiple', 'scale'] as const;

/**
 * What a survey is for (decisions D77): `general`, or `business-plan` — the survey an affiliate offers
 * for business planning, which GET /business-plan-survey?affiliateId answers.
 */
export const SURVEY_KINDS = ['general', 'business-plan'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

export const SURVEY_MESSAGES = {
  /** Spec 002 §5, §8: the status page without a stored token. */
  noAccessToken: 'No access token found',
  titleRequired: 'A survey needs a title.',
  promptRequired: 'Every question needs its text.',
  optionsNeeded: `A choice question needs ${SURVEY_LIMITS.minOptions} to ${SURVEY_LIMITS.maxOptions} options.`,
  optionBlank: 'An option cannot be empty.',
  optionsRepeat: 'Two options of a question are the same.',
  scaleRange: `A scale runs between ${SURVEY_LIMITS.scaleLowest} and ${SURVEY_LIMITS.scaleHighest}, its lowest below its highest.`,
  questionsNeeded: `A survey has ${SURVEY_LIMITS.minQuestions} to ${SURVEY_LIMITS.maxQuestions} questions.`,
  answerRequired: 'This question needs an answer.',
  answerTooLong: 'This answer is too long.',
  answerNotAnOption: 'Choose one of the options given.',
  answerOneOption: 'Choose one option.',
  answerScale: 'Choose a value on the scale.',
  answerUnknownQuestion: 'The survey has no such question.',
  answerTwice: 'A question was answered twice.',
  email: 'Enter a valid e-mail address, or leave it empty.',
  full: 'This survey has all the answers it can take.',
  tooManySurveys: `You can keep at most ${SURVEY_LIMITS.maxSurveys} surveys.`,
  codeRequired: 'Enter the survey code you were given.',
  notFound: 'There is no survey with this code.',
  noBusinessPlanSurvey: 'There is no business planning survey open for this code.',
} as const;

/** A survey's public code: `sv-` and 16 URL-safe characters. */
export const SURVEY_CODE_PATTERN = /^sv-[A-Za-z0-9_-]{16}$/;
export const isSurveyCode = (code: string) => SURVEY_CODE_PATTERN.test(code);

/** Trims; blank fails with `message`. */
const text = (max: number, message: string, tooLong = `At most ${max} characters.`) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === 'string' ? v.trim() : v)),
    z.string({ error: message }).check(z.refine(hasVisibleText, message), z.maxLength(max, tooLong)),
  );
const optionalText = (max: number) =>
  z._default(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' ? v.trim() : v)),
      z.string().check(z.maxLength(max, `At most ${max} characters.`)),
    ),
    '',
  );

const questionId = z
  .string()
  .check(z.regex(/^[A-Za-z0-9-]{1,40}$/, 'A question id is 1 to 40 letters or digits.'));

const questionBase = {
  id: z.optional(questionId),
  prompt: text(SURVEY_LIMITS.promptChars, SURVEY_MESSAGES.promptRequired),
  required: z._default(z.boolean(), false),
};

const options = z.array(text(SURVEY_LIMITS.optionChars, SURVEY_MESSAGES.optionBlank)).check(
  z.minLength(SURVEY_LIMITS.minOptions, SURVEY_MESSAGES.optionsNeeded),
  z.maxLength(SURVEY_LIMITS.maxOptions, SURVEY_MESSAGES.optionsNeeded),
  z.refine((o) => new Set(o.map((x) => x.toLowerCase())).size === o.length, SURVEY_MESSAGES.optionsRepeat),
);

const scaleValue = z
  .number()
  .check(z.int(), z.gte(SURVEY_LIMITS.scaleLowest), z.lte(SURVEY_LIMITS.scaleHighest));

export const surveyQuestionInput = z.discriminatedUnion('type', [
  z.strictObject({
    ...questionBase,
    type: z.literal('text'),
    maxLength: z._default(
      z.number().check(z.int(), z.gte(1), z.lte(SURVEY_LIMITS.textAnswerChars)),
      SURVEY_LIMITS.textAnswerChars,
    ),
  }),
  z.strictObject({ ...questionBase, type: z.literal('single'), options }),
  z.strictObject({ ...questionBase, type: z.literal('multiple'), options }),
  z
    .strictObject({
      ...questionBase,
      type: z.literal('scale'),
      min: z._default(scaleValue, 1),
      max: z._default(scaleValue, 5),
      minLabel: optionalText(SURVEY_LIMITS.labelChars),
      maxLabel: optionalText(SURVEY_LIMITS.labelChars),
    })
    .check(z.refine((q) => q.min < q.max, { message: SURVEY_MESSAGES.scaleRange, path: ['max'] })),
]);
export type SurveyQuestionInput = z.infer<typeof surveyQuestionInput>;
/** A stored question: always with its id. */
export type SurveyQuestion = SurveyQuestionInput & { id: string };

/** POST /survey: a new survey. */
export const surveyInput = z.strictObject({
  title: text(SURVEY_LIMITS.titleChars, SURVEY_MESSAGES.titleRequired),
  intro: optionalText(SURVEY_LIMITS.introChars),
  confirmation: optionalText(SURVEY_LIMITS.confirmationChars),
  kind: z._default(z.enum(SURVEY_KINDS), 'general'),
  questions: z
    .array(surveyQuestionInput)
    .check(
      z.minLength(SURVEY_LIMITS.minQuestions, SURVEY_MESSAGES.questionsNeeded),
      z.maxLength(SURVEY_LIMITS.maxQuestions, SURVEY_MESSAGES.questionsNeeded),
    ),
});
export type SurveyInput = z.infer<typeof surveyInput>;

/** The default confirmation text when the survey gives none. */
export const DEFAULT_SURVEY_CONFIRMATION = 'Thank you for taking the survey!';

/** Each question with an id: its own when unique, else `q1`, `q2`… by position. */
export function withQuestionIds(questions: SurveyQuestionInput[]): SurveyQuestion[] {
  const seen = new Set<string>();
  return questions.map((q, i) => {
    let id = q.id && !seen.has(q.id) ? q.id : `q${i + 1}`;
    while (seen.has(id)) id = `${id}-${i + 1}`;
    seen.add(id);
    return { ...q, id };
  });
}

/** One answer as sent: a text, an option (single), options (multiple) or a number (scale). */
export const surveyAnswer = z.strictObject({
  questionId: z.string().check(z.maxLength(40)),
  value: z.union([
    z.string().check(z.maxLength(SURVEY_LIMITS.textAnswerChars + 1000, SURVEY_MESSAGES.answerTooLong)),
    z.number(),
    z
      .array(z.string().check(z.maxLength(SURVEY_LIMITS.optionChars)))
      .check(z.maxLength(SURVEY_LIMITS.maxOptions)),
  ]),
});
export type SurveyAnswer = z.infer<typeof surveyAnswer>;

/** POST /survey/confirmation: answers to the survey whose code is `survey`. */
export const surveyResponseInput = z.strictObject({
  survey: z.string().check(z.regex(SURVEY_CODE_PATTERN, SURVEY_MESSAGES.notFound)),
  name: optionalText(SURVEY_LIMITS.nameChars),
  email: z._default(
    z.pipe(
      z.transform((v: unknown) => (typeof v === 'string' ? normaliseEmail(v) : v)),
      z.string().check(
        z.maxLength(MAX_EMAIL_LENGTH, SURVEY_MESSAGES.email),
        z.refine((e) => e === '' || EMAIL_PATTERN.test(e), SURVEY_MESSAGES.email),
      ),
    ),
    '',
  ),
  answers: z.array(surveyAnswer).check(z.maxLength(SURVEY_LIMITS.maxQuestions, SURVEY_MESSAGES.answerTwice)),
});
export type SurveyResponseInput = z.infer<typeof surveyResponseInput>;

/** A checked answer as stored. */
export type StoredAnswer = { questionId: string; value: string | string[] | number };

/**
 * The answers checked against the survey's questions: either the answers to keep (in question order,
 * unanswered optional questions left out, texts trimmed) or the errors by question id.
 */
export function checkAnswers(
  questions: SurveyQuestion[],
  answers: SurveyAnswer[],
): { ok: true; answers: StoredAnswer[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const byId = new Map<string, SurveyAnswer>();
  for (const a of answers) {
    if (!questions.some((q) => q.id === a.questionId))
      errors[a.questionId] = SURVEY_MESSAGES.answerUnknownQuestion;
    else if (byId.has(a.questionId)) errors[a.questionId] = SURVEY_MESSAGES.answerTwice;
    else byId.set(a.questionId, a);
  }
  const kept: StoredAnswer[] = [];
  for (const q of questions) {
    const value = byId.get(q.id)?.value;
    const blank =
      value === undefined ||
      (typeof value === 'string' && !value.trim()) ||
      (Array.isArray(value) && !value.length);
    if (blank) {
      if (q.required) errors[q.id] = SURVEY_MESSAGES.answerRequired;
      continue;
    }
    switch (q.type) {
      case 'text':
        if (typeof value !== 'string') errors[q.id] = SURVEY_MESSAGES.answerRequired;
        else if (value.trim().length > q.maxLength) errors[q.id] = SURVEY_MESSAGES.answerTooLong;
        else kept.push({ questionId: q.id, value: value.trim() });
        break;
      case 'single':
        if (typeof value !== 'string') errors[q.id] = SURVEY_MESSAGES.answerOneOption;
        else if (!q.options.includes(value)) errors[q.id] = SURVEY_MESSAGES.answerNotAnOption;
        else kept.push({ questionId: q.id, value });
        break;
      case 'multiple': {
        const list = Array.isArray(value) ? value : [value];
        if (list.some((v) => typeof v !== 'string' || !q.options.includes(v)))
          errors[q.id] = SURVEY_MESSAGES.answerNotAnOption;
        else if (new Set(list).size !== list.length) errors[q.id] = SURVEY_MESSAGES.answerTwice;
        // Kept in the options' order.
        else kept.push({ questionId: q.id, value: q.options.filter((o) => list.includes(o)) });
        break;
      }
      case 'scale':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < q.min || value > q.max)
          errors[q.id] = SURVEY_MESSAGES.answerScale;
        else kept.push({ questionId: q.id, value });
        break;
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers: kept };
}

/** The summary of one question's answers. */
export type QuestionSummary =
  | { questionId: string; type: 'text'; answered: number; latest: string[] }
  | {
      questionId: string;
      type: 'single' | 'multiple';
      answered: number;
      counts: Array<{ option: string; count: number }>;
    }
  | {
      questionId: string;
      type: 'scale';
      answered: number;
      /** Rounded to 2 decimals; null with no answers. */
      mean: number | null;
      counts: Array<{ value: number; count: number }>;
    };

export interface SurveySummary {
  responses: number;
  questions: QuestionSummary[];
}

/** The results summary of a survey; `responses` newest first (the latest texts come from them). */
export function summarizeSurvey(
  questions: SurveyQuestion[],
  responses: Array<{ answers: StoredAnswer[] }>,
): SurveySummary {
  const answersOf = (id: string) =>
    responses.flatMap((r) => r.answers.filter((a) => a.questionId === id).map((a) => a.value));
  return {
    responses: responses.length,
    questions: questions.map((q): QuestionSummary => {
      const values = answersOf(q.id);
      switch (q.type) {
        case 'text':
          return {
            questionId: q.id,
            type: 'text',
            answered: values.length,
            latest: values
              .filter((v): v is string => typeof v === 'string')
              .slice(0, SURVEY_LIMITS.summaryTexts),
          };
        case 'single':
        case 'multiple':
          return {
            questionId: q.id,
            type: q.type,
            answered: values.length,
            counts: q.options.map((option) => ({
              option,
              count: values.filter((v) => v === option || (Array.isArray(v) && v.includes(option))).length,
            })),
          };
        case 'scale': {
          const nums = values.filter((v): v is number => typeof v === 'number');
          const counts = [];
          for (let value = q.min; value <= q.max; value++)
            counts.push({ value, count: nums.filter((n) => n === value).length });
          const mean = nums.length
            ? Math.round((nums.reduce((s, n) => s + n, 0) / nums.length) * 100) / 100
            : null;
          return { questionId: q.id, type: 'scale', answered: nums.length, mean, counts };
        }
        default:
          throw new Error('unknown question type');
      }
    }),
  };
}

/** A survey as its owner sees it. */
export interface SurveyView {
  id: string;
  title: string;
  intro: string;
  confirmation: string;
  kind: SurveyKind;
  questions: SurveyQuestion[];
  responseCount: number;
  createdAt: string;
}
/** A survey as someone taking it sees it (GET /survey/config). */
export type PublicSurveyView = Omit<SurveyView, 'responseCount' | 'createdAt'>;

/** What a submission answers: the access token for /survey/status, shown once. */
export interface SurveyReceipt {
  id: string;
  accessToken: string;
  confirmation: string;
}

/** GET /survey/status: a response's status for the person who sent it. */
export interface SurveyStatusView {
  id: string;
  survey: { id: string; title: string };
  status: 'received';
  submittedAt: string;
  answers: Array<{ prompt: string; value: string }>;
}

/** An answer as text (the status page, a summary line). */
export const answerText = (value: StoredAnswer['value']) =>
  Array.isArray(value) ? value.join(', ') : String(value);

/** POST /survey/confirmation/request {token}: the status of one's own response. */
export const surveyStatusInput = z.strictObject({
  token: z.string().check(z.minLength(1, SURVEY_MESSAGES.noAccessToken), z.maxLength(200)),
});
