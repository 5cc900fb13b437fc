/**
 * The templates texts, added to i18next when the templates chunk loads (not in the first chunk:
 * Today's JavaScript budget). Imported first by every module of the feature that shows text.
 */
import i18n from 'i18next';
import { FALLBACK_LANGUAGE } from '../../i18n/index.ts';
import templates from '../../i18n/locales/en_US/templates.json';

if (!i18n.hasResourceBundle(FALLBACK_LANGUAGE, 'templates'))
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'templates', templates, true, false);
