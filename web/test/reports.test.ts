import { csvFileName, templateReportCsv } from '@tandem/shared/reports/csv';
import type { TemplateReport } from '@tandem/shared/reports/reports';
import { describe, expect, it } from 'vitest';
import { isEmptySeries, seriesNames, seriesRows } from '../src/features/reports/utils/series.ts';
import en from '../src/i18n/locales/en_US/reports.json';

describe('report series as chart rows', () => {
  it('a row per axis key in the server order, a column per series', () => {
    const points = [
      { name: 'created', key: '11/2026', value: 3 },
      { name: 'completed', key: '11/2026', value: 2 },
      { name: 'created', key: '12/2026', value: 0 },
      { name: 'completed', key: '12/2026', value: 1 },
    ];
    expect(seriesRows(points)).toEqual([
      { key: '11/2026', created: 3, completed: 2 },
      { key: '12/2026', created: 0, completed: 1 },
    ]);
    expect(seriesNames(points)).toEqual(['created', 'completed']);
  });

  it("keeps a routine's done and due with its row for the tooltip", () => {
    expect(seriesRows([{ name: 'completion', key: '2026/11/23', value: 66.67, due: 3, done: 2 }])).toEqual([
      { key: '2026/11/23', completion: 66.67, due: 3, done: 2 },
    ]);
  });

  it('is empty when every value is 0 and nothing was due, not when a routine was due and missed', () => {
    expect(isEmptySeries([{ name: 'created', key: 'a', value: 0 }])).toBe(true);
    expect(isEmptySeries([{ name: 'completion', key: 'a', value: 0, due: 1, done: 0 }])).toBe(false);
  });
});

describe('the template report export', () => {
  const report: TemplateReport = {
    meta: { totalInstances: 3 },
    templateName: 'Daily: water / pool',
    fields: [
      { id: 'ph', label: 'pH', type: 'number', description: '', maxChar: 6, isRequired: false, options: '' },
      {
        id: 'note',
        label: 'Note',
        type: 'text',
        description: '',
        maxChar: 120,
        isRequired: false,
        options: '',
      },
      {
        id: 'kind',
        label: 'Kind',
        type: 'list',
        description: '',
        maxChar: 10,
        isRequired: false,
        options: 'salt|chlorine',
      },
    ],
    instances: [
      {
        instanceId: 'a',
        taskTitle: 'Pool',
        taskType: 'routine_instance',
        userName: 'Ana Li',
        actionDate: '2026/11/23',
        fieldValues: { ph: '7.26', note: 'ok, clear', kind: 'salt' },
      },
      {
        instanceId: 'b',
        taskTitle: 'Pool',
        taskType: 'routine_instance',
        userName: 'Bo',
        actionDate: '2026/11/24',
        fieldValues: { ph: '7', note: 'line1\nline2', kind: '' },
      },
      {
        instanceId: 'c',
        taskTitle: 'Pool "deep"',
        taskType: 'routine_instance',
        userName: 'Çelik',
        actionDate: '2026/11/25',
        fieldValues: {},
      },
    ],
  };

  it('is the file the spec names, UTF-8 with a BOM, RFC 4180 quoted, numbers with 1 decimal', () => {
    expect(csvFileName(report.templateName)).toBe('Daily water pool_data.csv');
    expect(templateReportCsv(report)).toBe(
      '\uFEFFTask,Type,User,Date,pH,Note,Kind\r\n' +
        'Pool,routine_instance,Ana Li,2026/11/23,7.3,"ok, clear",salt\r\n' +
        'Pool,routine_instance,Bo,2026/11/24,7.0,"line1\nline2",\r\n' +
        '"Pool ""deep""",routine_instance,Çelik,2026/11/25,,,\r\n',
    );
  });
});

describe('report texts', () => {
  it("say the spec's error message and name every type and period", () => {
    expect(en.loadFailed).toBe('An error occurred while fetching reports');
    expect(Object.keys(en.types)).toEqual(['task_overview', 'routine', 'task', 'trend', 'template']);
    expect(Object.keys(en.periods)).toEqual(['week', 'month', 'quarter', 'year', 'day', 'individual']);
  });
});
