/**
 * The track list (spec 000 §2 audio task dialog): a player per track; a saved track is deleted after
 * a confirmation (the list comes back when the delete fails), a track not saved yet is just removed.
 */
import { ActionIcon, Button, CloseButton, Group, Modal, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { AUDIO_MESSAGES } from '@tandem/shared/attachments/audio';
import { ATTACHMENT_MESSAGES, type AttachmentView } from '@tandem/shared/attachments/rules';
import { type SyntheticEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deleteAttachment } from '../../attachments/api/attachments.ts';
import { formatSize } from '../../attachments/utils/files.ts';
import { refreshTracks, tracksKey } from '../api/tracks.ts';
import '../../../i18n/with-later-texts.ts';

/**
 * MediaRecorder's WebM names no duration, so the player shows none (Chromium: Infinity): seeking far
 * past the end makes it read the file through and learn it, then the player goes back to the start.
 */
function learnDuration(e: SyntheticEvent<HTMLAudioElement>) {
  const a = e.currentTarget;
  if (a.duration !== Number.POSITIVE_INFINITY) return;
  const found = () => {
    if (!Number.isFinite(a.duration)) return;
    a.removeEventListener('durationchange', found);
    a.currentTime = 0;
  };
  a.addEventListener('durationchange', found);
  a.currentTime = Number.MAX_SAFE_INTEGER;
}

function Player({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation('tasks');
  if (!src) return null;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a person's own voice recording has no captions to give
    <audio
      controls
      preload="metadata"
      onLoadedMetadata={learnDuration}
      src={src}
      aria-label={t('audio.play', { name })}
      style={{ width: '100%', height: 36 }}
      data-testid="audio-player"
    />
  );
}

/** Tracks chosen or recorded for a task not saved yet: played from the page, removed freely. */
export function PendingTracks({
  files,
  onChange,
  progress,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  progress?: number[];
}) {
  const { t } = useTranslation('tasks');
  const urls = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );
  return (
    <Stack gap="xs">
      {files.map((f, i) => (
        <Paper key={urls[i]} withBorder p="xs" data-testid="audio-track">
          <Group gap="sm" wrap="nowrap" mb={4}>
            <Text size="sm" fw={500} style={{ flex: 1 }} truncate="end">
              {f.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatSize(f.size)}
            </Text>
            {!progress && (
              <CloseButton
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={t('attachments.remove', { name: f.name })}
              />
            )}
          </Group>
          <Player src={urls[i] ?? null} name={f.name} />
          {progress && (
            <Progress
              mt={4}
              value={Math.round((progress[i] ?? 0) * 100)}
              size="sm"
              aria-label={t('attachments.progress', { name: f.name })}
            />
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** A saved task's tracks, each with its player, deleted after a confirmation. */
export function SavedTracks({
  taskId,
  tracks,
  canEdit,
}: {
  taskId: string;
  tracks: AttachmentView[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('tasks');
  const [asked, setAsked] = useState<AttachmentView | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (a: AttachmentView) => {
    setBusy(true);
    const key = tracksKey(taskId);
    // Gone from the list at once; back if the server refuses.
    await mutate(key, (list: AttachmentView[] | undefined) => list?.filter((x) => x.id !== a.id), {
      revalidate: false,
    });
    try {
      await deleteAttachment(a.id);
      notifySuccess(AUDIO_MESSAGES.trackDeleted);
    } catch (err) {
      notifyError(ATTACHMENT_MESSAGES.deleteFailed(errorText(err, '')), t('attachments.restored'));
    } finally {
      setBusy(false);
      setAsked(null);
      await refreshTracks(taskId);
    }
  };

  return (
    <Stack gap="xs">
      {tracks.map((a) => (
        <Paper key={a.id} withBorder p="xs" data-testid="audio-track">
          <Group gap="sm" wrap="nowrap" mb={4}>
            <Text size="sm" fw={500} style={{ flex: 1 }} truncate="end">
              {a.title || a.filename}
            </Text>
            <Text size="xs" c="dimmed">
              {formatSize(a.size)}
            </Text>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => setAsked(a)}
                aria-label={t('attachments.delete', { name: a.filename })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
          <Player src={a.player ?? null} name={a.filename} />
        </Paper>
      ))}
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t('audio.confirmTitle')}
        centered
        size="sm"
      >
        <Text size="sm">{t('attachments.confirmText', { name: asked?.filename ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsked(null)} disabled={busy}>
            {t('attachments.keep')}
          </Button>
          <Button color="red" onClick={() => asked && void remove(asked)} loading={busy}>
            {t('attachments.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
