/** The survey routes (spec 002 §2 public routes; decisions D69), and the owner's page. */
export const surveyPaths = {
  take: '/take-survey',
  takeForm: '/take-survey/survey',
  takeCode: '/take-survey/survey/:surveyCode',
  confirmation: '/survey-confirmation/',
  status: '/survey/status',
  /** The owner's surveys and results (signed in). */
  mine: '/surveys',
} as const;

export const takeSurveyPath = (code: string) => `${surveyPaths.takeForm}/${encodeURIComponent(code)}`;
/** An affiliate's business planning survey, offered at /take-survey (decisions D77). */
export const businessPlanPath = (code: string) =>
  `${surveyPaths.take}?affiliate_id=${encodeURIComponent(code)}`;
