/**
 * The template report (spec 002 §3): instances × field values, numbers with 1 decimal (spec 002 §9),
 * and its CSV export named '{template name}_data.csv' (RFC 4180, UTF-8 with a BOM).
 */
import '../i18n.ts';
import { Button, Group, Table, Text } from '@mantine/core';
import {
  csvFileName,
  TEMPLATE_CSV_COLUMNS,
  templateReportCsv,
  templateReportRows,
} from '@tandem/shared/reports/csv';
import type { TemplateReport as Report } from '@tandem/shared/reports/reports';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../utils/download.ts';

export function TemplateReport({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const [, ...rows] = templateReportRows(report);
  return (
    <>
      <Group justify="space-between">
        <Text>{t('template.total', { count: report.meta.totalInstances })}</Text>
        <Button
          variant="light"
          onClick={() => downloadText(templateReportCsv(report), csvFileName(report.templateName))}
          disabled={report.instances.length === 0}
        >
          {t('template.export')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder aria-label={report.templateName} data-testid="template-report">
          <Table.Thead>
            <Table.Tr>
              {TEMPLATE_CSV_COLUMNS.map((c) => (
                <Table.Th key={c}>{t(`template.columns.${c}`)}</Table.Th>
              ))}
              {report.fields.map((f) => (
                <Table.Th key={f.id}>{f.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => (
              <Table.Tr key={report.instances[i]!.instanceId}>
                {r.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the table
                  <Table.Td key={j}>{cell ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
