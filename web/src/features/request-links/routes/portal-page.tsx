/**
 * The request portal (spec 002 §2): /request-link-portal lists the owner's tasks that came from
 * requests; /request-link-portal/task/{taskId} shows one. Signed in, without the main layout; the
 * paywall leaves this path alone (spec 002 §4).
 */
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { PORTAL_MESSAGES } from '@tandem/shared/request-links/constants';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePortalTask, usePortalTasks } from '../api/request-links.ts';
import { portalTaskPath, REQUEST_PORTAL_PATH } from '../paths.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

function PortalList() {
  const { t } = useTranslation('request-links');
  const { data, error, isLoading } = usePortalTasks();
  if (isLoading) return <Loader />;
  if (error) return <Alert color="red">{PORTAL_MESSAGES.listFailed}</Alert>;
  if (!data?.length) return <Text>{t('portalPage.empty')}</Text>;
  return (
    <Stack gap="xs">
      {data.map((r) => (
        <Paper
          key={r.id}
          withBorder
          p="sm"
          component={Link}
          to={portalTaskPath(r.id)}
          data-testid="portal-task"
        >
          <Group justify="space-between">
            <Text fw={600}>{r.title}</Text>
            {r.urgency === 'urgent' && <Badge color="red">{t('portalPage.urgent')}</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {r.requesterName} · {r.requesterEmail} · {r.companyName} · {when(r.createdAt)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function PortalTask({ taskId }: { taskId: string }) {
  const { t } = useTranslation('request-links');
  const { data, error, isLoading } = usePortalTask(taskId);
  if (isLoading) return <Loader />;
  if (error || !data) return <Alert color="red">{PORTAL_MESSAGES.detailFailed}</Alert>;
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={REQUEST_PORTAL_PATH}>
        ← {t('portalPage.back')}
      </Anchor>
      <Title order={2} fz="h3">
        {data.title}
      </Title>
      <Text>
        <b>{t('portalPage.from')}:</b> {data.requesterName} ({data.requesterEmail})
      </Text>
      <Text>
        <b>{t('portalPage.type')}:</b> {data.requestType}
        {data.urgency === 'urgent' && (
          <Badge ml="xs" color="red">
            {t('portalPage.urgent')}
          </Badge>
        )}
      </Text>
      {data.dueDate && (
        <Text>
          <b>{t('portalPage.due')}:</b> {data.dueDate}
        </Text>
      )}
      {data.scheduledTime && (
        <Text>
          <b>{t('portalPage.scheduled')}:</b> {when(data.scheduledTime)}
          {data.duration ? ` (${data.duration} min)` : ''}
        </Text>
      )}
      <Text>
        <b>{t('portalPage.received')}:</b> {when(data.createdAt)}
      </Text>
      <Paper withBorder p="sm">
        <Text size="sm" fw={600}>
          {t('portalPage.description')}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{data.description}</Text>
      </Paper>
      {data.voiceNote && (
        <Box>
          <Text size="sm" fw={600}>
            {t('portalPage.voiceNote')}
          </Text>
          {/* biome-ignore lint/a11y/useMediaCaption: a requester's voice note has no captions */}
          <audio controls src={data.voiceNote} data-testid="portal-voice-note" />
        </Box>
      )}
      {data.assignees.length > 0 && (
        <Text>
          <b>{t('portalPage.assignees')}:</b> {data.assignees.join(', ')}
        </Text>
      )}
      <Anchor component={Link} to={`/task/${data.id}`}>
        {t('portalPage.openTask')}
      </Anchor>
    </Stack>
  );
}

export default function PortalPage() {
  const { t } = useTranslation('request-links');
  const { taskId } = useParams();
  return (
    <Container size="md" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} fz="h2">
          {t('portalPage.title')}
        </Title>
        <Anchor component={Link} to="/">
          {t('portalPage.app')}
        </Anchor>
      </Group>
      {taskId ? <PortalTask taskId={taskId} /> : <PortalList />}
    </Container>
  );
}
