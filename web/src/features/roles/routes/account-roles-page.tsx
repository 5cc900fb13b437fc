/**
 * The account roles screen (spec 002 §2; title key templates.account-roles), at /templates/roles. With
 * `?task=<id>` or `?template=<id>` it also shows that task's or template's role mapping, so a mapping
 * can be checked against the roles beside it.
 */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { aiBuilderPath } from '../../ai-builder/paths.ts';
import { AccountRolesTable } from '../components/account-roles-table.tsx';
import { RoleMappingPanel } from '../components/role-mapping-panel.tsx';

export default function AccountRolesPage() {
  const { t } = useTranslation('roles');
  const [search] = useSearchParams();
  const taskId = search.get('task') ?? undefined;
  const templateId = search.get('template') ?? undefined;
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        {t('templates.account-roles')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('accountRoles.intro')}
      </Text>
      <Paper withBorder p="sm">
        <AccountRolesTable />
      </Paper>
      {(taskId || templateId) && (
        <Paper withBorder p="sm">
          <RoleMappingPanel
            key={taskId ?? templateId}
            taskId={taskId}
            templateId={taskId ? undefined : templateId}
          />
        </Paper>
      )}
      <Anchor component={Link} to={aiBuilderPath} size="sm">
        {t('accountRoles.aiBuilder')}
      </Anchor>
    </Stack>
  );
}
