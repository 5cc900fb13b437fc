/**
 * The task's attachments tab (spec 000 §2, §5, §8): a drop zone for up to 15 files of at most 20 MB,
 * a progress bar and cancel per file, the list with type icons, image thumbnails, order by drag, and
 * delete with confirmation (the list is restored when the delete fails). A task not created yet holds
 * the dropped files; they upload once it is (task-form.tsx calls uploadFiles).
 */
import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Anchor,
  Button,
  Center,
  CloseButton,
  Group,
  Image,
  Modal,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCloudUpload, IconTrash } from '@tabler/icons-react';
import {
  ATTACHMENT_MESSAGES,
  type AttachmentView,
  MAX_ATTACHMENT_BYTES,
  MAX_FILES_PER_DROP,
} from '@tandem/shared/attachments/rules';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { isLimitsKey, useSubscriptionLimits } from '../../subscription/api/subscription-limits.ts';
import {
  type AttachmentOwner,
  attachmentsKey,
  confirmUpload,
  deleteAttachment,
  requestUploads,
  sendToStorage,
  UploadCancelled,
  useAttachments,
} from '../api/attachments.ts';
import { exceedsRemainingStorage, fileGroupOf, formatSize } from '../utils/files.ts';
import { FileIcon } from './file-icon.tsx';
import { SortableAttachmentRow, SortableAttachments } from './sortable-attachments.tsx';
import '../../../i18n/with-later-texts.ts';

interface Upload {
  key: string;
  file: File;
  progress: number;
  controller: AbortController;
}

/** Why the drop zone refused a drop: too many files, or one too large. */
function rejectionMessage(rejections: FileRejection[]): string {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('too-many-files')) return ATTACHMENT_MESSAGES.tooMany;
  if (codes.includes('file-too-large')) return ATTACHMENT_MESSAGES.tooLarge;
  return ATTACHMENT_MESSAGES.uploadFailed;
}

/**
 * Uploads files to a task (or a curriculum): one request for the drop, then each file straight to
 * storage and confirmed. `onProgress` hears each file's fraction; answers the attachments kept.
 */
export async function uploadFiles(
  taskId: AttachmentOwner,
  files: File[],
  hooks: {
    onProgress?: (index: number, fraction: number) => void;
    signals?: AbortSignal[];
    onDone?: (index: number) => void;
  } = {},
): Promise<AttachmentView[]> {
  const tickets = await requestUploads(taskId, files);
  const kept = await Promise.all(
    tickets.map(async (ticket, i) => {
      try {
        await sendToStorage(
          ticket,
          files[i]!,
          (f) => hooks.onProgress?.(i, f),
          hooks.signals?.[i] ?? new AbortController().signal,
        );
        const a = await confirmUpload(ticket.uploadId, taskId);
        await mutate(
          attachmentsKey(taskId, 'file'),
          (list: AttachmentView[] | undefined) => [...(list ?? []), a],
          { revalidate: false },
        );
        return a;
      } catch (err) {
        if (!(err instanceof UploadCancelled))
          notifyError(ATTACHMENT_MESSAGES.uploadFailed, errorText(err, ATTACHMENT_MESSAGES.uploadFailed));
        return null;
      } finally {
        hooks.onDone?.(i);
      }
    }),
  );
  // The drop's files in the server's order (confirms finish in any order), and the storage left.
  await Promise.all([mutate(attachmentsKey(taskId, 'file')), mutate(isLimitsKey)]);
  return kept.filter((a): a is AttachmentView => a !== null);
}

const totalBytes = (files: File[]) => files.reduce((n, f) => n + f.size, 0);

function DropArea({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const { t } = useTranslation('tasks');
  return (
    <Dropzone
      onDrop={onFiles}
      onReject={(r) => notifyError(ATTACHMENT_MESSAGES.uploadFailed, rejectionMessage(r))}
      maxSize={MAX_ATTACHMENT_BYTES}
      maxFiles={MAX_FILES_PER_DROP}
      multiple
      disabled={disabled}
      data-testid="attachments-drop"
    >
      <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
        <IconCloudUpload size={32} stroke={1.5} aria-hidden />
        <div>
          <Text size="sm">{t('attachments.drop')}</Text>
          <Text size="xs" c="dimmed">
            {t('attachments.dropHint', { files: MAX_FILES_PER_DROP, mb: MAX_ATTACHMENT_BYTES / 1024 / 1024 })}
          </Text>
        </div>
      </Group>
    </Dropzone>
  );
}

function SortableFile({
  a,
  canEdit,
  onDelete,
}: {
  a: AttachmentView;
  canEdit: boolean;
  onDelete: (a: AttachmentView) => void;
}) {
  const { t } = useTranslation('tasks');
  return (
    <SortableAttachmentRow id={a.id} name={a.filename} canEdit={canEdit} testId="attachment-row">
      {(handle) => (
        <Group gap="sm" wrap="nowrap">
          {handle}
          {a.thumbnail ? (
            <Image src={a.thumbnail} alt="" w={40} h={40} radius="sm" fit="cover" />
          ) : (
            <Center w={40} h={40}>
              <FileIcon group={fileGroupOf(a.filename)} size={28} stroke={1.5} />
            </Center>
          )}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Anchor href={a.document ?? undefined} size="sm" truncate="end" download={a.filename}>
              {a.filename}
            </Anchor>
            <Text size="xs" c="dimmed">
              {formatSize(a.size)}
            </Text>
          </Stack>
          {canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(a)}
              aria-label={t('attachments.delete', { name: a.filename })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      )}
    </SortableAttachmentRow>
  );
}

function UploadRow({ u, onCancel }: { u: Upload; onCancel: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <Paper withBorder p="xs" data-testid="upload-row">
      <Group gap="sm" wrap="nowrap">
        <FileIcon group={fileGroupOf(u.file.name)} size={24} stroke={1.5} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate="end">
            {u.file.name}
          </Text>
          <Progress
            value={Math.round(u.progress * 100)}
            size="sm"
            aria-label={t('attachments.progress', { name: u.file.name })}
          />
        </Stack>
        <CloseButton onClick={onCancel} aria-label={t('attachments.cancel', { name: u.file.name })} />
      </Group>
    </Paper>
  );
}

/** A new task's files: held here, uploaded once the task is created. */
function PendingFiles({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { t } = useTranslation('tasks');
  const limits = useSubscriptionLimits({ quiet: true }).data;
  return (
    <Stack gap="xs">
      <DropArea
        onFiles={(dropped) => {
          if (files.length + dropped.length > MAX_FILES_PER_DROP)
            notifyError(ATTACHMENT_MESSAGES.uploadFailed, ATTACHMENT_MESSAGES.tooMany);
          else if (exceedsRemainingStorage(limits, totalBytes([...files, ...dropped])))
            notifyError(ATTACHMENT_MESSAGES.uploadFailed, ATTACHMENT_MESSAGES.overStorage);
          else onChange([...files, ...dropped]);
        }}
      />
      {files.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('attachments.pending')}
        </Text>
      )}
      {files.map((f, i) => (
        <Paper key={`${f.name}-${f.size}-${f.lastModified}`} withBorder p="xs">
          <Group gap="sm" wrap="nowrap">
            <FileIcon group={fileGroupOf(f.name)} size={24} stroke={1.5} />
            <Text size="sm" style={{ flex: 1 }} truncate="end">
              {f.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatSize(f.size)}
            </Text>
            <CloseButton
              onClick={() => onChange(files.filter((_, j) => j !== i))}
              aria-label={t('attachments.remove', { name: f.name })}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

export interface AttachmentsTabProps {
  /** Null while the task is being created; a curriculum's files with `{ curriculum: id }`. */
  taskId: AttachmentOwner | null;
  canEdit: boolean;
  pending?: File[];
  onPendingChange?: (files: File[]) => void;
}

export function AttachmentsTab({ taskId, canEdit, pending = [], onPendingChange }: AttachmentsTabProps) {
  if (!taskId) return <PendingFiles files={pending} onChange={onPendingChange ?? (() => {})} />;
  return <TaskFiles taskId={taskId} canEdit={canEdit} />;
}

function TaskFiles({ taskId, canEdit }: { taskId: AttachmentOwner; canEdit: boolean }) {
  const { t } = useTranslation('tasks');
  const { data, error, isLoading } = useAttachments(taskId, 'file');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [asked, setAsked] = useState<AttachmentView | null>(null);
  const seq = useRef(0);
  const key = attachmentsKey(taskId, 'file');
  const limits = useSubscriptionLimits({ quiet: true }).data;

  const start = (files: File[]) => {
    if (exceedsRemainingStorage(limits, totalBytes(files))) {
      notifyError(ATTACHMENT_MESSAGES.uploadFailed, ATTACHMENT_MESSAGES.overStorage);
      return;
    }
    const batch = files.map((file) => ({
      key: `u${seq.current++}`,
      file,
      progress: 0,
      controller: new AbortController(),
    }));
    setUploads((u) => [...u, ...batch]);
    const drop = (k: string) => setUploads((u) => u.filter((x) => x.key !== k));
    uploadFiles(taskId, files, {
      signals: batch.map((b) => b.controller.signal),
      onProgress: (i, f) =>
        setUploads((u) => u.map((x) => (x.key === batch[i]!.key ? { ...x, progress: f } : x))),
      onDone: (i) => drop(batch[i]!.key),
    }).catch((err) => {
      for (const b of batch) drop(b.key);
      notifyError(ATTACHMENT_MESSAGES.uploadFailed, errorText(err, ATTACHMENT_MESSAGES.uploadFailed));
    });
  };

  const remove = async (a: AttachmentView) => {
    setAsked(null);
    const before = data ?? [];
    await mutate(
      key,
      before.filter((x) => x.id !== a.id),
      { revalidate: false },
    );
    try {
      await deleteAttachment(a.id, taskId);
      notifySuccess(ATTACHMENT_MESSAGES.deleted);
      await mutate(isLimitsKey);
    } catch (err) {
      await mutate(key, before, { revalidate: false });
      notifyError(ATTACHMENT_MESSAGES.deleteFailed(errorText(err, '')), t('attachments.restored'));
    }
  };

  if (error) return <Text c="red">{ATTACHMENT_MESSAGES.loadFailed}</Text>;
  const list = data ?? [];
  return (
    <Stack gap="xs">
      {canEdit && <DropArea onFiles={start} />}
      {uploads.map((u) => (
        <UploadRow key={u.key} u={u} onCancel={() => u.controller.abort()} />
      ))}
      {!isLoading && list.length === 0 && uploads.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('attachments.none')}
        </Text>
      )}
      <SortableAttachments swrKey={key} list={list} owner={taskId}>
        {list.map((a) => (
          <SortableFile key={a.id} a={a} canEdit={canEdit} onDelete={setAsked} />
        ))}
      </SortableAttachments>
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('attachments.confirmTitle')}
        centered
      >
        <Text size="sm">{t('attachments.confirmText', { name: asked?.filename ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsked(null)}>
            {t('attachments.keep')}
          </Button>
          <Button color="red" onClick={() => asked && void remove(asked)}>
            {t('attachments.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
