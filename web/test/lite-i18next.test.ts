/**
 * The build runs the app on web/src/i18n/lite-i18next.ts instead of i18next (D65): every text of every
 * namespace must come out of it exactly as i18next itself gives it — plain, with each plural count, with
 * and without the values its placeholders name, by `ns:key`, through getFixedT with a key prefix — and
 * a key that is missing must give what i18next gives. A text that uses more of i18next than the lite
 * version does (a context, `$t()` nesting, a format) fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance as createI18next } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LiteI18n } from '../src/i18n/lite-i18next.ts';

const folder = join(import.meta.dirname, '../src/i18n/locales/en_US');
const resources = {
  en_US: Object.fromEntries(
    readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(folder, f), 'utf8'))]),
  ),
};
const namespaces = Object.keys(resources.en_US);
const options = {
  lng: 'en_US',
  fallbackLng: 'en_US',
  ns: namespaces,
  defaultNS: 'common',
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
};

/** Every leaf key of a namespace, plural suffixes taken off (each base key once). */
function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'object' && v !== null)
      for (const sub of keysOf(v as Record<string, unknown>, path)) out.add(sub);
    else out.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
  }
  return [...out];
}

/** Values for every placeholder the texts name (a nested one as an object). */
function valuesFor(text: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [, name] of text.matchAll(/\{\{-?\s*([^},]+?)\s*(?:,[^}]*)?\}\}/g)) {
    const parts = name!.split('.');
    let at = values;
    for (const p of parts.slice(0, -1)) {
      at[p] ??= {};
      at = at[p] as Record<string, unknown>;
    }
    at[parts.at(-1)!] = `«${name}»`;
  }
  return values;
}

// Namespaces are known only at run time here: i18next's typed keys are not in play.
const real = createI18next() as unknown as {
  init(o: typeof options): Promise<unknown>;
  t(key: string, o?: unknown): string;
  getFixedT(lng: string, ns: string, prefix: string): (key: string, o?: unknown) => string;
};
void real.init(options);
const lite = new LiteI18n();
void lite.init(options);

describe('the lite i18next gives what i18next gives', () => {
  it('runs the real i18next on one side', () => {
    expect(real).not.toBeInstanceOf(LiteI18n);
    expect(real.t('common:nav.today')).toBe(lite.t('common:nav.today'));
  });

  for (const ns of namespaces) {
    it(`every text of ${ns}`, () => {
      const keys = keysOf(resources.en_US[ns]);
      expect(keys.length).toBeGreaterThan(0);
      const raw = JSON.stringify(resources.en_US[ns]);
      const values = valuesFor(raw);
      const differences: string[] = [];
      const compare = (key: string, opts?: Record<string, unknown>) => {
        const a = real.t(key, opts);
        const b = lite.t(key, opts);
        if (a !== b) differences.push(`${key} ${JSON.stringify(opts)}: i18next "${a}", lite "${b}"`);
      };
      for (const key of keys) {
        compare(key, { ns });
        compare(`${ns}:${key}`);
        compare(key, { ns, ...values });
        for (const count of [0, 1, 2, 5]) {
          compare(key, { ns, count });
          compare(key, { ns, ...values, count });
        }
        const dot = key.indexOf('.');
        if (dot > 0) {
          const prefix = key.slice(0, dot);
          const rest = key.slice(dot + 1);
          const a = real.getFixedT('en_US', ns, prefix)(rest, values);
          const b = lite.getFixedT('en_US', ns, prefix)(rest, values);
          if (a !== b) differences.push(`${prefix} › ${rest}: i18next "${a}", lite "${b}"`);
        }
      }
      expect(differences).toEqual([]);
    });
  }

  it('a missing key, a default value and a namespace list as i18next has them', () => {
    const cases: [string, Record<string, unknown> | string | undefined][] = [
      ['no.such.key', undefined],
      ['tasks:no.such.key', undefined],
      ['no.such.key', { defaultValue: 'Fallback {{name}}', name: 'Ada' }],
      ['no.such.key', 'Second argument'],
      ['no.such.key', { defaultValue: '' }],
      ['no.such.key', { count: 1, defaultValue_one: 'one', defaultValue_other: 'many' }],
      ['no.such.key', { count: 3, defaultValue_one: 'one', defaultValue_other: 'many' }],
      ['dialog.close', { ns: ['validation', 'common'] }],
    ];
    for (const [key, opts] of cases)
      expect(lite.t(key, opts as never), JSON.stringify([key, opts])).toBe(
        real.t(key as never, opts as never),
      );
  });

  it('loads a namespace through its backend once, and tells when it is there', async () => {
    const reads: string[] = [];
    const backend = {
      type: 'backend' as const,
      init: () => undefined,
      read(_lng: string, ns: string, done: (err: unknown, data: Record<string, unknown> | null) => void) {
        reads.push(ns);
        setTimeout(
          () => (ns === 'broken' ? done('no', null) : done(null, { hello: `Hello {{who}} from ${ns}` })),
          5,
        );
      },
    };
    const i = new LiteI18n().use(backend);
    void i.init({
      lng: 'en_US',
      fallbackLng: 'en_US',
      ns: ['common'],
      defaultNS: 'common',
      resources: { en_US: { common: {} } },
      partialBundledLanguages: true,
    });
    expect(i.hasLoadedNamespace('later')).toBe(false);
    const added: string[] = [];
    i.store.on('added', (_l, ns) => added.push(String(ns)));
    await Promise.all([i.loadNamespaces(['later', 'broken']), i.loadNamespaces('later')]);
    expect(reads.sort()).toEqual(['broken', 'later']);
    expect(added).toEqual(['later']);
    expect(i.hasLoadedNamespace('later')).toBe(true);
    // A namespace that failed counts as settled (nothing suspends on it for ever), as in i18next.
    expect(i.hasLoadedNamespace('broken')).toBe(true);
    expect(i.t('later:hello', { who: 'Ada' })).toBe('Hello Ada from later');
    // A bundle added by a feature's own module (features/planning/i18n.ts) merges, as i18next's does.
    i.addResourceBundle('en_US', 'later', { extra: 'Yes' }, true, false);
    expect(i.t('hello', { ns: 'later', who: 'Bo' })).toBe('Hello Bo from later');
    expect(i.t('later:extra')).toBe('Yes');
  });
});
