import { describe, expect, it } from 'vitest';
import { messages } from '../src/api/errors.ts';
import { defaultUserConfig, updateUserConfigInput, userConfig } from '../src/user/config.ts';
import { isValidTimezone } from '../src/user/timezone.ts';

describe('user config input', () => {
  it('stores routine times as HH:mm whichever way they were written', () => {
    const r = updateUserConfigInput.parse({ routineTimes: { beginning: '6:15 am', end: '21:00' } });
    expect(r.routineTimes).toEqual({ beginning: '06:15', end: '21:00' });
  });

  it("refuses an unreadable routine time with 'Invalid time format'", () => {
    const r = updateUserConfigInput.safeParse({ routineTimes: { middle: '25:00' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(messages.invalidTimeFormat);
    expect(r.error?.issues[0]?.path).toEqual(['routineTimes', 'middle']);
  });

  it('accepts only 12 or 24 as the time format', () => {
    expect(updateUserConfigInput.safeParse({ timeFormatOption: 12 }).success).toBe(true);
    expect(updateUserConfigInput.safeParse({ timeFormatOption: 24 }).success).toBe(true);
    expect(updateUserConfigInput.safeParse({ timeFormatOption: 13 }).success).toBe(false);
    expect(updateUserConfigInput.safeParse({ timeFormatOption: '12' }).success).toBe(false);
  });

  it('accepts only day_first or month_first as the date format', () => {
    expect(updateUserConfigInput.safeParse({ dateFormatOption: 'month_first' }).success).toBe(true);
    expect(updateUserConfigInput.safeParse({ dateFormatOption: 'year_first' }).success).toBe(false);
  });

  it('accepts IANA zones and refuses unknown ones, offsets and abbreviations', () => {
    for (const z of [
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kolkata',
      'UTC',
      'America/Argentina/Buenos_Aires',
    ]) {
      expect(isValidTimezone(z), z).toBe(true);
      expect(updateUserConfigInput.safeParse({ timezone: z }).success).toBe(true);
    }
    for (const z of ['Mars/Olympus', 'EST5EDT-', '+02:00', 'GMT+2', '', 'Europe/']) {
      expect(isValidTimezone(z), z).toBe(false);
    }
    const r = updateUserConfigInput.safeParse({ timezone: 'Mars/Olympus' });
    expect(r.error?.issues[0]?.message).toBe(messages.invalidTimezone);
  });

  it('refuses unknown fields so a misspelt setting is never dropped silently', () => {
    expect(updateUserConfigInput.safeParse({ timeFormat: 12 }).success).toBe(false);
    expect(updateUserConfigInput.safeParse({ routineTimes: { morning: '07:00' } }).success).toBe(false);
  });

  it('starts every user with complete, valid defaults', () => {
    const d = defaultUserConfig('Europe/Paris');
    expect(userConfig.parse(d)).toEqual(d);
    expect(d).toMatchObject({
      timeFormatOption: 24,
      dateFormatOption: 'day_first',
      routineTimes: { beginning: '03:00', middle: '11:00', end: '19:00' },
      timezone: 'Europe/Paris',
    });
  });
});
