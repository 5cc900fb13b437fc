/**
 * The route table (spec 001 §2, 002 §2). Pages are loaded on demand (route `lazy`), so the sign-in
 * pages, settings and every later feature are chunks of their own.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { paths } from '../config/paths.ts';
import { agendaPaths } from '../features/agendas/paths.ts';
import { aiBuilderPath } from '../features/ai-builder/paths.ts';
import { acceptDelegateInvitePath } from '../features/delegation/paths.ts';
import { GRID_PATH } from '../features/grid/paths.ts';
import { invitationPaths } from '../features/invitations/paths.ts';
import { REQUEST_PORTAL_PATH } from '../features/request-links/paths.ts';
import { accountRolesPath } from '../features/roles/paths.ts';
import { acceptAttendeeInvitePath } from '../features/schedule/paths.ts';
import { surveyPaths } from '../features/surveys/paths.ts';
import { loadLaterNamespaces } from '../i18n/index.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import type { LaterPage } from './later-pages.ts';
import { loadTodayPage } from './preload.ts';
import { NotFoundPage } from './routes/not-found.tsx';
import { OpenNotifications } from './routes/open-notifications.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';
import { AppLayout } from './shell/app-layout.tsx';

/**
 * A page loaded on demand. Its texts: `later` (the default) fetches the namespaces not in the entry
 * beside the page's code (once; i18n/index.ts), so no page waits for its texts when it draws; `entry`
 * is for the pages whose texts are all in the entry (Today, sign-in), which fetch no more before they
 * show.
 */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
  texts: 'later' | 'entry' = 'later',
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [m] = await Promise.all([load(), texts === 'later' ? loadLaterNamespaces() : null]);
    return { Component: m.default };
  },
});

/**
 * A page whose loader lives in later-pages.ts, a chunk of its own fetched after the first content
 * (app-layout.tsx) or on the first visit: the entry then carries no list of those pages' chunks
 * (Vite's preload lists, about 3 KB gzip that Today fetched and never used; D65).
 */
const later = (name: LaterPage) => page(() => import('./later-pages.ts').then((m) => m.laterPages[name]()));

export const routeObjects: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => null,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { path: paths.login, ...page(() => import('../features/auth/routes/login-page.tsx'), 'entry') },
              {
                path: paths.loginCode,
                ...page(() => import('../features/auth/routes/login-code-page.tsx'), 'entry'),
              },
              {
                path: paths.loginCallback,
                ...page(() => import('../features/auth/routes/social-callback-page.tsx'), 'entry'),
              },
              {
                path: paths.signup,
                ...page(() => import('../features/auth/routes/signup-page.tsx'), 'entry'),
              },
              {
                path: paths.verifyEmail,
                ...page(() => import('../features/auth/routes/verify-email-page.tsx'), 'entry'),
              },
              {
                path: paths.forgotPassword,
                ...page(() => import('../features/auth/routes/forgot-password-page.tsx'), 'entry'),
              },
              {
                path: paths.passwordReset,
                ...page(() => import('../features/auth/routes/password-reset-page.tsx'), 'entry'),
              },
            ],
          },
        ],
      },
      {
        // Public routes (spec 002 §2): reachable signed in or out.
        element: <PublicLayout />,
        children: [
          {
            path: invitationPaths.accept,
            ...page(() => import('../features/invitations/routes/accept-invite-page.tsx')),
          },
          {
            path: invitationPaths.success,
            ...page(() => import('../features/invitations/routes/accept-invite-success-page.tsx')),
          },
          {
            path: invitationPaths.error,
            ...page(() => import('../features/invitations/routes/accept-invite-error-page.tsx')),
          },
          {
            path: acceptDelegateInvitePath,
            ...page(() => import('../features/delegation/routes/accept-delegate-invite-page.tsx')),
          },
          {
            path: acceptAttendeeInvitePath,
            ...page(() => import('../features/schedule/routes/accept-attendee-invite-page.tsx')),
          },
          // Surveys (D69): taking one needs no account.
          ...[surveyPaths.take, surveyPaths.takeForm, surveyPaths.takeCode].map((path) => ({
            path,
            ...later('takeSurvey'),
          })),
          {
            path: surveyPaths.confirmation,
            ...later('surveyConfirmation'),
          },
          {
            path: surveyPaths.status,
            ...later('surveyStatus'),
          },
        ],
      },
      // The printable Today list (D69): public per the spec, a page of its own with no app chrome.
      {
        path: '/download-today',
        ...later('downloadToday'),
      },
      {
        element: <RequireAuth />,
        children: [
          // The request portal (spec 002 §2): signed in, without the main layout.
          ...[REQUEST_PORTAL_PATH, `${REQUEST_PORTAL_PATH}/task/:taskId`].map((path) => ({
            path,
            ...later('requestPortal'),
          })),
          {
            element: <AppLayout />,
            children: [
              { index: true, ...page(loadTodayPage, 'entry') },
              {
                path: paths.settings,
                ...later('settings'),
              },
              { path: paths.notifications, element: <OpenNotifications /> },
              {
                path: paths.calendar,
                ...later('calendar'),
              },
              {
                // /tasks and /task/{id} share one page, so opening a task keeps the list (and its
                // filters) under the modal instead of loading the page again.
                ...later('tasks'),
                children: [{ path: paths.tasks }, { path: '/task/:taskId' }],
              },
              {
                path: paths.contacts,
                ...later('contacts'),
              },
              // One page for the four routine views: switching tabs keeps it mounted.
              {
                ...later('routines'),
                children: [
                  paths.routines,
                  ...['all', 'daily', 'weekly'].map((v) => `${paths.routines}/${v}`),
                ].map((path) => ({ path })),
              },
              {
                path: `${paths.calendar}/time-blocks`,
                ...later('timeBlocks'),
              },
              {
                path: paths.planning,
                ...later('planning'),
              },
              {
                path: paths.templates,
                ...later('templates'),
              },
              {
                path: aiBuilderPath,
                ...later('aiBuilder'),
              },
              {
                path: accountRolesPath,
                ...later('accountRoles'),
              },
              { path: paths.reports, ...later('reports') },
              { path: paths.integrations, ...later('integrations') },
              { path: '/callback/:platform', ...later('integrationCallback') },
              { path: paths.requestLinks, ...later('requestLinks') },
              { path: paths.curriculum, ...later('curriculum') },
              { path: paths.chat, ...later('chat') },
              // Agendas and the meeting (decisions D67): their own chunks.
              { path: paths.agendas, ...later('agendas') },
              ...[
                agendaPaths.designer,
                agendaPaths.designerTemplate,
                agendaPaths.designerAgenda,
                agendaPaths.editor,
              ].map((path) => ({ path, ...later('agendaDesigner') })),
              { path: agendaPaths.meeting, ...later('agendaMeeting') },
              // The task grid with saved views (decisions D56): a view of /tasks, its own chunk.
              { path: GRID_PATH, ...later('grid') },
              { path: surveyPaths.mine, ...later('surveys') },
              { path: '/ai-onboarding', ...later('aiOnboarding') },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
