/**
 * A contact's detail (spec 001 §2): its name and actions, then the tabs overview, tasks and notes
 * (starting at overview). A contact that cannot be read shows the §8 message.
 */
import { Anchor, Stack, Tabs, Text } from '@mantine/core';
import type { ContactView } from '@tandem/shared/contacts/views';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteContact, useContact } from '../api/contacts.ts';
import { displayName, type GroupChoice } from '../utils/form.ts';
import type { ContactRights } from '../utils/rights.ts';
import { ContactFormModal } from './contact-form.tsx';
import { ConfirmItemDelete, DetailHeader, DetailPending } from './detail-frame.tsx';
import { GroupLinks } from './group-links.tsx';
import { LinkedTasks } from './linked-tasks.tsx';
import { NotesTab } from './notes-tab.tsx';

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

export interface DetailProps {
  id: string;
  groups: GroupChoice[];
  rights: ContactRights;
  onClose: () => void;
  onOpenCompany: (id: string) => void;
  onOpenContact: (id: string) => void;
}

export function ContactDetail({ id, groups, rights, onClose, onOpenCompany, onOpenContact }: DetailProps) {
  const { t } = useTranslation('contacts');
  const { data: contact, error, isLoading, mutate } = useContact(id);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [tab, setTab] = useState<string | null>('overview');

  if (error || isLoading || !contact)
    return (
      <DetailPending
        error={error}
        title={t('errors.fetchContact')}
        onClose={onClose}
        onRetry={() => void mutate()}
      />
    );
  const name = displayName(contact) || '—';
  const canEdit = rights.canEdit(contact);

  return (
    <Stack gap="sm" data-testid="contact-detail">
      <DetailHeader
        title={name}
        subtitle={[contact.title, contact.companyName].filter(Boolean).join(' · ')}
        canEdit={canEdit}
        canDelete={rights.canDelete(contact)}
        onEdit={() => setEditing(true)}
        onDelete={() => setDeleting(true)}
        onClose={onClose}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">{t('detailTabs.overview')}</Tabs.Tab>
          <Tabs.Tab value="tasks">
            {t('detailTabs.tasks')} ({contact.taskCount})
          </Tabs.Tab>
          <Tabs.Tab value="notes">{t('detailTabs.notes')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="sm">
          <ContactOverview contact={contact} onOpenCompany={onOpenCompany} />
        </Tabs.Panel>
        <Tabs.Panel value="tasks" pt="sm">
          <LinkedTasks
            kind="contact"
            id={contact.id}
            name={name}
            groupId={contact.primaryGroupId}
            groups={groups.filter((g) => contact.groups.some((l) => l.group === g.id))}
            canAdd={canEdit}
          />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="sm">
          <NotesTab contact={contact} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
      <ContactFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        contact={contact}
        groups={groups}
        onSaved={() => void mutate()}
        onOpenContact={onOpenContact}
      />
      <ConfirmItemDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.contactTitle')}
        name={name}
        failTitle={t('errors.deleteContact')}
        remove={() => deleteContact(contact.id)}
        onDeleted={onClose}
      />
    </Stack>
  );
}

function ContactOverview({
  contact,
  onOpenCompany,
}: {
  contact: ContactView;
  onOpenCompany: (id: string) => void;
}) {
  const { t } = useTranslation('contacts');
  const none = (
    <Text size="sm" c="dimmed">
      {t('overview.none')}
    </Text>
  );
  return (
    <Stack gap="sm">
      <Field label={t('overview.emails')}>
        {contact.emails.length
          ? contact.emails.map((e) => (
              <Text size="sm" key={e.id}>
                <Anchor href={`mailto:${e.value}`} size="sm">
                  {e.value}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {e.label}
                </Text>
              </Text>
            ))
          : none}
      </Field>
      <Field label={t('overview.phones')}>
        {contact.phones.length
          ? contact.phones.map((p) => (
              <Text size="sm" key={p.id}>
                <Anchor href={`tel:${p.value.replace(/[^\d+]/g, '')}`} size="sm">
                  {p.value}
                </Anchor>{' '}
                <Text span size="xs" c="dimmed">
                  {p.label}
                </Text>
              </Text>
            ))
          : none}
      </Field>
      <Field label={t('overview.addresses')}>
        {contact.addresses.length
          ? contact.addresses.map((a) => (
              <Text size="sm" key={a.id}>
                {[a.street, a.city, a.state, a.zip, a.country].filter(Boolean).join(', ')}{' '}
                <Text span size="xs" c="dimmed">
                  {a.label}
                </Text>
              </Text>
            ))
          : none}
      </Field>
      <Field label={t('overview.company')}>
        {contact.companyId !== null ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onOpenCompany(String(contact.companyId))}
          >
            {contact.companyName || String(contact.companyId)}
          </Anchor>
        ) : (
          none
        )}
      </Field>
      <Field label={t('overview.groups')}>
        {contact.groups.length ? <GroupLinks links={contact.groups} /> : none}
      </Field>
    </Stack>
  );
}
