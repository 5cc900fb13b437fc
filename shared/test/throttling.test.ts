import { describe, expect, it } from 'vitest';
import { routes } from '../src/api/routes.ts';
import {
  callerLimitOf,
  parseThrottleSetting,
  publicPerIpRoutes,
  THROTTLE_LIMITS,
  tooManyRequestsBody,
} from '../src/api/throttling.ts';

describe('throttle limits', () => {
  it('are stricter per IP on public routes than per user', () => {
    expect(THROTTLE_LIMITS.publicPerIp.rate).toBeLessThan(THROTTLE_LIMITS.perUser.rate);
    expect(THROTTLE_LIMITS.publicPerIp.burst).toBeLessThan(THROTTLE_LIMITS.perUser.burst);
    for (const limit of Object.values(THROTTLE_LIMITS)) expect(limit.burst).toBeGreaterThanOrEqual(1);
  });

  it('limit user routes per user, the invitation answers per IP, the calendar feed per token', () => {
    expect(callerLimitOf('getUserConfig', routes.getUserConfig)).toEqual({ by: 'user' });
    expect(callerLimitOf('answerInvitationRequest', routes.answerInvitationRequest)).toEqual({ by: 'ip' });
    expect(callerLimitOf('getCalendarFeed', routes.getCalendarFeed)).toEqual({
      by: 'pathParameter',
      name: 'token',
    });
    const perIp = publicPerIpRoutes().map(([id]) => id);
    expect(perIp).toEqual(
      expect.arrayContaining([
        'answerInvitationRequest',
        'getInvitationRequest',
        'answerTaskInvitationRequest',
        'answerAttendeeInvitation',
      ]),
    );
    expect(perIp).not.toContain('getCalendarFeed');
    expect(perIp.every((id) => routes[id as keyof typeof routes].auth === 'public')).toBe(true);
  });

  it('read from a setting: off, or name=rate/burst over the defaults; anything else is refused', () => {
    expect(parseThrottleSetting(undefined)).toBe(THROTTLE_LIMITS);
    expect(parseThrottleSetting('off')).toBe(false);
    expect(parseThrottleSetting('perUser=2/3, publicPerIp=0.5/1')).toEqual({
      ...THROTTLE_LIMITS,
      perUser: { rate: 2, burst: 3 },
      publicPerIp: { rate: 0.5, burst: 1 },
    });
    for (const bad of ['perUser=2', 'nobody=1/1', 'perUser=0/3', 'perUser=1/0'])
      expect(() => parseThrottleSetting(bad)).toThrow(/Cannot read the throttle setting/);
  });

  it('answer 429 in the error shape', () => {
    expect(tooManyRequestsBody()).toEqual({
      detail: expect.stringMatching(/try again/),
      fallbackMessage: expect.stringMatching(/try again/),
      code: 'too-many-requests',
      errors: {},
    });
  });
});
