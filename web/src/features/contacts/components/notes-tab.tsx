/**
 * A contact's notes in the rich-text editor (loaded lazily). The document is saved (notes_doc) and the
 * server keeps its plain text as the notes, which the overview, search and exports read (D62). Notes
 * written before, as plain text, open a paragraph a line.
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
  const [draft, setDraft] = useState<{ doc: string; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const changed =
    draft !== null && (draft.doc !== contact.notesDoc || draft.text.trim() !== contact.notes.trim());
  const save = async () => {
    setSaving(true);
    try {
      if (draft) await updateContact(contact.id, { notesDoc: draft.doc });
      setDraft(null);
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
        doc={contact.notesDoc}
        text={contact.notes}
        label={t('notes.label')}
        readOnly={!canEdit}
        onChange={(doc, text) => setDraft({ doc, text })}
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
