/** The chart's numbers as a table: readable without the picture, and by screen readers. */
import '../i18n.ts';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SeriesAnswer } from '../api/reports.ts';
import { seriesNames, seriesRows } from '../utils/series.ts';

export function SeriesTable({ report }: { report: SeriesAnswer }) {
  const { t } = useTranslation('reports');
  const rows = seriesRows(report.results);
  const names = seriesNames(report.results);
  const routine = report.reportType === 'routine';
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder data-testid="report-table" aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('period')}</Table.Th>
            {names.map((n) => (
              <Table.Th key={n}>{t(`series.${n}`, { defaultValue: n })}</Table.Th>
            ))}
            {routine && <Table.Th>{t('doneOfDue')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.key}</Table.Td>
              {names.map((n) => (
                <Table.Td key={n}>{routine ? `${Number(r[n]).toFixed(2)}%` : r[n]}</Table.Td>
              ))}
              {routine && <Table.Td>{t('doneOf', { done: r.done ?? 0, due: r.due ?? 0 })}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
