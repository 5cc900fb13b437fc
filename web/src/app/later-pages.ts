/**
 * The loaders of the signed-in pages other than Today (router.tsx `later`), in a chunk of their own: the
 * lists of chunks each of them preloads live here, not in the entry that every start fetches (D65).
 * A new page may be added here (and named in router.tsx with `later('name')`) or keep a plain
 * `page(() => import(…))` line in router.tsx: both work; this way costs the entry nothing.
 */
export const laterPages = {
  settings: () => import('../features/settings/routes/settings-page.tsx'),
  calendar: () => import('../features/calendar/routes/calendar-page.tsx'),
  tasks: () => import('../features/tasks/routes/tasks-page.tsx'),
  contacts: () => import('../features/contacts/routes/contacts-page.tsx'),
  routines: () => import('../features/routines/routes/routines-page.tsx'),
  timeBlocks: () => import('../features/time-blocks/routes/time-blocks-page.tsx'),
  planning: () => import('../features/planning/routes/planning-page.tsx'),
  templates: () => import('../features/templates/routes/templates-page.tsx'),
  aiBuilder: () => import('../features/ai-builder/routes/ai-builder-page.tsx'),
  accountRoles: () => import('../features/roles/routes/account-roles-page.tsx'),
  reports: () => import('../features/reports/routes/reports-page.tsx'),
  chat: () => import('../features/chat/routes/chat-page.tsx'),
  grid: () => import('../features/grid/routes/grid-page.tsx'),
  surveys: () => import('../features/surveys/routes/surveys-page.tsx'),
  aiOnboarding: () => import('../features/ai-onboarding/routes/ai-onboarding-page.tsx'),
  takeSurvey: () => import('../features/surveys/routes/take-survey-page.tsx'),
  surveyConfirmation: () => import('../features/surveys/routes/survey-confirmation-page.tsx'),
  surveyStatus: () => import('../features/surveys/routes/survey-status-page.tsx'),
  curriculum: () => import('../features/curricula/routes/curriculum-page.tsx'),
  agendas: () => import('../features/agendas/routes/agendas-page.tsx'),
  agendaDesigner: () => import('../features/agendas/routes/designer-page.tsx'),
  agendaMeeting: () => import('../features/agendas/routes/meeting-page.tsx'),
  requestLinks: () => import('../features/request-links/routes/request-links-page.tsx'),
  requestPortal: () => import('../features/request-links/routes/portal-page.tsx'),
  integrations: () => import('../features/integrations/routes/integrations-page.tsx'),
  integrationCallback: () => import('../features/integrations/routes/callback-page.tsx'),
  downloadToday: () => import('../features/download-today/routes/download-today-page.tsx'),
} satisfies Record<string, () => Promise<{ default: React.ComponentType }>>;

export type LaterPage = keyof typeof laterPages;
