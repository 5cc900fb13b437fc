/**
 * The account roles table (spec 002 §2 "Account roles screen", §4 "Role row"): columns Role and User;
 * '+' adds a row; each row is viewed, then edited (or new), then saved (created when it has no id,
 * else updated) or cancelled; remove asks first. Save is blocked while the e-mail is invalid.
 */
import { ActionIcon, Alert, Button, Group, Loader, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { hasVisibleText } from '@tandem/shared/api/limit-values';
import { type AccountRoleView, accountRoleEmailError, ROLE_TITLE_MAX } from '@tandem/shared/roles/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  createAccountRole,
  deleteAccountRole,
  updateAccountRole,
  useAccountRoles,
} from '../api/account-roles.ts';
import { ConfirmRemove } from './confirm-remove.tsx';

interface Draft {
  /** Absent for a new row. */
  id?: string;
  title: string;
  email: string;
}

export function AccountRolesTable() {
  const { t } = useTranslation('roles');
  const { data: roles, error, isLoading, mutate } = useAccountRoles();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<AccountRoleView | null>(null);
  const [busy, setBusy] = useState(false);

  const emailError = draft ? accountRoleEmailError(draft.email) : undefined;
  const titleMissing = draft ? !hasVisibleText(draft.title) : false;
  const canSave = draft !== null && !emailError && !titleMissing && !saving;

  async function save() {
    if (!draft || !canSave) return;
    setSaving(true);
    const body = { title: draft.title.trim(), email: draft.email.trim() };
    try {
      if (draft.id) await updateAccountRole(draft.id, body);
      else await createAccountRole(body);
      notifySuccess(
        t(draft.id ? 'templates.account-role.update-success' : 'templates.account-role.create-success'),
      );
      setDraft(null);
    } catch (err) {
      notifyError(t('accountRoles.saveFailed'), errorText(err, t('accountRoles.saveFailed')));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      await deleteAccountRole(removing.id);
      notifySuccess(t('templates.account-role.delete-success'));
      if (draft?.id === removing.id) setDraft(null);
      setRemoving(null);
    } catch (err) {
      notifyError(t('accountRoles.removeFailed'), errorText(err, t('accountRoles.removeFailed')));
    } finally {
      setBusy(false);
    }
  }

  if (error && !roles) {
    return (
      <Alert color="red" variant="light" title={t('accountRoles.loadFailed')}>
        <Text size="sm" mb="xs">
          {errorText(error, t('accountRoles.loadFailed'))}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
          {t('accountRoles.retry')}
        </Button>
      </Alert>
    );
  }
  if (isLoading && !roles) return <Loader size="sm" aria-label={t('accountRoles.loading')} />;

  const editRow = (d: Draft) => (
    <Table.Tr key={d.id ?? 'new'} data-testid="account-role-edit">
      <Table.Td>
        <TextInput
          aria-label={t('accountRoles.roleLabel')}
          value={d.title}
          maxLength={ROLE_TITLE_MAX}
          onChange={(e) => setDraft({ ...d, title: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
            if (e.key === 'Escape') setDraft(null);
          }}
          error={titleMissing && d.title !== '' ? t('accountRoles.titleRequired') : undefined}
          data-autofocus
          autoFocus
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('accountRoles.emailLabel')}
          placeholder={t('accountRoles.emailPlaceholder')}
          type="email"
          value={d.email}
          onChange={(e) => setDraft({ ...d, email: e.currentTarget.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
            if (e.key === 'Escape') setDraft(null);
          }}
          error={emailError ? t('accountRoles.emailInvalid') : undefined}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={t('accountRoles.save')}>
            <ActionIcon
              variant="filled"
              color="teal"
              aria-label={t('accountRoles.save')}
              disabled={!canSave}
              loading={saving}
              onClick={() => void save()}
            >
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('accountRoles.cancel')}>
            <ActionIcon
              variant="default"
              aria-label={t('accountRoles.cancel')}
              onClick={() => setDraft(null)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );

  const list = roles ?? [];
  return (
    <>
      <Table.ScrollContainer minWidth={320} type="native">
        <Table verticalSpacing="xs" highlightOnHover aria-label={t('templates.account-roles')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="40%">{t('accountRoles.role')}</Table.Th>
              <Table.Th>{t('accountRoles.user')}</Table.Th>
              <Table.Th w={96} ta="right">
                <Tooltip label={t('accountRoles.add')}>
                  <ActionIcon
                    variant="light"
                    aria-label={t('accountRoles.add')}
                    disabled={draft !== null && !draft.id}
                    onClick={() => setDraft({ title: '', email: '' })}
                  >
                    <IconPlus size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((r) =>
              draft?.id === r.id ? (
                editRow(draft)
              ) : (
                <Table.Tr key={r.id} data-testid="account-role-row">
                  <Table.Td>
                    <Text fw={500} size="sm">
                      {r.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={r.email ? undefined : 'dimmed'}>
                      {r.email || t('accountRoles.noEmail')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('accountRoles.edit', { title: r.title })}
                        onClick={() => setDraft({ id: r.id, title: r.title, email: r.email })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('accountRoles.remove', { title: r.title })}
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
                <Table.Td colSpan={3}>
                  <Text c="dimmed" size="sm">
                    {t('accountRoles.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmRemove
        opened={removing !== null}
        title={t('accountRoles.removeTitle')}
        description={t('accountRoles.removeDescription', { title: removing?.title ?? '' })}
        ok={t('accountRoles.removeOk')}
        cancel={t('accountRoles.removeCancel')}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
