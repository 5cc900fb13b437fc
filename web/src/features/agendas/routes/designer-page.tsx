/**
 * The agenda designer and editor (spec 002 §2 "Agenda screens"; decisions D67), one screen for four
 * addresses: /agenda/designer (blank), /agenda/designer/template/{templateId} (from a template),
 * /agenda/designer/agenda/{agendaId} and /agenda/editor/agenda/{agendaId} (an existing agenda). A new
 * agenda belongs to the scheduled task of `?task=`, or to one chosen here.
 */
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AGENDA_TITLE_MAX, launchNeedsConfirmation } from '@tandem/shared/agendas/agendas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { createAgenda, deleteAgenda, saveAgenda, useAgenda, useAgendaTemplate } from '../api/agendas.ts';
import { LaunchButton } from '../components/launch-button.tsx';
import { SegmentsEditor } from '../components/segments-editor.tsx';
import { TaskPicker, useTaskTitle } from '../components/task-picker.tsx';
import { editorPath, meetingPath } from '../paths.ts';
import { type DraftSegment, draftFromAgenda, draftFromTemplate, segmentsInput } from '../utils/draft.ts';

export default function AgendaDesignerPage() {
  const { t } = useTranslation('agendas');
  const navigate = useNavigate();
  const { templateId = null, agendaId = null } = useParams();
  const [search] = useSearchParams();
  const [taskId, setTaskId] = useState<string | null>(agendaId ?? search.get('task'));
  const agenda = useAgenda(agendaId);
  const template = useAgendaTemplate(agendaId ? null : templateId);
  const taskTitle = useTaskTitle(agendaId ? null : taskId);

  const [title, setTitle] = useState('');
  const [segments, setSegments] = useState<DraftSegment[]>([]);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // The working copy starts from what loads first, once; a later revalidation does not undo edits.
  const seeded = useRef<string | null>(null);
  useEffect(() => {
    if (agenda.data && seeded.current !== agenda.data.id) {
      seeded.current = agenda.data.id;
      setTitle(agenda.data.title);
      setSegments(draftFromAgenda(agenda.data));
    } else if (!agendaId && template.data && seeded.current !== template.data.agendaTemplateId) {
      seeded.current = template.data.agendaTemplateId;
      setTitle(template.data.templateName);
      setSegments(draftFromTemplate(template.data));
    }
  }, [agenda.data, template.data, agendaId]);

  const editing = agendaId !== null;
  const loadError = agenda.error ?? template.error;
  if (loadError) {
    return (
      <Alert color="red" title={t('designer.loadFailed')} maw={720}>
        {errorText(loadError, t('designer.loadFailed'))}
      </Alert>
    );
  }
  if ((editing && !agenda.data) || (templateId && !editing && !template.data)) return <Loader />;

  /** Saves the working copy; whether it was stored. */
  const save = async (): Promise<boolean> => {
    if (!taskId) {
      notifyError(t('designer.saveFailed'), t('designer.chooseTask'));
      return false;
    }
    setSaving(true);
    try {
      const draft = { title, notes: agenda.data?.notes ?? '', segments: segmentsInput(segments) };
      if (editing && agenda.data) {
        const saved = await saveAgenda(agenda.data.id, agenda.data.version, draft);
        seeded.current = null; // take the stored ids of new segments
        setSegments(draftFromAgenda(saved));
        seeded.current = saved.id;
      } else {
        const made = await createAgenda(taskId, draft, template.data?.agendaTemplateId ?? null);
        seeded.current = made.id;
        navigate(editorPath(made.id), { replace: true });
      }
      notifySuccess(t('designer.saved'));
      return true;
    } catch (err) {
      notifyError(t('designer.saveFailed'), errorText(err, t('designer.saveFailed')));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!agenda.data) return;
    try {
      await deleteAgenda(agenda.data);
      notifySuccess(t('designer.deleted'));
      navigate(`/task/${encodeURIComponent(agenda.data.task.id)}`, { replace: true });
    } catch (err) {
      notifyError(t('designer.saveFailed'), errorText(err, t('designer.saveFailed')));
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={1} fz="h2">
          {editing ? t('designer.editTitle') : t('designer.newTitle')}
        </Title>
        {template.data && !editing && (
          <Text c="dimmed" size="sm">
            {t('designer.fromTemplate', { name: template.data.templateName })}
          </Text>
        )}
      </div>
      <Paper withBorder p="sm">
        <Stack gap="sm">
          {editing && agenda.data ? (
            <Text size="sm">
              {t('designer.task')}:{' '}
              <Anchor component={Link} to={`/task/${encodeURIComponent(agenda.data.task.id)}`}>
                {agenda.data.task.title}
              </Anchor>
            </Text>
          ) : taskId && taskTitle ? (
            <Text size="sm">
              {t('designer.task')}: <strong>{taskTitle}</strong>
            </Text>
          ) : (
            <TaskPicker value={taskId} onChange={setTaskId} />
          )}
          <TextInput
            label={t('designer.agendaTitle')}
            value={title}
            maxLength={AGENDA_TITLE_MAX}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </Stack>
      </Paper>
      <Title order={2} fz="h4">
        {t('designer.segments')}
      </Title>
      <SegmentsEditor segments={segments} onChange={setSegments} />
      <Group justify="space-between">
        <Group gap="sm">
          <Button onClick={() => void save()} loading={saving}>
            {t('actions.save')}
          </Button>
          {editing && agenda.data && (
            <LaunchButton
              label={t('designer.launch')}
              variant="light"
              needsConfirmation={launchNeedsConfirmation(segments)}
              onLaunch={async () => {
                // The meeting runs what is on screen: saved first.
                if (await save()) navigate(meetingPath(agenda.data!.id));
              }}
            />
          )}
        </Group>
        {editing && (
          <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
            {t('actions.delete')}
          </Button>
        )}
      </Group>
      <Modal
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('actions.delete')}
        centered
      >
        <Text size="sm">{t('designer.deleteConfirm')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={() => void remove()}>
            {t('actions.ok')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
