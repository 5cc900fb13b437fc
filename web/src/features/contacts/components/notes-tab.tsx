/**
 * A contact's notes in the rich-text editor (loaded lazily). The server keeps notes as text, so the
 * editor opens them a paragraph a line and what is saved is the editor's plain text (its lists
 * written as '- ' and '[x] ' lines), which reads the same in the overview, in search and in exports.
 */
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ContactView } from '@tandem/shared/contacts/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyRichTextEditor } from '../../editor/components/lazy-rich-text-editor.tsx';
import { updateContact } from '../api/contacts.ts';
import { contactsErrorMessage } from '../utils/errors.ts';

export function NotesTab({ contact, canEdit }: { contact: ContactView; canEdit: boolean }) {
  const { t } = useTranslation('contacts');
  const [text, setText] = useState(contact.notes);
  const [saving, setSaving] = useState(false);
  const changed = text.trim() !== contact.notes.trim();
  const save = async () => {
    setSaving(true);
    try {
      await updateContact(contact.id, { notes: text.trim() });
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: t('notes.saved'),
      });
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t('errors.updateContact'),
        message: contactsErrorMessage(err),
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <LazyRichTextEditor
        key={contact.id}
        doc={null}
        text={contact.notes}
        label={t('notes.label')}
        readOnly={!canEdit}
        onChange={(_doc, plain) => setText(plain)}
      />
      {canEdit && (
        <Group justify="flex-end">
          <Button size="xs" disabled={!changed} loading={saving} onClick={save}>
            {t('actions.saveNotes')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
