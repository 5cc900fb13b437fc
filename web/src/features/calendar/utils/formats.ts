/**
 * Dates and times in the user's settings (GET /user/config/): 24-hour HH:mm or 12-hour hh:mm a,
 * DD/MM/YYYY or MM/DD/YYYY (spec 000 §9). The same patterns feed react-big-calendar's Luxon
 * localizer, so the grid and the popups agree.
 */
import type { UserConfig } from '@tandem/shared/user/config';
import type { DateRange, Formats } from 'react-big-calendar';
import { DateTime } from '../../../lib/time/luxon.ts';

export interface UserFormats {
  time: string;
  /** Short time for the hour gutter. */
  hour: string;
  date: string;
  /** Day and month only, for column headers. */
  dayMonth: string;
}

export function userFormats(
  timeFormat: UserConfig['timeFormatOption'] = 24,
  dateOrder: UserConfig['dateFormatOption'] = 'day_first',
): UserFormats {
  const dayFirst = dateOrder !== 'month_first';
  return {
    time: timeFormat === 12 ? 'hh:mm a' : 'HH:mm',
    hour: timeFormat === 12 ? 'h a' : 'HH:mm',
    date: dayFirst ? 'dd/MM/yyyy' : 'MM/dd/yyyy',
    dayMonth: dayFirst ? 'dd/MM' : 'MM/dd',
  };
}

const fmt = (d: Date, pattern: string) => DateTime.fromJSDate(d).toFormat(pattern);

/** The popup's when: '21/11/2026, 09:00 – 10:30', or the day(s) alone for an all-day task. */
export function whenText(start: Date, end: Date, allDay: boolean, f: UserFormats): string {
  if (allDay) {
    // An all-day occurrence ends at midnight after its last day.
    const last = DateTime.fromJSDate(end).minus({ minutes: 1 }).toJSDate();
    const sameDay = DateTime.fromJSDate(start).hasSame(DateTime.fromJSDate(last), 'day');
    return sameDay ? fmt(start, f.date) : `${fmt(start, f.date)} – ${fmt(last, f.date)}`;
  }
  const sameDay = DateTime.fromJSDate(start).hasSame(DateTime.fromJSDate(end), 'day');
  return sameDay
    ? `${fmt(start, f.date)}, ${fmt(start, f.time)} – ${fmt(end, f.time)}`
    : `${fmt(start, f.date)}, ${fmt(start, f.time)} – ${fmt(end, f.date)}, ${fmt(end, f.time)}`;
}

/** react-big-calendar's formats (Luxon tokens) for the user's settings. */
/** `compact` (a phone): week columns are headed by the weekday's initial and the day ('S 22'). */
export function calendarFormats(f: UserFormats, compact = false): Formats {
  const range = ({ start, end }: DateRange) => `${fmt(start, f.time)} – ${fmt(end, f.time)}`;
  return {
    timeGutterFormat: f.hour,
    eventTimeRangeFormat: range,
    eventTimeRangeStartFormat: ({ start }: DateRange) => `${fmt(start, f.time)} –`,
    eventTimeRangeEndFormat: ({ end }: DateRange) => `– ${fmt(end, f.time)}`,
    selectRangeFormat: range,
    dayFormat: compact ? 'ccccc d' : `ccc ${f.dayMonth}`,
    dayHeaderFormat: `cccc ${f.date}`,
    dayRangeHeaderFormat: ({ start, end }: DateRange) => `${fmt(start, f.date)} – ${fmt(end, f.date)}`,
    monthHeaderFormat: 'LLLL yyyy',
    weekdayFormat: 'ccc',
    dateFormat: 'dd',
    agendaDateFormat: f.date,
    agendaTimeFormat: f.time,
    agendaTimeRangeFormat: range,
  };
}
