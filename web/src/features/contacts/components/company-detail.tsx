/** A company's detail (spec 001 §2): name and actions, then the tabs overview and tasks. */
import { Anchor, Button, CloseButton, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteCompany, useCompany } from '../api/contacts.ts';
import { contactsErrorMessage } from '../utils/errors.ts';
import { CompanyFormModal } from './company-form.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { type DetailProps, Field } from './contact-detail.tsx';
import { GroupLinks } from './group-links.tsx';
import { LinkedTasks } from './linked-tasks.tsx';
import { LoadError } from './load-error.tsx';

export function CompanyDetail({ id, groups, rights, onClose }: DetailProps) {
  const { t } = useTranslation('contacts');
  const { data: company, error, isLoading, mutate } = useCompany(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState<string | null>('overview');

  if (error)
    return (
      <Stack>
        <Group justify="flex-end">
          <CloseButton aria-label={t('actions.close')} onClick={onClose} />
        </Group>
        <LoadError title={t('errors.fetchCompany')} error={error} onRetry={() => void mutate()} />
      </Stack>
    );
  if (isLoading || !company) return <Loader size="sm" aria-label={t('list.loading')} />;
  const canEdit = rights.canEdit(company);
  const a = company.address;
  const address = [a.street, a.street2, a.city, a.state, a.zip, a.country].filter(Boolean).join(', ');
  const none = (
    <Text size="sm" c="dimmed">
      {t('overview.none')}
    </Text>
  );

  return (
    <Stack gap="sm" data-testid="company-detail">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {company.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('overview.contactCount', { count: company.contactCount })}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {canEdit && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing(true)}
            >
              {t('actions.edit')}
            </Button>
          )}
          {rights.canDelete(company) && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => setDeleting(true)}
            >
              {t('actions.delete')}
            </Button>
          )}
          <CloseButton aria-label={t('actions.close')} onClick={onClose} />
        </Group>
      </Group>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">{t('detailTabs.overview')}</Tabs.Tab>
          <Tabs.Tab value="tasks">
            {t('detailTabs.tasks')} ({company.taskCount})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="sm">
          <Stack gap="sm">
            <Field label={t('overview.phone')}>
              {company.phone ? (
                <Anchor size="sm" href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>
                  {company.phone}
                </Anchor>
              ) : (
                none
              )}
            </Field>
            <Field label={t('overview.cell')}>
              {company.cell ? <Text size="sm">{company.cell}</Text> : none}
            </Field>
            <Field label={t('overview.address')}>{address ? <Text size="sm">{address}</Text> : none}</Field>
            <Field label={t('overview.groups')}>
              {company.groups.length ? <GroupLinks links={company.groups} /> : none}
            </Field>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="tasks" pt="sm">
          <LinkedTasks
            kind="company"
            id={String(company.id)}
            name={company.name}
            groupId={company.primaryGroupId}
            groups={groups.filter((g) => company.groups.some((l) => l.group === g.id))}
            canAdd={canEdit}
          />
        </Tabs.Panel>
      </Tabs>
      <CompanyFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        company={company}
        groups={groups}
        onSaved={() => void mutate()}
      />
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.companyTitle')}
        body={t('delete.body', { name: company.name })}
        onConfirm={async () => {
          try {
            await deleteCompany(String(company.id));
            notifications.show({
              closeButtonProps: { 'aria-label': t('actions.close') },
              color: 'green',
              message: t('delete.done'),
            });
            onClose();
          } catch (err) {
            notifications.show({
              closeButtonProps: { 'aria-label': t('actions.close') },
              color: 'red',
              title: t('errors.deleteCompany'),
              message: contactsErrorMessage(err),
            });
          }
        }}
      />
    </Stack>
  );
}
