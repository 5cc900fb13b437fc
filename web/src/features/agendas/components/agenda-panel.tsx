/** The Agenda panel of a scheduled task (spec 000 §2), inside the task form's agendas tab. */
import { Alert, Button, Group, Loader, Stack, Table, Text, Textarea } from '@mantine/core';
import { launchNeedsConfirmation } from '@tandem/shared/agendas/agendas';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../lib/notify.ts';
import { useTaskAgenda } from '../api/agendas.ts';
import { editorPath, meetingPath } from '../paths.ts';
import { LaunchButton } from './launch-button.tsx';
import { SegmentIconMark } from './segment-icon.tsx';
import { TemplateList } from './template-list.tsx';

export default function AgendaPanel({ task }: { task: TaskView }) {
  const { t } = useTranslation('agendas');
  const navigate = useNavigate();
  const agenda = useTaskAgenda(task.id);
  if (agenda.error) {
    return (
      <Alert color="red" title={t('errors.load')}>
        {errorText(agenda.error, t('errors.load'))}
      </Alert>
    );
  }
  if (agenda.data === undefined) return <Loader size="sm" />;
  const a = agenda.data;
  if (!a) {
    return (
      <Stack gap="sm">
        <Text size="sm">{t('tab.empty')}</Text>
        <TemplateList taskId={task.id} compact />
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="agenda-panel">
      <Table withTableBorder verticalSpacing={6}>
        <Table.Tbody>
          {a.segments.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td w={36}>
                <SegmentIconMark icon={s.icon} size={22} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{s.title || t(`kinds.${s.segmentTemplate}`)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" c="dimmed">
                  {t('page.minutes', { count: s.minutes })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" ta="right">
        {t('tab.total', { count: a.totalMinutes })}
      </Text>
      <Textarea label={t('tab.notes')} value={a.notes} disabled autosize minRows={2} maxRows={6} />
      <Group gap="sm">
        <Button variant="default" component={Link} to={editorPath(a.id)}>
          {t('actions.edit')}
        </Button>
        <LaunchButton
          label={t('actions.launch')}
          needsConfirmation={launchNeedsConfirmation(a.segments)}
          onLaunch={() => navigate(meetingPath(a.id))}
        />
      </Group>
    </Stack>
  );
}
