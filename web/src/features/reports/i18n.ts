/**
 * The reports texts, added to i18next when the reports chunk loads (not in the first chunk: Today's
 * JavaScript budget). Imported first by every module of the feature that shows text.
 */
import i18n from 'i18next';
import { FALLBACK_LANGUAGE } from '../../i18n/index.ts';
import reports from '../../i18n/locales/en_US/reports.json';

if (!i18n.hasResourceBundle(FALLBACK_LANGUAGE, 'reports'))
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'reports', reports, true, false);
