/**
 * Merge (spec 001 §7): the selected contacts, the one to keep chosen, then one call — the kept
 * contact takes the others' e-mails, phones, addresses and task links and the others are deleted.
 */
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ContactView } from '@tandem/shared/contacts/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mergeContacts } from '../api/contacts.ts';
import { contactsErrorMessage } from '../utils/errors.ts';
import { displayName } from '../utils/form.ts';

export function MergeDialog({
  opened,
  contacts,
  onClose,
  onMerged,
}: {
  opened: boolean;
  contacts: ContactView[];
  onClose: () => void;
  onMerged: (kept: ContactView) => void;
}) {
  const { t } = useTranslation('contacts');
  const [keep, setKeep] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kept = keep && contacts.some((c) => c.id === keep) ? keep : (contacts[0]?.id ?? null);
  const others = contacts.filter((c) => c.id !== kept).map((c) => c.id);
  const merge = async () => {
    if (!kept) return;
    setBusy(true);
    try {
      const result = await mergeContacts(kept, others);
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: t('merge.done'),
      });
      onMerged(result);
      onClose();
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t('errors.mergeContacts'),
        message: contactsErrorMessage(err),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t('merge.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('merge.intro')}</Text>
        <Radio.Group value={kept} onChange={setKeep} label={t('merge.keep')}>
          <Stack gap="xs" mt="xs">
            {contacts.map((c) => (
              <Radio
                key={c.id}
                value={c.id}
                label={displayName(c) || '—'}
                description={
                  [c.emails[0]?.value, c.phones[0]?.value].filter(Boolean).join(' · ') || undefined
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={merge} loading={busy} disabled={!kept || others.length === 0}>
            {t('merge.confirm', { count: others.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
