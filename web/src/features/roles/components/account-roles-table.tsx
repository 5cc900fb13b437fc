/**
 * The account roles table (spec 002 §2 "Account roles screen", §4 "Role row"): columns Role and User,
 * in the rows table the role-mapping panel uses too (editable-rows.tsx). A row is saved created when
 * it has no id, else updated. Save is blocked while the e-mail is invalid or the role has no name.
 */
import { Alert, Button, Loader, Table, Text, TextInput } from '@mantine/core';
import { hasVisibleText } from '@tandem/shared/api/limit-values';
import { type AccountRoleView, accountRoleEmailError, ROLE_TITLE_MAX } from '@tandem/shared/roles/roles';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify.ts';
import {
  createAccountRole,
  deleteAccountRole,
  updateAccountRole,
  useAccountRoles,
} from '../api/account-roles.ts';
import { EditableRows } from './editable-rows.tsx';

interface Draft {
  /** Absent for a new row. */
  id?: string;
  title: string;
  email: string;
}

export function AccountRolesTable() {
  const { t } = useTranslation('roles');
  const { data: roles, error, isLoading, mutate } = useAccountRoles();

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

  return (
    <EditableRows<AccountRoleView, Draft>
      rows={roles ?? []}
      headers={[{ label: t('accountRoles.role'), w: '40%' }, { label: t('accountRoles.user') }]}
      minWidth={320}
      testId="account-role"
      texts={{
        table: t('templates.account-roles'),
        add: t('accountRoles.add'),
        save: t('accountRoles.save'),
        cancel: t('accountRoles.cancel'),
        edit: (r) => t('accountRoles.edit', { title: r.title }),
        remove: (r) => t('accountRoles.remove', { title: r.title }),
        empty: t('accountRoles.empty'),
        saved: (isNew) =>
          t(isNew ? 'templates.account-role.create-success' : 'templates.account-role.update-success'),
        saveFailed: t('accountRoles.saveFailed'),
        removed: t('templates.account-role.delete-success'),
        removeFailed: t('accountRoles.removeFailed'),
        removeTitle: t('accountRoles.removeTitle'),
        removeDescription: (r) => t('accountRoles.removeDescription', { title: r.title }),
        removeOk: t('accountRoles.removeOk'),
        removeCancel: t('accountRoles.removeCancel'),
      }}
      blank={() => ({ title: '', email: '' })}
      draftOf={(r) => ({ id: r.id, title: r.title, email: r.email })}
      canSave={(d) => !accountRoleEmailError(d.email) && hasVisibleText(d.title)}
      save={async (d) => {
        const body = { title: d.title.trim(), email: d.email.trim() };
        if (d.id) await updateAccountRole(d.id, body);
        else await createAccountRole(body);
      }}
      remove={(r) => deleteAccountRole(r.id)}
      viewCells={(r) => (
        <>
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
        </>
      )}
      editCells={({ draft: d, set, keys }) => (
        <>
          <Table.Td>
            <TextInput
              aria-label={t('accountRoles.roleLabel')}
              value={d.title}
              maxLength={ROLE_TITLE_MAX}
              onChange={(e) => set({ ...d, title: e.currentTarget.value })}
              onKeyDown={keys}
              error={!hasVisibleText(d.title) && d.title !== '' ? t('accountRoles.titleRequired') : undefined}
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
              onChange={(e) => set({ ...d, email: e.currentTarget.value })}
              onKeyDown={keys}
              error={accountRoleEmailError(d.email) ? t('accountRoles.emailInvalid') : undefined}
            />
          </Table.Td>
        </>
      )}
    />
  );
}
