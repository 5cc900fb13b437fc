/**
 * A saved audio task's tracks: record or upload (each goes up at once, counted against the storage
 * quota like any file), and the list with a player per track. Also the task modal's Audio tab.
 */
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/notify.ts';
import { uploadTracks, useTracks } from '../api/tracks.ts';
import { TrackSources } from './recorder.tsx';
import { PendingTracks, SavedTracks } from './track-list.tsx';
import '../../../i18n/with-later-texts.ts';

export function AudioTracks({ taskId, canEdit }: { taskId: string; canEdit: boolean }) {
  const { t } = useTranslation('tasks');
  const { data, error } = useTracks(taskId);
  const [sending, setSending] = useState<{ files: File[]; progress: number[] } | null>(null);

  const send = async (files: File[]) => {
    setSending({ files, progress: files.map(() => 0) });
    await uploadTracks(taskId, files, (i, f) =>
      setSending((s) => (s ? { ...s, progress: s.progress.map((p, j) => (j === i ? f : p)) } : s)),
    );
    setSending(null);
  };

  return (
    <Stack gap="sm" data-testid="audio-tracks">
      {canEdit && <TrackSources onFiles={(files) => void send(files)} disabled={sending !== null} />}
      <Text size="sm" fw={600} component="h3" m={0}>
        {t('audio.tracks')}
      </Text>
      {sending && <PendingTracks files={sending.files} onChange={() => {}} progress={sending.progress} />}
      {error && !data ? (
        <Alert color="red" variant="light">
          {errorText(error, t('errors.generic'))}
        </Alert>
      ) : !data ? (
        <Skeleton height={56} />
      ) : data.length === 0 && !sending ? (
        <Text size="sm" c="dimmed">
          {t('audio.none')}
        </Text>
      ) : (
        <SavedTracks taskId={taskId} tracks={data} canEdit={canEdit} />
      )}
    </Stack>
  );
}

/** The task modal's Audio tab (loaded when opened). */
export default function AudioTab({ taskId, canEdit }: { taskId: string; canEdit: boolean }) {
  return <AudioTracks taskId={taskId} canEdit={canEdit} />;
}
