import { describe, expect, it } from 'vitest';
import { notificationsKey } from '../src/features/notifications/api/notifications.ts';
import { badgeIcon, chimeWav } from '../src/features/notifications/utils/chime.ts';
import { KEY_HEADS, staleAfter } from '../src/lib/revalidate.ts';

describe('notification signals', () => {
  it('the chime is a short 16-bit mono WAV made in code', async () => {
    const wav = new DataView(await chimeWav(8000).arrayBuffer());
    const text = (at: number, n: number) =>
      String.fromCharCode(...Array.from({ length: n }, (_, i) => wav.getUint8(at + i)));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(wav.getUint16(22, true)).toBe(1);
    expect(wav.getUint16(34, true)).toBe(16);
    const seconds = wav.getUint32(40, true) / 2 / 8000;
    expect(seconds).toBeCloseTo(0.25, 2);
    // Not silence.
    let loudest = 0;
    for (let i = 44; i < wav.byteLength; i += 2) loudest = Math.max(loudest, Math.abs(wav.getInt16(i, true)));
    expect(loudest).toBeGreaterThan(1000);
  });

  it('the badge variant of the favicon carries a dot', () => {
    const url = badgeIcon('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect/></svg>\n');
    const svg = decodeURIComponent(url.replace('data:image/svg+xml,', ''));
    expect(svg).toMatch(/<rect\/><circle [^>]*fill="#e03131"[^>]*\/><\/svg>$/);
  });

  it('a notification event reads the notifications again, and nothing else', () => {
    expect(notificationsKey[0]).toBe(KEY_HEADS.notifications);
    const stale = staleAfter('notification');
    expect(stale(notificationsKey)).toBe(true);
    expect(stale(['tasks', 'list'])).toBe(false);
  });
});
