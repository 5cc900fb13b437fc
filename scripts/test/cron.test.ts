/** EventBridge cron as the local scheduler reads it: fields, the day-field rule, and next fire times (UTC). */
import { jobs } from '@tandem/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CronError, nextFireTime, parseCron } from '../src/local/gateway/cron.ts';
import { startJobs } from '../src/local/gateway/jobs.ts';

const next = (cron: string, after: string) =>
  nextFireTime(parseCron(cron), new Date(after))?.toISOString() ?? null;

describe('nextFireTime', () => {
  it.each([
    // cron, after, expected
    ['5 * * * ? *', '2026-11-21T10:04:30Z', '2026-11-21T10:05:00.000Z'],
    ['5 * * * ? *', '2026-11-21T10:05:00Z', '2026-11-21T11:05:00.000Z'],
    ['5 * * * ? *', '2026-12-31T23:59:00Z', '2027-01-01T00:05:00.000Z'],
    ['0/15 * * * ? *', '2026-11-21T10:16:00Z', '2026-11-21T10:30:00.000Z'],
    ['*/20 8-10 * * ? *', '2026-11-21T10:41:00Z', '2026-11-22T08:00:00.000Z'],
    ['0 6 * * ? *', '2026-11-21T06:00:00Z', '2026-11-22T06:00:00.000Z'],
    // 2026-11-21 is a Saturday; day-of-week counts from 1 = Sunday.
    ['0 9 ? * MON-FRI *', '2026-11-21T12:00:00Z', '2026-11-23T09:00:00.000Z'],
    ['0 9 ? * 1 *', '2026-11-21T12:00:00Z', '2026-11-22T09:00:00.000Z'],
    ['0 9 ? * 2,6 *', '2026-11-23T09:00:00Z', '2026-11-27T09:00:00.000Z'],
    ['30 2 1 JAN,JUL ? *', '2026-11-21T00:00:00Z', '2027-01-01T02:30:00.000Z'],
    ['0 0 29 2 ? *', '2026-03-01T00:00:00Z', '2028-02-29T00:00:00.000Z'],
    ['0 0 1 1 ? 2030-2031', '2026-11-21T00:00:00Z', '2030-01-01T00:00:00.000Z'],
    ['0 0 1 1 ? 2020', '2026-11-21T00:00:00Z', null],
    ['0 0 30 2 ? *', '2026-01-01T00:00:00Z', null],
  ])('%s after %s → %s', (cron, after, expected) => {
    expect(next(cron, after)).toBe(expected);
  });
});

describe('parseCron', () => {
  it.each([
    ['0 0 * * *', /6 fields/],
    ['0 0 * * * *', /exactly one of day-of-month and day-of-week/],
    ['0 0 ? * ? *', /exactly one of day-of-month and day-of-week/],
    ['? 0 * * ? *', /only allowed in the day fields/],
    ['0 0 L * ? *', /not supported/],
    ['0 0 ? * 2#1 *', /not supported/],
    ['60 0 * * ? *', /not a valid minutes/],
    ['0 0 ? * 0 *', /not a valid day-of-week/],
    ['0 10-2 * * ? *', /backwards/],
    ['0/0 0 * * ? *', /step/],
  ])('refuses %s', (cron, message) => {
    expect(() => parseCron(cron)).toThrow(CronError);
    expect(() => parseCron(cron)).toThrow(message);
  });

  it('reads every job of the manifest', () => {
    for (const job of Object.values(jobs)) expect(() => parseCron(job.cron)).not.toThrow();
  });
});

describe('startJobs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reports a job whose module does not exist once and schedules nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const scheduler = startJobs({
      missing: { handler: 'no-such-job', cron: '* * * * ? *', description: 'test' },
    });
    scheduler.stop();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('functions/src/jobs/no-such-job.ts');
  });
});
