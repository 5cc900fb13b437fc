/**
 * /reports (spec 002 §2): a report type, a period, a date range and — as the type needs — a routine,
 * a task, a template task or groups; the report as a chart on a time axis by period, with its numbers
 * as a table, or the overview's counts, or the template report's table with its CSV export. The
 * choices live in the address, so a report can be opened again or shared.
 */
import '../i18n.ts';
import {
  Alert,
  Card,
  Group,
  Loader,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  addMonths,
  DEFAULT_REPORT_PERIOD,
  DEFAULT_REPORT_TYPE,
  localDay,
  REPORT_PERIODS,
  REPORT_TYPES,
  type ReportType,
  type TaskOverviewReport,
  type TemplateReport as TemplateReportShape,
} from '@tandem/shared/reports/reports';
import { useTranslation } from 'react-i18next';
import { useSearchParamsPatch } from '../../../lib/search-params.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { useRoutineDefinitions } from '../../routines/api/routines.ts';
import { useTasks } from '../../tasks/api/tasks.ts';
import { type ReportAnswer, type ReportRequest, type SeriesAnswer, useReport } from '../api/reports.ts';
import { Overview } from '../components/overview.tsx';
import { SeriesChart } from '../components/series-chart.tsx';
import { SeriesTable } from '../components/series-table.tsx';
import { TaskReport } from '../components/task-report.tsx';
import { TemplateReport } from '../components/template-report.tsx';
import { isEmptySeries } from '../utils/series.ts';

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

/** Which picker each type needs (spec 002 §7: routine taskId; task taskId; template templateTaskId). */
const NEEDS = {
  task_overview: { period: false, range: false },
  routine: { period: true, range: true },
  task: { period: true, range: true },
  trend: { period: true, range: true },
  template: { period: false, range: true },
} as const satisfies Record<ReportType, { period: boolean; range: boolean }>;

export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const [params, set] = useSearchParamsPatch();
  const type = oneOf(REPORT_TYPES, params.get('type'), DEFAULT_REPORT_TYPE);
  const period = oneOf(REPORT_PERIODS, params.get('period'), DEFAULT_REPORT_PERIOD);
  const { data: config } = useUserConfig();
  // Today in the person's zone, as the server reckons it (the template report may not go past it).
  const today = localDay(Date.now(), config?.timezone || browserZone());
  const endDate = params.get('end') ?? today;
  const startDate = params.get('start') ?? addMonths(endDate, -1);
  const taskId = params.get('task') ?? '';
  const templateTaskId = params.get('template') ?? '';
  const groupIds = params.get('groups')?.split(',').filter(Boolean) ?? [];

  const routines = useRoutineDefinitions();
  const tasks = useTasks({ size: 100 }, undefined, type === 'task');
  const templates = useTasks({ size: 100, mode: 'template' }, undefined, type === 'template');
  const groups = useGroups();

  const future = type === 'template' && endDate > today;
  const missing =
    (type === 'routine' && !taskId) ||
    (type === 'task' && !taskId) ||
    (type === 'template' && !templateTaskId);
  const request: ReportRequest | null =
    missing || future
      ? null
      : {
          type,
          period,
          ...(NEEDS[type].range ? { startDate, endDate } : {}),
          ...(type === 'routine' || type === 'task' ? { taskId } : {}),
          ...(type === 'template' ? { templateTaskId } : {}),
          ...(type === 'trend' && groupIds.length ? { groupIds } : {}),
        };
  const { data, error, isLoading } = useReport(request);

  const taskOptions = (list: Array<{ id: string; title: string }> | undefined) =>
    (list ?? []).map((x) => ({ value: x.id, label: x.title }));

  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <Card withBorder padding="sm">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <Select
            label={t('type')}
            data={REPORT_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            value={type}
            onChange={(v) => set({ type: v })}
            allowDeselect={false}
            w={180}
          />
          {NEEDS[type].period && (
            <Select
              label={t('period')}
              data={REPORT_PERIODS.map((v) => ({ value: v, label: t(`periods.${v}`) }))}
              value={period}
              onChange={(v) => set({ period: v })}
              allowDeselect={false}
              w={170}
            />
          )}
          {NEEDS[type].range && (
            <>
              <TextInput
                type="date"
                label={t('startDate')}
                value={startDate}
                max={endDate}
                onChange={(e) => set({ start: e.currentTarget.value || null })}
              />
              <TextInput
                type="date"
                label={t('endDate')}
                value={endDate}
                min={startDate}
                max={type === 'template' ? today : undefined}
                onChange={(e) => set({ end: e.currentTarget.value || null })}
                error={future ? t('future') : undefined}
              />
            </>
          )}
          {type === 'routine' && (
            <Select
              label={t('routine')}
              placeholder={t('chooseRoutine')}
              data={taskOptions(routines.data?.results)}
              value={taskId || null}
              onChange={(v) => set({ task: v })}
              searchable
              nothingFoundMessage={t('noRoutines')}
              w={240}
            />
          )}
          {type === 'task' && (
            <Select
              label={t('task')}
              placeholder={t('chooseTask')}
              data={taskOptions(tasks.data?.results)}
              value={taskId || null}
              onChange={(v) => set({ task: v })}
              searchable
              w={240}
            />
          )}
          {type === 'template' && (
            <Select
              label={t('templateTask')}
              placeholder={t('chooseTemplate')}
              data={taskOptions(templates.data?.results)}
              value={templateTaskId || null}
              onChange={(v) => set({ template: v })}
              searchable
              w={240}
            />
          )}
          {type === 'trend' && (
            <MultiSelect
              label={t('groups')}
              placeholder={groupIds.length ? undefined : t('allMine')}
              data={(groups.data?.results ?? []).map((g) => ({ value: g.id, label: g.title }))}
              value={groupIds}
              onChange={(v) => set({ groups: v.join(',') || null })}
              searchable
              clearable
              w={280}
            />
          )}
        </Group>
      </Card>
      <Card withBorder padding="sm" aria-busy={isLoading || undefined}>
        <ReportBody
          type={type}
          taskId={taskId}
          missing={missing}
          future={future}
          data={data}
          error={error}
          loading={isLoading}
        />
      </Card>
    </Stack>
  );
}

function ReportBody({
  type,
  taskId,
  missing,
  future,
  data,
  error,
  loading,
}: {
  type: ReportType;
  taskId: string;
  missing: boolean;
  future: boolean;
  data: ReportAnswer | undefined;
  error: unknown;
  loading: boolean;
}) {
  const { t } = useTranslation('reports');
  if (future) return <Text c="dimmed">{t('future')}</Text>;
  if (missing) return <Text c="dimmed">{t(`choose.${type}`)}</Text>;
  if (error)
    return (
      <Alert color="red" variant="light" role="alert">
        {t('loadFailed')}
      </Alert>
    );
  if (loading || !data)
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('loading')} />
      </Group>
    );
  if (type === 'routine' || type === 'trend') {
    const series = data as SeriesAnswer;
    if (series.reportType !== type) return <Loader aria-label={t('loading')} />;
    if (isEmptySeries(series.results)) return <Text c="dimmed">{t('empty')}</Text>;
    return (
      <Stack>
        <SeriesChart report={series} />
        <SeriesTable report={series} />
      </Stack>
    );
  }
  if (type === 'task_overview') return <Overview report={data as TaskOverviewReport} />;
  if (type === 'task')
    return <TaskReport taskId={taskId} points={(data as { results?: [] }).results ?? []} />;
  const template = data as TemplateReportShape;
  if (!template.instances?.length) return <Text c="dimmed">{t('empty')}</Text>;
  return <TemplateReport report={template} />;
}
