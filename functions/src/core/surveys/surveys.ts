/**
 * Surveys (spec 002 §7 "AI and surveys"; decisions D69): a person's surveys, taking one by its code
 * without signing in, the status of one's own response by its access token, and the results summary.
 * Someone else's survey is not found (404); an unknown code is 404 too.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  answerText,
  checkAnswers,
  DEFAULT_SURVEY_CONFIRMATION,
  isSurveyCode,
  type PublicSurveyView,
  type StoredAnswer,
  SURVEY_LIMITS,
  SURVEY_MESSAGES,
  type SurveyInput,
  type SurveyReceipt,
  type SurveyResponseInput,
  type SurveyStatusView,
  type SurveySummary,
  type SurveyView,
  summarizeSurvey,
  withQuestionIds,
} from '@tandem/shared/surveys/surveys';
import { SurveyEntity, SurveyResponseEntity } from '../../db/entities/survey.ts';
import type { StoredItem } from '../../db/records.ts';
import { TransactionCanceledError, transactAll } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';

export type SurveyRecord = StoredItem<typeof SurveyEntity>;
export type ResponseRecord = StoredItem<typeof SurveyResponseEntity>;

export const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export const surveyView = (s: SurveyRecord): SurveyView => ({
  id: s.surveyId,
  title: s.title,
  intro: s.intro,
  confirmation: s.confirmation || DEFAULT_SURVEY_CONFIRMATION,
  kind: s.kind ?? 'general',
  questions: s.questions,
  responseCount: s.responseCount,
  createdAt: s.createdAt,
});

export async function loadSurvey(surveyId: string): Promise<SurveyRecord | null> {
  if (!isSurveyCode(surveyId)) return null;
  return (await SurveyEntity.get({ surveyId }).go()).data;
}

async function ownSurvey(actor: Actor, surveyId: string): Promise<SurveyRecord> {
  const s = await loadSurvey(surveyId);
  if (!s || s.ownerId !== actor.userId) throw new NotFoundError();
  return s;
}

export async function listSurveys(actor: Actor): Promise<{ results: SurveyView[] }> {
  const r = await SurveyEntity.query.byOwner({ ownerId: actor.userId }).go({ order: 'desc', pages: 'all' });
  return { results: r.data.map(surveyView) };
}

export async function createSurvey(actor: Actor, input: SurveyInput): Promise<SurveyView> {
  const mine = await SurveyEntity.query
    .byOwner({ ownerId: actor.userId })
    .go({ pages: 'all', attributes: ['surveyId'] });
  if (mine.data.length >= SURVEY_LIMITS.maxSurveys)
    throw new ValidationError({ survey: SURVEY_MESSAGES.tooManySurveys });
  const r = await SurveyEntity.create({
    surveyId: `sv-${randomBytes(12).toString('base64url')}`,
    ownerId: actor.userId,
    title: input.title,
    intro: input.intro,
    confirmation: input.confirmation,
    kind: input.kind,
    questions: withQuestionIds(input.questions),
    createdAt: new Date().toISOString(),
  }).go();
  return surveyView(r.data);
}

async function responsesOf(surveyId: string): Promise<ResponseRecord[]> {
  const r = await SurveyResponseEntity.query.bySurvey({ surveyId }).go({ pages: 'all', order: 'desc' });
  return r.data;
}

/** One of the caller's surveys with its results summary and its responses, newest first. */
export async function getSurvey(
  actor: Actor,
  surveyId: string,
): Promise<
  SurveyView & {
    summary: SurveySummary;
    responses: Array<{
      id: string;
      name: string;
      email: string;
      submittedAt: string;
      answers: StoredAnswer[];
    }>;
  }
> {
  const s = await ownSurvey(actor, surveyId);
  const responses = await responsesOf(surveyId);
  return {
    ...surveyView(s),
    summary: summarizeSurvey(s.questions, responses),
    responses: responses.map((r) => ({
      id: r.responseId,
      name: r.name,
      email: r.email,
      submittedAt: r.submittedAt,
      answers: r.answers,
    })),
  };
}

/** Deletes the survey and every response to it. */
export async function deleteSurvey(actor: Actor, surveyId: string): Promise<void> {
  await ownSurvey(actor, surveyId);
  const responses = await responsesOf(surveyId);
  if (responses.length)
    await SurveyResponseEntity.delete(responses.map((r) => ({ surveyId, responseId: r.responseId }))).go();
  await SurveyEntity.delete({ surveyId }).go();
}

const publicView = (s: SurveyRecord): PublicSurveyView => {
  const { responseCount: _r, createdAt: _c, ...view } = surveyView(s);
  return view;
};

/** The survey to take, by its code: without its owner or responses. */
export async function surveyConfig(code: string): Promise<PublicSurveyView> {
  const s = await loadSurvey(code);
  if (!s) throw new NotFoundError(SURVEY_MESSAGES.notFound);
  return publicView(s);
}

/**
 * GET /business-plan-survey?affiliateId (decisions D77): the affiliate's business planning survey, by
 * its code. A code of another kind of survey, an unknown code or a survey that takes no more answers
 * (its affiliate is no longer active) is 404. One GetItem.
 */
export async function businessPlanSurvey(affiliateId: string): Promise<PublicSurveyView> {
  const s = await loadSurvey(affiliateId);
  if (s?.kind !== 'business-plan' || s.responseCount >= SURVEY_LIMITS.maxResponses)
    throw new NotFoundError(SURVEY_MESSAGES.noBusinessPlanSurvey);
  return publicView(s);
}

/** Keeps a response when every answer passes; answers the access token for the status page. */
export async function submitSurvey(input: SurveyResponseInput, now = new Date()): Promise<SurveyReceipt> {
  const s = await loadSurvey(input.survey);
  if (!s) throw new NotFoundError(SURVEY_MESSAGES.notFound);
  const checked = checkAnswers(s.questions, input.answers);
  if (!checked.ok) throw new ValidationError(checked.errors);
  if (s.responseCount >= SURVEY_LIMITS.maxResponses) throw new ConflictError(SURVEY_MESSAGES.full);
  const secret = randomBytes(24).toString('base64url');
  const responseId = `${now.toISOString()}~${randomBytes(4).toString('hex')}`;
  try {
    await transactAll(({ survey, surveyResponse }) => [
      survey
        .patch({ surveyId: s.surveyId })
        .add({ responseCount: 1 })
        .where((a, op) => op.lt(a.responseCount, SURVEY_LIMITS.maxResponses as number))
        .commit(),
      surveyResponse
        .create({
          surveyId: s.surveyId,
          responseId,
          tokenHash: hash(secret),
          name: input.name,
          email: input.email,
          answers: checked.answers,
          submittedAt: now.toISOString(),
        })
        .commit(),
    ]);
  } catch (e) {
    // Deleted meanwhile (the patch's own existence check) or the last place taken.
    if (e instanceof TransactionCanceledError && e.failedAt(0)) {
      const fresh = await loadSurvey(s.surveyId);
      if (!fresh) throw new NotFoundError(SURVEY_MESSAGES.notFound);
      throw new ConflictError(SURVEY_MESSAGES.full);
    }
    throw e;
  }
  return {
    id: responseId,
    accessToken: `${s.surveyId}.${Buffer.from(responseId).toString('base64url')}.${secret}`,
    confirmation: s.confirmation || DEFAULT_SURVEY_CONFIRMATION,
  };
}

/** The survey and the response an access token names; any other token is 404. */
export async function responseByToken(
  token: string,
): Promise<{ survey: SurveyRecord; response: ResponseRecord }> {
  const [surveyId = '', encodedId = '', secret = ''] = token.split('.');
  const responseId = Buffer.from(encodedId, 'base64url').toString('utf8');
  const s = secret && responseId ? await loadSurvey(surveyId) : null;
  if (!s) throw new NotFoundError();
  const r = (await SurveyResponseEntity.get({ surveyId, responseId }).go()).data;
  const given = Buffer.from(hash(secret));
  if (!r || given.length !== r.tokenHash.length || !timingSafeEqual(given, Buffer.from(r.tokenHash)))
    throw new NotFoundError();
  return { survey: s, response: r };
}

/** The status of a response, for whoever holds its access token; any other token is 404. */
export async function surveyStatus(token: string): Promise<SurveyStatusView> {
  const { survey: s, response: r } = await responseByToken(token);
  return {
    id: r.responseId,
    survey: { id: s.surveyId, title: s.title },
    status: 'received',
    submittedAt: r.submittedAt,
    answers: r.answers.map((a) => ({
      prompt: s.questions.find((q) => q.id === a.questionId)?.prompt ?? '',
      value: answerText(a.value),
    })),
  };
}
