/**
 * A namespace per feature file (decisions D45): the entry's namespaces are there at once, every other
 * file in locales/en_US is loaded on demand — each of them, none left out, none loaded before asked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import i18n, {
  FIRST_NAMESPACES,
  LATER_KEYS,
  LATER_NAMESPACES,
  loadLaterNamespaces,
} from '../src/i18n/index.ts';

const folder = join(import.meta.dirname, '../src/i18n/locales/en_US');
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
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

describe('namespaces', () => {
  it('every file is either in the entry or loaded later, not both', () => {
    expect([...FIRST_NAMESPACES, ...LATER_NAMESPACES].sort()).toEqual([...files].sort());
    expect(LATER_NAMESPACES.filter((ns) => (FIRST_NAMESPACES as readonly string[]).includes(ns))).toEqual([]);
  });

  it('the entry’s are there at once; the others only once loaded, then whole', async () => {
    for (const ns of FIRST_NAMESPACES) expect(i18n.getResourceBundle('en_US', ns)).toEqual(first(ns));
    expect(LATER_NAMESPACES.length).toBeGreaterThan(0);
    for (const ns of LATER_NAMESPACES) expect(i18n.hasResourceBundle('en_US', ns)).toBe(false);
    await loadLaterNamespaces();
    // The keys the entry left out came with them: every namespace is whole now.
    for (const ns of FIRST_NAMESPACES) expect(i18n.getResourceBundle('en_US', ns)).toEqual(texts(ns));
    for (const ns of LATER_NAMESPACES) expect(i18n.getResourceBundle('en_US', ns)).toEqual(texts(ns));
    expect(i18n.t('routines:title' as never)).not.toBe('title');
  });
});
