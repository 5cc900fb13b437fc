import 'i18next';
import type common from './locales/en_US/common.json';
import type validation from './locales/en_US/validation.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; validation: typeof validation };
  }
}
