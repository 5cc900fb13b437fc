/** /request-links (spec 002 §2): the owner's request links, each with its toggle, and the editor. */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { RequestLinkView } from '@tandem/shared/request-links/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deleteRequestLink, toggleRequestLink, useRequestLinks } from '../api/request-links.ts';
import { RequestLinkEditor } from '../components/request-link-editor.tsx';
import { REQUEST_PORTAL_PATH } from '../paths.ts';

export default function RequestLinksPage() {
  const { t } = useTranslation('request-links');
  const { data, error, isLoading } = useRequestLinks();
  const [editing, setEditing] = useState<RequestLinkView | 'new' | null>(null);

  if (editing)
    return (
      <Paper withBorder p="md" maw={1200}>
        <RequestLinkEditor link={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      </Paper>
    );

  const act = async (fn: () => Promise<void>, done?: string) => {
    try {
      await fn();
      if (done) notifySuccess(done);
    } catch (e) {
      notifyError(t('title'), errorText(e, t('loadFailed')));
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Group>
          <Anchor component={Link} to={REQUEST_PORTAL_PATH}>
            {t('portal')}
          </Anchor>
          <Button onClick={() => setEditing('new')}>{t('new')}</Button>
        </Group>
      </Group>
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      {isLoading && <Loader />}
      {error && <Alert color="red">{t('loadFailed')}</Alert>}
      {data?.length === 0 && <Text>{t('empty')}</Text>}
      {data?.map((l) => (
        <Paper key={l.id} withBorder p="sm" data-testid="request-link-row">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600}>{l.companyName}</Text>
                <Badge color={l.isActive ? 'teal' : 'gray'} variant="light">
                  {l.isActive ? t('active') : t('inactive')}
                </Badge>
              </Group>
              <Anchor href={l.requestLink} target="_blank" rel="noopener" size="sm" truncate>
                {l.requestLink}
              </Anchor>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Switch
                aria-label={l.isActive ? t('active') : t('inactive')}
                checked={l.isActive}
                onChange={(e) => act(() => toggleRequestLink(l.id, e.currentTarget.checked))}
              />
              <CopyButton value={l.requestLink}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? t('copied') : t('copy')}
                  </Button>
                )}
              </CopyButton>
              <Button size="xs" variant="default" onClick={() => setEditing(l)}>
                {t('edit')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => {
                  if (window.confirm(t('deleteConfirm')))
                    void act(() => deleteRequestLink(l.id), t('deleted'));
                }}
              >
                {t('delete')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
