/**
 * The role-mapping panel (spec 002 §2): the rows of one task or template — assigning (source) role,
 * e-mail or role title (target), managing role — under the header 'Source Role' / 'Target Role/Email'.
 * Each row shows a green mark when its source role matches one of the person's account roles, and a
 * warning mark when it does not. Standalone: the planning viewer mounts it.
 */
import {
  ActionIcon,
  Alert,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { hasVisibleText } from '@tandem/shared/api/limit-values';
import {
  isMappingTarget,
  ROLE_TITLE_MAX,
  type RoleMappingView,
  roleMatches,
} from '@tandem/shared/roles/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccountRoles } from '../api/account-roles.ts';
import {
  createRoleMapping,
  deleteRoleMapping,
  type MappingFields,
  type MappingTarget,
  updateRoleMapping,
  useRoleMappings,
} from '../api/role-mappings.ts';
import { ConfirmRemove } from './confirm-remove.tsx';

interface Draft extends MappingFields {
  id?: string;
}

export function RoleMappingPanel({ taskId, templateId }: { taskId?: string; templateId?: string }) {
  const { t } = useTranslation('roles');
  const target: MappingTarget = taskId ? { taskId } : { templateId };
  const { data: rows, error, isLoading } = useRoleMappings(target);
  const { data: roles } = useAccountRoles();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<RoleMappingView | null>(null);
  const [busy, setBusy] = useState(false);
  const known = roles ?? [];

  const sourceMissing = draft ? !hasVisibleText(draft.assigningRole) : false;
  const targetBad = draft ? !isMappingTarget(draft.email, known) : false;
  const canSave = draft !== null && !sourceMissing && !targetBad && !saving;

  async function save() {
    if (!draft || !canSave) return;
    setSaving(true);
    const fields = {
      assigningRole: draft.assigningRole.trim(),
      email: draft.email.trim(),
      managingRole: draft.managingRole.trim(),
    };
    try {
      if (draft.id) await updateRoleMapping(target, draft.id, fields);
      else await createRoleMapping(target, fields);
      notifySuccess(t('mapping.saved'));
      setDraft(null);
    } catch (err) {
      notifyError(t('mapping.saveFailed'), errorText(err, t('mapping.saveFailed')));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteRoleMapping(target, removing.id);
      notifySuccess(t('mapping.removed'));
      setRemoving(null);
    } catch (err) {
      notifyError(t('mapping.removeFailed'), errorText(err, t('mapping.removeFailed')));
    } finally {
      setBusy(false);
    }
  }

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

  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') void save();
    if (e.key === 'Escape') setDraft(null);
  };
  const editRow = (d: Draft) => (
    <Table.Tr key={d.id ?? 'new'} data-testid="role-mapping-edit">
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {mark(d.assigningRole)}
          <TextInput
            aria-label={t('mapping.sourceLabel')}
            value={d.assigningRole}
            maxLength={ROLE_TITLE_MAX}
            onChange={(e) => setDraft({ ...d, assigningRole: e.currentTarget.value })}
            onKeyDown={keys}
            error={sourceMissing && d.assigningRole !== '' ? t('mapping.sourceRequired') : undefined}
            autoFocus
            style={{ flex: 1 }}
          />
        </Group>
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('mapping.targetLabel')}
          value={d.email}
          onChange={(e) => setDraft({ ...d, email: e.currentTarget.value })}
          onKeyDown={keys}
          error={targetBad ? t('mapping.targetInvalid') : undefined}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('mapping.managingLabel')}
          value={d.managingRole}
          maxLength={ROLE_TITLE_MAX}
          onChange={(e) => setDraft({ ...d, managingRole: e.currentTarget.value })}
          onKeyDown={keys}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon
            variant="filled"
            color="teal"
            aria-label={t('mapping.save')}
            disabled={!canSave}
            loading={saving}
            onClick={() => void save()}
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon variant="default" aria-label={t('mapping.cancel')} onClick={() => setDraft(null)}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
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
    const list = rows ?? [];
    body = (
      <Table.ScrollContainer minWidth={560} type="native">
        <Table verticalSpacing="xs" aria-label={t('mapping.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('mapping.source')}</Table.Th>
              <Table.Th>{t('mapping.target')}</Table.Th>
              <Table.Th>{t('mapping.managing')}</Table.Th>
              <Table.Th w={88} ta="right">
                <ActionIcon
                  variant="light"
                  aria-label={t('mapping.add')}
                  disabled={draft !== null && !draft.id}
                  onClick={() => setDraft({ assigningRole: '', email: '', managingRole: '' })}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) =>
              draft?.id === r.id ? (
                editRow(draft)
              ) : (
                <Table.Tr key={r.id} data-testid="role-mapping-row">
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
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('mapping.edit', { role: r.assigningRole })}
                        onClick={() =>
                          setDraft({
                            id: r.id,
                            assigningRole: r.assigningRole,
                            email: r.email,
                            managingRole: r.managingRole,
                          })
                        }
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('mapping.remove', { role: r.assigningRole })}
                        onClick={() => setRemoving(r)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
            {draft && !draft.id && editRow(draft)}
            {list.length === 0 && !draft && (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    {t('mapping.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
      <ConfirmRemove
        opened={removing !== null}
        title={t('mapping.removeTitle')}
        description={t('mapping.removeDescription', {
          role: removing?.assigningRole ?? '',
          target: removing?.email ?? '',
        })}
        ok={t('mapping.removeOk')}
        cancel={t('mapping.removeCancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}
