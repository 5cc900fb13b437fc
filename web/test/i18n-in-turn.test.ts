/**
 * After the first content the namespaces not in the entry come one at a time, each after a pause
 * (the browser's next idle moment, D92): each file's arrival is a short task of its own.
 */
import { describe, expect, it } from 'vitest';
import i18n, { LATER_NAMESPACES, loadLaterNamespacesInTurn } from '../src/i18n/index.ts';

const loaded = () => LATER_NAMESPACES.filter((ns) => i18n.hasResourceBundle('en_US', ns)).length;

describe('the later namespaces in turn', () => {
  it('loads one namespace after each pause, and every one in the end', async () => {
    const seen: number[] = [];
    await loadLaterNamespacesInTurn(async () => {
      seen.push(loaded());
    });
    expect(seen).toEqual(LATER_NAMESPACES.map((_, i) => i));
    expect(loaded()).toBe(LATER_NAMESPACES.length);
    expect(i18n.t('routines:title' as never)).not.toBe('title');
  });
});
