/**
 * One connection: its account and status (a broken one says so plainly, with a reconnect action), the
 * calendars it syncs, and the form to sync another calendar with a group, from a date, in a direction.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type IntegrationView,
  isOAuthProvider,
  PROVIDER_NAMES,
  type SyncDirection,
} from '@tandem/shared/integrations/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import {
  authorizationUrl,
  connectCalendar,
  disconnectCalendar,
  removeIntegration,
  syncNow,
} from '../api/integrations.ts';
import { CaldavForm } from './caldav-form.tsx';

const today = () => new Date().toISOString().slice(0, 10);

export function ConnectionCard({ connection: c }: { connection: IntegrationView }) {
  const { t } = useTranslation('integrations');
  const groups = useGroups().data?.results ?? [];
  const [calendar, setCalendar] = useState<string | null>(c.calendars[0]?.id ?? null);
  const [group, setGroup] = useState<string | null>(null);
  const [startDate, setStartDate] = useState(today());
  const [direction, setDirection] = useState<SyncDirection>('both');
  const [busy, setBusy] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const groupName = (id: string) => groups.find((g) => g.id === id)?.title ?? '';
  const fail = (err: unknown) => notifyError(t('error'), errorText(err, t('error')));
  const run = async (f: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await f();
      if (done) notifySuccess(done);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const reconnect = async () => {
    if (isOAuthProvider(c.provider)) {
      try {
        window.location.assign(await authorizationUrl(c.provider, c.id));
      } catch (err) {
        fail(err);
      }
    } else setReconnecting(true);
  };
  const broken = c.status === 'broken';
  return (
    <Card withBorder padding="md" aria-label={`${PROVIDER_NAMES[c.provider]} ${c.account}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="h4">
              {PROVIDER_NAMES[c.provider]}
            </Title>
            <Text size="sm" c="dimmed">
              {c.account}
            </Text>
          </div>
          <Badge variant="light" color={broken ? 'red' : 'green'}>
            {t(`status.${broken ? 'broken' : 'active'}`)}
          </Badge>
        </Group>
        {broken && (
          <Alert color="red" title={t('status.broken')}>
            <Stack gap="xs">
              <Text size="sm">{t('broken')}</Text>
              <Button color="red" w="fit-content" onClick={reconnect}>
                {t('reconnect')}
              </Button>
              {reconnecting && (
                <CaldavForm
                  // The same server and user repair this connection; another account replaces it.
                  onDone={(made) => {
                    setReconnecting(false);
                    if (made.id !== c.id) removeIntegration(c.provider, c.id).catch(fail);
                  }}
                />
              )}
            </Stack>
          </Alert>
        )}
        <Text fw={600} size="sm">
          {t('links')}
        </Text>
        {c.links.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noLinks')}
          </Text>
        ) : (
          <Stack gap={4}>
            {c.links.map((l) => (
              <Group key={l.id} justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {t('linkSummary', {
                    calendar: l.calendarName,
                    group: groupName(l.group),
                    date: l.startDate,
                    direction: t(`direction.${l.direction}`),
                  })}
                  {l.lastSyncAt && (
                    <Text span c="dimmed" size="xs">
                      {' · '}
                      {t('lastSync', { when: new Date(l.lastSyncAt).toLocaleString() })}
                    </Text>
                  )}
                </Text>
                <Button
                  variant="subtle"
                  size="xs"
                  onClick={() => run(() => disconnectCalendar(c.provider, l.id))}
                >
                  {t('unlink')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {!broken && (
          <form
            aria-label={t('link.title')}
            onSubmit={(e) => {
              e.preventDefault();
              if (!calendar || !group) return;
              void run(
                () =>
                  connectCalendar(c.provider, { integration: c.id, calendar, startDate, group, direction }),
                t('link.done'),
              );
            }}
          >
            <Stack gap="xs">
              <Text fw={600} size="sm">
                {t('link.title')}
              </Text>
              <Group align="flex-end" gap="xs">
                <Select
                  label={t('link.calendar')}
                  data={c.calendars.map((x) => ({ value: x.id, label: x.name }))}
                  value={calendar}
                  onChange={setCalendar}
                  allowDeselect={false}
                  required
                />
                <Select
                  label={t('link.group')}
                  data={groups.map((g) => ({ value: g.id, label: g.title }))}
                  value={group}
                  onChange={setGroup}
                  required
                />
                <TextInput
                  type="date"
                  label={t('link.startDate')}
                  value={startDate}
                  onChange={(e) => setStartDate(e.currentTarget.value)}
                  required
                />
              </Group>
              <div>
                <Text size="sm" fw={500}>
                  {t('link.direction')}
                </Text>
                <SegmentedControl
                  aria-label={t('link.direction')}
                  value={direction}
                  onChange={(v) => setDirection(v as SyncDirection)}
                  data={(['import', 'export', 'both'] as const).map((d) => ({
                    value: d,
                    label: t(`direction.${d}`),
                  }))}
                />
              </div>
              <Button type="submit" loading={busy} disabled={!calendar || !group} w="fit-content">
                {t('link.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Group gap="xs">
          {!broken && (
            <Button
              variant="light"
              loading={busy}
              onClick={() =>
                run(async () => {
                  // A broken connection says so on the card; no success notice then.
                  if (!(await syncNow(c.id)).broken) notifySuccess(t('synced'));
                })
              }
            >
              {t('syncNow')}
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            onClick={() => {
              if (window.confirm(t('removeConfirm')))
                void run(() => removeIntegration(c.provider, c.id), t('removed'));
            }}
          >
            {t('remove')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
