/**
 * Task import from CSV (issue 14 item 7): the format told from the header, our export's columns and
 * Todoist's (priority scale, INDENT → parents, sections, notes, dates), per-row errors with the
 * create schema's messages, and the file-level refusals (size, 100,000 rows, broken quote).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  IMPORT_MESSAGES,
  ImportFileError,
  type ImportRow,
  previewImport,
  readDate,
  validateImportRows,
} from '../src/import/import.ts';
import { taskListCsv } from '../src/reports/csv.ts';
import { TASK_FLAG } from '../src/tasks/constants.ts';

const TODOIST_HEAD = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE';
const zone = 'Europe/Berlin';

describe('detectFormat', () => {
  it('tells Todoist, ours and neither apart', () => {
    expect(detectFormat(TODOIST_HEAD.split(','))).toBe('todoist');
    expect(detectFormat(['Title', 'Status'])).toBe('tandem');
    expect(detectFormat([' title '])).toBe('tandem');
    expect(detectFormat(['Name', 'When'])).toBeNull();
  });
});

describe('our own export read back', () => {
  it('takes a task list exported by taskListCsv', () => {
    const csv = taskListCsv(
      [
        {
          id: 't1',
          title: '=SUM(A1)',
          status: { title: 'Active' },
          priorityGroup: { id: 1 },
          group: { title: 'Home' },
          dueAt: '2026-12-01T22:59:00.000Z',
          completionAt: null,
          createdAt: '2026-11-01T10:00:00.000Z',
          user: { name: 'Ann' },
          taskAssignees: [{ assigneeName: 'Ann', email: 'a@x.test' }],
        },
      ],
      (id) => ['Today', 'Next', 'Later', 'Future'][id] ?? '',
    );
    const p = previewImport(csv, { zone });
    expect(p.format).toBe('tandem');
    expect(p.errors).toEqual([]);
    expect(p.rows).toEqual([
      {
        line: 2,
        title: '=SUM(A1)',
        description: '',
        flag: TASK_FLAG.normal,
        status: 2,
        priorityGroup: 1,
        dueAt: '2026-12-01T22:59:00.000Z',
        parent: null,
      },
    ]);
  });

  it('answers an error per faulty cell, naming the line and the column as written', () => {
    const p = previewImport(
      'Title,Status,Priority group,Due\nok,,,\n,Paused,Issues,soon\nx,Completed,Next,\n',
      { zone },
    );
    expect(p.rows).toHaveLength(3);
    expect(p.errors).toEqual([
      { row: 3, column: 'Priority group', message: IMPORT_MESSAGES.priorityGroup },
      { row: 3, column: 'Due', message: IMPORT_MESSAGES.date },
      { row: 3, column: 'Title', message: 'Give the task a name.' },
      { row: 4, column: 'Status', message: IMPORT_MESSAGES.done },
    ]);
  });

  it('refuses a title past the create schema’s limit with its message', () => {
    const p = previewImport(`Title\n${'a'.repeat(501)}\n`, { zone });
    expect(p.errors).toEqual([{ row: 2, column: 'Title', message: 'A title has at most 500 characters.' }]);
  });
});

describe('Todoist', () => {
  it('maps priorities (1 is p1, the highest), INDENT to parents, sections and notes', () => {
    const csv = [
      TODOIST_HEAD,
      'meta,view_style=list,,,,,,,,',
      'task,Plan trip,Where to,1,1,Ann (1),,2026-12-24,en,Europe/Berlin',
      'note,Book early,,,,,,,,',
      'task,Flights,,2,2,Ann (1),,,,',
      'task,Compare prices,,3,3,Ann (1),,,,',
      'task,Hotel,,4,2,Ann (1),,,,',
      'section,Work,,,,,,,,',
      ',,,,,,,,,',
      'task,Report,,,1,Ann (1),,2026-12-01 09:30,en,America/New_York',
    ].join('\r\n');
    const p = previewImport(csv, { zone: 'UTC' });
    expect(p.format).toBe('todoist');
    expect(p.errors).toEqual([]);
    expect(p.rows.map((r) => [r.title, r.parent, r.priorityGroup, r.flag])).toEqual([
      ['Plan trip', null, 0, TASK_FLAG.urgent],
      ['Flights', 0, 0, TASK_FLAG.normal],
      ['Compare prices', 1, 1, TASK_FLAG.normal],
      ['Hotel', 0, 2, TASK_FLAG.normal],
      ['Report', null, 2, TASK_FLAG.normal],
    ]);
    expect(p.rows[0]!.description).toBe('Where to\n\nBook early');
    // A day is its end in the row's zone; a time is read in it.
    expect(p.rows[0]!.dueAt).toBe('2026-12-24T22:59:00.000Z');
    expect(p.rows[4]!.dueAt).toBe('2026-12-01T14:30:00.000Z');
  });

  it('answers errors for a bad date, an indent under nothing, a bad type and priority', () => {
    const csv = [
      TODOIST_HEAD,
      'task,A,,1,2,,,,,',
      'task,B,,9,1,,,every day,en,',
      'task,C,,1,1,,,,,Mars/Base',
      'label,D,,1,1,,,,,',
    ].join('\n');
    const p = previewImport(csv, { zone });
    expect(p.errors).toEqual([
      { row: 2, column: 'INDENT', message: IMPORT_MESSAGES.indentGap },
      { row: 3, column: 'PRIORITY', message: IMPORT_MESSAGES.todoistPriority },
      { row: 3, column: 'DATE', message: IMPORT_MESSAGES.date },
      { row: 4, column: 'TIMEZONE', message: IMPORT_MESSAGES.timezone },
      { row: 5, column: 'TYPE', message: IMPORT_MESSAGES.type },
    ]);
  });

  it('INDENT gives every task a parent that is an earlier task one level up (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 40 }), (indents) => {
        const csv = [TODOIST_HEAD, ...indents.map((d, i) => `task,T${i},,4,${d},,,,,`)].join('\n');
        const p = previewImport(csv, { zone });
        const depth: number[] = [];
        p.rows.forEach((r, i) => {
          const bad = p.errors.some((e) => e.row === r.line);
          if (bad) return;
          if (r.parent === null) depth[i] = 1;
          else {
            expect(r.parent).toBeLessThan(i);
            depth[i] = depth[r.parent]! + 1;
          }
          expect(depth[i]).toBe(indents[i]);
        });
        expect(validateImportRows(p.rows).filter((e) => e.column === 'parent')).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the file as a whole', () => {
  const refuse = (text: string) => {
    try {
      previewImport(text, { zone });
    } catch (e) {
      expect(e).toBeInstanceOf(ImportFileError);
      return e as ImportFileError;
    }
    throw new Error('accepted');
  };

  it('refuses 100,000 rows at once, having read only the first 5,001', () => {
    const e = refuse(`Title\n${'x\n'.repeat(100_000)}`);
    expect(e.message).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(e.line).toBe(5002);
    expect(previewImport(`Title\n${'x\n'.repeat(5000)}`, { zone }).rows).toHaveLength(5000);
  });

  it('refuses a broken quote naming its line, a file past 2 MB, unknown columns, no rows', () => {
    expect(refuse('Title\nok\n"broken\nrest\n').message).toMatch(/^Line 3: a quoted field is never closed/);
    expect(refuse(`Title\n${'x'.repeat(2 * 1024 * 1024)}`).message).toBe(IMPORT_MESSAGES.tooLarge);
    expect(refuse('Name,When\na,b\n').message).toBe(IMPORT_MESSAGES.unknownFormat);
    expect(refuse('Title\n').message).toBe(IMPORT_MESSAGES.noRows);
    expect(refuse('').message).toBe(IMPORT_MESSAGES.emptyFile);
    // A format asked for that the header is not in.
    expect(() => previewImport('Title\nx\n', { zone, format: 'todoist' })).toThrow(
      IMPORT_MESSAGES.unknownFormat,
    );
  });
});

describe('readDate', () => {
  it('reads days, day-times, ISO instants and English days; refuses the rest', () => {
    expect(readDate('', zone)).toBeNull();
    expect(readDate('2026-03-29', zone)).toBe('2026-03-29T21:59:00.000Z');
    expect(readDate('2026-03-29T08:00', zone)).toBe('2026-03-29T06:00:00.000Z');
    expect(readDate('2026-03-29T08:00:00+02:00', zone)).toBe('2026-03-29T06:00:00.000Z');
    expect(readDate('Mar 29 2026', zone)).toBe('2026-03-29T21:59:00.000Z');
    expect(readDate('29 March 2026', zone)).toBe('2026-03-29T21:59:00.000Z');
    expect(readDate('March 29, 2026', zone)).toBe('2026-03-29T21:59:00.000Z');
    expect(readDate('mar 29 2026', zone)).toBe('2026-03-29T21:59:00.000Z');
    expect(readDate('2026-03-29 08:00:30.5', zone)).toBe('2026-03-29T06:00:30.500Z');
    expect(readDate('2026-03-29T08:00:00+0200', zone)).toBe('2026-03-29T06:00:00.000Z');
    expect(readDate('2026-03-29T06:00:00Z', zone)).toBe('2026-03-29T06:00:00.000Z');
    // 02:30 does not happen in that zone that night (the clocks go forward): it moves on by the gap.
    expect(readDate('2026-03-29T02:30', zone)).toBe('2026-03-29T01:30:00.000Z');
    for (const bad of [
      'tomorrow',
      'every day',
      '2026-02-30',
      '31/12/2026',
      '2026-02-30T10:00',
      '2026-02-30T10:00:00Z',
      '2026-03-29T24:00',
      'Foo 29 2026',
      'Feb 30 2026',
    ])
      expect(readDate(bad, zone)).toBeUndefined();
  });
});

describe('validateImportRows (what the import call checks again)', () => {
  const row = (over: Partial<ImportRow> = {}): ImportRow => ({
    line: 2,
    title: 'A',
    description: '',
    flag: 3,
    status: 1,
    priorityGroup: 0,
    dueAt: null,
    parent: null,
    ...over,
  });

  it('checks each row with the create schema and parents against earlier rows', () => {
    expect(validateImportRows([row()])).toEqual([]);
    expect(validateImportRows([row({ priorityGroup: 8 })])).toEqual([
      { row: 2, column: 'priorityGroup', message: IMPORT_MESSAGES.priorityGroup },
    ]);
    expect(
      validateImportRows([
        row({ status: 4 }),
        row({ line: 3, priorityGroup: 6, parent: 1 }),
        row({ line: 4, dueAt: 'soon', flag: 2 }),
      ]),
    ).toEqual([
      { row: 2, column: 'status', message: 'A new task cannot be created as Done.' },
      { row: 3, column: 'priorityGroup', message: 'Choose Today, Next, Later or Future.' },
      { row: 3, column: 'parent', message: IMPORT_MESSAGES.parent },
      { row: 4, column: 'flag', message: 'Flag must be 1 (urgent) or 3 (normal).' },
      { row: 4, column: 'dueAt', message: 'Give a date and time in ISO 8601.' },
    ]);
  });
});
