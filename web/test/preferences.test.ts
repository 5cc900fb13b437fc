import { defaultUserConfig } from '@tandem/shared/user/config';
import { describe, expect, it } from 'vitest';
import {
  displayTime,
  fieldOfErrorKey,
  rebaseRoutineTimes,
  routineTimesChanges,
  timeAndDateChanges,
  valuesFromConfig,
} from '../src/features/settings/utils/preferences.ts';

const config = defaultUserConfig('Europe/Berlin');

describe('preferences form', () => {
  it('shows routine times in the chosen format', () => {
    expect(valuesFromConfig(config).times).toEqual({ beginning: '03:00', middle: '11:00', end: '19:00' });
    expect(valuesFromConfig({ ...config, timeFormatOption: 12 }).times).toEqual({
      beginning: '03:00 AM',
      middle: '11:00 AM',
      end: '07:00 PM',
    });
    expect(displayTime('19:30', 12)).toBe('07:30 PM');
    expect(displayTime('7:30 pm', 24)).toBe('19:30');
    expect(displayTime('soon', 24)).toBe('soon');
  });

  it('each part sends nothing when nothing changed', () => {
    const v = valuesFromConfig(config);
    expect(timeAndDateChanges(config, v)).toEqual({});
    expect(routineTimesChanges(config, v.times)).toEqual({});
  });

  it('"Time and date" sends only its changed fields, never routine times', () => {
    const v = valuesFromConfig(config);
    expect(
      timeAndDateChanges(config, {
        ...v,
        timeFormat: 12,
        timezone: 'America/New_York',
        times: { ...v.times, end: '08:15 PM' },
      } as typeof v),
    ).toEqual({ timeFormatOption: 12, timezone: 'America/New_York' });
  });

  it('"Routine times" sends only the changed times, as HH:mm', () => {
    const v = valuesFromConfig(config);
    expect(routineTimesChanges(config, { ...v.times, end: '08:15 PM' })).toEqual({
      routineTimes: { end: '20:15' },
    });
  });

  it('keeps unsaved routine times when the stored settings change, in the new format', () => {
    const before = valuesFromConfig(config).times;
    const shown = { ...before, end: '21:30' };
    const saved12 = { ...config, timeFormatOption: 12 as const };
    expect(rebaseRoutineTimes(shown, before, saved12)).toEqual({
      beginning: '03:00 AM',
      middle: '11:00 AM',
      end: '09:30 PM',
    });
    // A time changed elsewhere and not touched here shows the stored one.
    const elsewhere = { ...config, routineTimes: { ...config.routineTimes, middle: '12:30' } };
    expect(rebaseRoutineTimes(shown, before, elsewhere)).toEqual({
      ...before,
      middle: '12:30',
      end: '21:30',
    });
  });

  it('places server errors on their fields', () => {
    expect(fieldOfErrorKey('routineTimes.beginning')).toBe('beginning');
    expect(fieldOfErrorKey('timezone')).toBe('timezone');
    expect(fieldOfErrorKey('timeFormatOption')).toBe('timeFormat');
    expect(fieldOfErrorKey('body')).toBeNull();
  });
});
