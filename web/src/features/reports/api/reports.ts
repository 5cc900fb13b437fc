/**
 * GET /reporting/{reportType}/ (spec 002 §7; docs/api/reports.md). SWR keys start with 'reports'.
 * The answer's shape depends on the type: series for routine and trend, counts for task_overview, the
 * spec's shapes for task and template (spec 002 §3).
 */
import * as routes from '@tandem/shared/api/route-defs';
import type {
  ReportPeriod,
  ReportType,
  SeriesPoint,
  TaskOverviewReport,
  TaskReportPoint,
  TemplateReport,
} from '@tandem/shared/reports/reports';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export interface ReportRequest {
  type: ReportType;
  period: ReportPeriod;
  startDate?: string;
  endDate?: string;
  taskId?: string;
  templateTaskId?: string;
  groupIds?: string[];
}

export interface SeriesAnswer {
  reportType: 'routine' | 'trend';
  period: ReportPeriod;
  startDate: string;
  endDate: string;
  results: Array<SeriesPoint & { due?: number; done?: number }>;
}

export type ReportAnswer =
  | SeriesAnswer
  | TaskOverviewReport
  | { reportType: 'task'; results: TaskReportPoint[] }
  | (TemplateReport & { reportType?: 'template' });

export const reportKey = (r: ReportRequest) => ['reports', JSON.stringify(r)] as const;

export const getReport = (r: ReportRequest) =>
  api<ReportAnswer>(routes.getReport, {
    params: { reportType: r.type },
    query: {
      period: r.period,
      startDate: r.startDate || undefined,
      endDate: r.endDate || undefined,
      taskId: r.taskId || undefined,
      templateTaskId: r.templateTaskId || undefined,
      groupIds: r.groupIds?.length ? r.groupIds.join(',') : undefined,
    },
  });

/** The report, or nothing while `r` is null (a picker the type needs is still empty). */
export const useReport = (r: ReportRequest | null) =>
  useSWR(r ? reportKey(r) : null, () => getReport(r!), { keepPreviousData: true, shouldRetryOnError: false });
