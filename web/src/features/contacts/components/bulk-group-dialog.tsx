/**
 * Bulk move and copy (spec 001 §6–§7: POST /contacts/bulk/ and /companies/bulk/ with `move` or
 * `copy` and the group): the selection, a group chosen among those the person may create in, then
 * a confirmation saying what happens — a move makes the chosen group the items' only group, a copy
 * adds it as a secondary link. A failure shows the server's message (spec 001 §8) in a toast and
 * keeps the dialog open.
 */
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulkCompanies, bulkContacts } from '../api/contacts.ts';
import { contactsErrorMessage } from '../utils/errors.ts';
import type { GroupChoice } from '../utils/form.ts';

export type BulkGroupAction = 'move' | 'copy';

export function BulkGroupDialog({
  action,
  kind,
  ids,
  groups,
  onClose,
  onDone,
}: {
  /** The dialog is open while an action is given. */
  action: BulkGroupAction | null;
  kind: 'contacts' | 'companies';
  ids: string[];
  /** The groups the items may go to (the person may create in them). */
  groups: GroupChoice[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('contacts');
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = groups.find((g) => g.id === target) ?? null;
  const count = ids.length;
  const close = () => {
    setTarget(null);
    onClose();
  };
  const run = async () => {
    if (!action || !chosen) return;
    setBusy(true);
    try {
      if (kind === 'contacts') await bulkContacts(action, ids, chosen.id);
      else await bulkCompanies(action, ids, chosen.id);
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: t(`bulk.${action}Done`, { count, group: chosen.title }),
      });
      setTarget(null);
      onDone();
      onClose();
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t(
          kind === 'contacts'
            ? action === 'move'
              ? 'errors.moveContacts'
              : 'errors.copyContacts'
            : action === 'move'
              ? 'errors.moveCompanies'
              : 'errors.copyCompanies',
        ),
        message: contactsErrorMessage(err),
      });
    } finally {
      setBusy(false);
    }
  };
  const what = kind === 'contacts' ? 'Contacts' : 'Companies';
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={<Text fw={600}>{action ? t(`bulk.${action}${what}Title`, { count }) : ''}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="sm">
        <Select
          label={t('bulk.group')}
          placeholder={t('bulk.groupPlaceholder')}
          data={groups.map((g) => ({ value: g.id, label: g.title }))}
          value={target}
          onChange={setTarget}
          searchable
          data-autofocus
        />
        {action && chosen && (
          <Text size="sm" data-testid="bulk-confirm-text">
            {t(`bulk.${action}Body`, { count, group: chosen.title })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={run} loading={busy} disabled={!chosen}>
            {action ? t(`bulk.${action}Confirm`, { count }) : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
