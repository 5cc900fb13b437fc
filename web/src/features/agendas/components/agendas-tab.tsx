/**
 * The task form's agendas tab (spec 000 §2: only when the task has a schedule; the allow-list decides
 * too, D67). The tab's item is light; its panel, the "Agenda panel" of 000 §2, loads with its own chunk:
 * the segments with their minutes, a disabled Meeting Notes box, Edit Agenda and Launch Agenda (which
 * asks first when a segment is empty). A task without an agenda offers the templates.
 */
import { Tabs } from '@mantine/core';
import type { TaskView } from '@tandem/shared/tasks/views';
import type { UserConfigView } from '@tandem/shared/user/config';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { agendasAllowed } from '../../../config/allow-list.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';

/** Whether the task shows the agendas tab: it has a schedule and the person may use agendas. */
export const showsAgendasTab = (
  task: Pick<TaskView, 'scheduledTask'> | null,
  config: Pick<UserConfigView, 'agendasAllowed'> | undefined,
): boolean => Boolean(task?.scheduledTask) && agendasAllowed(config);

export function useAgendasTab(task: Pick<TaskView, 'scheduledTask'> | null): boolean {
  return showsAgendasTab(task, useUserConfig().data);
}

export function AgendasTabItem({ task }: { task: TaskView | null }) {
  const { t } = useTranslation();
  if (!useAgendasTab(task)) return null;
  return <Tabs.Tab value="agendas">{t('nav.agendas')}</Tabs.Tab>;
}

const AgendaPanel = lazy(() => import('./agenda-panel.tsx'));

export function AgendasTabPanel({ task }: { task: TaskView | null }) {
  if (!useAgendasTab(task) || !task) return null;
  return (
    <Tabs.Panel value="agendas">
      <Suspense fallback={null}>
        <AgendaPanel task={task} />
      </Suspense>
    </Tabs.Panel>
  );
}
