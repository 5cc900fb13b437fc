/**
 * Luxon's default zone follows the display zone (lib/time/luxon.ts): set when Luxon loads and at every
 * change of the person's zone, so the pages that use Luxon (calendar, routines, schedules, time blocks,
 * quick add) show times in the person's zone without the shell waiting for Luxon or drawing them twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayZone } from '../src/lib/time/zone.ts';

const src = fileURLToPath(new URL('../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

afterEach(() => setDisplayZone(null));

describe("Luxon's default zone", () => {
  it('is the display zone when Luxon loads, and follows every change of it', async () => {
    // Set before Luxon is loaded here (as the shell does when the settings come first).
    setDisplayZone('Asia/Tokyo');
    const { DateTime, Settings } = await import('../src/lib/time/luxon.ts');
    expect(Settings.defaultZone.name).toBe('Asia/Tokyo');
    expect(DateTime.fromISO('2026-11-24T20:00:00Z').toFormat('yyyy-MM-dd HH:mm')).toBe('2026-11-25 05:00');
    setDisplayZone('America/New_York');
    expect(DateTime.fromISO('2026-11-24T20:00:00Z').toFormat('yyyy-MM-dd HH:mm')).toBe('2026-11-24 15:00');
    // An unknown zone leaves the computer's, for Luxon too.
    setDisplayZone('Mars/Olympus');
    expect(DateTime.local().zoneName).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("is never bypassed: the app's code imports Luxon from lib/time/luxon.ts only", () => {
    const own = join(src, 'lib/time/luxon.ts');
    const direct = files(src)
      .filter((f) => f !== own && /from 'luxon'|import\('luxon'\)/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f));
    expect(direct).toEqual([]);
  });
});
