/** A company's detail (spec 001 §2): name and actions, then the tabs overview and tasks. */
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteCompany, useCompany } from '../api/contacts.ts';
import { CompanyFormModal } from './company-form.tsx';
import { type DetailProps, Field } from './contact-detail.tsx';
import { ConfirmItemDelete, DetailHeader, DetailPending } from './detail-frame.tsx';
import { GroupLinks } from './group-links.tsx';
import { LinkedTasks } from './linked-tasks.tsx';

export function CompanyDetail({ id, groups, rights, onClose }: DetailProps) {
  const { t } = useTranslation('contacts');
  const { data: company, error, isLoading, mutate } = useCompany(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState<string | null>('overview');

  if (error || isLoading || !company)
    return (
      <DetailPending
        error={error}
        title={t('errors.fetchCompany')}
        onClose={onClose}
        onRetry={() => void mutate()}
      />
    );
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
      <DetailHeader
        title={company.name}
        subtitle={t('overview.contactCount', { count: company.contactCount })}
        canEdit={canEdit}
        canDelete={rights.canDelete(company)}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
        onClose={onClose}
      />
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
      <ConfirmItemDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.companyTitle')}
        name={company.name}
        failTitle={t('errors.deleteCompany')}
        remove={() => deleteCompany(String(company.id))}
        onDeleted={onClose}
      />
    </Stack>
  );
}
