/**
 * i18next (spec 000 §9: fallback language en_US, namespaces common and validation). Every text the
 * user reads comes from these resources; English is bundled, further languages can be added as
 * lazily loaded resources.
 *
 * A namespace per feature file (decisions D45): `locales/en_US/<namespace>.json`. The namespaces the
 * first screens draw with (sign-in and Today: `FIRST_NAMESPACES`) are in the entry; every other file
 * in the folder is a chunk of its own, found by the glob below (a new feature's file needs no line
 * here), fetched when a component first asks for it (`useTranslation('x')` suspends until then, to
 * the nearest Suspense boundary) and, after the first content, all of them at idle moments. Add the
 * file's type to i18next.d.ts.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
// The build gives this module these three files without LATER_KEYS (vite.config.ts `textsWithout`).
import commonFile from './locales/en_US/common.json';
import tasksFile from './locales/en_US/tasks.json';
import todayFile from './locales/en_US/today.json';
import validation from './locales/en_US/validation.json';

export const FALLBACK_LANGUAGE = 'en_US';
/** The language as a BCP 47 tag for Intl and Luxon: the spec's en_US is en-US there. */
export const localeTag = (language: string): string => language.replace(/_/g, '-');

/** What sign-in and Today draw before their first content: bundled with the entry. */
export const FIRST_NAMESPACES = ['common', 'validation', 'today', 'tasks'] as const;

/**
 * Top-level keys of the entry's namespaces that no first screen shows: the build leaves them out of
 * the entry (vite.config.ts `textsWithout` reads this list). They arrive two ways: pages loaded later
 * (the settings page, the task list's chart, the delegation invitation page) wait for
 * loadLaterNamespaces (router.tsx `page`); parts loaded on demand from Today or the shell (the task
 * form and what it opens, the quick add, the notifications, the chat, the command palette) import
 * `with-later-texts.ts`, which adds them with the part's code (D79). A module reading a key named here
 * is one of those (web/test/i18n-later-keys.test.ts).
 */
export const LATER_KEYS = {
  common: ['settings', 'subscription', 'push', 'notifications', 'palette', 'shortcuts', 'chat'],
  tasks: [
    'delegateInvite',
    'chart',
    'form',
    'customFields',
    'members',
    'invite',
    'assignees',
    'attachments',
    'editor',
    'conflict',
    'quickAdd',
    'deleteDialog',
    'audio',
    'list',
  ],
  today: ['pending', 'delegated'],
} as const satisfies Partial<Record<(typeof FIRST_NAMESPACES)[number], readonly string[]>>;

/** `texts` without `keys` (already so in the build; here for tests, which run without the plugin). */
const without = <T extends object>(texts: T, keys: readonly string[]): T =>
  Object.fromEntries(Object.entries(texts).filter(([k]) => !keys.includes(k))) as T;
const common = without(commonFile, LATER_KEYS.common);
const tasks = without(tasksFile, LATER_KEYS.tasks);
const today = without(todayFile, LATER_KEYS.today);
export const resources = { en_US: { common, validation, today, tasks } } as const;

/** Every other namespace, one chunk each, by name. */
const later: Record<string, () => Promise<ResourceKey>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<ResourceKey>(
      [
        './locales/en_US/*.json',
        '!./locales/en_US/common.json',
        '!./locales/en_US/validation.json',
        '!./locales/en_US/today.json',
        '!./locales/en_US/tasks.json',
      ],
      { import: 'default' },
    ),
  ).map(([path, load]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), load]),
);
export const LATER_NAMESPACES: readonly string[] = Object.keys(later);

const laterNamespaces: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(_language, namespace, done) {
    const load = later[namespace];
    if (!load) return done(null, {});
    load().then(
      (texts) => done(null, texts),
      (err: unknown) => done(err instanceof Error ? err.message : String(err), null),
    );
  },
};

void i18n
  .use(laterNamespaces)
  .use(initReactI18next)
  .init({
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [...FIRST_NAMESPACES],
    defaultNS: 'common',
    resources,
    // The bundled namespaces are there at once; the others come through the backend above.
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The whole files of the namespaces the entry has in part (later-texts.ts), merged over what is there. */
const laterKeys = async (): Promise<void> => {
  const { laterTexts } = await import('./later-texts.ts');
  for (const [ns, texts] of Object.entries(laterTexts))
    i18n.addResourceBundle(FALLBACK_LANGUAGE, ns, texts, true, false);
};

/** Fetches every namespace not in the entry at once (a page's loader; tests that read them at once). */
export const loadLaterNamespaces = async (): Promise<void> => {
  await Promise.all([i18n.loadNamespaces([...LATER_NAMESPACES]), laterKeys()]);
};

/**
 * The same one namespace at a time, each after `pause()` (the browser's next idle moment): after the
 * first content, so that each file's arrival is a short task and not all of them one long one (D92).
 */
export const loadLaterNamespacesInTurn = async (pause: () => Promise<void>): Promise<void> => {
  await laterKeys();
  for (const ns of LATER_NAMESPACES) {
    await pause();
    await i18n.loadNamespaces(ns);
  }
};

export default i18n;
