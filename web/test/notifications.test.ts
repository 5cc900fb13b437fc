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

describe('notification text', () => {
  it('a chat digest reads as one message, or as the count of new ones with the latest writer', async () => {
    const { createInstance } = await import('i18next');
    const common = (await import('../src/i18n/locales/en_US/common.json')).default;
    const { notificationText } = await import('../src/features/notifications/utils/text.ts');
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common' });
    const digest = (count: number) =>
      notificationText(i18n.t, {
        id: 'n',
        templateName: 'new_message',
        variables: { byName: 'Ada', taskTitle: 'Plan', count, message: 'hi' },
        actions: { open: '/task/t' },
        createdAt: '2026-01-01T00:00:00.000Z',
        receivedAt: null,
        readAt: null,
        status: 'unreceived',
      });
    expect(digest(1)).toBe('Ada wrote in Plan');
    expect(digest(3)).toBe('3 new messages in Plan, the latest from Ada');
  });

  it('a meeting invitation, and the same meeting moved: its new time', async () => {
    const { createInstance } = await import('i18next');
    const common = (await import('../src/i18n/locales/en_US/common.json')).default;
    const { notificationText } = await import('../src/features/notifications/utils/text.ts');
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common' });
    const meeting = (variables: Record<string, unknown>) =>
      notificationText(i18n.t, {
        id: 'n',
        templateName: 'calendar',
        variables: {
          byName: 'Ada',
          taskTitle: 'Review',
          when: 'Friday 4 December 2026, 14:00 (CET)',
          ...variables,
        },
        actions: { open: '/task/t' },
        createdAt: '2026-01-01T00:00:00.000Z',
        receivedAt: null,
        readAt: null,
        status: 'unreceived',
      });
    expect(meeting({})).toBe('Ada invited you: Review');
    expect(meeting({ change: 'moved' })).toBe('Ada moved Review to Friday 4 December 2026, 14:00 (CET)');
    // A calendar connection that stopped working (D70): the provider's name, not an invitation.
    expect(meeting({ change: 'integration_broken', taskTitle: 'Google Calendar' })).toBe(
      'Your Google Calendar connection stopped working. Reconnect it to keep syncing.',
    );
  });

  it('a learner taken off a curriculum (D83): who did it and which, not a task given', async () => {
    const { createInstance } = await import('i18next');
    const common = (await import('../src/i18n/locales/en_US/common.json')).default;
    const { notificationText } = await import('../src/features/notifications/utils/text.ts');
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common' });
    const delegated = (variables: Record<string, unknown>) =>
      notificationText(i18n.t, {
        id: 'n',
        templateName: 'delegated',
        variables: { byName: 'Cora', ...variables },
        actions: { open: '/tasks' },
        createdAt: '2026-01-01T00:00:00.000Z',
        receivedAt: null,
        readAt: null,
        status: 'unreceived',
      } as Parameters<typeof notificationText>[1]);
    expect(delegated({ taskTitle: 'Review' })).toBe('Cora gave you a task: Review');
    // A sender with no name, or a blank one, is "Someone" (D85).
    expect(delegated({ taskTitle: 'Review', byName: '' })).toBe('Someone gave you a task: Review');
    expect(delegated({ taskTitle: 'Review', byName: '  ' })).toBe('Someone gave you a task: Review');
    expect(delegated({ change: 'curriculum_removed', curriculumTitle: 'Onboarding' })).toBe(
      'Cora took you off the curriculum Onboarding. Its tasks stay on your lists.',
    );
    // Added to one (D85): who did it and which, not a task given.
    expect(delegated({ change: 'curriculum_added', curriculumTitle: 'Onboarding' })).toBe(
      'Cora added you to the curriculum Onboarding. Its lessons are on your lists.',
    );
  });
});
