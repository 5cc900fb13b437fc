/** Routes of one area of the manifest (all-routes.ts joins them in order): a chunk of the web that
 * calls them carries them, not the entry (decisions D62). */
import type { RouteDef } from '../route-def.ts';

// Surveys (spec 002 §7 "AI and surveys"; decisions D69; docs/api/surveys.md)
/** A new survey of the caller's. */
export const createSurvey = {
  method: 'POST',
  path: '/survey',
  auth: 'user',
  handler: 'surveys/create-survey',
} as const satisfies RouteDef;
/** The caller's surveys, newest first. */
export const listSurveys = {
  method: 'GET',
  path: '/survey',
  auth: 'user',
  handler: 'surveys/list-surveys',
} as const satisfies RouteDef;
/** One of the caller's surveys with its results summary. */
export const getSurvey = {
  method: 'GET',
  path: '/survey/{id}',
  auth: 'user',
  handler: 'surveys/get-survey',
} as const satisfies RouteDef;
/** Deletes one of the caller's surveys and its responses. */
export const deleteSurvey = {
  method: 'DELETE',
  path: '/survey/{id}',
  auth: 'user',
  handler: 'surveys/delete-survey',
} as const satisfies RouteDef;
/** Public: the survey to take, by its code (?affiliate_id=<code>); limited per IP by the gateway. */
export const getSurveyConfig = {
  method: 'GET',
  path: '/survey/config',
  auth: 'public',
  handler: 'surveys/get-survey-config',
} as const satisfies RouteDef;
/** Public: answers to a survey; answers the access token for the status page. */
export const submitSurvey = {
  method: 'POST',
  path: '/survey/confirmation',
  auth: 'public',
  handler: 'surveys/submit-survey',
} as const satisfies RouteDef;
/** Public: the status of one's own response, by its access token {token}. */
export const getSurveyStatus = {
  method: 'POST',
  path: '/survey/confirmation/request',
  auth: 'public',
  handler: 'surveys/get-survey-status',
} as const satisfies RouteDef;
// AI onboarding (spec 002 §2 /ai-onboarding; issue 18 item 5; decisions D69)
/** A description of one's work → suggested groups with first tasks (nothing is written). */
export const suggestOnboarding = {
  method: 'POST',
  path: '/ai-onboarding/suggestions',
  auth: 'user',
  handler: 'surveys/suggest-onboarding',
} as const satisfies RouteDef;
/** The accepted (possibly edited) suggestions: creates the groups and their tasks. */
export const acceptOnboarding = {
  method: 'POST',
  path: '/ai-onboarding/accept',
  auth: 'user',
  handler: 'surveys/accept-onboarding',
} as const satisfies RouteDef;
// The printable Today list (spec 002 §2 /download-today; issue 18 item 7; decisions D69)
/** The caller's Today list as an iCalendar file: `{ filename, ics }` (?user_timezone=<IANA zone>). */
export const downloadTodayCalendar = {
  method: 'GET',
  path: '/download-today/ics',
  auth: 'user',
  handler: 'surveys/download-today-calendar',
} as const satisfies RouteDef;
// The calls of 002 §7 with no given behaviour (decisions D77; docs/api/surveys.md)
/** Public: an affiliate's business planning survey, by its code (?affiliate_id=<code>); else 404. */
export const getBusinessPlanSurvey = {
  method: 'GET',
  path: '/business-plan-survey',
  auth: 'public',
  handler: 'surveys/get-business-plan-survey',
} as const satisfies RouteDef;
/** The caller's confirmations of survey answers and the affiliate they came through. */
export const getSurveyAffiliation = {
  method: 'GET',
  path: '/survey/affiliation',
  auth: 'user',
  handler: 'surveys/get-survey-affiliation',
} as const satisfies RouteDef;
/** A confirmation of one's survey answers {token}, mailed to the caller; limited per person. */
export const sendSurveyConfirmation = {
  method: 'POST',
  path: '/survey/confirmation/send',
  auth: 'user',
  handler: 'surveys/send-survey-confirmation',
} as const satisfies RouteDef;
/** One's own confirmation: {action: 'resend'} or {action: 'confirm', code}. */
export const updateSurveyConfirmation = {
  method: 'PUT',
  path: '/survey/confirmation/send/{id}',
  auth: 'user',
  handler: 'surveys/update-survey-confirmation',
} as const satisfies RouteDef;
