/**
 * CSV export of a task list (issue 14 item 7): every task the list's query finds — all its pages, not
 * only the one shown — as 'tasks.csv' (RFC 4180, UTF-8 with a BOM). At most 5,000 tasks (50 pages of
 * 100); past that the file says so in its name.
 */
import '../i18n.ts';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { cursorOf } from '@tandem/shared/api/pagination';
import { taskListCsv } from '@tandem/shared/reports/csv';
import { PRIORITY_GROUPS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTasks, type TaskListQuery } from '../../tasks/api/tasks.ts';
import { downloadText } from '../utils/download.ts';

const PAGE = 100;
const MAX_PAGES = 50;

/** Every task of the query, page after page (cursor or page number, as the list answers). */
export async function allTasks(query: TaskListQuery): Promise<{ tasks: TaskView[]; complete: boolean }> {
  const tasks: TaskView[] = [];
  let cursor: string | null = null;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await listTasks({ ...query, size: PAGE, ...(cursor ? { cursor } : { page }) } as TaskListQuery);
    tasks.push(...r.results);
    if (!r.next) return { tasks, complete: true };
    cursor = cursorOf(r.next);
  }
  return { tasks, complete: false };
}

const pgTitle = (id: number) => PRIORITY_GROUPS.find((g) => g.id === id)?.listTitle ?? String(id);

export function ExportTasksButton({ query }: { query: TaskListQuery }) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { tasks, complete } = await allTasks({ ...query, page: undefined });
      downloadText(taskListCsv(tasks, pgTitle), complete ? 'tasks.csv' : 'tasks_first_5000.csv');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={run}
      color={failed ? 'red' : undefined}
      title={failed ? t('exportTasksFailed') : undefined}
    >
      {failed ? t('exportTasksFailed') : t('exportTasks')}
    </Button>
  );
}
