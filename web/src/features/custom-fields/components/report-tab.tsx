/**
 * The report tab of the task modal (spec 000 §2: only for routine definitions, routine instances
 * and tasks with a custom value): the values over time — a chart of the number fields (recharts,
 * loaded with the tab) and every value in a table, newest first.
 */
import { Alert, Loader, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { type CustomField, reportValue } from '@tandem/shared/custom-fields/rules';
import type { TaskView } from '@tandem/shared/tasks/views';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { definitionIdOf, routineKindOf } from '../../schedule/utils/routine-id.ts';
import { useDefinition, useValues } from '../api/custom-fields.ts';
import type { ReportPoint } from './report-chart.tsx';
import '../../../i18n/with-later-texts.ts';

const ReportChart = lazy(() => import('./report-chart.tsx'));

/** The task whose values make the report: an instance's routine definition, else the task. */
const reportTaskOf = (task: TaskView) =>
  routineKindOf(task.priorityGroup.id) === 'instance' ? (definitionIdOf(task.id) ?? task.id) : task.id;

/** The tab itself, shown only where spec 000 §2 says. */
export function ReportTabItem({ task }: { task: TaskView }) {
  const { t } = useTranslation('tasks');
  const routine = routineKindOf(task.priorityGroup.id) !== null;
  const values = useValues(routine ? null : task.id);
  if (!routine && !(values.data && values.data.length > 0)) return null;
  return <Tabs.Tab value="report">{t('customFields.reportTab')}</Tabs.Tab>;
}

export function ReportTab({ task }: { task: TaskView }) {
  const { t } = useTranslation('tasks');
  const reportTask = reportTaskOf(task);
  const definition = useDefinition(task.id);
  const values = useValues(reportTask);
  if (definition.isLoading || values.isLoading)
    return <Loader size="sm" aria-label={t('customFields.reportLoading')} />;
  if (definition.error || values.error) return <Alert color="red">{t('customFields.reportFailed')}</Alert>;
  const fields: CustomField[] = definition.data?.customField ?? [];
  const rows = values.data ?? [];
  if (fields.length === 0 || rows.length === 0)
    return <Text c="dimmed">{t('customFields.reportEmpty')}</Text>;
  const numbers = fields.filter((f) => f.type === 'number');
  const points: ReportPoint[] = [...rows]
    .sort((a, b) => a.actionDate.localeCompare(b.actionDate))
    .map((v) => ({
      date: v.actionDate,
      ...Object.fromEntries(
        numbers.map((f) => {
          const n = Number(v.customValue[f.id]);
          return [f.id, v.customValue[f.id] !== undefined && Number.isFinite(n) ? n : null];
        }),
      ),
    }));
  const label = t('customFields.reportChart', { fields: numbers.map((f) => f.label).join(', ') });
  return (
    <Stack gap="md">
      <Title order={4}>{t('customFields.reportTitle')}</Title>
      {numbers.length > 0 && (
        <figure style={{ margin: 0 }} aria-label={label}>
          <Suspense fallback={<Loader size="sm" />}>
            <ReportChart points={points} fields={numbers} label={label} />
          </Suspense>
        </figure>
      )}
      <Table.ScrollContainer minWidth={360}>
        <Table striped withTableBorder aria-label={t('customFields.reportTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customFields.date')}</Table.Th>
              <Table.Th>{t('customFields.person')}</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f.id}>{f.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{v.actionDate.replaceAll('-', '/')}</Table.Td>
                <Table.Td>{v.userName}</Table.Td>
                {fields.map((f) => (
                  <Table.Td key={f.id}>{reportValue(f, v.customValue[f.id])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
