/** Calendar integration inputs and the broken-connection notification's link (decisions D70). */
import { describe, expect, it } from 'vitest';
import {
  caldavInitializeInput,
  connectCalendarInput,
  oauthInitializeInput,
  providerParam,
} from '../src/integrations/integrations.ts';
import { notificationLink } from '../src/notifications/notifications.ts';

describe('integration inputs', () => {
  it('providers are google, azure and caldav', () => {
    expect(providerParam.safeParse('google').success).toBe(true);
    expect(providerParam.safeParse('caldav').success).toBe(true);
    expect(providerParam.safeParse('yahoo').success).toBe(false);
  });

  it('initialise needs a code and a state, bounded', () => {
    expect(oauthInitializeInput.safeParse({ code: 'c', state: 's' }).success).toBe(true);
    expect(oauthInitializeInput.safeParse({ code: '', state: 's' }).success).toBe(false);
    expect(oauthInitializeInput.safeParse({ code: 'c' }).success).toBe(false);
    expect(oauthInitializeInput.safeParse({ code: 'c'.repeat(5000), state: 's' }).success).toBe(false);
  });

  it('CalDAV needs an http(s) address, a user name and a password', () => {
    const ok = { serverUrl: 'https://caldav.icloud.com/', username: 'me', password: 'abcd-efgh' };
    expect(caldavInitializeInput.safeParse(ok).success).toBe(true);
    expect(caldavInitializeInput.safeParse({ ...ok, serverUrl: 'ftp://x' }).success).toBe(false);
    expect(caldavInitializeInput.safeParse({ ...ok, username: '  ' }).success).toBe(false);
    expect(caldavInitializeInput.safeParse({ ...ok, password: '' }).success).toBe(false);
  });

  it('connecting a calendar takes a date, a direction of three, a group and the connection', () => {
    const ok = { integration: 'i', calendar: 'c', startDate: '2030-01-01', group: 'g', direction: 'both' };
    expect(connectCalendarInput.safeParse(ok).success).toBe(true);
    expect(connectCalendarInput.safeParse({ ...ok, direction: 'sideways' }).success).toBe(false);
    expect(connectCalendarInput.safeParse({ ...ok, startDate: '01/01/2030' }).success).toBe(false);
    expect(connectCalendarInput.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });
});

describe('the broken-connection notification', () => {
  it('opens the integrations screen', () => {
    expect(notificationLink({ templateName: 'calendar', variables: { change: 'integration_broken' } })).toBe(
      '/integrations',
    );
    expect(notificationLink({ templateName: 'calendar', variables: { taskId: 't' } })).toBe('/task/t');
  });
});
