/**
 * The route table (spec 001 §2, 002 §2). Pages are loaded on demand (route `lazy`), so the sign-in
 * pages, settings and every later feature are chunks of their own.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/public-layout.tsx';
import { paths } from '../config/paths.ts';
import { aiBuilderPath } from '../features/ai-builder/paths.ts';
import { acceptDelegateInvitePath } from '../features/delegation/paths.ts';
import { GRID_PATH } from '../features/grid/paths.ts';
import { invitationPaths } from '../features/invitations/invitation-outcome.ts';
import { accountRolesPath } from '../features/roles/paths.ts';
import { acceptAttendeeInvitePath } from '../features/schedule/paths.ts';
import { loadLaterNamespaces } from '../i18n/index.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { loadTodayPage } from './preload.ts';
import { NotAvailableRoute } from './routes/not-available-route.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { OpenNotifications } from './routes/open-notifications.tsx';
import { RouteErrorPage } from './routes/route-error.tsx';
import { AppLayout } from './shell/app-layout.tsx';
import type { NavLabelKey } from './shell/nav-items.ts';

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

const notAvailable = (path: string, label: NavLabelKey): RouteObject => ({
  path,
  element: <NotAvailableRoute label={label} />,
});

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
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, ...page(loadTodayPage, 'entry') },
              {
                path: paths.settings,
                ...page(() => import('../features/settings/routes/settings-page.tsx')),
              },
              { path: paths.notifications, element: <OpenNotifications /> },
              {
                path: paths.calendar,
                ...page(() => import('../features/calendar/routes/calendar-page.tsx')),
              },
              {
                // /tasks and /task/{id} share one page, so opening a task keeps the list (and its
                // filters) under the modal instead of loading the page again.
                ...page(() => import('../features/tasks/routes/tasks-page.tsx')),
                children: [{ path: paths.tasks }, { path: '/task/:taskId' }],
              },
              {
                path: paths.contacts,
                ...page(() => import('../features/contacts/routes/contacts-page.tsx')),
              },
              // One page for the four routine views: switching tabs keeps it mounted.
              {
                ...page(() => import('../features/routines/routes/routines-page.tsx')),
                children: [
                  paths.routines,
                  ...['all', 'daily', 'weekly'].map((v) => `${paths.routines}/${v}`),
                ].map((path) => ({ path })),
              },
              {
                path: `${paths.calendar}/time-blocks`,
                ...page(() => import('../features/time-blocks/routes/time-blocks-page.tsx')),
              },
              {
                path: paths.planning,
                ...page(() => import('../features/planning/routes/planning-page.tsx')),
              },
              {
                path: paths.templates,
                ...page(() => import('../features/templates/routes/templates-page.tsx')),
              },
              {
                path: aiBuilderPath,
                ...page(() => import('../features/ai-builder/routes/ai-builder-page.tsx')),
              },
              {
                path: accountRolesPath,
                ...page(() => import('../features/roles/routes/account-roles-page.tsx')),
              },
              { path: paths.reports, ...page(() => import('../features/reports/routes/reports-page.tsx')) },
              {
                path: paths.integrations,
                ...page(() => import('../features/integrations/routes/integrations-page.tsx')),
              },
              {
                path: '/callback/:platform',
                ...page(() => import('../features/integrations/routes/callback-page.tsx')),
              },
              notAvailable(paths.requestLinks, 'requestLinks'),
              notAvailable(paths.curriculum, 'curriculum'),
              { path: paths.chat, ...page(() => import('../features/chat/routes/chat-page.tsx')) },
              notAvailable(paths.agendas, 'agendas'),
              // The task grid with saved views (decisions D56): a view of /tasks, its own chunk.
              { path: GRID_PATH, ...page(() => import('../features/grid/routes/grid-page.tsx')) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
