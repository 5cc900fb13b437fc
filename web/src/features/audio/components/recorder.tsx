/**
 * Record a track (MediaRecorder) or choose audio files: a Record/Stop button, the elapsed time, a
 * recording indicator and the input level while recording; a refused microphone is said plainly.
 */
import { Alert, Box, Button, FileButton, Group, Progress, Text } from '@mantine/core';
import { IconMicrophone, IconPlayerStopFilled, IconUpload } from '@tabler/icons-react';
import { AUDIO_ACCEPT, AUDIO_MESSAGES } from '@tandem/shared/attachments/audio';
import { ATTACHMENT_MESSAGES } from '@tandem/shared/attachments/rules';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { useRecorder } from '../hooks/use-recorder.ts';
import { formatElapsed, isAudioFile } from '../utils/recording.ts';
import '../../../i18n/with-later-texts.ts';

export function TrackSources({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const rec = useRecorder((file) => onFiles([file]));
  const recording = rec.state === 'recording';
  return (
    <Box>
      <Group gap="sm" wrap="wrap">
        {recording ? (
          <Button
            color="red"
            leftSection={<IconPlayerStopFilled size={16} aria-hidden />}
            onClick={rec.stop}
            data-testid="audio-stop"
          >
            {t('audio.stop')}
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconMicrophone size={16} aria-hidden />}
            onClick={() => void rec.start()}
            loading={rec.state === 'starting'}
            disabled={disabled}
            data-testid="audio-record"
          >
            {t('audio.record')}
          </Button>
        )}
        <FileButton
          multiple
          accept={AUDIO_ACCEPT.join(',')}
          onChange={(files) => {
            const audio = files.filter(isAudioFile);
            if (audio.length < files.length)
              notifyError(ATTACHMENT_MESSAGES.uploadFailed, AUDIO_MESSAGES.notAudio);
            if (audio.length) onFiles(audio);
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={disabled || recording}
              data-testid="audio-upload"
            >
              {t('audio.upload')}
            </Button>
          )}
        </FileButton>
        {recording && (
          <Group gap={8} wrap="nowrap" role="status" aria-live="polite" data-testid="audio-recording">
            <Box
              w={10}
              h={10}
              bg="red"
              style={{ borderRadius: '50%', animation: 'tandem-audio-pulse 1s ease-in-out infinite' }}
              data-audio-pulse
              aria-hidden
            />
            <Text size="sm" fw={500}>
              {t('audio.recording')}
            </Text>
            <Text size="sm" ff="monospace" data-testid="audio-elapsed">
              {formatElapsed(rec.elapsed)}
            </Text>
          </Group>
        )}
      </Group>
      {recording && (
        <Progress
          mt="xs"
          value={Math.round(rec.level * 100)}
          size="sm"
          color="red"
          aria-label={t('audio.level')}
          transitionDuration={80}
        />
      )}
      {rec.error && (
        <Alert mt="sm" color="red" variant="light" title={t('audio.microphone')} data-testid="audio-error">
          {rec.error}
        </Alert>
      )}
      <style>
        {
          '@keyframes tandem-audio-pulse { 50% { opacity: 0.3; } } @media (prefers-reduced-motion: reduce) { [data-audio-pulse] { animation: none !important; } }'
        }
      </style>
    </Box>
  );
}
