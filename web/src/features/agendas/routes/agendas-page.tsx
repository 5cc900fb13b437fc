/**
 * /agendas (spec 002 §2; the sidebar entry the allow-list shows): the agendas the person made, each
 * with Edit and Launch, and the agenda templates to design a new one from (decisions D67).
 */
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { launchNeedsConfirmation } from '@tandem/shared/agendas/agendas';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../lib/notify.ts';
import { useAgendaTemplates, useMyAgendas } from '../api/agendas.ts';
import { LaunchButton } from '../components/launch-button.tsx';
import { TemplateList } from '../components/template-list.tsx';
import { editorPath, meetingPath } from '../paths.ts';

export default function AgendasPage() {
  const { t } = useTranslation('agendas');
  const navigate = useNavigate();
  const mine = useMyAgendas();
  const templates = useAgendaTemplates();
  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={1} fz="h2">
          {t('page.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('page.intro')}
        </Text>
      </div>
      <Title order={2} fz="h4">
        {t('page.mine')}
      </Title>
      {mine.error ? (
        <Alert color="red" title={t('errors.load')}>
          {errorText(mine.error, t('errors.load'))}
        </Alert>
      ) : !mine.data ? (
        <Loader size="sm" />
      ) : mine.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('page.none')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {mine.data.map((a) => (
            <Card key={a.id} withBorder padding="sm" data-testid="agenda-card">
              <Stack gap={4}>
                <Text fw={600}>{a.title || a.task.title}</Text>
                <Text size="sm" c="dimmed">
                  <Anchor component={Link} to={`/task/${encodeURIComponent(a.task.id)}`} size="sm">
                    {t('page.for', { task: a.task.title })}
                  </Anchor>
                  {' · '}
                  {t('page.segments', { count: a.segments.length })} ·{' '}
                  {t('page.minutes', { count: a.totalMinutes })}
                </Text>
                <Group gap="xs" mt="xs">
                  <Button size="xs" variant="default" component={Link} to={editorPath(a.id)}>
                    {t('actions.edit')}
                  </Button>
                  <LaunchButton
                    size="xs"
                    label={t('actions.launch')}
                    needsConfirmation={launchNeedsConfirmation(a.segments)}
                    onLaunch={() => navigate(meetingPath(a.id))}
                  />
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Title order={2} fz="h4">
        {t('page.templates')}
      </Title>
      {templates.error ? (
        <Alert color="red" title={t('errors.templates')}>
          {errorText(templates.error, t('errors.templates'))}
        </Alert>
      ) : (
        <TemplateList />
      )}
    </Stack>
  );
}
