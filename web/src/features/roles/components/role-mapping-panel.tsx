/**
 * The role-mapping panel (spec 002 §2): the rows of one task or template — assigning (source) role,
 * e-mail or role title (target), managing role — under the header 'Source Role' / 'Target Role/Email',
 * in the rows table the account roles table uses too (editable-rows.tsx). Each row shows a green mark
 * when its source role matches one of the person's account roles, and a warning mark when it does not.
 * Standalone: the planning viewer mounts it.
 */
import { Alert, Group, Loader, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { hasVisibleText } from '@tandem/shared/api/limit-values';
import {
  isMappingTarget,
  ROLE_TITLE_MAX,
  type RoleMappingView,
  roleMatches,
} from '@tandem/shared/roles/roles';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify.ts';
import { useAccountRoles } from '../api/account-roles.ts';
import {
  createRoleMapping,
  deleteRoleMapping,
  type MappingFields,
  type MappingTarget,
  updateRoleMapping,
  useRoleMappings,
} from '../api/role-mappings.ts';
import { EditableRows } from './editable-rows.tsx';

interface Draft extends MappingFields {
  id?: string;
}

export function RoleMappingPanel({ taskId, templateId }: { taskId?: string; templateId?: string }) {
  const { t } = useTranslation('roles');
  const target: MappingTarget = taskId ? { taskId } : { templateId };
  const { data: rows, error, isLoading } = useRoleMappings(target);
  const { data: roles } = useAccountRoles();
  const known = roles ?? [];

  const mark = (role: string) =>
    roleMatches(role, known) ? (
      <Tooltip label={t('mapping.matches')}>
        <IconCircleCheck
          size={18}
          color="var(--mantine-color-teal-7)"
          aria-label={t('mapping.matches')}
          role="img"
        />
      </Tooltip>
    ) : (
      <Tooltip label={t('mapping.noMatch')}>
        <IconAlertTriangle
          size={18}
          color="var(--mantine-color-orange-7)"
          aria-label={t('mapping.noMatch')}
          role="img"
        />
      </Tooltip>
    );

  let body: React.ReactNode;
  if (error && !rows) {
    body = (
      <Alert color="red" variant="light" title={t('mapping.loadFailed')}>
        {errorText(error, t('mapping.loadFailed'))}
      </Alert>
    );
  } else if (isLoading && !rows) {
    body = <Loader size="sm" aria-label={t('mapping.loading')} />;
  } else {
    body = (
      <EditableRows<RoleMappingView, Draft>
        rows={rows ?? []}
        headers={[
          { label: t('mapping.source') },
          { label: t('mapping.target') },
          { label: t('mapping.managing') },
        ]}
        minWidth={560}
        testId="role-mapping"
        texts={{
          table: t('mapping.title'),
          add: t('mapping.add'),
          save: t('mapping.save'),
          cancel: t('mapping.cancel'),
          edit: (r) => t('mapping.edit', { role: r.assigningRole }),
          remove: (r) => t('mapping.remove', { role: r.assigningRole }),
          empty: t('mapping.empty'),
          saved: () => t('mapping.saved'),
          saveFailed: t('mapping.saveFailed'),
          removed: t('mapping.removed'),
          removeFailed: t('mapping.removeFailed'),
          removeTitle: t('mapping.removeTitle'),
          removeDescription: (r) =>
            t('mapping.removeDescription', { role: r.assigningRole, target: r.email }),
          removeOk: t('mapping.removeOk'),
          removeCancel: t('mapping.removeCancel'),
        }}
        blank={() => ({ assigningRole: '', email: '', managingRole: '' })}
        draftOf={(r) => ({
          id: r.id,
          assigningRole: r.assigningRole,
          email: r.email,
          managingRole: r.managingRole,
        })}
        canSave={(d) => hasVisibleText(d.assigningRole) && isMappingTarget(d.email, known)}
        save={async (d) => {
          const fields = {
            assigningRole: d.assigningRole.trim(),
            email: d.email.trim(),
            managingRole: d.managingRole.trim(),
          };
          if (d.id) await updateRoleMapping(target, d.id, fields);
          else await createRoleMapping(target, fields);
        }}
        remove={(r) => deleteRoleMapping(target, r.id)}
        viewCells={(r) => (
          <>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                {mark(r.assigningRole)}
                <Text size="sm" fw={500}>
                  {r.assigningRole}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{r.email || '—'}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{r.managingRole || '—'}</Text>
            </Table.Td>
          </>
        )}
        editCells={({ draft: d, set, keys }) => (
          <>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                {mark(d.assigningRole)}
                <TextInput
                  aria-label={t('mapping.sourceLabel')}
                  value={d.assigningRole}
                  maxLength={ROLE_TITLE_MAX}
                  onChange={(e) => set({ ...d, assigningRole: e.currentTarget.value })}
                  onKeyDown={keys}
                  error={
                    !hasVisibleText(d.assigningRole) && d.assigningRole !== ''
                      ? t('mapping.sourceRequired')
                      : undefined
                  }
                  autoFocus
                  style={{ flex: 1 }}
                />
              </Group>
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={t('mapping.targetLabel')}
                value={d.email}
                onChange={(e) => set({ ...d, email: e.currentTarget.value })}
                onKeyDown={keys}
                error={!isMappingTarget(d.email, known) ? t('mapping.targetInvalid') : undefined}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={t('mapping.managingLabel')}
                value={d.managingRole}
                maxLength={ROLE_TITLE_MAX}
                onChange={(e) => set({ ...d, managingRole: e.currentTarget.value })}
                onKeyDown={keys}
              />
            </Table.Td>
          </>
        )}
      />
    );
  }

  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {t('mapping.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('mapping.intro')}
      </Text>
      {body}
    </Stack>
  );
}
