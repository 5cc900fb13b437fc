/**
 * What the contact and the company forms share (spec 001 §2, §4, §8): the modal (full screen on a
 * narrow one, not closed by an outside click), the save with its toasts (the §8 message when it
 * fails), the primary and other groups, and the Cancel and Save buttons.
 */
import { Button, Group, Modal, MultiSelect, Select, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactsErrorMessage } from '../utils/errors.ts';
import type { GroupChoice } from '../utils/form.ts';
import '../../../i18n/with-later-texts.ts';

export function FormModal({
  opened,
  onClose,
  size,
  title,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  size: 'lg' | 'xl';
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('contacts');
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={size}
      fullScreen={narrow}
      closeOnClickOutside={false}
      title={<Text fw={600}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && children}
    </Modal>
  );
}

/** The form's save: `save`, then `savedMessage`, `onSaved` and close; or `failTitle` with the §8 message. */
export function useSave<V, R>(o: {
  save: (values: V) => Promise<R>;
  savedMessage: string;
  failTitle: string;
  onSaved: (saved: R) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  const [saving, setSaving] = useState(false);
  const run = async (v: V) => {
    setSaving(true);
    try {
      const saved = await o.save(v);
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: o.savedMessage,
      });
      o.onSaved(saved);
      o.onClose();
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: o.failTitle,
        message: contactsErrorMessage(err),
      });
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

interface InputProps {
  value?: unknown;
  onChange?: unknown;
  error?: ReactNode;
}

/** The primary group and the other groups (the primary one is not offered again). */
export function GroupFields({
  groups,
  primaryId,
  primary,
  secondary,
}: {
  groups: GroupChoice[];
  primaryId: string | null;
  primary: InputProps;
  secondary: InputProps;
}) {
  const { t } = useTranslation('contacts');
  const data = groups.map((g) => ({ value: g.id, label: g.title }));
  return (
    <>
      <Select
        label={t('form.primaryGroup')}
        data={data}
        allowDeselect={false}
        searchable
        {...(primary as object)}
      />
      <MultiSelect
        label={t('form.secondaryGroups')}
        data={data.filter((g) => g.value !== primaryId)}
        searchable
        {...(secondary as object)}
      />
    </>
  );
}

export function FormButtons({ onClose, saving }: { onClose: () => void; saving: boolean }) {
  const { t } = useTranslation('contacts');
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onClose}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('actions.save')}
      </Button>
    </Group>
  );
}
