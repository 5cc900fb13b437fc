import 'i18next';
import type agendas from './locales/en_US/agendas.json';
import type billing from './locales/en_US/billing.json';
import type calendar from './locales/en_US/calendar.json';
import type common from './locales/en_US/common.json';
import type contacts from './locales/en_US/contacts.json';
import type curricula from './locales/en_US/curricula.json';
import type grid from './locales/en_US/grid.json';
import type groups from './locales/en_US/groups.json';
import type importTexts from './locales/en_US/import.json';
import type integrations from './locales/en_US/integrations.json';
import type planning from './locales/en_US/planning.json';
import type reports from './locales/en_US/reports.json';
import type requestLinks from './locales/en_US/request-links.json';
import type roles from './locales/en_US/roles.json';
import type routines from './locales/en_US/routines.json';
import type schedule from './locales/en_US/schedule.json';
import type surveys from './locales/en_US/surveys.json';
import type tasks from './locales/en_US/tasks.json';
import type templates from './locales/en_US/templates.json';
import type today from './locales/en_US/today.json';
import type validation from './locales/en_US/validation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      validation: typeof validation;
      groups: typeof groups;
      billing: typeof billing;
      today: typeof today;
      tasks: typeof tasks;
      calendar: typeof calendar;
      routines: typeof routines;
      schedule: typeof schedule;
      reports: typeof reports;
      contacts: typeof contacts;
      grid: typeof grid;
      templates: typeof templates;
      roles: typeof roles;
      planning: typeof planning;
      import: typeof importTexts;
      surveys: typeof surveys;
      curricula: typeof curricula;
      agendas: typeof agendas;
      'request-links': typeof requestLinks;
      integrations: typeof integrations;
    };
  }
}
