import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, taskListCsv, templateReportCsv, toCsv } from '../src/reports/csv.ts';
import {
  addDays,
  addMonths,
  axisLabel,
  bucketStart,
  bucketsOf,
  completionPercent,
  localDay,
  MAX_RANGE_DAYS,
  REPORT_MESSAGES,
  reportQuery,
  reportRange,
  roundTo,
  sumByBucket,
  type TemplateReport,
  templateNumber,
  wholeMonthsOf,
} from '../src/reports/reports.ts';

const dayArb = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2080-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('period buckets', () => {
  it('agree with Luxon for every period (weeks from Monday)', () => {
    fc.assert(
      fc.property(dayArb, (day) => {
        const d = DateTime.fromISO(day, { zone: 'utc' });
        expect(bucketStart(day, 'day')).toBe(day);
        expect(bucketStart(day, 'week')).toBe(d.startOf('week').toISODate());
        expect(bucketStart(day, 'month')).toBe(d.startOf('month').toISODate());
        expect(bucketStart(day, 'quarter')).toBe(d.startOf('quarter').toISODate());
        expect(bucketStart(day, 'year')).toBe(d.startOf('year').toISODate());
      }),
    );
  });

  it('cover a range without holes, each bucket once, in order', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 800 }), (start, n) => {
        const end = addDays(start, n);
        for (const period of ['week', 'month', 'quarter'] as const) {
          const b = bucketsOf(start, end, period);
          expect(b[0]).toBe(bucketStart(start, period));
          expect(b.at(-1)).toBe(bucketStart(end, period));
          expect(new Set(b).size).toBe(b.length);
          expect([...b].sort()).toEqual(b);
        }
        expect(bucketsOf(start, end, 'day')).toHaveLength(n + 1);
      }),
    );
  });

  it('a leap day and a year end', () => {
    expect(bucketsOf('2024-02-27', '2024-03-01', 'day')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(bucketStart('2027-01-01', 'week')).toBe('2026-12-28');
    expect(bucketsOf('2026-11-15', '2027-02-01', 'quarter')).toEqual(['2026-10-01', '2027-01-01']);
  });
});

describe('whole months inside a range (the month rollups)', () => {
  it('days before, whole months and days after cover the range exactly, each day once', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 800 }), (start, n) => {
        const end = addDays(start, n);
        const w = wholeMonthsOf({ startDate: start, endDate: end });
        const all = bucketsOf(start, end, 'day');
        if (!w) {
          // No month fits whole inside the range.
          const fits = (m: string) => m >= start && addDays(addMonths(m, 1), -1) <= end;
          expect(bucketsOf(start, end, 'month').some(fits)).toBe(false);
          return;
        }
        const covered = [
          ...all.filter((d) => d < w.first),
          ...bucketsOf(w.first, w.last, 'month').flatMap((m) =>
            bucketsOf(m, addDays(addMonths(m, 1), -1), 'day'),
          ),
          ...all.filter((d) => d > w.lastDay),
        ];
        expect(covered).toEqual(all);
        expect(w.first.endsWith('-01') && w.last.endsWith('-01')).toBe(true);
        expect(addDays(w.lastDay, 1).endsWith('-01')).toBe(true);
      }),
    );
  });

  it('examples', () => {
    expect(wholeMonthsOf({ startDate: '2026-10-26', endDate: '2026-11-26' })).toBeNull();
    expect(wholeMonthsOf({ startDate: '2026-11-01', endDate: '2026-11-30' })).toEqual({
      first: '2026-11-01',
      last: '2026-11-01',
      lastDay: '2026-11-30',
    });
    expect(wholeMonthsOf({ startDate: '2016-11-27', endDate: '2026-11-26' })).toEqual({
      first: '2016-12-01',
      last: '2026-10-01',
      lastDay: '2026-10-31',
    });
  });
});

describe('local days in a zone', () => {
  it('match Luxon in zones east and west of UTC, across DST changes', () => {
    const zones = ['Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata', 'Europe/Berlin', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(localDay(ms, zone)).toBe(DateTime.fromMillis(ms, { zone }).toISODate());
        },
      ),
    );
  });

  it('the same instant is two different days on either side of the date line', () => {
    const instant = '2026-11-26T02:00:00Z';
    expect(localDay(instant, 'Pacific/Auckland')).toBe('2026-11-26');
    expect(localDay(instant, 'America/Los_Angeles')).toBe('2026-11-25');
  });
});

describe('axis labels (spec 002 §9)', () => {
  it('week and day YYYY/MM/DD, month and quarter MM/YYYY, year YYYY', () => {
    expect(axisLabel('2026-11-23', 'week')).toBe('2026/11/23');
    expect(axisLabel('2026-11-26', 'day')).toBe('2026/11/26');
    expect(axisLabel('2026-11-26', 'individual')).toBe('2026/11/26');
    expect(axisLabel('2026-11-01', 'month')).toBe('11/2026');
    expect(axisLabel('2026-10-01', 'quarter')).toBe('10/2026');
    expect(axisLabel('2026-01-01', 'year')).toBe('2026');
  });
});

describe('rounding (spec 002 §9)', () => {
  it('routine percentage to 2 decimals, half away from zero', () => {
    expect(completionPercent(1, 3)).toBe(33.33);
    expect(completionPercent(2, 3)).toBe(66.67);
    expect(completionPercent(0, 0)).toBe(0);
    expect(completionPercent(7, 7)).toBe(100);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.5, 0)).toBe(-3);
  });

  it('the percentage is within 0..100 and within half a hundredth of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(), (due, d) => {
        const done = d % (due + 1);
        const p = completionPercent(done, due);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        expect(Math.abs(p - (100 * done) / due)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });

  it('template numbers with 1 decimal', () => {
    expect(templateNumber(12)).toBe('12.0');
    expect(templateNumber(0.25)).toBe('0.3');
    expect(templateNumber(-1.25)).toBe('-1.3');
  });
});

describe('the query and its range', () => {
  const today = '2026-11-26';
  const parse = (q: Record<string, string>) => reportQuery.parse(q);

  it('defaults to one month back to today by month', () => {
    const q = parse({});
    expect(q.period).toBe('month');
    expect(reportRange('trend', q, today)).toEqual({ startDate: '2026-10-26', endDate: today });
  });

  it('refuses dates that are not days, and unknown periods', () => {
    expect(reportQuery.safeParse({ startDate: '2026-02-30' }).success).toBe(false);
    expect(reportQuery.safeParse({ endDate: '26/11/2026' }).success).toBe(false);
    expect(reportQuery.safeParse({ period: 'decade' }).success).toBe(false);
  });

  it('bounds a 10-year range by day, and allows it by month', () => {
    const q = parse({ period: 'day', startDate: '2016-11-26', endDate: today });
    expect(reportRange('routine', q, today)).toEqual({
      field: 'start_date',
      message: REPORT_MESSAGES.tooLong('day'),
    });
    const longest = parse({
      period: 'day',
      startDate: addDays(today, 1 - MAX_RANGE_DAYS.day),
      endDate: today,
    });
    expect(reportRange('routine', longest, today)).toHaveProperty('startDate');
    const monthly = parse({ period: 'month', startDate: '2016-11-27', endDate: today });
    expect(reportRange('routine', monthly, today)).toHaveProperty('startDate', '2016-11-27');
  });

  it('refuses an end before the start', () => {
    const q = parse({ startDate: '2026-11-20', endDate: '2026-11-01' });
    expect(reportRange('trend', q, today)).toEqual({
      field: 'end_date',
      message: REPORT_MESSAGES.endBeforeStart,
    });
  });

  it('the template report may not reach into the future (spec 002 §5); the others may', () => {
    const q = parse({ startDate: '2026-11-01', endDate: '2026-11-27' });
    expect(reportRange('template', q, today)).toEqual({ field: 'end_date', message: REPORT_MESSAGES.future });
    expect(reportRange('routine', q, today)).toHaveProperty('endDate', '2026-11-27');
  });

  it('reads group ids as a list, without repeats, at most 20', () => {
    expect(parse({ groupIds: 'a,b,,a' }).groupIds).toEqual(['a', 'b']);
    const many = Array.from({ length: 21 }, (_, i) => `g${i}`).join(',');
    expect(reportQuery.safeParse({ groupIds: many }).success).toBe(false);
  });
});

describe('sums by bucket', () => {
  it('every bucket of the range, empty ones 0, days outside ignored', () => {
    const r = sumByBucket(
      [
        { day: '2026-09-30', due: 9, done: 9 },
        { day: '2026-10-02', due: 1, done: 1 },
        { day: '2026-10-31', due: 1 },
        { day: '2026-12-01', due: 1, done: 1 },
      ],
      ['due', 'done'],
      { startDate: '2026-10-01', endDate: '2026-12-31' },
      'month',
    );
    expect(r).toEqual([
      { start: '2026-10-01', due: 2, done: 1 },
      { start: '2026-11-01', due: 0, done: 0 },
      { start: '2026-12-01', due: 1, done: 1 },
    ]);
  });
});

describe('CSV (RFC 4180, UTF-8 with a BOM)', () => {
  it('quotes what must be quoted and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(3.5)).toBe('3.5');
  });

  it('does not let a cell run as a formula, but keeps negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-3.5')).toBe('-3.5');
    expect(csvField(-2)).toBe('-2');
  });

  it('starts with a BOM and ends each record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['ç', 1],
      ]),
    ).toBe('\uFEFFa,b\r\nç,1\r\n');
  });

  it('reads back to the same cells with an RFC 4180 reader', () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0]!.length;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          expect(parseCsv(toCsv(table))).toEqual(table);
        },
      ),
    );
  });

  it('names the file from the template name (spec 002 §9)', () => {
    expect(csvFileName('Daily check')).toBe('Daily check_data.csv');
    expect(csvFileName('a/b:c*?')).toBe('a b c_data.csv');
    expect(csvFileName('   ')).toBe('template_data.csv');
    expect(csvFileName('..hidden')).toBe('hidden_data.csv');
  });
});

describe('the template report as CSV', () => {
  const sample: TemplateReport = {
    meta: { totalInstances: 2 },
    templateName: 'Water test',
    fields: [
      { id: 'f1', label: 'pH', type: 'number', description: '', maxChar: 6, isRequired: false, options: '' },
      {
        id: 'f2',
        label: 'Note, if any',
        type: 'text',
        description: '',
        maxChar: 120,
        isRequired: false,
        options: '',
      },
    ],
    instances: [
      {
        instanceId: 'i1',
        taskTitle: 'Pool',
        taskType: 'routine_instance',
        userName: 'Ana',
        actionDate: '2026-11-24',
        fieldValues: { f1: '7.25', f2: 'clear "blue"' },
      },
      {
        instanceId: 'i2',
        taskTitle: 'Pool',
        taskType: 'routine_instance',
        userName: 'Bo',
        actionDate: '2026-11-25',
        fieldValues: { f1: '7', f2: '' },
      },
    ],
  };

  it('has the columns, the field labels and the values with 1 decimal', () => {
    expect(parseCsv(templateReportCsv(sample))).toEqual([
      ['Task', 'Type', 'User', 'Date', 'pH', 'Note, if any'],
      ['Pool', 'routine_instance', 'Ana', '2026-11-24', '7.3', 'clear "blue"'],
      ['Pool', 'routine_instance', 'Bo', '2026-11-25', '7.0', ''],
    ]);
  });
});

describe('a task list as CSV', () => {
  it('one row per task with its status, priority group, group, dates and people', () => {
    const task = {
      id: 't1',
      title: 'Call "Bo", then =SUM',
      status: { title: 'Completed' },
      priorityGroup: { id: 0 },
      group: { title: 'Home, garden' },
      dueAt: '2026-11-30T10:00:00Z',
      completionAt: null,
      createdAt: '2026-11-26T08:00:00Z',
      user: { name: 'Ana Li' },
      taskAssignees: [
        { assigneeName: 'Bo', email: 'bo@example.com' },
        { assigneeName: '', email: 'cy@example.com' },
      ],
    };
    expect(parseCsv(taskListCsv([task], (id) => (id === 0 ? 'Today' : String(id))))).toEqual([
      [
        'Title',
        'Status',
        'Priority group',
        'Group',
        'Due',
        'Completed',
        'Created',
        'Created by',
        'Assignees',
        'Id',
      ],
      [
        'Call "Bo", then =SUM',
        'Completed',
        'Today',
        'Home, garden',
        '2026-11-30T10:00:00Z',
        '',
        '2026-11-26T08:00:00Z',
        'Ana Li',
        'Bo; cy@example.com',
        't1',
      ],
    ]);
  });
});

/** A strict RFC 4180 reader for the tests: BOM, quoted fields, CRLF records. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const s = text.slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < s.length) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
      } else {
        field += c;
        i++;
      }
    } else if (c === '"') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && s[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      field += c;
      i++;
    }
  }
  expect(row).toEqual([]);
  return rows;
}
