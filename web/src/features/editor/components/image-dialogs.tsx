/**
 * The Insert Image and Insert Inline Image dialogs (spec 001 §2, §5): an Image URL, for the inline
 * image a Position (Left, Right, Full Width), and OK, disabled while the URL is empty. Escape, the X
 * button and an outside click close them (Mantine's Modal).
 */
import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import type { ImagePosition } from '@tandem/shared/editor/document';
import { BLANK_URL, sanitizeImageSrc } from '@tandem/shared/editor/links';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/with-later-texts.ts';

export type ImageDialogKind = 'image' | 'inline';

export function ImageDialog({
  kind,
  onClose,
  onInsert,
}: {
  kind: ImageDialogKind | null;
  onClose: () => void;
  onInsert: (src: string, position: ImagePosition) => void;
}) {
  const { t } = useTranslation('tasks');
  const [url, setUrl] = useState('');
  const [position, setPosition] = useState<ImagePosition>('left');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setUrl('');
    setPosition('left');
    setError(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog is drawn in a portal, but React passes its submit on to the form around the editor.
    e.stopPropagation();
    const src = url.trim();
    if (!src) return;
    if (sanitizeImageSrc(src) === BLANK_URL) {
      setError(t('editor.imageUrlInvalid'));
      return;
    }
    onInsert(src, position);
    close();
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={kind === 'inline' ? t('editor.insertInlineImage') : t('editor.insertImage')}
      closeButtonProps={{ 'aria-label': t('editor.close') }}
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label={t('editor.imageUrl')}
            placeholder="https://"
            value={url}
            error={error}
            onChange={(e) => {
              setUrl(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          {kind === 'inline' && (
            <SegmentedControl
              aria-label={t('editor.position')}
              value={position}
              onChange={(v) => setPosition(v as ImagePosition)}
              data={[
                { value: 'left', label: t('editor.positionLeft') },
                { value: 'right', label: t('editor.positionRight') },
                { value: 'full', label: t('editor.positionFull') },
              ]}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" disabled={url.trim() === ''}>
              {t('editor.ok')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
