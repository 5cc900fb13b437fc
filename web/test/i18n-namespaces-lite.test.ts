/**
 * The app's i18n set-up (src/i18n/index.ts: bundled first namespaces, the rest through its backend) as
 * the build runs it, on the lite i18next (D65): the same checks as i18n-namespaces.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.mock('i18next', async () => await import('../src/i18n/lite-i18next.ts'));

const {
  default: i18n,
  FIRST_NAMESPACES,
  LATER_KEYS,
  LATER_NAMESPACES,
  loadLaterNamespaces,
} = await import('../src/i18n/index.ts');
const { LiteI18n } = await import('../src/i18n/lite-i18next.ts');

const folder = join(import.meta.dirname, '../src/i18n/locales/en_US');
const texts = (ns: string) => JSON.parse(readFileSync(join(folder, `${ns}.json`), 'utf8'));
/** What the entry has of a namespace: the file less its LATER_KEYS (D65). */
const first = (ns: string) => {
  const all = texts(ns);
  for (const k of (LATER_KEYS as Record<string, readonly string[]>)[ns] ?? []) {
    expect(all[k], `${ns}.${k}`).toBeDefined();
    delete all[k];
  }
  return all;
};

describe('namespaces on the lite i18next', () => {
  it('the entry’s are there at once; the others only once loaded, then whole', async () => {
    expect(i18n).toBeInstanceOf(LiteI18n);
    expect(readdirSync(folder).length).toBe(FIRST_NAMESPACES.length + LATER_NAMESPACES.length);
    for (const ns of FIRST_NAMESPACES) expect(i18n.getResourceBundle('en_US', ns)).toEqual(first(ns));
    expect(LATER_NAMESPACES.length).toBeGreaterThan(0);
    for (const ns of LATER_NAMESPACES) {
      expect(i18n.hasResourceBundle('en_US', ns)).toBe(false);
      expect(i18n.hasLoadedNamespace(ns)).toBe(false);
    }
    await loadLaterNamespaces();
    // The keys the entry left out came with them: every namespace is whole now.
    for (const ns of FIRST_NAMESPACES) expect(i18n.getResourceBundle('en_US', ns)).toEqual(texts(ns));
    for (const ns of LATER_NAMESPACES) {
      expect(i18n.getResourceBundle('en_US', ns)).toEqual(texts(ns));
      expect(i18n.hasLoadedNamespace(ns)).toBe(true);
    }
    expect(i18n.t('routines:title' as never)).toBe(texts('routines').title);
  });
});
