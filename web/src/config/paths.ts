/** App routes (spec 001 §2, 002 §2) in one place, so links and the router agree. */
export const paths = {
  today: '/',
  calendar: '/calendar',
  tasks: '/tasks',
  contacts: '/contacts',
  routines: '/routines',
  planning: '/planning',
  templates: '/templates',
  reports: '/reports',
  integrations: '/integrations',
  requestLinks: '/request-links',
  settings: '/settings',
  curriculum: '/curriculum',
  chat: '/chat',
  notifications: '/notifications',
  agendas: '/agendas',
  login: '/login',
  loginCode: '/login/code',
  loginCallback: '/login/callback/:provider',
  signup: '/signup',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  passwordReset: '/password-reset/:uid/:token',
} as const;

export const settingsTabs = ['profile', 'preferences', 'security', 'groups', 'billingLicensing'] as const;
export type SettingsTab = (typeof settingsTabs)[number];

export const settingsPath = (tab?: SettingsTab): string =>
  tab ? `${paths.settings}?activeTab=${tab}` : paths.settings;

export const loginPath = (next?: string): string =>
  next && next !== '/' ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login;

export const verifyEmailPath = (email?: string): string =>
  email ? `${paths.verifyEmail}?email=${encodeURIComponent(email)}` : paths.verifyEmail;
