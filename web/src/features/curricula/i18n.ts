/**
 * The curricula texts, added to i18next when the curriculum chunk loads (not in the first chunk:
 * Today's JavaScript budget). Imported first by every module of the feature that shows text.
 */
import i18n from 'i18next';
import { FALLBACK_LANGUAGE } from '../../i18n/index.ts';
import curricula from '../../i18n/locales/en_US/curricula.json';

if (!i18n.hasResourceBundle(FALLBACK_LANGUAGE, 'curricula'))
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'curricula', curricula, true, false);
