/**
 * The task report (spec 002 §3): a task's custom values over time, as a table by date with a column
 * per field, headed by the field's label (read from the task's definition, as the task modal does).
 */
import '../i18n.ts';
import { Table, Text } from '@mantine/core';
import type { TaskReportPoint } from '@tandem/shared/reports/reports';
import { useTranslation } from 'react-i18next';
import { useDefinition } from '../../custom-fields/api/custom-fields.ts';

export function TaskReport({ taskId, points }: { taskId: string; points: TaskReportPoint[] }) {
  const { t } = useTranslation('reports');
  const { data: definition } = useDefinition(taskId || null);
  if (points.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  // The definition's fields in its order, then any field a value still holds that it no longer has.
  const known = definition?.customField ?? [];
  const extra = [...new Set(points.flatMap((p) => Object.keys(p.customValue)))].filter(
    (id) => !known.some((f) => f.id === id),
  );
  const columns = [
    ...known.map((f) => ({ id: f.id, label: f.label })),
    ...extra.map((id) => ({ id, label: id })),
  ];
  return (
    <Table striped withTableBorder aria-label={t('types.task')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('date')}</Table.Th>
          {columns.map((c) => (
            <Table.Th key={c.id}>{c.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {points.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>{p.startDate.slice(0, 10).replaceAll('-', '/')}</Table.Td>
            {columns.map((c) => (
              <Table.Td key={c.id}>{p.customValue[c.id] ?? ''}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
