/**
 * A person's default settings, and stored settings with what they lack filled from them (config.ts
 * re-exports both): apart from the settings' schemas, so that the many routes that may make a new
 * user's record do not carry them (docs/decisions.md D81).
 */
import {
  defaultNotificationSettings,
  mergeNotificationSettings,
} from '../notifications/settings-defaults.ts';
import type { UserConfig } from './config.ts';
import { DEFAULT_COUNTRY } from './countries.ts';
import { DEFAULT_ROUTINE_TIMES } from './routine-times.ts';
import { DEFAULT_TIMEZONE } from './timezone.ts';

export const defaultUserConfig = (timezone: string = DEFAULT_TIMEZONE): UserConfig => ({
  timeFormatOption: 24,
  dateFormatOption: 'day_first',
  preferences: { selectedLevels: [], selectedGroups: [] },
  routineTimes: { ...DEFAULT_ROUTINE_TIMES },
  timezone,
  country: DEFAULT_COUNTRY,
  group: null,
  avatar: null,
  notifications: defaultNotificationSettings(),
});

/** Stored settings with what they lack (a setting added later) filled from the defaults. */
export const withConfigDefaults = (stored: Partial<UserConfig> & { timezone: string }): UserConfig => ({
  ...defaultUserConfig(stored.timezone),
  ...stored,
  notifications: mergeNotificationSettings(stored.notifications),
});
