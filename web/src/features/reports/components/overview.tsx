/** The default report (task_overview, ours): the person's tasks now by status, priority group and group. */
import '../i18n.ts';
import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { OverviewCount, TaskOverviewReport } from '@tandem/shared/reports/reports';
import { PRIORITY_GROUPS, TASK_STATUSES } from '@tandem/shared/tasks/constants';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../groups/api/list-groups.ts';

function CountTable({ title, rows }: { title: string; rows: Array<{ label: string; count: number }> }) {
  const { t } = useTranslation('reports');
  return (
    <Card withBorder padding="sm">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('none')}
        </Text>
      ) : (
        <Table aria-label={title}>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{r.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

export function Overview({ report }: { report: TaskOverviewReport }) {
  const { t } = useTranslation('reports');
  const groups = useGroups().data?.results ?? [];
  const named = (list: OverviewCount[], name: (id: string) => string | undefined) =>
    list.map((c) => ({ label: name(c.id) ?? c.id, count: c.count }));
  return (
    <Stack gap="sm">
      <Text data-testid="overview-total">{t('overview.total', { count: report.total })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CountTable
          title={t('overview.byStatus')}
          rows={named(report.byStatus, (id) => TASK_STATUSES.find((s) => String(s.id) === id)?.title)}
        />
        <CountTable
          title={t('overview.byPriorityGroup')}
          rows={named(
            report.byPriorityGroup,
            (id) => PRIORITY_GROUPS.find((g) => String(g.id) === id)?.listTitle,
          )}
        />
        <CountTable
          title={t('overview.byGroup')}
          rows={named(
            report.byGroup,
            (id) => groups.find((g) => g.id === id)?.title ?? t('overview.otherGroup'),
          )}
        />
      </SimpleGrid>
    </Stack>
  );
}
