/**
 * i18next (spec 000 §9: fallback language en_US, namespaces common and validation). Every text the
 * user reads comes from these resources; English is bundled, further languages can be added as
 * lazily loaded resources.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import billing from './locales/en_US/billing.json';
import calendar from './locales/en_US/calendar.json';
import common from './locales/en_US/common.json';
import groups from './locales/en_US/groups.json';
import routines from './locales/en_US/routines.json';
import schedule from './locales/en_US/schedule.json';
import tasks from './locales/en_US/tasks.json';
import today from './locales/en_US/today.json';
import validation from './locales/en_US/validation.json';

export const FALLBACK_LANGUAGE = 'en_US';
/** The language as a BCP 47 tag for Intl and Luxon: the spec's en_US is en-US there. */
export const localeTag = (language: string): string => language.replace(/_/g, '-');
/** common and validation (spec); one more per feature area so each area owns its texts. */
export const namespaces = [
  'common',
  'validation',
  'groups',
  'billing',
  'today',
  'tasks',
  'calendar',
  'routines',
  'schedule',
] as const;
export const resources = {
  en_US: { common, validation, groups, billing, today, tasks, calendar, routines, schedule },
} as const;

void i18n.use(initReactI18next).init({
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  ns: namespaces,
  defaultNS: 'common',
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
