/**
 * Importing this module adds the texts the entry leaves out (index.ts LATER_KEYS) before the
 * importing module runs: a part loaded on demand (the task form, the quick add, the command palette,
 * …) that reads one of those keys imports it, so its texts arrive with its code (D79). Its chunk is
 * later-texts.ts's, which the shell also fetches after the first content; adding again changes nothing.
 */
import i18n, { FALLBACK_LANGUAGE } from './index.ts';
import { laterTexts } from './later-texts.ts';

for (const [ns, texts] of Object.entries(laterTexts))
  i18n.addResourceBundle(FALLBACK_LANGUAGE, ns, texts, true, false);
