/**
 * The entry carries its namespaces without LATER_KEYS (i18n/index.ts, D65); those texts arrive with
 * loadLaterNamespaces, which every page loaded later waits for, or with the code of a part that
 * imports i18n/with-later-texts.ts (D79). So a key named there may be read only by such a page's own
 * modules or by a module that imports with-later-texts, never by the shell or Today (a raw key would
 * show).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATER_KEYS } from '../src/i18n/index.ts';

const src = join(import.meta.dirname, '../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** Modules of the pages that wait for the later texts (router.tsx `page` without 'entry'). */
const LATER_PAGE_MODULES = [
  /^features\/settings\//,
  /^features\/push\/components\/push-device-switch\.tsx$/,
  /^features\/tasks\/components\/status-chart-card\.tsx$/,
  /^features\/delegation\/routes\/accept-delegate-invite-page\.tsx$/,
];
/** Or a module that brings the texts with its code (D79): it imports i18n/with-later-texts.ts. */
const ADDS_LATER_TEXTS = /^import '[./]*\/i18n\/with-later-texts\.ts';$/m;
/** And who may import those few modules from outside features/settings. */
const IMPORTERS: Record<string, RegExp> = {
  'push-device-switch': /^features\/(settings|push)\//,
  'status-chart-card': /^features\/tasks\/(routes\/tasks-page|components\/status-chart-card)\.tsx$/,
  'accept-delegate-invite-page': /^app\/(router\.tsx|later-pages\.ts)$/,
};

describe('keys left out of the entry', () => {
  const sources = files(src).map((f) => ({ path: relative(src, f), text: readFileSync(f, 'utf8') }));

  it('are read only by pages that wait for them', () => {
    const readers: string[] = [];
    for (const [ns, keys] of Object.entries(LATER_KEYS)) {
      const texts = JSON.parse(readFileSync(join(src, `i18n/locales/en_US/${ns}.json`), 'utf8'));
      for (const key of keys) {
        expect(texts[key], `${ns}.${key}`).toBeTypeOf('object');
        const read = new RegExp(`['"\`](${ns}:)?${key}\\.`);
        for (const s of sources)
          if (
            !s.path.startsWith('i18n/') &&
            read.test(s.text) &&
            !LATER_PAGE_MODULES.some((re) => re.test(s.path)) &&
            !ADDS_LATER_TEXTS.test(s.text)
          )
            readers.push(`${s.path} reads ${ns}.${key}`);
      }
    }
    expect(readers).toEqual([]);
  });

  it('the pages’ modules are imported only from those pages', () => {
    const outside: string[] = [];
    for (const [name, allowed] of Object.entries(IMPORTERS))
      for (const s of sources)
        if (s.text.includes(`/${name}.tsx'`) && !allowed.test(s.path))
          outside.push(`${s.path} imports ${name}`);
    for (const s of sources)
      if (!s.path.startsWith('features/settings/') && /features\/settings\/(components|hooks)\//.test(s.text))
        outside.push(`${s.path} imports from features/settings`);
    expect(outside).toEqual([]);
  });
});
