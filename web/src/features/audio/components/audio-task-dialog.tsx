/**
 * The audio task dialog (spec 000 §2): title, description, and the tracks — recorded here or chosen
 * as files — with a player each. A new audio task is made with inputType 'audio' and its tracks go up
 * once it exists (like files dropped on a new task). A saved audio task's tracks are in its task
 * modal's Audio tab (audio-tracks.tsx); its title and description in the task form.
 */
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { AUDIO_MESSAGES } from '@tandem/shared/attachments/audio';
import { TASK_FLAG } from '@tandem/shared/tasks/constants';
import { createTaskInput } from '@tandem/shared/tasks/schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { createTask, taskKey } from '../../tasks/api/tasks.ts';
import { pickDefaultGroup } from '../../tasks/utils/task-form.ts';
import { uploadTracks } from '../api/tracks.ts';
import { TrackSources } from './recorder.tsx';
import { PendingTracks } from './track-list.tsx';
import '../../../i18n/with-later-texts.ts';

/** The title's error by the shared rule, or null. */
function titleError(title: string): string | null {
  const r = createTaskInput.safeParse({ title, group: 'g', inputType: 'audio' });
  return r.success ? null : (r.error.issues.find((i) => i.path[0] === 'title')?.message ?? null);
}

export interface AudioTaskDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the new task's id once it is made and its tracks are up. */
  onCreated?: (taskId: string) => void;
}

export default function AudioTaskDialog({ opened, onClose, onCreated }: AudioTaskDialogProps) {
  const { t } = useTranslation('tasks');
  const { data: groups } = useGroups();
  const { data: config } = useUserConfig();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [pending, setPending] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[] | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const defaultGroup = pickDefaultGroup(groups?.results, config?.group);
  useEffect(() => {
    if (group === null && defaultGroup) setGroup(defaultGroup);
  }, [group, defaultGroup]);

  const groupOptions = (groups?.results ?? [])
    .filter((g) => g.status === 1 && g.memberStatus === 1)
    .map((g) => ({ value: g.id, label: g.title }));

  const save = async () => {
    const err = titleError(title);
    setError(err);
    if (err || !group) return;
    setSaving(true);
    try {
      const [created] = await createTask({
        title: title.trim(),
        group: group!,
        details: { description, flag: TASK_FLAG.normal },
        inputType: 'audio',
      });
      if (!created) return;
      await mutate(taskKey(created.id), created, { revalidate: false });
      setProgress(pending.map(() => 0));
      await uploadTracks(created.id, pending, (i, f) =>
        setProgress((p) => p?.map((x, j) => (j === i ? f : x))),
      );
      notifySuccess(AUDIO_MESSAGES.saved);
      setPending([]);
      setTitle('');
      setDescription('');
      onCreated?.(created.id);
      onClose();
    } catch (e) {
      notifyError(t('form.createFailed'), errorText(e, t('errors.generic')));
    } finally {
      setSaving(false);
      setProgress(undefined);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('audio.new')}
      size="lg"
      closeOnClickOutside={!saving}
      data-testid="audio-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('attachments.linkTitle')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={error}
            required
            data-autofocus
          />
          <Textarea
            label={t('form.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Select
            label={t('form.group')}
            data={groupOptions}
            value={group}
            onChange={setGroup}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap="sm">
            <TrackSources onFiles={(files) => setPending((p) => [...p, ...files])} disabled={saving} />
            <Text size="sm" fw={600} component="h3" m={0}>
              {t('audio.tracks')}
            </Text>
            {pending.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('audio.none')}
              </Text>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  {t('audio.pending')}
                </Text>
                <PendingTracks files={pending} onChange={setPending} progress={progress} />
              </>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('attachments.keep')}
            </Button>
            <Button type="submit" loading={saving} data-testid="audio-save">
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
