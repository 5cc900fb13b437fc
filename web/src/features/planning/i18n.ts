/**
 * The planning texts, added to i18next when the planning chunk loads (not in the first chunk: Today's
 * JavaScript budget). Imported first by every module of the feature that shows text.
 */
import i18n from 'i18next';
import { FALLBACK_LANGUAGE } from '../../i18n/index.ts';
import planning from '../../i18n/locales/en_US/planning.json';

if (!i18n.hasResourceBundle(FALLBACK_LANGUAGE, 'planning'))
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'planning', planning, true, false);
