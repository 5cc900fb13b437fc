/**
 * /download-today (spec 002 §2 public routes; decisions D69): the Today list as a printable page. The
 * print button opens the browser's print dialog, whose "Save as PDF" makes the PDF (a print
 * stylesheet leaves only the list); the calendar button downloads the list as an .ics file. Signed
 * out, the page asks to sign in first.
 */
import './download-today.css';
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { cursorOf } from '@tandem/shared/api/pagination';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginPath } from '../../../config/paths.ts';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { listTasks, type TaskListQuery } from '../../tasks/api/tasks.ts';
import { saveFile, todayCalendar } from '../api/today-calendar.ts';

const PATH = '/download-today';
/** Pages of the Today list read for the page (100 each): a Today list is far shorter. */
const MAX_PAGES = 5;

async function readToday(): Promise<TaskView[]> {
  const out: TaskView[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const q: TaskListQuery & { cursor?: string } = {
      priorityGroup: 0,
      size: 100,
      page,
      ...(cursor ? { cursor } : {}),
    };
    const r = await listTasks(q);
    out.push(...r.results);
    cursor = cursorOf(r.next);
    if (!r.next) break;
  }
  return out;
}

function TodayList() {
  const { t, i18n } = useTranslation('surveys');
  const [tasks, setTasks] = useState<TaskView[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let live = true;
    readToday().then(
      (r) => live && setTasks(r),
      (err: unknown) => live && setFailure(errorText(err, t('downloadToday.loadFailed'))),
    );
    return () => {
      live = false;
    };
  }, [t]);
  const when = (task: TaskView) => {
    const fmt = (iso: string, time: boolean) =>
      new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
        dateStyle: 'medium',
        ...(time ? { timeStyle: 'short' } : {}),
      }).format(new Date(iso));
    if (task.scheduledTask)
      return t('downloadToday.scheduled', {
        at: fmt(task.scheduledTask.startDate, !task.scheduledTask.allDay),
      });
    return task.dueAt ? t('downloadToday.due', { at: fmt(task.dueAt, true) }) : '';
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {t('downloadToday.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'full' }).format(
              new Date(),
            )}
            {tasks ? ` · ${t('downloadToday.count', { count: tasks.length })}` : ''}
          </Text>
        </Stack>
        <Group className="download-today-actions" gap="xs">
          <Button variant="default" onClick={() => window.print()} disabled={!tasks}>
            {t('downloadToday.print')}
          </Button>
          <Button
            loading={saving}
            disabled={!tasks}
            onClick={async () => {
              setSaving(true);
              try {
                const file = await todayCalendar(browserZone());
                saveFile(file.filename, file.ics, 'text/calendar;charset=utf-8');
              } catch (err) {
                notifyError(t('downloadToday.loadFailed'), errorText(err, t('downloadToday.loadFailed')));
              } finally {
                setSaving(false);
              }
            }}
          >
            {t('downloadToday.ics')}
          </Button>
        </Group>
      </Group>
      <Text className="download-today-actions" size="sm" c="dimmed">
        {t('downloadToday.intro')}
      </Text>
      {failure && (
        <Alert color="red" variant="light">
          {failure}
        </Alert>
      )}
      {!tasks && !failure && <Loader aria-label={t('downloadToday.title')} />}
      {tasks?.length === 0 && <Text>{t('downloadToday.empty')}</Text>}
      {tasks && tasks.length > 0 && (
        <table aria-label={t('downloadToday.title')}>
          <thead>
            <tr>
              <td style={{ width: 24 }} />
              <th scope="col">{t('downloadToday.task')}</th>
              <th scope="col">{t('downloadToday.group')}</th>
              <th scope="col">{t('downloadToday.when')}</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((task) => (
              <tr key={task.id}>
                <td aria-hidden="true">☐</td>
                <td>
                  <Text size="sm" fw={500}>
                    {task.title}
                  </Text>
                  {task.taskDetails.flag === 1 && (
                    <Badge size="xs" color="red" variant="light">
                      {t('downloadToday.urgent')}
                    </Badge>
                  )}
                  {task.taskDetails.description && (
                    <Text size="xs" c="dimmed" lineClamp={3}>
                      {task.taskDetails.description}
                    </Text>
                  )}
                </td>
                <td>
                  <Text size="sm">{task.group.title}</Text>
                </td>
                <td>
                  <Text size="sm">{when(task)}</Text>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}

export default function DownloadTodayPage() {
  const { t } = useTranslation('surveys');
  const status = useSessionStatus();
  return (
    <main className="download-today">
      {status === 'signedIn' ? (
        <TodayList />
      ) : (
        <Stack gap="sm">
          <Title order={1} fz="h2">
            {t('downloadToday.title')}
          </Title>
          <Text>{t('downloadToday.signIn')}</Text>
          <Anchor component={Link} to={loginPath(PATH)}>
            {t('downloadToday.signInLink')}
          </Anchor>
        </Stack>
      )}
    </main>
  );
}
