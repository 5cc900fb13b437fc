import { buildRecurRule } from '@tandem/shared/time/schedule';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseRule, recurrenceText, type TextFn } from '../src/features/calendar/utils/recurrence-text.ts';
import i18n from '../src/i18n/index.ts';

// The calendar's texts are a namespace loaded on first use (i18n/index.ts).
beforeAll(() => i18n.loadNamespaces('calendar'));

const t = i18n.getFixedT('en_US', 'calendar') as unknown as TextFn;
const ddmm = (d: Date) => DateTime.fromJSDate(d, { zone: 'utc' }).toFormat('dd/MM/yyyy');
const text = (rule: string | null) => recurrenceText(rule, t, ddmm);

describe('recurrence in words', () => {
  it('does not repeat without a rule', () => {
    expect(text(null)).toBeNull();
    expect(text('')).toBeNull();
    expect(text('garbage')).toBeNull();
  });

  it('daily', () => {
    expect(text('FREQ=DAILY;INTERVAL=1')).toBe('Every day');
    expect(text('FREQ=DAILY')).toBe('Every day');
    expect(text('FREQ=DAILY;INTERVAL=3')).toBe('Every 3 days');
  });

  it('weekly on days, in week order', () => {
    expect(text('FREQ=WEEKLY;INTERVAL=1;BYDAY=TH,MO')).toBe('Every week on Mon, Thu');
    expect(text('FREQ=WEEKLY;INTERVAL=2')).toBe('Every 2 weeks');
  });

  it('monthly on a day', () => {
    expect(text('FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15')).toBe('Every month on day 15');
    expect(text('FREQ=MONTHLY;INTERVAL=6')).toBe('Every 6 months');
  });

  it('until a date or a number of times', () => {
    expect(text('FREQ=DAILY;INTERVAL=1;UNTIL=20261231T235900Z')).toBe('Every day, until 31/12/2026');
    expect(text('FREQ=WEEKLY;INTERVAL=1;BYDAY=FR;COUNT=5')).toBe('Every week on Fri, 5 times');
    expect(text('FREQ=DAILY;COUNT=1')).toBe('Every day, once');
  });

  it('reads the RRULE: prefix and a DTSTART line', () => {
    expect(text('DTSTART:20261101T090000Z\nRRULE:FREQ=DAILY;INTERVAL=2')).toBe('Every 2 days');
  });

  it('reads what the schedule form writes', () => {
    const rule = buildRecurRule(
      {
        frequency: 'weekly',
        interval: 1,
        weekdays: ['MO', 'TH'],
        end: { kind: 'until', date: '2026-12-31' },
      },
      'UTC',
    );
    expect(text(rule)).toBe('Every week on Mon, Thu, until 31/12/2026');
    expect(parseRule(rule)?.weekdays).toEqual(['MO', 'TH']);
  });
});
