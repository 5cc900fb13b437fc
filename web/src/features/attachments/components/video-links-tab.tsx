/**
 * The task's video links tab (spec 000 §2, §5, §8): add and edit in a dialog (title required, a valid
 * URL), YouTube and Vimeo links play embedded, the rest open in a new tab; order by drag.
 */
import { ActionIcon, Anchor, AspectRatio, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { ATTACHMENT_MESSAGES, type AttachmentView, embedUrlOf } from '@tandem/shared/attachments/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  type AttachmentOwner,
  attachmentsKey,
  createLink,
  deleteAttachment,
  updateAttachment,
  useAttachments,
} from '../api/attachments.ts';
import { linkErrors } from '../utils/files.ts';
import { SortableAttachmentRow, SortableAttachments } from './sortable-attachments.tsx';
import '../../../i18n/with-later-texts.ts';

function LinkDialog({
  editing,
  opened,
  onClose,
  onSave,
}: {
  editing: AttachmentView | null;
  opened: boolean;
  onClose: () => void;
  onSave: (title: string, url: string) => Promise<void>;
}) {
  const { t } = useTranslation('tasks');
  const [title, setTitle] = useState(editing?.title ?? '');
  const [url, setUrl] = useState(editing?.documentUrl ?? '');
  const [errors, setErrors] = useState<{ title?: string; url?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = linkErrors(title, url);
    setErrors(found);
    if (found.title || found.url) return;
    setBusy(true);
    try {
      await onSave(title.trim(), url.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(editing ? 'attachments.editLink' : 'attachments.addLink')}
      centered
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('attachments.linkTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            required
            data-autofocus
          />
          <TextInput
            label={t('attachments.linkUrl')}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={errors.url}
            placeholder="https://www.youtube.com/watch?v=…"
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('attachments.keep')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('attachments.saveLink')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function SortableLink({
  a,
  canEdit,
  onEdit,
  onDelete,
}: {
  a: AttachmentView;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('tasks');
  const embed = a.documentUrl ? embedUrlOf(a.documentUrl) : null;
  return (
    <SortableAttachmentRow id={a.id} name={a.title} canEdit={canEdit} testId="video-row">
      {(handle) => (
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap">
            {handle}
            <Anchor
              href={a.documentUrl ?? undefined}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ flex: 1 }}
              truncate="end"
            >
              {a.title}
            </Anchor>
            {canEdit && (
              <>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={onEdit}
                  aria-label={t('attachments.editLinkOf', { name: a.title })}
                >
                  <IconPencil size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={onDelete}
                  aria-label={t('attachments.delete', { name: a.title })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </>
            )}
          </Group>
          {embed && (
            <AspectRatio ratio={16 / 9} maw={560}>
              <iframe
                src={embed}
                title={a.title}
                allow="encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
                sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
                style={{ border: 0 }}
              />
            </AspectRatio>
          )}
        </Stack>
      )}
    </SortableAttachmentRow>
  );
}

/** A task's video links, or a curriculum's with `taskId={{ curriculum: id }}`. */
export function VideoLinksTab({ taskId, canEdit }: { taskId: AttachmentOwner; canEdit: boolean }) {
  const { t } = useTranslation('tasks');
  const { data, error, isLoading } = useAttachments(taskId, 'video');
  const [dialog, setDialog] = useState<{ editing: AttachmentView | null } | null>(null);
  const key = attachmentsKey(taskId, 'video');
  const list = data ?? [];

  const save = async (title: string, url: string) => {
    const editing = dialog?.editing ?? null;
    try {
      if (editing) {
        const a = await updateAttachment(editing.id, { title, documentUrl: url }, taskId);
        await mutate(
          key,
          list.map((x) => (x.id === a.id ? a : x)),
          { revalidate: false },
        );
        notifySuccess(ATTACHMENT_MESSAGES.linkUpdated);
      } else {
        const a = await createLink(taskId, title, url);
        await mutate(key, [...list, a], { revalidate: false });
        notifySuccess(ATTACHMENT_MESSAGES.linkAdded);
      }
      setDialog(null);
    } catch (err) {
      notifyError(
        editing ? ATTACHMENT_MESSAGES.linkUpdateFailed : ATTACHMENT_MESSAGES.linkAddFailed,
        errorText(err, ATTACHMENT_MESSAGES.uploadFailed),
      );
    }
  };

  const remove = async (a: AttachmentView) => {
    await mutate(
      key,
      list.filter((x) => x.id !== a.id),
      { revalidate: false },
    );
    try {
      await deleteAttachment(a.id, taskId);
      notifySuccess(ATTACHMENT_MESSAGES.linkDeleted);
    } catch (err) {
      await mutate(key, list, { revalidate: false });
      notifyError(ATTACHMENT_MESSAGES.linkDeleteFailed, errorText(err, ''));
    }
  };

  if (error) return <Text c="red">{ATTACHMENT_MESSAGES.loadFailed}</Text>;
  return (
    <Stack gap="xs">
      {canEdit && (
        <Group>
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDialog({ editing: null })}>
            {t('attachments.addLink')}
          </Button>
        </Group>
      )}
      {!isLoading && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('attachments.noLinks')}
        </Text>
      )}
      <SortableAttachments
        owner={taskId}
        swrKey={key}
        list={list}
        onSaved={() => notifySuccess(ATTACHMENT_MESSAGES.videoOrderUpdated)}
      >
        {list.map((a) => (
          <SortableLink
            key={a.id}
            a={a}
            canEdit={canEdit}
            onEdit={() => setDialog({ editing: a })}
            onDelete={() => void remove(a)}
          />
        ))}
      </SortableAttachments>
      {dialog && (
        <LinkDialog
          key={dialog.editing?.id ?? 'new'}
          editing={dialog.editing}
          opened
          onClose={() => setDialog(null)}
          onSave={save}
        />
      )}
    </Stack>
  );
}
