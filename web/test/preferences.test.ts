import { defaultUserConfig } from '@tandem/shared/user/config';
import { describe, expect, it } from 'vitest';
import {
  displayTime,
  fieldOfErrorKey,
  preferencesChanges,
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

  it('sends nothing when nothing changed', () => {
    expect(preferencesChanges(config, valuesFromConfig(config))).toEqual({ ok: true, patch: {} });
  });

  it('sends only the changed fields, times as HH:mm', () => {
    const v = valuesFromConfig(config);
    const r = preferencesChanges(config, {
      ...v,
      timeFormat: 12,
      timezone: 'America/New_York',
      times: { ...v.times, end: '08:15 PM' },
    });
    expect(r).toEqual({
      ok: true,
      patch: { timeFormatOption: 12, timezone: 'America/New_York', routineTimes: { end: '20:15' } },
    });
  });

  it('refuses a time it cannot read, naming the field', () => {
    const v = valuesFromConfig(config);
    expect(preferencesChanges(config, { ...v, times: { ...v.times, middle: '25:00' } })).toEqual({
      ok: false,
      invalidTimes: ['middle'],
    });
  });

  it('places server errors on their fields', () => {
    expect(fieldOfErrorKey('routineTimes.beginning')).toBe('beginning');
    expect(fieldOfErrorKey('timezone')).toBe('timezone');
    expect(fieldOfErrorKey('timeFormatOption')).toBe('timeFormat');
    expect(fieldOfErrorKey('body')).toBeNull();
  });
});
