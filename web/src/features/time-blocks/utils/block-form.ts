/**
 * The time-block form's values and the POST/PATCH body they make (spec 001 §3 Time block). The
 * start is a wall-clock time in the block's zone. Pure.
 */
import type { TimeBlockView } from '@tandem/shared/time/views';
import { DateTime } from '../../../lib/time/luxon.ts';
import { type Repeat, repeatFromRule, ruleForRepeat } from './repeat.ts';

export interface BlockFormValues {
  /** 'YYYY-MM-DDTHH:mm' in `timezone`. */
  start: string;
  duration: number;
  repeat: Repeat;
  timezone: string;
  target: 'group' | 'category';
  group: string;
  category: string;
}

export const emptyBlockForm = (zone: string, now = new Date(), group = ''): BlockFormValues => ({
  start: DateTime.fromJSDate(now)
    .setZone(zone)
    .plus({ hours: 1 })
    .startOf('hour')
    .toFormat("yyyy-MM-dd'T'HH:mm"),
  duration: 60,
  repeat: 'weekdays',
  timezone: zone,
  target: 'group',
  group,
  category: '',
});

export const formFromBlock = (b: TimeBlockView): BlockFormValues => ({
  start: DateTime.fromISO(b.startDate, { zone: b.timezone }).toFormat("yyyy-MM-dd'T'HH:mm"),
  duration: b.duration,
  repeat: repeatFromRule(b.recurRule),
  timezone: b.timezone,
  target: b.groupCategory ? 'category' : 'group',
  group: b.group ?? '',
  category: b.groupCategory ?? '',
});

export function blockBody(v: BlockFormValues) {
  return {
    startDate: DateTime.fromISO(v.start, { zone: v.timezone }).toUTC().toISO({ suppressMilliseconds: true })!,
    endDate: null,
    exDate: [] as string[],
    rDate: [] as string[],
    recurRule: ruleForRepeat(v.repeat),
    duration: v.duration,
    timezone: v.timezone,
    group: v.target === 'group' ? v.group : null,
    groupCategory: v.target === 'category' ? v.category : null,
  };
}
