import { describe, expect, it } from 'vitest';
import { effectiveStatus, newTrial, normalisePackage, TRIAL_DAYS } from '../src/user/subscription.ts';

describe('subscription', () => {
  const start = new Date('2026-11-01T10:00:00Z');

  it('starts a new user on the active full 14-day trial', () => {
    const s = newTrial(start);
    expect(s.package).toBe('full_14_days_trial');
    expect(s.currentStatus).toBe('active');
    expect(TRIAL_DAYS).toBe(14);
    expect(Date.parse(s.endsAt!) - start.getTime()).toBe(14 * 24 * 3600 * 1000);
  });

  it('reads a trial as expired from the moment its 14 days are over', () => {
    const s = newTrial(start);
    expect(effectiveStatus(s, new Date('2026-11-15T09:59:59Z'))).toBe('active');
    expect(effectiveStatus(s, new Date('2026-11-15T10:00:00Z'))).toBe('expired');
  });

  it('keeps an operator-set status as it is', () => {
    const s = {
      ...newTrial(start),
      package: 'teams_license' as const,
      currentStatus: 'on-hold' as const,
      endsAt: null,
    };
    expect(effectiveStatus(s, new Date('2030-01-01'))).toBe('on-hold');
  });

  it('normalises package names to lowercase with underscores', () => {
    expect(normalisePackage('Teams License')).toBe('teams_license');
    expect(normalisePackage(' FULL-14-days trial ')).toBe('full_14_days_trial');
  });
});
