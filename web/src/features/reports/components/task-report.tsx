/** The task report (spec 002 §3): a task's custom values over time, as a table by date. */
import '../i18n.ts';
import { Table, Text } from '@mantine/core';
import type { TaskReportPoint } from '@tandem/shared/reports/reports';
import { useTranslation } from 'react-i18next';

export function TaskReport({ points }: { points: TaskReportPoint[] }) {
  const { t } = useTranslation('reports');
  if (points.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Table striped withTableBorder aria-label={t('types.task')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('date')}</Table.Th>
          <Table.Th>{t('value')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {points.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>{p.startDate.slice(0, 10).replaceAll('-', '/')}</Table.Td>
            <Table.Td>{p.customValue ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
