/**
 * The preferences form against the stored settings: what to show, and the PATCH body holding only
 * what changed. Routine times are typed in the chosen 12/24-hour format and always sent as HH:mm
 * (spec 000 §5), with the shared parser deciding what is a time.
 */

import type { UpdateUserConfigInput, UserConfig } from '@tandem/shared/user/config';
import { formatTime, normaliseRoutineTime, type RoutineSlot } from '@tandem/shared/user/routine-times';

export const ROUTINE_SLOTS: readonly RoutineSlot[] = ['beginning', 'middle', 'end'];

export type TimeFormat = UserConfig['timeFormatOption'];
export type DateFormat = UserConfig['dateFormatOption'];

export interface PreferencesValues {
  timeFormat: TimeFormat;
  dateFormat: DateFormat;
  timezone: string;
  times: Record<RoutineSlot, string>;
}

export type PreferencesField = 'timeFormat' | 'dateFormat' | 'timezone' | RoutineSlot;

export function valuesFromConfig(c: UserConfig): PreferencesValues {
  return {
    timeFormat: c.timeFormatOption,
    dateFormat: c.dateFormatOption,
    timezone: c.timezone,
    times: {
      beginning: formatTime(c.routineTimes.beginning, c.timeFormatOption),
      middle: formatTime(c.routineTimes.middle, c.timeFormatOption),
      end: formatTime(c.routineTimes.end, c.timeFormatOption),
    },
  };
}

/** A typed time shown in `format`; text that is not a time is left as typed. */
export function displayTime(text: string, format: TimeFormat): string {
  const hhmm = normaliseRoutineTime(text);
  return hhmm === null ? text : formatTime(hhmm, format);
}

export type TimeAndDateValues = Omit<PreferencesValues, 'times'>;
export type RoutineTimesValues = PreferencesValues['times'];

/** The PATCH body of the "Time and date" form: only what changed. */
export function timeAndDateChanges(config: UserConfig, v: TimeAndDateValues): UpdateUserConfigInput {
  const patch: UpdateUserConfigInput = {};
  if (v.timeFormat !== config.timeFormatOption) patch.timeFormatOption = v.timeFormat;
  if (v.dateFormat !== config.dateFormatOption) patch.dateFormatOption = v.dateFormat;
  if (v.timezone !== config.timezone) patch.timezone = v.timezone;
  return patch;
}

/**
 * The PATCH body of the "Routine times" form: the changed times as HH:mm. The form checked each time
 * with the shared rule first, so a time it cannot read is never here.
 */
export function routineTimesChanges(config: UserConfig, times: RoutineTimesValues): UpdateUserConfigInput {
  const routineTimes: Partial<Record<RoutineSlot, string>> = {};
  for (const slot of ROUTINE_SLOTS) {
    const hhmm = normaliseRoutineTime(times[slot]);
    if (hhmm !== null && hhmm !== config.routineTimes[slot]) routineTimes[slot] = hhmm;
  }
  return Object.keys(routineTimes).length > 0 ? { routineTimes } : {};
}

/**
 * The routine times to show after the stored settings changed (saved here or elsewhere): a time the
 * person has changed and not saved stays, in the stored format; the others show what is stored.
 */
export function rebaseRoutineTimes(
  shown: RoutineTimesValues,
  shownBefore: RoutineTimesValues,
  config: UserConfig,
): RoutineTimesValues {
  const stored = valuesFromConfig(config).times;
  const out = { ...stored };
  for (const slot of ROUTINE_SLOTS)
    if (shown[slot] !== shownBefore[slot]) out[slot] = displayTime(shown[slot], config.timeFormatOption);
  return out;
}

/** Which form field a server error key ('routineTimes.beginning', camelCase after conversion) belongs to. */
export function fieldOfErrorKey(key: string): PreferencesField | null {
  const map: Record<string, PreferencesField> = {
    timeFormatOption: 'timeFormat',
    dateFormatOption: 'dateFormat',
    timezone: 'timezone',
    'routineTimes.beginning': 'beginning',
    'routineTimes.middle': 'middle',
    'routineTimes.end': 'end',
  };
  return map[key] ?? null;
}
