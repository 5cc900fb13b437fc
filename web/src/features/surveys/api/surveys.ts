/** The survey calls (docs/api/surveys.md). */
import * as routes from '@tandem/shared/api/areas/surveys';
import type { SurveyAffiliationView, SurveyConfirmationView } from '@tandem/shared/surveys/confirmations';
import type {
  PublicSurveyView,
  StoredAnswer,
  SurveyAnswer,
  SurveyInput,
  SurveyReceipt,
  SurveyStatusView,
  SurveySummary,
  SurveyView,
} from '@tandem/shared/surveys/surveys';
import { api } from '../../../lib/api.ts';

export type SurveyDetail = SurveyView & {
  summary: SurveySummary;
  responses: Array<{ id: string; name: string; email: string; submittedAt: string; answers: StoredAnswer[] }>;
};

export const listSurveys = () => api<{ results: SurveyView[] }>(routes.listSurveys);
export const getSurvey = (id: string) => api<SurveyDetail>(routes.getSurvey, { params: { id } });
export const createSurvey = (body: SurveyInput) => api<SurveyView>(routes.createSurvey, { body });
export const deleteSurvey = (id: string) => api<void>(routes.deleteSurvey, { params: { id } });

export const surveyToTake = (code: string) =>
  api<PublicSurveyView>(routes.getSurveyConfig, { query: { affiliateId: code } });
export const submitSurvey = (body: {
  survey: string;
  name: string;
  email: string;
  answers: SurveyAnswer[];
}) => api<SurveyReceipt>(routes.submitSurvey, { body });
export const surveyStatus = (token: string) =>
  api<SurveyStatusView>(routes.getSurveyStatus, { body: { token } });

// Business planning surveys, confirmations and the affiliation (decisions D77).
export const businessPlanSurvey = (affiliateId: string) =>
  api<PublicSurveyView>(routes.getBusinessPlanSurvey, { query: { affiliateId } });
export const surveyAffiliation = () => api<SurveyAffiliationView>(routes.getSurveyAffiliation);
export const sendSurveyConfirmation = (token: string) =>
  api<SurveyConfirmationView>(routes.sendSurveyConfirmation, { body: { token } });
export const resendSurveyConfirmation = (id: string) =>
  api<SurveyConfirmationView>(routes.updateSurveyConfirmation, {
    params: { id },
    body: { action: 'resend' },
  });
export const confirmSurveyAnswers = (id: string, code: string) =>
  api<SurveyConfirmationView>(routes.updateSurveyConfirmation, {
    params: { id },
    body: { action: 'confirm', code },
  });
